import { unmarked } from '../text/markup.js';
import type { Channel, Told } from '../output/news.js';
import type { CommandContext } from '../world/tavern.js';
import type { Player } from '../world/player.js';
import { Bucket } from '../telnet/bucket.js';

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
 * emote, socials and whispers together; tell; ooc; shout): lines and characters, each a burst
 * at once and then so much a second. A dealer talking at its 2 lines a second, lines of up to
 * 1,024 characters, stays well within them; a spammer is held to a few lines a second.
 */
export const TALK_LIMITS = { lines: { burst: 10, perSecond: 3 }, characters: { burst: 8000, perSecond: 2400 } };

type Scope = 'room' | 'tell' | 'ooc' | 'shout';
const SCOPES: Record<Exclude<Channel, 'announce'>, Scope> = { say: 'room', emote: 'room', social: 'room', whisper: 'room', tell: 'tell', ooc: 'ooc', shout: 'shout' };
const WHERE: Record<Scope, string> = { room: 'in the room', tell: 'in tells', ooc: 'on the ooc channel', shout: 'in shouts' };

/** Each talker's buckets, per scope; gone with the player object. */
const budgets = new WeakMap<Player, Partial<Record<Scope, { lines: Bucket; characters: Bucket }>>>();

/**
 * Whether the actor may say `text` on `channel` now: if not, nobody hears it, and the actor is
 * told why in one line (their own volume reaches only themselves).
 */
export function mayTalk(ctx: CommandContext, channel: Exclude<Channel, 'announce'>, text: string): boolean {
  const scope = SCOPES[channel];
  const now = ctx.tavern.clock.now();
  let mine = budgets.get(ctx.actor);
  if (!mine) budgets.set(ctx.actor, (mine = {}));
  const { lines, characters } = TALK_LIMITS;
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
      ? `Nobody heard that: you talk too much ${WHERE[scope]} (${n(characters.burst)} characters at once, then ${n(characters.perSecond)} a second).`
      : `Nobody heard that: you talk too fast ${WHERE[scope]} (${lines.burst} lines at once, then ${lines.perSecond} a second).`,
  );
  return false;
}
