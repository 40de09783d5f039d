/**
 * One batch of output as the bytes of one write: GMCP first, then the text rendered for the
 * client, then (by default) a prompt. Apart from the connection so that the prompt's rules for
 * screen readers read in one place.
 */
import { gmcpFrame, type GmcpMessage } from './gmcp.js';
import { encodeFrame, encodePlainFrame, promptEnd } from './output.js';
import { colourise, render, takesShortCut, type RenderProfile } from './render.js';

/** One batch of output for the client: its GMCP, its text and (by default) a prompt. */
export interface OutputBatch {
  /** Blocks of marked-up text (text/markup.ts), in order. */
  text?: readonly string[];
  /** GMCP messages, sent before the text; each only if the client wants its package. */
  gmcp?: readonly GmcpMessage[];
  /** False for a last word before closing: no prompt after it. */
  prompt?: boolean;
}

const PROMPT = '> ';
const NO_GMCP: readonly Buffer[] = [];
/** After a message: the prompt on a line of its own, or (for a screen reader) on the message's last line. */
const PROMPT_BELOW = `\n${PROMPT}`;
const PROMPT_ALONGSIDE = ` ${PROMPT}`;

/**
 * What a client's screen holds that a delivery depends on, and what it can agree to: the
 * connection itself, so that nothing is made for it per delivery.
 */
export interface DeliveryContext {
  readonly profile: RenderProfile;
  wantsGmcp(name: string): boolean;
  /** The last thing written ends in a prompt, and the player has not pressed Enter since. */
  promptOpen: boolean;
  readonly eorEnabled: boolean;
}

/** The bytes of one batch (null when there are none); `c.promptOpen` then says whether a prompt is open after them. */
export function deliveryBytes(batch: OutputBatch, c: DeliveryContext): Buffer | null {
  const gmcp = batch.gmcp?.length ? batch.gmcp.flatMap((message) => (c.wantsGmcp(message.name) ? [gmcpFrame(message)] : [])) : NO_GMCP;
  const { profile } = c;
  let promptOpen = c.promptOpen;
  const blocks = batch.text;
  const marked = blocks?.length ? (blocks.length === 1 ? blocks[0] : blocks.join('\n')) : null;
  // Most deliveries are a few short lines of plain text: of rendering only the colour stage
  // works, and the rest goes to the bytes in one pass (encodePlainFrame).
  const plain = marked !== null && takesShortCut(marked, profile);
  const text = marked === null ? null : !plain ? render(marked, profile) : profile.colour ? colourise(marked, profile.colour) : marked;
  // A screen reader reads a lone prompt line aloud after every message: its prompt goes on the
  // message's last line instead, and a message after a prompt starts on a line of its own,
  // so that no two messages read as one.
  const newLine = text !== null && profile.screenReader && promptOpen ? '\n' : '';
  let bytes: Buffer | null = null;
  if (batch.prompt === false) {
    if (text !== null) {
      bytes = frame(newLine, text, plain, '\n');
      promptOpen = false;
    }
  } else {
    const tail = promptEnd(c.eorEnabled);
    bytes = text === null ? encodeFrame(PROMPT, tail) : frame(newLine, text, plain, profile.screenReader ? PROMPT_ALONGSIDE : PROMPT_BELOW, tail);
    promptOpen = true;
  }
  c.promptOpen = promptOpen;
  if (!gmcp.length) return bytes;
  const all = bytes ? [...gmcp, bytes] : gmcp;
  return all.length === 1 ? all[0] : Buffer.concat(all);
}

/** `head + text + after` framed, then `tail`: in one pass when `text` is plain (render's colour stage done). */
function frame(head: string, text: string, plain: boolean, after: string, tail?: Buffer): Buffer {
  return plain ? encodePlainFrame(head, text, after, tail) : encodeFrame(`${head}${text}${after}`, tail);
}
