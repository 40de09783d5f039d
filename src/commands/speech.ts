import { unmarked } from '../text/markup.js';
import type { Channel, Told } from '../output/news.js';
import type { CommandContext } from '../world/tavern.js';
import type { Player } from '../world/player.js';
import { Bucket } from '../telnet/bucket.js';
import { DEFAULT_MAX_LINE_BYTES } from '../telnet/lines.js';
import type { Rate } from '../telnet/input-budget.js';

/**
 * Speech as a listener hears it: the text, and with it the same words as news for the panels
 * (GMCP's Comm.Channel.Text, docs/gmcp.md), told with it (Tavern.tell), so both wait for the disk together. Every command that carries words
 * from one player to others (say, emote, whisper, tell, shout, ooc, socials, announce) words them here.
 */

/** Words as one listener hears them: the line, and the same words as news for their panels. */
export function said(channel: Channel, talker: string, text: string): Told {
  return { text, news: { kind: 'speech', data: { channel, talker, text: unmarked(text) } } };
}

/** A sentence ends in a stop: "Ana grins" becomes "Ana grins." (a question or a quote is left as it is). */
export function withStop(text: string): string {
  return /[.!?…]["'”’)]*$/.test(text) ? text : `${text}.`;
}

/**
 * What one player may put into others' queues on each of their channels (the room's talk, say,
 * emote, socials and whispers together; tell; ooc; shout), `perSecond` being the tavern's
 * talkPerSecond (0: no limit): 10 lines at once (or `perSecond`, if more), and as many
 * characters as that many of the longest lines a client may type; then `perSecond` lines and
 * 800 characters a line a second. With the shipped 3, a dealer that sends at most 10 commands at
 * once and then 2 a second, of up to 1,024 characters each, is never refused; a spammer is held
 * to a few lines a second.
 */
export function talkLimits(perSecond: number): { lines: Rate; characters: Rate } | null {
  if (perSecond === 0) return null;
  const burst = Math.max(10, perSecond);
  return { lines: { burst, perSecond }, characters: { burst: burst * DEFAULT_MAX_LINE_BYTES, perSecond: perSecond * 800 } };
}

type Scope = 'room' | 'tell' | 'ooc' | 'shout';
const SCOPES: Record<Exclude<Channel, 'announce'>, Scope> = { say: 'room', emote: 'room', social: 'room', whisper: 'room', tell: 'tell', ooc: 'ooc', shout: 'shout' };
/** Short, so that the refusal fits an 80-column line: `Unheard: too much in the room (10,240 characters at once, then 2,400 a second).` */
const WHERE: Record<Scope, string> = { room: 'in the room', tell: 'in tells', ooc: 'on ooc', shout: 'in shouts' };

/** Each talker's buckets, per scope; gone with the player object. */
const budgets = new WeakMap<Player, Partial<Record<Scope, { lines: Bucket; characters: Bucket }>>>();

/**
 * Whether the actor may say `text` on `channel` now: if not, nobody hears it, and the actor is
 * told why in one line (their own volume reaches only themselves).
 */
export function mayTalk(ctx: CommandContext, channel: Exclude<Channel, 'announce'>, text: string): boolean {
  const limits = talkLimits(ctx.tavern.settings.talkPerSecond);
  if (!limits) return true;
  const scope = SCOPES[channel];
  const now = ctx.tavern.clock.now();
  let mine = budgets.get(ctx.actor);
  if (!mine) budgets.set(ctx.actor, (mine = {}));
  const { lines, characters } = limits;
  const b = (mine[scope] ??= { lines: new Bucket(lines.burst, lines.perSecond, now), characters: new Bucket(characters.burst, characters.perSecond, now) });
  b.characters.refill(now);
  const tooLong = b.characters.debtMs > 0;
  if (!tooLong && b.lines.take(now)) {
    b.characters.spend(text.length);
    return true;
  }
  const n = (x: number) => x.toLocaleString('en-US');
  ctx.reply(
    tooLong
      ? `Unheard: too much ${WHERE[scope]} (${n(characters.burst)} characters at once, then ${n(characters.perSecond)} a second).`
      : `Unheard: too fast ${WHERE[scope]} (${lines.burst} lines at once, then ${lines.perSecond} a second).`,
  );
  return false;
}
