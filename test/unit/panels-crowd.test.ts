import { afterEach, describe, expect, it } from 'vitest';
import { CROWD_STATE_EVERY_MS } from '../../src/world/panels.js';
import { recordingSession, testTavern, type TestTavern } from '../support/tavern.js';

/** How many Table.State messages a session has had, and the bets the last one showed. */
function states(session: ReturnType<typeof recordingSession>) {
  const all = session.gmcpTold.filter((m) => m.name === 'Table.State');
  const last = all.at(-1)?.data as { bets?: unknown[] } | undefined;
  return { count: all.length, bets: last?.bets?.length ?? 0 };
}

describe('Table.State at a crowded Lich Bones table', () => {
  let t: TestTavern;
  afterEach(() => t.destroy());

  async function bonesTable(players: number, crowd: number) {
    t = await testTavern({ crowd });
    const seated = [];
    for (let i = 0; i < players; i++) {
      const { player, session } = await t.enter(`Bettor${String.fromCharCode(97 + i)}`, recordingSession({ gmcp: true }));
      await t.tavern.handleLine(player, 'north');
      await t.tavern.handleLine(player, 'sit bones');
      seated.push({ player, session });
    }
    await t.tavern.handleLine(seated[0].player, 'start');
    return seated;
  }

  it('goes to the whole room after each bet while the room is small', async () => {
    const seated = await bonesTable(3, 20);
    const before = seated.map((s) => states(s.session).count);
    await t.tavern.handleLine(seated[1].player, 'bet hero 5000');
    expect(seated.map((s, i) => states(s.session).count - before[i])).toEqual([1, 1, 1]);
    expect(states(seated[2].session).bets).toBe(1);
  });

  it('in a crowd, goes to the bettor at once and to the room at most once a second, with every bet made meanwhile', async () => {
    const seated = await bonesTable(5, 3);
    const before = seated.map((s) => states(s.session).count);
    const [ana, bex, cyr, dov] = seated;
    await t.tavern.handleLine(bex.player, 'bet hero 5000');
    await t.tavern.handleLine(cyr.player, 'bet lich 5000');
    expect(bex.session.take()).toMatch(/Dreaven takes your 5,000 obsidian coins on HERO\./);
    const now = seated.map((s, i) => states(s.session).count - before[i]);
    expect(now).toEqual([0, 1, 1, 0, 0]);
    expect(states(cyr.session).bets).toBe(2);

    t.clock.advance(CROWD_STATE_EVERY_MS - 1);
    await t.tavern.release();
    expect(states(ana.session).count - before[0]).toBe(0);
    t.clock.advance(1);
    await t.tavern.release();
    expect(seated.map((s, i) => states(s.session).count - before[i])).toEqual([1, 2, 2, 1, 1]);
    expect(states(dov.session).bets).toBe(2);
    // Nothing more is due: no state goes out again without a change.
    t.clock.advance(10 * CROWD_STATE_EVERY_MS);
    await t.tavern.release();
    expect(states(ana.session).count - before[0]).toBe(1);
  });

  it('in a crowd, goes to everyone at once with a change that concerns everyone, and the pending one is dropped', async () => {
    const seated = await bonesTable(5, 3);
    const [ana, bex] = seated;
    await t.tavern.handleLine(bex.player, 'bet hero 5000');
    const before = states(ana.session).count;
    // A sixth player sits: the players list changed for everyone, the bet with it.
    const { player: eli } = await t.enter('Eli', recordingSession({ gmcp: true }));
    await t.tavern.handleLine(eli, 'north');
    await t.tavern.handleLine(eli, 'sit bones');
    expect(states(ana.session)).toEqual({ count: before + 1, bets: 1 });
    t.clock.advance(CROWD_STATE_EVERY_MS);
    await t.tavern.release();
    expect(states(ana.session).count).toBe(before + 1);
  });
});
