import { hanging } from '../text/markup.js';
import { RESULTS_KEPT } from '../store/index.js';
import { formatCoins } from '../text/amount.js';
import { coinsText, named } from '../output/palette.js';
import type { Setting } from '../output/outbox.js';
import type { CommandContext, TavernCommand } from '../world/tavern.js';
import { onOoc } from './channels.js';
import { descriptionOf } from './people.js';
import { stakesOf } from '../world/escrow.js';
import { resultLine } from '../world/result-line.js';

/** Yourself: your own sheet (`score`) and what came of your bets (`history`, from the ledger). */

export const HISTORY_SHOWN = 20;

function setting(s: Setting, inUse: boolean): string {
  return s === 'auto' ? `as your client says (${inUse ? 'on' : 'off'} now)` : s;
}

function score(ctx: CommandContext): void {
  const { tavern, actor, room } = ctx;
  const session = actor.session!;
  const coins = coinsText(tavern.ledger.balance(actor.purse));
  const staked = stakesOf(tavern, actor).map(({ table, coins }) => `${formatCoins(coins)} on ${table.data.name}`);
  const row = (head: string, body: string) => hanging(`  ${head}`, body, 17);
  ctx.reply(
    [
      `You are ${named(actor.name)}.`,
      row('Coins:', `${coins}${staked.length ? `, and ${staked.join(', ')}` : ''}`),
      row('Where:', room.name),
      row('Seat:', actor.seat ? `at ${actor.seat.data.name}` : 'none (you are standing)'),
      row('Colour:', setting(session.colour, session.colourInUse)),
      row('Screen reader:', setting(session.screenReader, session.screenReaderInUse)),
      row('ooc channel:', onOoc(tavern, actor) ? 'on' : 'off'),
      row('Public:', tavern.store.isPublic(actor.key) ? 'on (top and the tavern page show you)' : 'off (no list or page shows you)'),
      row('Description:', descriptionOf(tavern, actor) ? 'set (look me shows it)' : 'none yet (describe <text>)'),
    ].join('\n'),
  );
}

async function history(ctx: CommandContext, args: string): Promise<void> {
  const { tavern, actor } = ctx;
  if (args && !/^\d{1,6}$/.test(args)) {
    ctx.reply(`Usage: history [<n>]: your last ${HISTORY_SHOWN} results at the tables, or the last n (at most ${RESULTS_KEPT}).`);
    return;
  }
  const asked = args ? Number(args) : HISTORY_SHOWN;
  if (asked < 1) {
    ctx.reply('Ask for at least one: history <n>.');
    return;
  }
  const n = Math.min(asked, RESULTS_KEPT);
  const results = await tavern.store.history(actor.key, n);
  if (!results.length) {
    ctx.reply('You have no results at the tables yet. What comes of each bet you make is kept here.');
    return;
  }
  const kept = asked > RESULTS_KEPT ? ` (the tavern keeps your last ${RESULTS_KEPT})` : '';
  const title = results.length === 1 ? 'Your last result at the tables:' : `Your last ${results.length} results at the tables, newest first${kept}:`;
  ctx.reply([title, ...results.map((r) => resultLine(tavern, r))].join('\n'));
}

export const yourselfCommands: TavernCommand[] = [
  {
    key: 'score',
    usage: 'score',
    group: 'Yourself',
    help: 'Show your name, your coins, where you are, your seat, and your colour, screen-reader, ooc and public settings.',
    run: score,
  },
  {
    key: 'history',
    usage: 'history [<n>]',
    group: 'Yourself',
    help: `List what came of your bets at the tables, newest first: the table, the game, the bet or wager, what you staked and what came of it (won, lost, returned). history <n> shows the last n (at most ${RESULTS_KEPT}); the default is ${HISTORY_SHOWN}.`,
    run: history,
  },
];
