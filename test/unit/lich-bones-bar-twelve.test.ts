import { describe, expect, it } from 'vitest';
import { oddsTable, frac } from '../../src/games/lich-bones/odds.js';
import { DEFAULT_SETTINGS } from '../../src/games/lich-bones/state.js';
import { diceValues, fixedRandom } from '../../src/games/random.js';
import { escrow, house } from '../../src/games/rules.js';
import { Table, plain } from '../support/lich-bones-play.js';
import { help } from '../../src/games/lich-bones/help.js';
import { tavernWords } from '../../src/output/words.js';

/**
 * Bar 12, the house rule for real coins (docs/dealer.md, "Purse mode"): a LICH bet placed before
 * the opening roll neither wins nor loses on a 12 there and stays, as craps' don't-pass does, so
 * that LICH too has a house edge.
 */

const barred = { ...DEFAULT_SETTINGS, minBet: 10, earlyBonusPercent: 0, heroBonus: 0, handout: 0, barTwelve: 1 };

describe('Lich Bones with 12 barred', () => {
  it('leaves a LICH bet on the table on a 12 at the opening roll, and takes the HERO bet', () => {
    const t = Table.started(['Ana', 'Bo'], 0, barred).bet('Ana', 'hero 100').bet('Bo', 'lich 100');
    t.do({ type: 'roll', player: 'Ana' }, fixedRandom([...diceValues(6, 6), 0]));
    expect(plain(t.moves)).toEqual([{ from: escrow('Ana'), to: house, amount: 100 }]);
    expect(t.events).toContainEqual(expect.objectContaining({ type: 'settled', result: 'barred', lost: 0, winnings: 0 }));
    expect(t.state.bets.map((b) => `${b.owner} ${b.spec.kind} ${b.amount}`)).toEqual(['Bo lich 100']);
  });

  it('pays LICH on a 2 or 3 as before, and on a 12 where nothing is barred', () => {
    const t = Table.started(['Ana', 'Bo'], 0, barred).bet('Ana', 'hero 100').bet('Bo', 'lich 100');
    t.do({ type: 'roll', player: 'Ana' }, fixedRandom([...diceValues(1, 2), 0]));
    expect(t.state.bets).toEqual([]);
    const open = Table.started(['Ana', 'Bo'], 0, { ...barred, barTwelve: 0 }).bet('Bo', 'lich 100');
    open.do({ type: 'roll', player: 'Ana' }, fixedRandom([...diceValues(6, 6), 0]));
    expect(open.state.bets).toEqual([]);
  });

  it('gives LICH a house edge in help odds: decided by every throw but the 12, it loses 1.40 % a decision', () => {
    const row = oddsTable(barred).find((r) => r.label === 'LICH before opening roll')!;
    expect(row).toMatchObject({ payout: '1:1, 12 barred', win: frac(8541, 17325), expected: frac(-243, 17325) });
    const hero = oddsTable(barred).find((r) => r.label === 'HERO before opening roll')!;
    expect(hero.expected).toEqual(frac(-7, 495));
  });

  it('is told in the help as it is played: no hand-outs or early bonus promised, the barred 12 said, one round in the singular', () => {
    const text = help({ ...barred, rounds: 1 }, tavernWords);
    expect(text).toContain('1 round a game');
    expect(text).toContain('The house hands out nothing here: every coin at this table is bet, won and lost.');
    expect(text).toContain('2, 3 or 12 and the LICH wins (but a LICH bet neither wins nor loses on that 12: it stays);');
    expect(text).toContain("hero (pass), lich (don't pass): 1:1; one side only.");
    expect(text).not.toMatch(/gets 0|plus 0%/);
    // The tavern's own table still tells its hand-outs and bonus.
    const tavern = help(DEFAULT_SETTINGS, tavernWords);
    expect(tavern).toMatch(/Everyone seated when a game starts gets 20,000 obsidian coins[^]*the HERO gets 1,000 obsidian coins at every opening attack roll\. The house pays/);
    expect(tavern).toContain('2, 3 or 12 and the LICH wins; any other number');
    expect(help({ ...DEFAULT_SETTINGS, handout: 0 }, tavernWords)).toMatch(/^The HERO gets 1,000 obsidian coins at every opening attack roll\. The house pays/m);
  });

  it('is told by a dealer in another MUD as it is played there: every verb whispered, nothing typed at a table, no quotes inside the quotes a MUD whispers in', () => {
    const whispered = { ...tavernWords, dealer: 'Croupier', whisper: (dealer: string, text: string) => `whisper ${dealer}=${text}`, whisperedOnly: true };
    const text = help(DEFAULT_SETTINGS, whispered);
    for (const verb of ['start', 'roll', 'hero 5000', '5000 lich', 'attack 4 5000', 'gold', 'help odds']) expect(text).toContain(`whisper Croupier=${verb}`);
    expect(text).toContain('Bets (minimum 5,000), whispered to Croupier, amount first or last:');
    expect(text).not.toMatch(/typed at the table|\(or gold\)|roll dice|"/);
    // The tavern's, where its dealer also takes bets by whisper: either way.
    const tavern = help(DEFAULT_SETTINGS, { ...whispered, whisperedOnly: false });
    expect(tavern).toContain('whispered to Croupier or typed at the table');
    expect(tavern).toContain('bet attack 4 5000');
  });
});
