/**
 * A browser connection as the tavern sees it: the same Session a telnet connection is, each
 * call one message to the page. This is the whole mapping from the Session interface to the
 * wire protocol (docs/web.md), kept in one place so it follows that interface when it changes.
 */
import type { Session } from '../rooms/outbox.js';
import type { WebConnection } from './connection.js';

/** Columns the server wraps web text to; the page re-wraps it to its own pane. */
export const WEB_WIDTH = 80;
/** The prompt a telnet client sees; the page shows it beside its input line. */
export const PROMPT = '> ';

export interface WebSession extends Session {
  /** One GMCP message with the data of docs/gmcp.md; the page takes every package. */
  gmcp(pkg: string, data: unknown): void;
}

export function webSession(c: Pick<WebConnection, 'send' | 'close'>): WebSession {
  return {
    write: (text) => c.send({ type: 'text', text }),
    prompt: () => c.send({ type: 'prompt', text: PROMPT }),
    close: (farewell) => c.close(farewell),
    hideInput: () => c.send({ type: 'input', hidden: true }),
    showInput: () => c.send({ type: 'input', hidden: false }),
    gmcp: (pkg, data) => c.send({ type: 'gmcp', package: pkg, data }),
    width: WEB_WIDTH,
  };
}
