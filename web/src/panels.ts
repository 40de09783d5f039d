/**
 * The side panels: the player's purse, the room with its exits (a click walks), and each
 * table in the room. Drawn with lit-html, which puts every value in as text, never as HTML.
 */
import { html, nothing, render, type TemplateResult } from 'lit-html';
import type { CarriedItem, KnownTable, PanelState, RoomInfo } from './gmcp.js';
import { tablePanel, type TableView } from './tables.js';

export interface PanelActions {
  /** Sends a line as if typed; `byPointer` when a mouse or finger chose it. */
  send(line: string, byPointer: boolean): void;
}

const coinFormat = new Intl.NumberFormat('en-US');

/** The compass rose: where each usual direction sits in a 3 x 3 grid, "look" in the middle. */
const COMPASS: (string | null)[] = [null, 'north', 'up', 'west', 'look', 'east', null, 'south', 'down'];
const ARROWS: Record<string, string> = { north: '↑', south: '↓', east: '→', west: '←', up: '⤒', down: '⤓' };

export function renderPanels(container: HTMLElement, state: PanelState, localNow: number, actions: PanelActions): void {
  const tables = [...state.tables.values()];
  render(
    html`
      ${purse(state, actions)} ${room(state.room, actions)}
      ${tables.length
        ? tables.map((t) =>
            tableOrNotice(t, {
              me: state.name,
              seated: state.status?.table === t.state.id,
              hand: state.hands.get(t.state.id),
              localNow,
            }),
          )
        : html`<section class="panel quiet" aria-label="Table">
            <h2>Table</h2>
            <p class="hint">${state.room ? 'No game table in this room.' : 'A game table in your room appears here, with its players and wagers.'}</p>
          </section>`}
    `,
    container,
  );
}

/** The table states whose panel could not be drawn, already told to the console. */
const reported = new WeakSet<object>();

/**
 * A table's panel, or a notice in its place when this page cannot draw what the server sent:
 * one table's bad data must not stop the purse, the room and the other tables from being drawn
 * (their messages come in the same delivery, Char.Status after Table.State).
 */
function tableOrNotice(table: KnownTable, view: TableView): TemplateResult {
  try {
    return tablePanel(table, view);
  } catch (error) {
    // Once per state: the countdown redraws every second.
    if (!reported.has(table.state)) console.error(`The panel of ${table.state.id} cannot be drawn:`, error);
    reported.add(table.state);
    return html`<section class="panel table" aria-label="Table" data-table=${table.state.id}>
      <h2>Table</h2>
      <p class="hint">This page cannot draw this table; <kbd>look</kbd> tells it.</p>
    </section>`;
  }
}

function purse(state: PanelState, actions: PanelActions): TemplateResult {
  const status = state.status;
  return html`<section class="panel purse" aria-labelledby="purse-title">
    <h2 id="purse-title">${state.name ?? 'Your purse'}</h2>
    ${status
      ? html`<p class="coins" data-testid="coins">
            <span class="coin" aria-hidden="true"></span><span class="amount">${coinFormat.format(status.coins)}</span>
            <span class="unit">obsidian coins</span>
          </p>
          ${carried(state.items, actions)}
          ${status.table ? html`<p class="hint">Seated at ${state.tables.get(status.table)?.state.name ?? 'a table'}.</p>` : nothing}`
      : html`<p class="hint">Your coins appear here once you are in the tavern: <kbd>create</kbd> or <kbd>connect</kbd>, then your name and password.</p>`}
  </section>`;
}

/** What is carried besides coins: one line per kind of thing, counted, with a button to drink or eat it where it can be. */
function carried(items: readonly CarriedItem[], actions: PanelActions): TemplateResult | typeof nothing {
  if (!items.length) return nothing;
  // `ale#2` is the second of the thing `ale`; the thing's id is also a name the server takes (`drink ale`).
  const kinds = new Map<string, { item: CarriedItem; n: number }>();
  for (const item of items) {
    const thing = item.id.replace(/#\d+$/, '');
    const kind = kinds.get(thing);
    if (kind) kind.n++;
    else kinds.set(thing, { item, n: 1 });
  }
  const use = (verb: string, thing: string) => (event: MouseEvent) => actions.send(`${verb} ${thing}`, event.detail > 0);
  return html`<ul class="carried" data-testid="carried" aria-label="What you carry">
    ${[...kinds].map(
      ([thing, { item, n }]) => html`<li data-thing=${thing}>
        <span class="name">${item.name}</span>${n > 1 ? html`<span class="count" aria-label=${`${n} of them`}>×${n}</span>` : nothing}
        ${item.attrib?.includes('f') ? html`<button class="use" @click=${use('drink', thing)}>drink</button>` : nothing}
        ${item.attrib?.includes('e') ? html`<button class="use" @click=${use('eat', thing)}>eat</button>` : nothing}
      </li>`,
    )}
  </ul>`;
}

function room(info: RoomInfo | null, actions: PanelActions): TemplateResult {
  if (!info) return html`<section class="panel quiet" aria-label="Room"><h2>Room</h2><p class="hint">The room and its ways out appear here.</p></section>`;
  const exits = Object.keys(info.exits);
  const others = exits.filter((d) => !COMPASS.includes(d));
  const go = (line: string) => (event: MouseEvent) => actions.send(line, event.detail > 0);
  return html`<section class="panel room" aria-labelledby="room-title">
    <h2 id="room-title" data-testid="room-name">${info.name}</h2>
    <nav class="compass" aria-label="Exits">
      ${COMPASS.map((dir) => {
        if (dir === 'look') return html`<button class="look" @click=${go('look')} title="Look around">look</button>`;
        if (!dir || !exits.includes(dir)) return html`<span class="empty" aria-hidden="true"></span>`;
        return html`<button class="exit" data-exit=${dir} @click=${go(dir)} title=${`${dir}: ${info.exits[dir]}`}>
          <span aria-hidden="true">${ARROWS[dir]}</span> ${dir}
        </button>`;
      })}
    </nav>
    ${others.length
      ? html`<p class="other-exits">${others.map((dir) => html`<button class="exit" data-exit=${dir} @click=${go(dir)}>${dir}</button>`)}</p>`
      : nothing}
    ${exits.length ? nothing : html`<p class="hint">No way out.</p>`}
  </section>`;
}
