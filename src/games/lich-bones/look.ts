/** `look <table>` at Dreaven's table for one viewer, drawn from their view (view.ts). */
import { secondsLeft } from '../deadline.js';
import { Voice } from '../voice.js';
import { hanging } from '../../text/markup.js';
import { betText, NAMED, throwText } from './story.js';
import type { LichBonesView } from './view.js';
import type { HostWords } from '../api.js';

/** `typed`: what a player types to sit and to start here. */
export function renderTable(view: LichBonesView, now: number, typed: { sit: string; start: string }, words: HostWords): string {
  const v = new Voice(view.viewer);
  const lines: string[] = [];
  const crowd = view.seated.length > view.crowd;
  const seated = view.seated.length ? `Seated: ${v.few(view.seated, crowd ? NAMED : view.crowd)}.` : 'Nobody is seated.';
  if (view.phase === 'waiting') {
    lines.push(`${words.dealer} shuffles the bones, waiting for a game. ${seated}`);
    lines.push(
      view.deadline !== null
        ? `The game begins in ${secondsLeft(view.deadline, now)}, or as soon as a seated player types ${typed.start}.`
        : view.seated.length
          ? `A seated player can type ${typed.start} to begin a game.`
          : `Sit down (${typed.sit}) and type ${typed.start} to play.`,
    );
  } else {
    const next = view.point === null ? 'next throw: the opening attack roll' : `quest point: ${view.point}`;
    lines.push(`Lich Bones, round ${view.round} of ${view.rounds}. HERO: ${view.hero ? v.label(view.hero) : 'nobody'}; ${next}.`);
    lines.push(`Betting closes in ${secondsLeft(view.deadline ?? now, now)}. ${seated}`);
  }
  if (view.lastThrow) lines.push(`Last throw: ${throwText(v, view.lastThrow, words.dealer)}.`);
  if (view.owners.length) {
    lines.push('Bets on the table:');
    // In a crowd: the first few bettors, your own bets, and the rest in one line.
    const shown = crowd ? view.owners.filter((o, i) => i < NAMED || v.is(o.owner)) : view.owners;
    for (const { owner, bets } of shown) lines.push(hanging(`  ${v.Name(owner)}:`, bets.map(betText).join(', ')));
    const rest = view.owners.length - shown.length;
    if (rest > 0) {
      const coins = view.owners.filter((o) => !shown.includes(o)).reduce((n, o) => n + o.bets.reduce((m, b) => m + b.amount, 0), 0);
      lines.push(`  and ${rest} more players' bets, ${words.money(coins)} in all.`);
    }
  } else if (view.phase === 'betting') {
    lines.push('No bets are on the table yet.');
  }
  return lines.join('\n');
}
