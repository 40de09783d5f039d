import { describe, expect, it } from 'vitest';
import { diceText } from '../../src/tables/game-table.js';
import { unmarked } from '../../src/text/markup.js';

describe('look dice', () => {
  it('words one die, two dice as the stable surface has them, and any number more', () => {
    expect(unmarked(diceText('the cup table', [4]))).toBe('The die on the cup table shows 4.');
    expect(unmarked(diceText('the sand table', [3, 4], '; nonce 2'))).toBe('The dice on the sand table show 3 and 4 (7); nonce 2.');
    expect(unmarked(diceText('the bone table', [1, 5, 6]))).toBe('The dice on the bone table show 1, 5 and 6 (12).');
  });
});
