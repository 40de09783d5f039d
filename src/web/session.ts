/**
 * A browser connection as the tavern sees it: the same Session a telnet connection is, each
 * delivery a few messages to the page. This is the whole mapping from the Session interface to
 * the wire protocol (docs/web.md), kept in one place so it follows that interface when it changes.
 */
import { BEHIND_BYTES, type Delivery, type Session, type Setting } from '../output/outbox.js';
import { gmcpOf } from '../telnet/gmcp.js';
import type { WebConnection } from './connection.js';

/** Columns the server wraps web text to; the page re-wraps it to its own pane. */
export const WEB_WIDTH = 80;
/** The prompt a telnet client sees; the page shows it beside its input line. */
export const PROMPT = '> ';

/**
 * The page takes every GMCP package and renders the marks itself: colour as CSS classes, and
 * both `art` (hidden from screen readers) and `spoken` (visually hidden) kept, so the settings
 * change nothing in what is sent.
 */
export function webSession(c: Pick<WebConnection, 'send' | 'close'> & Partial<Pick<WebConnection, 'cork' | 'uncork' | 'queuedBytes'>>): Session {
  let colour: Setting = 'auto';
  let screenReader: Setting = 'auto';
  return {
    deliver(d: Delivery) {
      if (d.text?.length) c.send({ type: 'text', text: d.text.join('\n') });
      for (const news of d.news ?? []) {
        const m = gmcpOf(news);
        c.send({ type: 'gmcp', package: m.name, data: m.data ?? null });
      }
      if (d.prompt !== false) c.send({ type: 'prompt', text: PROMPT });
    },
    wants: () => true,
    close: (farewell) => c.close(farewell),
    cork: () => c.cork?.(),
    uncork: () => c.uncork?.(),
    hideInput: () => c.send({ type: 'input', hidden: true }),
    showInput: () => c.send({ type: 'input', hidden: false }),
    width: WEB_WIDTH,
    get colour() {
      return colour;
    },
    set colour(setting: Setting) {
      colour = setting;
    },
    get screenReader() {
      return screenReader;
    },
    set screenReader(setting: Setting) {
      screenReader = setting;
    },
    get colourInUse() {
      return colour !== 'off';
    },
    get screenReaderInUse() {
      return screenReader === 'on';
    },
    get behind() {
      return (c.queuedBytes ?? 0) > BEHIND_BYTES;
    },
  };
}
