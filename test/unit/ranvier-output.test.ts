import { describe, expect, it } from 'vitest';
import { render } from '../../plugins/ranvier/src/output.js';
import { drawn, fitted, hanging, paint, together, whole } from '../../src/text/markup.js';

/** What the tables say, as a Ranvier player's socket gets it. */

const plain = { colour: false, width: 40 };

describe("the Ranvier bundle's output", () => {
  it('keeps the drawn board, not its sentences, and the wide layout only where it fits', () => {
    expect(render(`Board:\n${drawn('+--+\n|7 |\n+--+', 'Square 7 is empty.')}`, plain)).toBe('Board:\r\n+--+\r\n|7 |\r\n+--+');
    const layout = fitted('a'.repeat(30), 'narrow');
    expect(render(layout, plain)).toBe('a'.repeat(30));
    expect(render(layout, { colour: false, width: 20 })).toBe('narrow');
  });

  it('wraps to the width with hanging lines, never inside a bound phrase or a whole line', () => {
    const line = hanging('  play 7h lair 1', 'lay a knight face down at a lair, where it waits to be revealed.', 20);
    expect(render(line, plain).split('\r\n')).toEqual(['  play 7h lair 1    lay a knight face', '                    down at a lair,', '                    where it waits to be', '                    revealed.']);
    const seed = `client seed ${together(`commitment ${'ab'.repeat(20)}`)} here`;
    expect(render(seed, plain).split('\r\n')).toContain(`commitment ${'ab'.repeat(20)}`);
    const long = whole(`revealed ${'c'.repeat(64)}`);
    expect(render(long, plain)).toBe(`revealed ${'c'.repeat(64)}`);
  });

  it('colours what text is with ANSI codes, restoring the outer style, or sends no escape at all', () => {
    const text = paint('turn', `It is ${paint('name', 'Ana')}'s turn`);
    expect(render(text, { colour: true, width: 80 })).toBe('\x1b[1;95mIt is \x1b[1mAna\x1b[0m\x1b[1;95m\'s turn\x1b[0m');
    expect(render(text, plain)).toBe("It is Ana's turn");
    expect(render(`${paint('won', 'You win')}: ${paint('coins', '5 obsidian coins')}`, plain)).not.toMatch(/[\x00-\x09\x0b-\x1f]/);
  });
});
