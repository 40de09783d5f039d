/**
 * Every drawn board and column layout in a 40-column window: the output path keeps the narrow
 * form of a layout where the wide one does not fit, so no drawn line is cut into fragments and
 * nothing is lost (the same squares, coins, names and counts).
 */
import { settingsOf } from '../../src/games/settings.js';
import { describe, expect, it } from 'vitest';
import stringWidth from 'string-width';
import { fitted, drawn, hanging } from '../../src/text/markup.js';
import { chooseContent, isPlainShort, render, type RenderProfile } from '../../src/telnet/render.js';
import { spiceRun } from '../../src/games/spice-run/table.js';
import type { GameTable, TableHost } from '../../src/games/api.js';
import { diceValues } from '../../src/games/random.js';
import { renderTable as lairTable } from '../../src/games/dragons-lair/look.js';
import { viewFor } from '../../src/games/dragons-lair/view.js';
import { tavernWords } from '../../src/output/words.js';
import { FakeHostBase } from '../support/fakeHost.js';
import { T0, startGame } from '../support/dragons-lair-play.js';

const at = (width: number, screenReader = false): RenderProfile => ({ colour: 0, screenReader, ascii: false, width });

/** The text as shown at `width`, checked to have no line wider than the window. */
function shown(text: string, width: number): string[] {
  const lines = render(text, at(width)).split('\n');
  for (const line of lines) expect(stringWidth(line), line).toBeLessThanOrEqual(width);
  return lines;
}

describe('a layout in two sizes', () => {
  const layout = `Board:\n${fitted('| wide wide wide wide wide wide wide wide wide wide |', '| narrow |')}\nBelow.`;

  it('keeps the wide form where it fits and the narrow one where it does not, with no blank line left', () => {
    expect(render(layout, at(80))).toBe('Board:\n| wide wide wide wide wide wide wide wide wide wide |\nBelow.');
    expect(render(layout, at(40))).toBe('Board:\n| narrow |\nBelow.');
    expect(chooseContent(layout, false)).toBe('Board:\n| wide wide wide wide wide wide wide wide wide wide |\nBelow.');
    // Never taken for plain short text, which skips the content stage.
    expect(isPlainShort(fitted('a', 'b'), 80)).toBe(false);
  });

  it('gives a screen reader the sentences of a drawn layout, in either size', () => {
    const board = drawn(fitted('| wide wide wide wide wide wide wide wide wide wide |', '| narrow |'), 'In words.');
    for (const width of [40, 80]) expect(render(board, at(width, true))).toBe('In words.');
  });

  it('puts the body of a two-column line whose head reaches into its column under the column, on the next line', () => {
    expect(render(hanging('  variant standard | all-or-none', 'Player 1 chooses.', 20), at(80))).toBe(
      `  variant standard | all-or-none\n${' '.repeat(20)}Player 1 chooses.`,
    );
    expect(render(hanging('  play', 'Apply your roll.', 20), at(80))).toBe(`  play${' '.repeat(14)}Apply your roll.`);
  });
});

class SandHost extends FakeHostBase implements TableHost {
  readonly id = 'sand-table';
  readonly label = 'the sand table';
  readonly settings = settingsOf(spiceRun);
  constructor() {
    super(['Ana', 'Bob']);
    for (const name of ['Ana', 'Bob']) this.purses.set(`player:${name}`, 1_000_000_000);
  }
}

const verb = (game: GameTable, player: string, line: string) => {
  const [word, ...rest] = line.split(' ');
  game.commands.find((c) => c.key === word)!.run({ player, reply: () => undefined }, rest.join(' '));
};

describe('the Spice Run board at 40 columns', () => {
  /** Ana 40 on square 5, Bob `big` on square 5, Ana 7 on square 11. */
  function boardWithWagers(big: string): GameTable {
    const host = new SandHost();
    const game = spiceRun.create(host);
    for (const name of ['Ana', 'Bob']) {
      host.seats.push(name);
      game.onSit(name);
    }
    for (const [player, dice, amount] of [['Ana', [2, 3], '40'], ['Bob', [1, 4], big], ['Ana', [5, 6], '7']] as const) {
      host.queue(...diceValues(...dice));
      game.roll!(player, () => undefined);
      verb(game, player, `bet ${amount}`);
    }
    return game;
  }

  /** The lines of the drawing, each checked to be whole: a border or a row of cells, never a piece of one. */
  function drawing(lines: string[], rows: number): string {
    const grid = lines.filter((l) => /^[+|]/.test(l));
    expect(grid.length).toBe(rows);
    for (const line of grid) expect(line, line).toMatch(/^[+|].*[+|]$/);
    expect(lines.join('\n')).toMatch(/Player 1: Ana \(you\); +Player 2: Bob/);
    return grid.join('\n');
  }

  it('is the whole grid, its cells as wide as their text, with every square and every wager', () => {
    const cells = drawing(shown(boardWithWagers('1,250,000').describe('Ana'), 40), 13);
    for (const square of [3, 4, 5, 6, 7, 8, 9, 10, 11]) expect(cells).toMatch(new RegExp(`\\| +${square} +\\|`));
    expect(cells).toMatch(/\| +P1 40 +\|/);
    expect(cells).toMatch(/\|P2 1,250,000\|/);
    expect(cells).toMatch(/\| +P1 7 +\|/);
  });

  it('is a square a row where amounts are too long for a grid of three', () => {
    const cells = drawing(shown(boardWithWagers('100,000,000').describe('Ana'), 40), 11);
    expect(cells).toMatch(/\|  3 \| +\| +\|/);
    expect(cells).toMatch(/\|  5 \| P1 40 +\| P2 100,000,000 \|/);
    expect(cells).toMatch(/\| 11 \| P1 7 +\| +\|/);
  });

  it('keeps the wide grid with its PLAYER columns at 80 columns', () => {
    const grid = drawing(shown(boardWithWagers('1,250,000').describe('Ana'), 80), 13).split('\n');
    expect(grid[1]).toMatch(/^\|  P  \|.*\|  P  \|$/);
    expect(grid.map((l) => l.length)).toEqual(grid.map(() => 58));
  });
});

describe("the Dragon's Lair table at 40 columns", () => {
  it('gives each player two lines, name then cards and game coins, none left on a line of its own', () => {
    const { state } = startGame(['Ana', 'Bo', 'Cyrillicus'], {
      hands: { Ana: ['10h', '9h', '2c', '4d'], Bo: ['8h', '5d', '7s', 'ac'], Cyrillicus: ['3h', '10d', '9s', '6c'] },
      dragons: ['jc', 'qs'],
      draw: ['2h', '3c', '4s'],
    });
    const text = lairTable(viewFor(state, 'Ana'), T0, tavernWords);
    const lines = shown(text, 40);
    const from = lines.findIndex((l) => l.startsWith('Players, in the order of play'));
    const rows = lines.slice(lines.findIndex((l, i) => i > from && /^ {2}1\./.test(l)), lines.findIndex((l) => l.startsWith('Draw pile')));
    expect(rows).toEqual([
      '  1. Ana (you), the dealer',
      '     4 cards, 0 game coins',
      '  2. Bo',
      '     4 cards, 0 game coins',
      '  3. Cyrillicus',
      '     4 cards, 0 game coins',
    ]);
    // At 80 columns, one row a player, in columns.
    expect(shown(text, 80).join('\n')).toMatch(/\n {2}1\. Ana \(you\) +4 cards +0 game coins {2}\(dealer\)\n {2}2\. Bo +4 cards +0 game coins\n/);
  });
});
