import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import type { TestClient } from '../support/client.js';

/**
 * Tried as an abuser would (docs/rulings.md, "Where coins come from"): every way round the tables
 * that a lone player can try, with the admin's audit as the judge of where the coins came from.
 */

let ts: TestServer | undefined;
afterEach(async () => {
  await ts?.destroy();
  ts = undefined;
});

const num = (text: string) => Number(text.replace(/,/g, ''));

async function coins(c: TestClient): Promise<number> {
  return num(/carrying ([\d,]+) obsidian coins/.exec(await c.command('i'))![1]);
}

/** What the house has put into the world, by the admin's audit (which must add up). */
async function fromHouse(admin: TestClient): Promise<number> {
  const audit = await admin.command('audit');
  expect(audit).toMatch(/^The books add up/);
  return num(/The house has put ([\d,]+) obsidian coins? into the world/.exec(audit)![1]);
}

/** The HERO, alone at the table, rolls until the game is over. */
async function rollOut(c: TestClient): Promise<string> {
  let story = '';
  for (let i = 0; i < 40 && !/Lich Bones is over/.test(story); i++) story += await c.command('roll dice bones');
  expect(story).toMatch(/Lich Bones is over/);
  return story;
}

describe('no coins from nothing', () => {
  it('the hand-out cool-downs survive a restart', async () => {
    ts = await startTestServer({ seed: 3 });
    let ana = await ts.login('Ana');
    await ana.command('north');
    await ana.command('sit bones');
    expect(await ana.command('start')).toMatch(/Dreaven hands 20,000 obsidian coins to you\./);
    expect(await ana.command('roll dice bones')).toMatch(/Dreaven tosses you, the HERO, a bonus of 1,000 obsidian coins/);
    expect(await coins(ana)).toBe(22_000);

    ts = await ts.restart(); // the same clock: a minute later, not half an hour
    ts.clock.advance(60_000);
    ana = await ts.login('Ana');
    await ana.command('sit bones');
    expect(await ana.command('start')).toMatch(
      /Dreaven tells you: "The house paid you hand-outs at a game of Lich Bones less than 30 minutes ago, so this game pays you none\. It pays you again from \d\d:\d\d by the tavern's clock, in 29 minutes\."/,
    );
    const rolled = await ana.command('roll dice bones');
    expect(rolled).not.toMatch(/tosses you|tells you:/); // no bonus, and told only once
    expect(await coins(ana)).toBe(22_000);

    ts = await ts.restart();
    ts.clock.advance(30 * 60_000);
    ana = await ts.login('Ana');
    await ana.command('sit bones');
    expect(await ana.command('start')).toMatch(/Dreaven hands 20,000 obsidian coins to you\./);
  });

  it('a lone player going round every table, again and again, gets the hand-outs once', async () => {
    ts = await startTestServer({ seed: 5, settings: { admins: ['Host'] } });
    const host = await ts.login('Host');
    const ana = await ts.login('Ana');
    expect(await fromHouse(host)).toBe(0);

    const bonuses: number[] = [];
    for (let lap = 0; lap < 3; lap++) {
      // Spice Run and Dragon's Lair need two: sitting, starting, withdrawing and standing alone moves nothing.
      expect(await ana.command('sit sand')).toMatch(/You take a seat/);
      for (const verb of ['withdraw', 'roll dice sand', 'bet 100', 'play']) await ana.command(verb);
      await ana.command('stand');
      await ana.command('east');
      await ana.command('sit lair');
      for (const verb of ['start', 'hold', 'withdraw']) await ana.command(verb);
      await ana.command('stand');
      await ana.command('west');
      // Lich Bones alone: start, roll the whole game as the HERO, start again, stand, sit.
      await ana.command('north');
      await ana.command('sit bones');
      await ana.command('start');
      const game = await rollOut(ana);
      const paid = game.match(/tosses you, the HERO, a bonus of 1,000/g)?.length ?? 0;
      // The first game pays the bonus at each of its opening rolls; later ones within the cool-down none.
      if (lap === 0) expect(paid).toBe(game.match(/You throw the opening attack roll/g)!.length);
      bonuses.push(paid);
      await ana.command('start');
      await ana.command('stand');
      await ana.command('sit bones');
      await ana.command('stand');
      await ana.command('south');
      ts.clock.advance(60_000);
    }
    expect(bonuses[0]).toBeGreaterThan(1);
    expect(bonuses.slice(1)).toEqual([0, 0]);
    // One start hand-out, one end hand-out and the first game's HERO bonuses, however many laps.
    expect(await fromHouse(host)).toBe(20_000 + 20_000 + bonuses[0] * 1_000);
    expect(await coins(ana)).toBe(1_000 + 40_000 + bonuses[0] * 1_000);
  });

  it('two characters backing both sides before the opening roll are each paid as docs/games.md says (the winner 1:1 plus 10%)', async () => {
    ts = await startTestServer({ seed: 2, settings: { admins: ['Host'] } });
    const host = await ts.login('Host');
    const [ana, bob] = [await ts.login('Ana'), await ts.login('Bob')];
    for (const c of [ana, bob]) {
      await c.command('north');
      await c.command('sit bones');
    }
    await ana.command('start');
    const handedOut = await fromHouse(host); // the start hand-outs
    const heroOf = async () => /HERO: (\w+)/.exec(await ana.command('look bones'))![1];
    let decisions = 0;
    for (let round = 1; round <= 15; round++) { // not the 16th: no end hand-out to count
      const view = await ana.command('look bones');
      if (/next throw: the opening attack roll/.test(view)) {
        await ana.command('bet hero 5000');
        await bob.command('bet lich 5000');
        decisions++;
      }
      await (await heroOf() === 'Ana' ? ana : bob).command('roll dice bones');
    }
    expect(decisions).toBeGreaterThan(3);
    const bonuses = (ana.all + bob.all).match(/tosses you, the HERO, a bonus of 1,000/g)?.length ?? 0;
    // A HERO bonus at every opening roll (this game pays both of them), and each decided fight 500 net: the winner's 10%.
    expect(bonuses).toBe(ana.all.match(/throws? the opening attack roll/g)?.length);
    const wins = (ana.all + bob.all).match(/pays your (HERO|LICH): 5,500 obsidian coins won/g)?.length ?? 0;
    expect(wins).toBeGreaterThanOrEqual(decisions - 1); // the last fight may still be undecided
    expect(await fromHouse(host)).toBe(handedOut + bonuses * 1_000 + wins * 500);
  });
});
