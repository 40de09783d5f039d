import { describe, expect, it } from 'vitest';
import { diceText } from '../../src/games/fair-text.js';
import { unmarked } from '../../src/text/markup.js';

describe('look dice (every host words a throw the same way)', () => {
  it('words one die, two dice as the stable surface has them, and any number more, with the draw it was', () => {
    expect(unmarked(diceText('the cup table', [4]))).toBe('The die on the cup table shows 4.');
    expect(unmarked(diceText('the sand table', [3, 4], { game: 2, nonce: 5 }))).toBe('The dice on the sand table show 3 and 4 (7); that throw was nonce 5 of game 2.');
    expect(unmarked(diceText('the bone table', [1, 5, 6]))).toBe('The dice on the bone table show 1, 5 and 6 (12).');
  });
});
