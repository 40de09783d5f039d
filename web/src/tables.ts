/**
 * One table's panel, for any game: who plays and whose turn it is, a countdown to its deadline,
 * and the picture its game describes in Table.State's `panel` (docs/gmcp.md, "The panel"), drawn
 * part by part with the widgets of panel-parts.ts. Nothing here knows one game from another.
 */
import { html, nothing, type TemplateResult } from 'lit-html';
import type { CardFace } from '../../src/games/panel.js';
import { timeLeft, type KnownTable, type TablePlayer } from './gmcp.js';
import { panelPart } from './panel-parts.js';

export interface TableView {
  me: string | null;
  seated: boolean;
  /** The viewer's own hand at this table (Table.Hand), if one came. */
  hand?: CardFace[];
  localNow: number;
}

const list = <T>(value: T[] | undefined | null): T[] => (Array.isArray(value) ? value : []);
/** Deadlines this close are shown as urgent. */
const URGENT_MS = 10_000;

export function tablePanel(table: KnownTable, view: TableView): TemplateResult {
  const s = table.state;
  const titleId = `table-${s.id}`;
  return html`<section class="panel table" aria-labelledby=${titleId} data-table=${s.id}>
    <header class="table-head">
      <h2 id=${titleId}>${capitalised(s.name ?? s.id)}</h2>
      <p class="table-meta">
        ${s.panel ? html`<span class="game">${s.panel.title}</span>` : nothing}
        <span class="phase" data-testid="phase">${s.phase}</span>
        ${countdown(table, view.localNow)}
      </p>
    </header>
    ${players(s.players, s.turn, view.me)} ${view.seated ? nothing : html`<p class="hint">You are watching.</p>`}
    ${s.panel ? s.panel.parts.map((part) => panelPart(part, view.hand)) : nothing}
  </section>`;
}

/** The time left before a table's deadline, as m:ss; `timer`: the one a screen reader and the tests go by. */
export function countdown(table: KnownTable, localNow: number, timer = true): TemplateResult | typeof nothing {
  const left = timeLeft(table, localNow);
  if (left === null) return nothing;
  const seconds = Math.ceil(left / 1000);
  const clock = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  const urgent = left <= URGENT_MS ? 'urgent' : '';
  if (!timer) return html`<span class="countdown ${urgent}">${clock}</span>`;
  return html`<span class="countdown ${urgent}" role="timer" data-testid="countdown"
    ><span class="sr-only">time left </span>${clock}</span
  >`;
}

function players(who: TablePlayer[] | undefined, turn: string | null, me: string | null): TemplateResult {
  const seated = list(who);
  if (!seated.length) return html`<p class="hint">Nobody is seated.</p>`;
  return html`<ul class="players" aria-label="Players">
    ${seated.map(
      (p) => html`<li class=${[p.name === turn ? 'turn' : '', p.connected === false ? 'away' : '', p.name === me ? 'me' : ''].join(' ')}>
        <span class="seat" aria-hidden="true">${p.seat}</span>${p.name}${p.name === me ? html` <span class="tag">you</span>` : nothing}
        ${p.name === turn ? html`<span class="tag turn-tag">to play</span>` : nothing}
        ${p.connected === false ? html`<span class="tag">away</span>` : nothing}
      </li>`,
    )}
  </ul>`;
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
