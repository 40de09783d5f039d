import { unmarked } from '../text/markup.js';
import type { Tavern } from '../world/tavern.js';
import type { Player } from '../world/player.js';

/**
 * Speech as a listener hears it: the text, and with it the same words as news for the panels
 * (GMCP's Comm.Channel.Text, docs/gmcp.md), queued in the outbox so both wait for the disk together. Every command that carries words
 * from one player to others (say, emote, whisper, tell, shout, ooc, socials, announce) goes through here.
 */

/** How the words travelled (the `channel` of Comm.Channel.Text). */
export type Channel = 'say' | 'emote' | 'whisper' | 'tell' | 'shout' | 'ooc' | 'social' | 'announce';

export function hear(tavern: Tavern, listener: Player, channel: Channel, talker: string, text: string): void {
  const session = listener.session;
  if (!session) return;
  tavern.outbox.add(session, text);
  tavern.outbox.news(session, 'speech', { channel, talker, text: unmarked(text) });
}

/** Everyone connected in a room hears it, each in their own words (null: that one is not told). */
export function roomHears(tavern: Tavern, roomId: string, channel: Channel, talker: string, words: (listener: Player) => string | null): void {
  for (const p of tavern.playersIn(roomId)) {
    const text = words(p);
    if (text !== null) hear(tavern, p, channel, talker, text);
  }
}

/** A sentence ends in a stop: "Ana grins" becomes "Ana grins." (a question or a quote is left as it is). */
export function withStop(text: string): string {
  return /[.!?…]["'”’)]*$/.test(text) ? text : `${text}.`;
}
