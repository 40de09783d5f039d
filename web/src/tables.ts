/**
 * One table's panel: who plays and whose turn it is, a countdown to its deadline, and the
 * game's own picture: the Spice Run board with every wager, the Lich Bones bets with the
 * point and the HERO, or the Dragon's Lair lairs with the player's own hand.
 */
import { html, nothing, type TemplateResult } from 'lit-html';
import { timeLeft, type Dice, type DragonsLairState, type KnownTable, type Lair, type LichBonesBet, type LichBonesState, type SpiceRunState, type TablePlayer } from './gmcp.js';

export interface TableView {
  me: string | null;
  seated: boolean;
  dice?: Dice;
  hand?: string[];
  localNow: number;
}

const GAMES: Record<string, string> = { 'spice-run': 'Spice Run', 'lich-bones': 'Lich Bones', 'dragons-lair': "Dragon's Lair" };
const number = new Intl.NumberFormat('en-US');
const list = <T>(value: T[] | undefined | null): T[] => (Array.isArray(value) ? value : []);
/** Deadlines this close are shown as urgent. */
const URGENT_MS = 10_000;

export function tablePanel(table: KnownTable, view: TableView): TemplateResult {
  const s = table.state;
  const titleId = `table-${s.id}`;
  return html`<section class="panel table game-${s.game}" aria-labelledby=${titleId} data-table=${s.id}>
    <header class="table-head">
      <h2 id=${titleId}>${capitalised(s.name ?? s.id)}</h2>
      <p class="table-meta">
        <span class="game">${GAMES[s.game] ?? s.game}</span>
        <span class="phase" data-testid="phase">${s.phase}</span>
        ${countdown(table, view.localNow)}
      </p>
    </header>
    ${players(s.players, s.turn, view.me)} ${view.seated ? nothing : html`<p class="hint">You are watching.</p>`}
    ${s.game === 'spice-run' ? spiceRun(s, view.dice) : s.game === 'lich-bones' ? lichBones(s, view.dice) : s.game === 'dragons-lair' ? dragonsLair(s, view.hand) : nothing}
  </section>`;
}

