/**
 * The browser client's wire protocol: text frames of JSON over the WebSocket at /ws (see
 * docs/web.md). Types only, shared by the server and the page.
 */

/** What the server sends the page. */
export type ServerMessage =
  /** One delivery of the server's text, semantic marks included (src/text/markup.ts); may hold several lines. */
  | { type: 'text'; text: string }
  /** The reply is complete; `text` is the prompt a telnet client would see. */
  | { type: 'prompt'; text: string }
  /** One GMCP message, exactly as docs/gmcp.md gives it. */
  | { type: 'gmcp'; package: string; data: unknown }
  /** Whether the next line is secret (a password): the page masks its input. */
  | { type: 'input'; hidden: boolean }
  /** The server is ending the connection on purpose, with its last word (may be empty). */
  | { type: 'close'; text: string }
  /** After every login and every resume: the single-use token to resume this session with, for `validMs` after a drop. */
  | { type: 'resume-token'; token: string; validMs: number; resumed: boolean }
  /** A resume was refused: why, in one line; the connection stays at the greeting. */
  | { type: 'resume-refused'; reason: string };

/** What the page sends the server: one typed line, or (first, after a dropped connection) its resume token. */
export type ClientMessage = { type: 'line'; text: string } | { type: 'resume'; token: string };

/** The path of the WebSocket on the web port. */
export const SOCKET_PATH = '/ws';
