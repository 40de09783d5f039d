/**
 * The widgets a table's panel is drawn with, one per kind of part of the panel description
 * (src/games/panel.ts, docs/gmcp.md "The panel"): facts, dice, a board, a row of cards, lines in
 * columns, a notice. Every word comes from the description; a kind this page does not know is
 * left out, so a server may describe more than an older page can draw.
 */
import { html, nothing, type TemplateResult } from 'lit-html';
import type { BoardCell, BoardPart, CardFace, CardsPart, DicePart, FactsPart, LineCell, LinesPart, NoticePart, PanelCard, PanelPart } from '../../src/games/panel.js';

type Drawn = TemplateResult | typeof nothing;

/** One part of a panel; `hand` is the viewer's own hand at the table, for a part that shows it. */
export function panelPart(part: PanelPart, hand: CardFace[] | undefined): Drawn {
  switch (part.kind) {
    case 'facts':
      return facts(part);
    case 'dice':
      return dice(part);
    case 'board':
      return board(part);
    case 'cards':
      return cards(part, hand);
    case 'lines':
      return lines(part);
    case 'notice':
      return notice(part);
    default:
      return nothing;
  }
}

function facts(part: FactsPart): TemplateResult {
  return html`<dl class="facts">
    ${part.facts.map((f) => html`<div><dt>${f.label}</dt><dd data-testid=${f.id ?? nothing}>${f.value}</dd></div>`)}
  </dl>`;
}

const DIE_FACES = ['⚀', '⚁', '⚂', '⚃', '⚄', '⚅'];

/** "5", "3 and 4 (7)", "2, 3 and 4 (9)". */
function diceWords(dice: readonly number[]): string {
  if (dice.length < 2) return dice.join('');
  const total = dice.reduce((sum, d) => sum + d, 0);
  return `${dice.slice(0, -1).join(', ')} and ${dice.at(-1)} (${total})`;
}

function dice(part: DicePart): Drawn {
  if (!part.dice.length) return nothing;
  return html`<p class="dice"><span class="caption">${part.label}:</span>
    <span class="faces" aria-hidden="true">${part.dice.map((d) => DIE_FACES[d - 1] ?? d)}</span>
    <span>${diceWords(part.dice)}</span></p>`;
}

function board(part: BoardPart): TemplateResult {
  return html`<ol class="board ${part.layout}" aria-label=${part.label} data-testid=${part.id ?? nothing}>
    ${part.cells.map(cell)}
  </ol>`;
}

function cell(c: BoardCell): TemplateResult {
  const wagers = c.wagers;
  return html`<li class="cell ${c.marked ? 'marked' : ''} ${wagers?.length ? 'staked' : ''}" data-cell=${c.label}>
    <span class="cell-label">${c.label}</span>
    ${(c.cards ?? []).map(card)} ${c.note ? html`<span class="note">${c.note}</span>` : nothing}
    ${wagers?.length
      ? html`<ul class="wagers">
          ${wagers.map((w) => html`<li><span class="who">${w.player}</span> <span class="amt">${w.amount}</span></li>`)}
        </ul>`
      : wagers
        ? html`<span class="sr-only">no wager</span>`
        : nothing}
    ${c.tags?.length ? html`<span class="tags">${c.tags.map((t) => html`<span class="chip">${t}</span>`)}</span>` : nothing}
  </li>`;
}

function cards(part: CardsPart, hand: CardFace[] | undefined): TemplateResult {
  const shown = part.cards === 'hand' ? hand : part.cards;
  return html`<div class="card-row" data-testid=${part.id ?? nothing}>
    <h3>${part.label}</h3>
    ${shown?.length ? html`<p class="cards">${shown.map(card)}</p>` : html`<p class="hint">${shown ? part.empty : (part.noHand ?? part.empty)}</p>`}
  </div>`;
}

/** A card face up as its game names and draws it (`7h` as 7♥, read "7 of hearts"), or a card's back. */
function card(c: PanelCard): TemplateResult {
  if ('faceDown' in c) return html`<span class="card back" data-card="face-down" aria-hidden="true"></span>`;
  return html`<span class="card ${c.red ? 'red' : ''}" data-card=${c.card}
    ><span aria-hidden="true">${c.face}</span><span class="sr-only">${c.name}</span></span
  >`;
}

function lines(part: LinesPart): Drawn {
  if (!part.rows.length) return part.empty ? html`<p class="hint">${part.empty}</p>` : nothing;
  const numeric = (i: number) => (part.columns[i]?.numeric ? 'num' : '');
  return html`<table class="lines" data-testid=${part.id ?? nothing}>
    <caption class="sr-only">${part.label}</caption>
    <thead><tr>${part.columns.map((c, i) => html`<th scope="col" class=${numeric(i)}>${c.label}</th>`)}</tr></thead>
    <tbody>${part.rows.map((row) => html`<tr>${row.map((x, i) => html`<td class=${numeric(i)}>${lineCell(x)}</td>`)}</tr>`)}</tbody>
  </table>`;
}

function lineCell(x: LineCell): TemplateResult | string {
  return typeof x === 'string' ? x : html`${x.text}<span class="sub">${x.note}</span>`;
}

function notice(part: NoticePart): TemplateResult {
  return html`<div class="panel-notice">${part.lines.map((l) => html`<p class=${l.quiet ? 'hint' : ''}>${l.text}</p>`)}</div>`;
}
