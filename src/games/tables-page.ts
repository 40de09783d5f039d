/**
 * The tables' public page and its JSON answers (docs/web.md), for any host: the tavern serves it
 * at `/tavern`, a Ranvier world's tables on their own small listener (plugins/ranvier). The
 * built template (web/tavern.html, with its script that checks games in the browser) gets the
 * lists written in as HTML, so the page reads without any script, and the games' records as
 * JSON in one <script type="application/json"> block, which the Check buttons recompute from.
 * What the lists hold comes from the host (`TablesListings`), worded in its money.
 */
import type { DrawRecord } from './fair-source.js';
import { facesText } from './fair-text.js';

export interface WhoAnswer {
  count: number;
  players: { name: string; room: string; table: string | null }[];
}
export interface TopAnswer {
  richest: { rank: number; name: string; coins: number }[];
}
export interface WinsAnswer {
  days: number;
  wins: { name: string; coins: number; table: string; game: string; number: number; bet: string; at: string }[];
}
export interface PublicGame {
  table: string;
  game: string;
  number: number;
  at: string;
  cutOff: boolean;
  commitment: string;
  serverSeed: string;
  clientSeed: string;
  draws: DrawRecord[];
  results: { name: string; bet: string; stake: number; paid: number; outcome: string }[];
}
export interface TableSummary {
  id: string;
  name: string;
  game: string;
  title: string;
  room: string;
  /** The orders the game's first shuffles start from (GameDefinition.freshDecks); none for a game of dice. */
  freshDecks: string[][];
}
export interface GamesAnswer {
  table: TableSummary;
  games: PublicGame[];
}

/** What a host's page and API tell: who is here, the richest, the biggest wins, each table's last games (null for no such table). */
export interface TablesListings {
  who(): WhoAnswer;
  top(): TopAnswer;
  wins(): WinsAnswer;
  tables(): TableSummary[];
  games(tableId: string): GamesAnswer | null;
}

/** How the host words the page: its money (`1,000 obsidian coins`), and where its players are (`the tavern`). */
export interface PageWords {
  money(n: number): string;
  where: string;
}

/** Where the template takes the lists and the data. */
export const CONTENT_MARK = '<!--tavern-content-->';
export const DATA_MARK = '<!--tavern-data-->';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** What a draw produced, in words: the record's side of a check (the page's script writes the same). */
export function drawText(d: DrawRecord): string {
  switch (d.kind) {
    case 'dice':
      return facesText(d.dice);
    case 'die':
      return String(d.die);
    default:
      return d.order.join(' ');
  }
}

function list(items: string[], empty: string): string {
  return items.length ? `<ol>${items.map((i) => `<li>${i}</li>`).join('')}</ol>` : `<p class="empty">${escapeHtml(empty)}</p>`;
}

function gameHtml(table: TableSummary, g: PublicGame): string {
  const id = `${g.table}-${g.number}`;
  const draws = g.draws
    .map(
      (d) =>
        `<tr data-nonce="${d.nonce}"><td>${d.nonce}</td><td>${d.kind}</td><td class="recorded">${escapeHtml(drawText(d))}</td><td class="computed"></td><td class="match"></td></tr>`,
    )
    .join('');
  const results = g.results.map((r) => `<li>${escapeHtml(r.name)}, ${escapeHtml(r.bet)}: staked ${r.stake.toLocaleString('en-US')}, paid ${r.paid.toLocaleString('en-US')} (${r.outcome})</li>`).join('');
  return `<article class="game" id="game-${escapeHtml(id)}" data-table="${escapeHtml(g.table)}" data-number="${g.number}">
<h3>${escapeHtml(table.title)}, game ${g.number}${g.cutOff ? ' (cut off by a restart)' : ''} <time datetime="${escapeHtml(g.at)}">${escapeHtml(g.at.slice(0, 16).replace('T', ' '))} UTC</time></h3>
<dl class="seeds"><dt>Commitment</dt><dd><code>${g.commitment}</code></dd><dt>Revealed seed</dt><dd><code>${g.serverSeed}</code></dd><dt>Client seed</dt><dd><code>${escapeHtml(g.clientSeed)}</code></dd></dl>
<table class="draws"><thead><tr><th>nonce</th><th>draw</th><th>the record says</th><th>the seed gives</th><th></th></tr></thead><tbody>${draws}</tbody></table>
${results ? `<ul class="results">${results}</ul>` : ''}
<p><button type="button" class="check" data-game="${escapeHtml(id)}">Check</button> <span class="verdict" role="status"></span></p>
</article>`;
}

/** The lists and every table's games, as HTML. */
export function tavernContent(l: TablesListings, words: PageWords): string {
  const coins = (n: number) => escapeHtml(words.money(n));
  const who = l.who();
  const top = l.top();
  const wins = l.wins();
  const tables = l.tables().map((t) => l.games(t.id)!);
  return `<section id="here"><h2>Here now</h2>${list(
    who.players.map((p) => `${escapeHtml(p.name)}, in ${escapeHtml(p.room)}${p.table ? `, at ${escapeHtml(p.table)}` : ''}`),
    `Nobody is in ${words.where} just now.`,
  )}</section>
<section id="richest"><h2>The richest</h2>${list(
    top.richest.map((r) => `<span class="name">${escapeHtml(r.name)}</span>: ${coins(r.coins)}`),
    'Nobody holds a coin yet.',
  )}</section>
<section id="wins"><h2>The biggest wins of the last 7 days</h2>${list(
    wins.wins.map((w) => `<span class="name">${escapeHtml(w.name)}</span> won ${coins(w.coins)} at ${escapeHtml(tables.find((t) => t.table.id === w.table)?.table.name ?? w.table)} (game ${w.number}, ${escapeHtml(w.bet)})`),
    'Nobody has won at the tables in the last 7 days.',
  )}</section>
${tables
  .map(
    (t) => `<section class="table" id="table-${escapeHtml(t.table.id)}"><h2>${escapeHtml(t.table.title)} at ${escapeHtml(t.table.name)}: the last games</h2>
${t.games.length ? t.games.map((g) => gameHtml(t.table, g)).join('\n') : '<p class="empty">No game has finished here yet.</p>'}</section>`,
  )
  .join('\n')}`;
}

/** The page: the template with the content and the data in; `<` in the JSON is escaped, so no text can close the block. */
export function tavernPage(template: string, l: TablesListings, words: PageWords): string {
  const tables = l.tables();
  const data = { tables: Object.fromEntries(tables.map((t) => [t.id, l.games(t.id)!.games])), freshDecks: Object.fromEntries(tables.map((t) => [t.id, t.freshDecks])) };
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return template.replace(CONTENT_MARK, () => tavernContent(l, words)).replace(DATA_MARK, () => `<script type="application/json" id="tavern-data">${json}</script>`);
}
