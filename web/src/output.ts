/**
 * The output pane: each delivery of the server's text is one block, its marks turned into
 * spans with one class per style. Text only ever becomes DOM text nodes, never HTML. The
 * pane keeps a scrollback and follows new text unless the reader has scrolled up.
 */
import { parseMarks, type MarkedNode } from '../../src/web/marks.js';

/** Blocks kept before the oldest go. */
const SCROLLBACK_BLOCKS = 2000;
/** Within this many pixels of the bottom counts as reading the newest text. */
const BOTTOM_SLACK_PX = 48;

export class OutputPane {
  /** Whether the reader is at the newest text, as of their last scroll: new text keeps them there. */
  private following = true;
  /** Where the pane was last scrolled to, by the page or the reader. */
  private lastTop = 0;

  constructor(
    private readonly pane: HTMLElement,
    /** Shown while there is new text below the part being read. */
    private readonly moreBelow: HTMLButtonElement,
  ) {
    // Only the reader moving up stops the following. A scroll event comes a frame after the
    // scroll, and by then the pane may have shrunk (the panels grew): judged by where the bottom
    // is then, the page's own scroll to the bottom would look like the reader leaving it.
    pane.addEventListener('scroll', () => {
      const top = pane.scrollTop;
      if (top < this.lastTop - 1) this.following = this.atBottom();
      else if (this.atBottom()) this.following = true;
      this.lastTop = top;
      if (this.following) moreBelow.hidden = true;
    });
    moreBelow.addEventListener('click', () => this.toBottom());
    // The pane shrinks when the panels above it grow (on a phone, a table's panel coming in):
    // a reader who was at the newest text stays there.
    new ResizeObserver(() => {
      if (this.following) this.toBottom();
    }).observe(pane);
  }

  /** One delivery of marked text from the server. */
  text(marked: string): void {
    const block = document.createElement('div');
    block.className = 'block';
    appendMarked(parseMarks(marked), block);
    this.add(block);
  }

  /** The player's own line, as typed (screen readers are not told it again). */
  echo(line: string): void {
    const block = document.createElement('div');
    block.className = 'block echo';
    block.setAttribute('aria-hidden', 'true');
    block.textContent = line;
    this.add(block);
  }

  /** A word from the page itself (the connection), not from the server. */
  notice(text: string): void {
    const block = document.createElement('div');
    block.className = 'block notice';
    block.textContent = text;
    this.add(block);
  }

  /** Scrolls by about a page: for the keyboard, from the input line. */
  page(direction: 1 | -1): void {
    this.pane.scrollBy({ top: direction * this.pane.clientHeight * 0.9 });
  }

  toBottom(): void {
    this.pane.scrollTop = this.pane.scrollHeight;
    this.lastTop = this.pane.scrollTop;
    this.following = true;
    this.moreBelow.hidden = true;
  }

  private add(block: HTMLElement): void {
    this.pane.append(block);
    while (this.pane.childElementCount > SCROLLBACK_BLOCKS) this.pane.firstElementChild!.remove();
    if (this.following) this.toBottom();
    else this.moreBelow.hidden = false;
  }

  private atBottom(): boolean {
    return this.pane.scrollHeight - this.pane.scrollTop - this.pane.clientHeight < BOTTOM_SLACK_PX;
  }
}

function appendMarked(nodes: MarkedNode[], into: Node): void {
  for (const node of nodes) {
    if (typeof node === 'string') {
      into.appendChild(document.createTextNode(node));
      continue;
    }
    const span = document.createElement('span');
    if (node.style) span.className = `m-${node.style}`;
    // Decoration is for the eyes; its sentence form (a `spoken` run) is for the screen reader.
    if (node.style === 'art') span.setAttribute('aria-hidden', 'true');
    appendMarked(node.children, span);
    into.appendChild(span);
  }
}