function countdown(table: KnownTable, localNow: number): TemplateResult | typeof nothing {
  const left = timeLeft(table, localNow);
  if (left === null) return nothing;
  const seconds = Math.ceil(left / 1000);
  const clock = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  return html`<span class="countdown ${left <= URGENT_MS ? 'urgent' : ''}" role="timer" data-testid="countdown"
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

const DIE_FACES = ['⚀', '⚁', '⚂', '⚃', '⚄', '⚅'];

function dice(pair: readonly number[] | null | undefined, caption: string): TemplateResult | typeof nothing {
  if (!pair || pair.length !== 2) return nothing;
  const [a, b] = pair;
  return html`<p class="dice"><span class="caption">${caption}</span>
    <span class="faces" aria-hidden="true">${DIE_FACES[a - 1] ?? a}${DIE_FACES[b - 1] ?? b}</span>
    <span>${a} and ${b} (${a + b})</span></p>`;
}

function spiceRun(s: SpiceRunState, last: Dice | undefined): TemplateResult {
  const board = list(s.board);
  const rolled = s.roll ? s.roll[0] + s.roll[1] : null;
  return html`
    <p class="facts"><span>Variant: <b>${s.variant ?? 'standard'}</b></span></p>
    ${s.roll ? dice(s.roll, 'To play:') : dice(last?.dice, 'Last throw:')}
    <ol class="board" aria-label="The board" data-testid="board">
      ${board.map((cell) => {
        const wagers = list(cell.wagers);
        return html`<li class="square ${cell.square === rolled ? 'rolled' : ''} ${wagers.length ? 'staked' : ''}" data-square=${cell.square}>
          <span class="square-number">${cell.square}</span>
          ${wagers.length
            ? html`<ul class="wagers">
                ${wagers.map((w) => html`<li><span class="who">${w.player}</span> <span class="amt">${number.format(w.amount)}</span></li>`)}
              </ul>`
            : html`<span class="sr-only">no wager</span>`}
        </li>`;
      })}
    </ol>`;
}

function lichBones(s: LichBonesState, last: Dice | undefined): TemplateResult {
  const bets = list(s.bets);
  return html`
    <dl class="facts">
      <div><dt>Round</dt><dd>${s.round ?? '–'} of ${s.rounds ?? 16}</dd></div>
      <div><dt>HERO</dt><dd data-testid="hero">${s.hero ?? 'none yet'}</dd></div>
      <div><dt>Point</dt><dd data-testid="point">${s.point ?? 'not set'}</dd></div>
    </dl>
    ${dice(last?.dice, 'Last throw:')}
    ${bets.length
      ? html`<table class="bets" data-testid="bets">
          <caption class="sr-only">Bets on the table</caption>
          <thead><tr><th scope="col">Player</th><th scope="col">Bet</th><th scope="col" class="num">Coins</th></tr></thead>
          <tbody>
            ${bets.map((b) => html`<tr><td>${b.player}</td><td>${b.bet}${betTerms(b)}</td><td class="num">${number.format(b.amount)}</td></tr>`)}
          </tbody>
        </table>`
      : html`<p class="hint">No bets on the table.</p>`}`;
}

/** When a HERO or LICH bet was placed and the rate it pays: two HERO bets can pay differently. */
function betTerms(b: LichBonesBet): TemplateResult | typeof nothing {
  if (!b.rate) return nothing;
  const when = typeof b.placedOn === 'number' ? `on point ${b.placedOn}` : 'before the opening roll';
  const bonus = b.rate.bonusPercent ? ` +${b.rate.bonusPercent}%` : '';
  return html`<span class="terms" data-testid="bet-terms">${when}, pays ${b.rate.win}:${b.rate.per}${bonus}</span>`;
}

function dragonsLair(s: DragonsLairState, hand: string[] | undefined): TemplateResult {
  const coins = new Map(list(s.coins).map((c) => [c.player, c.coins]));
  const cards = new Map(list(s.hands).map((h) => [h.player, h.cards]));
  const names = [...new Set([...coins.keys(), ...cards.keys()])];
  const n = s.negotiation;
  return html`
    <dl class="facts">
      <div><dt>Round</dt><dd>${s.round ?? '–'} of ${s.rounds ?? 10}</dd></div>
      <div><dt>Pass</dt><dd>${s.pass ?? '–'}</dd></div>
      <div><dt>Bank</dt><dd>${number.format(s.bank ?? 0)}</dd></div>
    </dl>
    <ol class="lairs" aria-label="The lairs" data-testid="lairs">
      ${list(s.lairs).map(
        (l) => html`<li class="lair ${n?.lair === l.lair ? 'contested' : ''}">
          <span class="lair-name">Lair ${l.lair}</span> ${dragon(l)}
          ${typeof l.strength === 'number' ? html`<span class="strength">strength ${l.strength}</span>` : nothing}
          ${list(l.laid).length
            ? html`<span class="laid">${list(l.laid).map((x) => html`<span class="chip">${x.player}: ${x.cards} face down</span>`)}</span>`
            : nothing}
        </li>`,
      )}
    </ol>
    ${n
      ? html`<div class="negotiation">
          <p>Lair ${n.lair}: ${n.treasure} treasure between ${list(n.attackers).join(', ')}.</p>
          ${n.proposal
            ? html`<p>${n.proposal.by} proposes ${Object.entries(n.proposal.split).map(([who, x]) => `${who} ${x}`).join(', ')}.</p>`
            : html`<p class="hint">No split proposed yet.</p>`}
          ${list(n.waitingFor).length ? html`<p class="hint">Waiting for ${n.waitingFor.join(', ')}.</p>` : nothing}
        </div>`
      : nothing}
    <div class="hand" data-testid="hand">
      <h3>Your hand</h3>
      ${hand?.length ? html`<p class="cards">${hand.map(card)}</p>` : html`<p class="hint">${hand ? 'No cards.' : 'Not dealt in.'}</p>`}
    </div>
    ${names.length
      ? html`<table class="bets">
          <caption class="sr-only">Game coins and cards held</caption>
          <thead><tr><th scope="col">Player</th><th scope="col" class="num">Coins</th><th scope="col" class="num">Cards</th></tr></thead>
          <tbody>${names.map((p) => html`<tr><td>${p}</td><td class="num">${coins.get(p) ?? '–'}</td><td class="num">${cards.get(p) ?? '–'}</td></tr>`)}</tbody>
        </table>`
      : nothing}`;
}

const SUITS: Record<string, { symbol: string; name: string; red: boolean }> = {
  h: { symbol: '♥', name: 'hearts', red: true },
  d: { symbol: '♦', name: 'diamonds', red: true },
  c: { symbol: '♣', name: 'clubs', red: false },
  s: { symbol: '♠', name: 'spades', red: false },
};
const RANKS: Record<string, [string, string]> = { a: ['A', 'ace'], k: ['K', 'king'], q: ['Q', 'queen'], j: ['J', 'jack'] };

/** A lair's dragon: its card once face up, a card's back while face down, or none yet. */
function dragon(l: Lair): TemplateResult {
  if (l.dragon) return card(l.dragon);
  if (l.faceDown) return html`<span class="card back" data-card="face-down" aria-hidden="true"></span><span class="strength">a dragon face down</span>`;
  return html`<span class="strength">no dragon</span>`;
}

/** A card named as docs/gmcp.md names it (`7h`, `10d`, `qs`), drawn as its face. */
function card(code: string): TemplateResult {
  const suit = SUITS[code.slice(-1)];
  const rank = code.slice(0, -1);
  if (!suit || !rank) return html`<span class="card">${code}</span>`;
  const [short, long] = RANKS[rank] ?? [rank, rank];
  return html`<span class="card ${suit.red ? 'red' : ''}" data-card=${code}
    ><span aria-hidden="true">${short}${suit.symbol}</span><span class="sr-only">${long} of ${suit.name}</span></span
  >`;
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
