/**
 * The web output path's reading of the server's marks (src/text/markup.ts): marked text
 * becomes a tree of plain strings and styled runs, which the page turns into spans with one
 * CSS class per style. Pure, so it is tested here and bundled into the page.
 */
import { BOUND, HANG, MARK_CLOSE, MARK_OPEN, styleOfCode, WHOLE, type Style } from '../text/markup.js';

export interface MarkedRun {
  /** The run's style, or null for a mark whose letter this page does not know. */
  style: Style | null;
  children: MarkedNode[];
}

export type MarkedNode = string | MarkedRun;

/**
 * Reads marked text. Marks nest; a mark still open at the end closes there, a close with no
 * mark open is dropped, and an unknown letter gives an unstyled run, so no text is ever lost. The
 * wrapping hints (HANG, WHOLE) are dropped, and a bound space is a space: the page wraps its own pane.
 */
export function parseMarks(text: string): MarkedNode[] {
  const root: MarkedRun = { style: null, children: [] };
  const open: MarkedRun[] = [root];
  let plain = '';
  const flush = () => {
    if (plain) open[open.length - 1].children.push(plain);
    plain = '';
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === MARK_OPEN) {
      flush();
      const code = text[i + 1];
      if (code === undefined) break;
      i++;
      const run: MarkedRun = { style: styleOfCode(code) ?? null, children: [] };
      open[open.length - 1].children.push(run);
      open.push(run);
    } else if (ch === MARK_CLOSE) {
      flush();
      if (open.length > 1) open.pop();
    } else if (ch === HANG || ch === WHOLE) {
      // Hints for wrapping to a fixed width; the page wraps its own pane.
    } else if (ch === BOUND) {
      plain += ' ';
    } else {
      plain += ch;
    }
  }
  flush();
  return root.children;
}
