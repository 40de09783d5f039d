import { unmarked } from '../text/markup.js';
import type { Channel, Told } from '../output/news.js';

/**
 * Speech as a listener hears it: the text, and with it the same words as news for the panels
 * (GMCP's Comm.Channel.Text, docs/gmcp.md), told with it (Tavern.tell), so both wait for the disk together. Every command that carries words
 * from one player to others (say, emote, whisper, tell, shout, ooc, socials, announce) words them here.
 */

/** How the words travelled (the `channel` of Comm.Channel.Text). */
/** Words as one listener hears them: the line, and the same words as news for their panels. */
export function said(channel: Channel, talker: string, text: string): Told {
  return { text, news: { kind: 'speech', data: { channel, talker, text: unmarked(text) } } };
}

/** A sentence ends in a stop: "Ana grins" becomes "Ana grins." (a question or a quote is left as it is). */
export function withStop(text: string): string {
  return /[.!?…]["'”’)]*$/.test(text) ? text : `${text}.`;
}
