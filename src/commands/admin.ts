import { obsidianCoins } from '../output/words.js';
import { capitalise } from '../text/names.js';
import { paint } from '../text/markup.js';
import type { Audit, Ban } from '../store/index.js';
import type { CommandContext, Tavern, TavernCommand } from '../world/tavern.js';
import type { Player } from '../world/player.js';
import { announce } from './channels.js';

/**
 * The host's tools (docs/hosting.md, Admins; docs/rulings.md, Admins), for the characters the world's `admins` and
 * `--admin NAME` name. To anyone else these commands do not exist: the ordinary unknown-command
 * answer, nothing in `help`. Each must be typed in full, and each is written to server.log:
 * who did what, to whom.
 */

/** The longest ban reason kept (the journal keeps it with the ban). */
const MAX_REASON = 200;

/**
 * A character's ban as it stands on this server: null when there is none; `refusal`, the one line
 * they get at the door, or null for one of this server's admins. The admins list outranks a ban,
 * as `ban` here refuses an admin (a ban from another server sharing the characters, or from
 * before they were made admin, does not apply here).
 */
export function banHere(tavern: Tavern, key: string): { ban: Readonly<Ban>; name: string; refusal: string | null } | null {
  const ban = tavern.store.ban(key);
  if (!ban) return null;
  const name = tavern.store.character(key)?.name ?? capitalise(key);
  if (tavern.isAdmin(key)) return { ban, name, refusal: null };
  return { ban, name, refusal: `${name} is banned from the tavern${ban.reason ? ` (${ban.reason})` : ''}. Goodbye.` };
}

/**
 * Throws a banned character out if they are in the world here, with who banned them and why;
 * returns them if they were. Also for a ban made on another server sharing the characters.
 */
export function throwOutBanned(tavern: Tavern, key: string, ban: Readonly<Ban>): Player | undefined {
  const here = tavern.players.get(key);
  if (here) tavern.quit(here, `${ban.by} has banned you from the tavern${ban.reason ? ` (${ban.reason})` : ''}.`);
  return here;
}

/** A character's name as typed: letters only. */
const NAME = /^[A-Za-z]{1,32}$/;

/** Someone in the world by name: anyone by their full name (even a seat kept after a lost connection), or a unique prefix of someone connected. */
function inWorld(tavern: Tavern, query: string): Player | undefined {
  return tavern.players.get(query.toLowerCase()) ?? tavern.findPlayer(query);
}

/** server.log: who did what, to whom. */
function logAction(ctx: CommandContext, what: string): void {
  ctx.tavern.log(`admin ${ctx.actor.name}: ${what}`);
}

