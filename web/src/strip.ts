/**
 * On a phone the panels fold into a strip under the sign: one line with your coins, the table in
 * the room (whose turn, the time left) or the room, that opens and folds the panels. It is drawn
 * from the same state as the panels; on a wider screen CSS hides it and the panels stay open.
 */
import { html, nothing, render } from 'lit-html';
import type { KnownTable, PanelState } from './gmcp.js';
import { countdown } from './tables.js';

const coinFormat = new Intl.NumberFormat('en-US');

export class PanelsStrip {
  private open = false;

  constructor(
    private readonly strip: HTMLButtonElement,
    /** Told when the panels open or fold, to draw them again. */
    changed: () => void,
  ) {
    strip.addEventListener('click', () => {
      this.open = !this.open;
      document.body.classList.toggle('panels-open', this.open);
      strip.setAttribute('aria-expanded', String(this.open));
      changed();
    });
  }

  draw(state: PanelState, localNow: number): void {
    const table = shownTable(state);
    const mine = table !== null && state.name !== null && table.state.turn === state.name;
    render(
      html`<span class="sr-only">${this.open ? 'Fold' : 'Open'} the panels: </span>
        ${state.status
          ? html`<span class="strip-coins"><span class="coin" aria-hidden="true"></span>${coinFormat.format(state.status.coins)}</span>`
          : nothing}
        <span class="strip-where">${table?.state.name ?? state.room?.name ?? 'Coins, room and table'}</span>
        ${mine ? html`<span class="tag turn-tag">your turn</span>` : nothing} ${table ? countdown(table, localNow, false) : nothing}
        <span class="strip-fold" aria-hidden="true">${this.open ? 'Hide ▴' : 'Show ▾'}</span>`,
      this.strip,
    );
  }
}

/** The table the strip tells of: yours, or else the room's first. */
function shownTable(state: PanelState): KnownTable | null {
  const seated = state.status?.table ? state.tables.get(state.status.table) : undefined;
  return seated ?? state.tables.values().next().value ?? null;
}
