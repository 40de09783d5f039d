import { describe, expect, it } from 'vitest';
import { drawn, MARK_CLOSE, MARK_OPEN, paint, styleOfCode, unmarked } from '../../src/text/markup.js';
import { plainFor } from '../support/plain.js';
import { cleanLine } from '../../src/telnet/lines.js';

describe('markup', () => {
  it('marks text with a style letter between SO and SI, and nests', () => {
    const text = paint('room', `The ${paint('exit', 'north')} door`);
    expect(text).toBe(`${MARK_OPEN}rThe ${MARK_OPEN}xnorth${MARK_CLOSE} door${MARK_CLOSE}`);
    expect(styleOfCode('r')).toBe('room');
    expect(styleOfCode('?')).toBeUndefined();
    expect(unmarked(text)).toBe('The north door');
  });

  it('cannot be forged by a player: cleaned input holds no SO or SI', () => {
    expect(cleanLine(`hi${MARK_OPEN}w${MARK_CLOSE}`)).toBe('hiw');
  });
});

describe('drawn boards and their sentences', () => {
  it('keeps the art for sighted readers and the sentence for screen readers, marks removed, nesting kept', () => {
    const text = `Board:\n${drawn(`+--+\n|${paint('won', '50')}|\n+--+`, `Square 3 holds ${paint('won', '50')}.`)}\nDone.`;
    expect(plainFor(text, 'sight')).toBe('Board:\n+--+\n|50|\n+--+\nDone.');
    expect(plainFor(text, 'speech')).toBe('Board:\nSquare 3 holds 50.\nDone.');
    expect(plainFor('plain', 'sight')).toBe('plain');
    expect(unmarked(text)).toContain('+--+');
  });
});
