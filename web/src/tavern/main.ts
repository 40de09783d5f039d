/**
 * The tavern page's Check buttons: each recomputes its game from the data block the server
 * wrote into the page (read at the click, so what is checked is what the page holds) and
 * shows, draw by draw, what the record says beside what the seed gives.
 */
import '../page.css';
import './tavern.css';
import { checkGame, drawText, verdictOf, type Game } from './fair.js';

/** The page's data: each table's games, and the decks its game's first shuffles start from. */
interface PageData {
  tables?: Record<string, Game[]>;
  freshDecks?: Record<string, string[][]>;
}

function pageData(): PageData {
  return JSON.parse(document.getElementById('tavern-data')?.textContent ?? '{}') as PageData;
}

function gamesOnPage(data: PageData): Map<string, Game> {
  const games = new Map<string, Game>();
  for (const list of Object.values(data.tables ?? {})) for (const g of list) games.set(`${g.table}-${g.number}`, g);
  return games;
}

async function check(button: HTMLButtonElement): Promise<void> {
  const id = button.dataset.game ?? '';
  const article = document.getElementById(`game-${id}`);
  const verdict = article?.querySelector<HTMLElement>('.verdict');
  const data = pageData();
  const game = gamesOnPage(data).get(id);
  if (!article || !verdict) return;
  if (!game) {
    verdict.textContent = 'This game is not in the page\'s data.';
    verdict.dataset.result = 'fail';
    return;
  }
  button.disabled = true;
  verdict.textContent = 'Checking...';
  try {
    const result = await checkGame(game, data.freshDecks?.[game.table] ?? []);
    const rows = article.querySelectorAll<HTMLTableRowElement>('table.draws tbody tr');
    result.draws.forEach((d, i) => {
      const row = rows[i];
      if (!row) return;
      row.querySelector('.recorded')!.textContent = drawText(d.draw);
      row.querySelector('.computed')!.textContent = d.computed;
      const mark = row.querySelector<HTMLElement>('.match')!;
      mark.textContent = d.matches ? 'matches' : `DIFFERS${d.note ? `: ${d.note}` : ''}`;
      row.dataset.result = d.matches ? 'pass' : 'fail';
    });
    const { result: verdictResult, text } = verdictOf(result);
    verdict.dataset.result = verdictResult;
    verdict.textContent = text;
  } catch (e) {
    verdict.dataset.result = 'fail';
    verdict.textContent = `The check could not run: ${(e as Error).message}`;
  } finally {
    button.disabled = false;
  }
}

for (const button of document.querySelectorAll<HTMLButtonElement>('button.check')) {
  button.addEventListener('click', () => void check(button));
}