export const adminCommands: TavernCommand[] = [
  {
    key: 'announce',
    usage: 'announce <text>',
    group: 'Admin',
    adminOnly: true,
    exactOnly: true,
    needsArgs: true,
    help: 'Tell everyone in the tavern something, wherever they are.',
    run(ctx, text) {
      const { tavern, actor } = ctx;
      announce(tavern, actor.name, text);
      logAction(ctx, `announced "${text}"`);
    },
  },
  {
    key: 'kick',
    usage: 'kick <name>',
    group: 'Admin',
    adminOnly: true,
    exactOnly: true,
    needsArgs: true,
    help: 'Close someone\'s connection. A seated player leaves the table as if they had quit.',
    run(ctx, args) {
      const { tavern, actor } = ctx;
      const target = inWorld(tavern, args.trim());
      if (!target) return ctx.reply(`There is nobody called "${args.trim()}" in the tavern.`);
      if (target === actor) return ctx.reply('To leave, type quit.');
      ctx.reply(`You throw ${target.name} out of the tavern.`);
      tavern.quit(target, `${actor.name} has thrown you out of the tavern.`);
      logAction(ctx, `kicked ${target.name}`);
    },
  },
  {
    key: 'ban',
    usage: 'ban <name> [<reason>]',
    group: 'Admin',
    adminOnly: true,
    exactOnly: true,
    needsArgs: true,
    help: 'Keep a character out: they are refused at the door, and thrown out now if they are here. unban lets them back.',
    async run(ctx, args) {
      const { tavern, actor } = ctx;
      const [, query, reason] = /^(\S+)\s*(.*)$/s.exec(args.trim())!;
      const key = query.toLowerCase();
      if (!NAME.test(query)) return ctx.reply(`There is no character called ${query}.`);
      if (reason.length > MAX_REASON) return ctx.reply(`A reason is at most ${MAX_REASON} characters.`);
      const record = tavern.store.character(key) ?? (await tavern.store.fetchCharacter(key));
      if (!record) return ctx.reply(`There is no character called ${capitalise(query)}.`);
      if (key === actor.key) return ctx.reply('You cannot ban yourself.');
      if (tavern.isAdmin(key)) return ctx.reply(`${record.name} is an admin: take them off the admins list first.`);
      const ban = tavern.store.ban(key);
      if (ban) return ctx.reply(`${record.name} is already banned (by ${ban.by}, ${ban.at.slice(0, 10)}${ban.reason ? `: ${ban.reason}` : ''}).`);
      const banned = { by: actor.name, reason, at: new Date(tavern.clock.now()).toISOString() };
      tavern.store.record({ kind: 'ban', key, ...banned });
      // Looked up before the throw-out: the admin hears this answer before hearing them leave.
      const here = tavern.players.has(key);
      ctx.reply(`${record.name} is banned${reason ? ` (${reason})` : ''}${here ? ', and thrown out' : ''}.`);
      throwOutBanned(tavern, key, banned);
      logAction(ctx, `banned ${record.name}${reason ? ` (${reason})` : ''}${here ? ', and kicked them' : ''}`);
    },
  },
  {
    key: 'unban',
    usage: 'unban <name>',
    group: 'Admin',
    adminOnly: true,
    exactOnly: true,
    needsArgs: true,
    help: 'Let a banned character back in.',
    run(ctx, args) {
      const { tavern } = ctx;
      const key = args.trim().toLowerCase();
      const name = tavern.store.character(key)?.name ?? capitalise(args.trim());
      if (!NAME.test(key) || !tavern.store.ban(key)) return ctx.reply(`${name} is not banned.`);
      tavern.store.record({ kind: 'unban', key });
      ctx.reply(`${name} may come back.`);
      logAction(ctx, `unbanned ${name}`);
    },
  },
  {
    key: 'audit',
    usage: 'audit',
    group: 'Admin',
    adminOnly: true,
    exactOnly: true,
    help: 'Check that every account in the ledger adds up and every thing is in one place, and count where the coins came from and where they and the things are.',
    async run(ctx) {
      const audit = await ctx.tavern.ledger.audit();
      ctx.reply(auditText(audit));
      logAction(ctx, `audit: ${audit.problems.length ? `${audit.problems.length} problems: ${audit.problems.join('; ')}` : 'the books add up'}; minted ${audit.minted}, from the house ${audit.fromHouse}, in purses ${audit.inPurses}, in escrow ${audit.inEscrow}, things carried ${audit.thingsCarried}, on floors ${audit.thingsOnFloors}`);
    },
  },
  {
    key: 'shutdown',
    usage: 'shutdown',
    group: 'Admin',
    adminOnly: true,
    exactOnly: true,
    help: 'Close the tavern: everyone is told, every wager goes back to its owner, everything is written, and the server exits.',
    run(ctx) {
      logAction(ctx, 'shut the server down');
      ctx.tavern.onShutdown(ctx.actor);
    },
  },
];

/** What `audit` prints: whether the books add up, then the totals. */
export function auditText(a: Audit): string {
  const c = obsidianCoins;
  const verdict = a.problems.length
    ? paint('warning', `The books do NOT add up (${a.problems.length} problem${a.problems.length === 1 ? '' : 's'}):`) + a.problems.map((p) => `\n  ${p}`).join('')
    : 'The books add up: every account balances and all of them together sum to zero, and every thing is in one place.';
  const house = a.fromHouse >= 0
    ? `The house has put ${c(a.fromHouse)} into the world (hand-outs and winnings, less what it won and what the bar sold).`
    : `The house has taken ${c(-a.fromHouse)} out of the world (what it won and what the bar sold came to more than it paid).`;
  return [
    verdict,
    `The mint has put ${c(a.minted)} into the world (starting purses).`,
    house,
    `In purses: ${c(a.inPurses)}. On the tables: ${c(a.inEscrow)}.`,
    `Things carried: ${a.thingsCarried}. On the floors: ${a.thingsOnFloors}.`,
  ].join('\n');
}
