import { afterEach, describe, expect, it } from 'vitest';
import { COMINGS_AND_GOINGS, seatsComeAndGo, SUMMARY_EVERY_MS } from '../../src/world/comings.js';
import { parseWorld } from '../../src/world/world.js';
import { testTavern, type TestTavern } from '../support/tavern.js';

const NAMES = ['Ana', 'Bex', 'Cyr', 'Dov', 'Eli', 'Fay'];

describe('crowded rooms', () => {
  let t: TestTavern;
  afterEach(() => t.destroy());

  /** The common room with `n` of NAMES in it (crowd 3: four or more make a crowd). */
  async function room(n: number) {
    t = await testTavern({ crowd: 3 });
    const people = [];
    for (const name of NAMES.slice(0, n)) people.push(await t.enter(name));
    // A quiet spell: whatever the crowd heard of these arrivals is behind them.
    t.clock.advance(2 * SUMMARY_EVERY_MS);
    await t.tavern.release();
    for (const p of people) p.session.take();
    return people;
  }

  it('looks as before while the room holds no more than the crowd setting', async () => {
    const [ana] = await room(3);
    await t.tavern.handleLine(ana.player, 'look');
    const text = ana.session.take();
    expect(text).toMatch(/^Bex is here\.$/m);
    expect(text).toMatch(/^Cyr is here\.$/m);
    expect(text).not.toMatch(/others/);
  });

  it('names the first few who came and counts the rest in a crowd; look crowd and who here name everyone', async () => {
    const people = await room(6);
    const fay = people[5];
    await t.tavern.handleLine(fay.player, 'look');
    const text = fay.session.take();
    expect(text).toMatch(/^Ana, Bex, Cyr and 2 others are here\. \(look crowd names everyone\.\)$/m);
    expect(text).not.toMatch(/Dov|Eli/);
    expect(text).toMatch(/Exits:/);

    // The viewer is never among the names or the count.
    await t.tavern.handleLine(people[0].player, 'look');
    expect(people[0].session.take()).toMatch(/^Bex, Cyr, Dov and 2 others are here\./m);

    await t.tavern.handleLine(fay.player, 'look crowd');
    expect(fay.session.take()).toMatch(/^5 others are here: Ana, Bex, Cyr, Dov and Eli\.$/m);
    await t.tavern.handleLine(fay.player, 'who here');
    expect(fay.session.take()).toMatch(/^5 others are here: Ana, Bex, Cyr, Dov and Eli\.$/m);
    await t.tavern.handleLine(fay.player, 'who there');
    expect(fay.session.take()).toMatch(/Usage: who \[here\]/);
  });

  it('counts the lost in thought apart, and names where people sit in look crowd', async () => {
    const people = await room(6);
    const [ana, bex] = people;
    await t.tavern.handleLine(bex.player, 'sit sand');
    t.tavern.connectionLost(bex.player);
    await t.tavern.handleLine(people[2].player, 'sit sand');
    ana.session.take();
    await t.tavern.handleLine(ana.player, 'look');
    const text = ana.session.take();
    expect(text).toMatch(/^Cyr, Dov, Eli and 1 other are here\./m);
    expect(text).toMatch(/^Bex sits motionless, lost in thought\.$/m);
    await t.tavern.handleLine(ana.player, 'look crowd');
    const all = ana.session.take();
    expect(all).toMatch(/4 others are here: Cyr \(at the sand table\), Dov, Eli and Fay\./);
    expect(all).toMatch(/Lost in thought: Bex\./);
  });

  it('looks at a player called Crowd, not the list, when one is here (who here still lists everyone)', async () => {
    await room(4);
    const crowd = await t.enter('Crowd');
    const ana = [...t.tavern.whereabouts.present(t.tavern.world.start)][0];
    const session = ana.session as unknown as { take(): string };
    session.take();
    await t.tavern.handleLine(ana, 'look crowd');
    expect(session.take()).toMatch(/^Crowd is a traveller of the wastes/);
    await t.tavern.handleLine(ana, 'who here');
    expect(session.take()).toMatch(/4 others are here: Bex, Cyr, Dov and Crowd\./);
    // Elsewhere, Crowd is not here: the word lists the room again.
    await t.tavern.handleLine(crowd.player, 'north');
    await t.tavern.handleLine(ana, 'look crowd');
    expect(session.take()).toMatch(/^3 others are here: Bex, Cyr and Dov\.$/);
  });

  it('tells a small room each arrival and departure as it happens', async () => {
    const [ana, bex] = await room(2);
    await t.tavern.handleLine(bex.player, 'north');
    expect(ana.session.take()).toBe('Bex leaves north.');
    const cyr = await t.enter('Cyr');
    expect(ana.session.take()).toBe('Cyr arrives.');
    await t.tavern.handleLine(cyr.player, 'quit');
    expect(ana.session.take()).toBe('Cyr leaves.');
    await t.tavern.handleLine(bex.player, 'south');
    expect(ana.session.take()).toBe('Bex arrives from the north.');
  });

  it('summarises comings and goings in a crowd: at once after a quiet spell, then at most once per period, none lost', async () => {
    const people = await room(4);
    const ana = people[0];
    const { tavern, clock } = t;
    // The fifth arrives: the crowd hears the summary at once, not the name.
    const eli = await t.enter('Eli');
    expect(ana.session.take()).toBe(COMINGS_AND_GOINGS);
    expect(eli.session.take()).not.toMatch(/come and go/);
    // More within the period: nothing now...
    await tavern.handleLine(eli.player, 'north');
    await tavern.handleLine(people[1].player, 'quit');
    await t.enter('Fay');
    expect(ana.session.take()).toBe('');
    // ...and one summary at the end of it, for all of them.
    clock.advance(SUMMARY_EVERY_MS - 1);
    await tavern.release();
    expect(ana.session.take()).toBe('');
    clock.advance(1);
    await tavern.release();
    expect(ana.session.take()).toBe(COMINGS_AND_GOINGS);
    clock.advance(SUMMARY_EVERY_MS * 3);
    await tavern.release();
    expect(ana.session.take()).toBe('');
    // After a quiet spell the next movement is told at once again.
    await tavern.handleLine(people[2].player, 'east');
    expect(ana.session.take()).toBe(COMINGS_AND_GOINGS);
    // The room Eli walked into is small: it heard Eli by name.
    expect(eli.session.told.join('\n')).not.toMatch(/come and go/);
  });

  it('counts the one leaving: the fourth of a crowd of 3 leaving is summarised, the third is named', async () => {
    const people = await room(4);
    const [ana, , , dov] = people;
    await t.tavern.handleLine(dov.player, 'quit');
    expect(ana.session.take()).toBe(COMINGS_AND_GOINGS);
    t.clock.advance(SUMMARY_EVERY_MS);
    await t.tavern.handleLine(people[2].player, 'north');
    expect(ana.session.take()).toBe('Cyr leaves north.');
  });
  it('summarises seats taken and left at a table in a crowd, apart from the comings and goings; a small room hears each', async () => {
    const people = await room(5);
    const [ana, bex, cyr] = people;
    const { tavern, clock } = t;
    const summary = seatsComeAndGo('the sand table');
    expect(summary).toBe('Players come and go at the sand table.');
    await tavern.handleLine(bex.player, 'sit sand');
    expect(bex.session.take()).toMatch(/You take a seat at the sand table\./);
    // (Spice Run's own line follows: a table of two seats says who waits for a game.)
    expect(ana.session.take()).toMatch(/^Players come and go at the sand table\.\nBex waits at the sand table/);
    // Within the period: nothing now, one summary at its end for both; an arrival meanwhile has its own.
    await tavern.handleLine(cyr.player, 'sit sand');
    await tavern.handleLine(bex.player, 'stand');
    await t.enter('Fay');
    // (The game's own lines go on: Spice Run began and ended with the two seats.)
    const meanwhile = ana.session.take();
    expect(meanwhile).not.toMatch(/takes a seat|stands up|come and go at/);
    expect(meanwhile).toMatch(/^Many travellers come and go\.$/m);
    clock.advance(SUMMARY_EVERY_MS);
    await tavern.release();
    expect(ana.session.take()).toMatch(/^Players come and go at the sand table\.$/m);
    expect(bex.session.take()).toMatch(/^Players come and go at the sand table\.$/m);

    // Back to a small room: each seat by name, at once. (Cyr kept the seat when Bex left, waiting for another player.)
    await tavern.handleLine(cyr.player, 'stand');
    for (const p of people.slice(3)) await tavern.handleLine(p.player, 'north');
    await tavern.handleLine(ana.player, 'north');
    clock.advance(SUMMARY_EVERY_MS);
    await tavern.release();
    cyr.session.take();
    await tavern.handleLine(bex.player, 'sit sand');
    expect(cyr.session.take()).toMatch(/^Bex takes a seat at the sand table\.$/m);
    await tavern.handleLine(bex.player, 'stand');
    expect(cyr.session.take()).toBe('Bex stands up from the sand table.');
  });

  it("gives the world's crowd to Lich Bones unless the table sets its own: past it Dreaven welcomes a sitter and calls a bet to them alone", async () => {
    const people = await room(6);
    const [ana] = people;
    const { tavern } = t;
    for (const p of people) await tavern.handleLine(p.player, 'north');
    t.clock.advance(2 * SUMMARY_EVERY_MS);
    await tavern.release();
    for (const p of people.slice(1, 5)) await tavern.handleLine(p.player, 'sit bones');
    await tavern.handleLine(people[1].player, 'start');
    for (const p of people) p.session.take();
    await tavern.handleLine(people[1].player, 'bet hero 5000');
    expect(people[1].session.take()).toMatch(/Dreaven takes your 5,000 obsidian coins on HERO\./);
    expect(ana.session.take()).not.toMatch(/chalks up|5,000/);
    // A quiet spell for the seats: the four sitting down were told at the end of theirs.
    t.clock.advance(2 * SUMMARY_EVERY_MS);
    await tavern.release();
    expect(ana.session.take()).toMatch(/^Players come and go at the bones table\.$/m);
    await tavern.handleLine(people[5].player, 'sit bones');
    expect(people[5].session.take()).toMatch(/Dreaven makes room for you: "Join the fight!/);
    const room5 = ana.session.take();
    expect(room5).not.toMatch(/makes room/);
    expect(room5).toBe(seatsComeAndGo('the bones table'));
  });

  it("tells a bettor who stands up in a crowd, alone, that their bets stay; a small table hears it of them", async () => {
    const people = await room(6);
    const [ana, bex, cyr] = people;
    const { tavern } = t;
    for (const p of people) await tavern.handleLine(p.player, 'north');
    for (const p of people.slice(1)) await tavern.handleLine(p.player, 'sit bones');
    await tavern.handleLine(bex.player, 'start');
    await tavern.handleLine(bex.player, 'bet hero 5000');
    await tavern.handleLine(cyr.player, 'bet hero 5000');
    const eli = people[4];
    await tavern.handleLine(eli.player, 'bet hero 5000');
    for (const p of people) p.session.take();
    // Five seated, a crowd of 3: Bex leaving leaves four, still a crowd.
    await tavern.handleLine(bex.player, 'stand');
    expect(bex.session.take()).toMatch(/^Your bets stay on the table; Dreaven will settle them as usual\.$/m);
    expect(ana.session.take()).not.toMatch(/bets stay/);
    expect(people[5].session.take()).not.toMatch(/bets stay/);
    // Eli leaving four is counted with the four, as the seats' summary counts them: still a crowd.
    await tavern.handleLine(eli.player, 'stand');
    expect(eli.session.take()).toMatch(/^Your bets stay on the table/m);
    expect(ana.session.take()).not.toMatch(/bets stay/);
    // Cyr leaving two: no longer a crowd, so the room hears it of Cyr.
    await tavern.handleLine(people[3].player, 'stand');
    await tavern.handleLine(cyr.player, 'stand');
    expect(ana.session.take()).toMatch(/^Cyr's bets stay on the table; Dreaven will settle them as usual\.$/m);
    expect(cyr.session.take()).toMatch(/^Your bets stay on the table/m);
  });

  it("lets a Lich Bones table's own crowd setting win over the world's", async () => {
    t = await testTavern({ crowd: 3 }, { tableSettings: { 'bones-table': { crowd: 10 } } });
    const people = [];
    for (const name of NAMES.slice(0, 5)) people.push(await t.enter(name));
    for (const p of people) await t.tavern.handleLine(p.player, 'north');
    for (const p of people.slice(1)) await t.tavern.handleLine(p.player, 'sit bones');
    await t.tavern.handleLine(people[1].player, 'start');
    people[0].session.take();
    await t.tavern.handleLine(people[1].player, 'bet hero 5000');
    // Four seated, more than the world's 3 but not the table's 10: the bet is called to the room.
    expect(people[0].session.take()).toMatch(/Dreaven chalks up 5,000 obsidian coins from Bex on HERO\./);
  });
});

describe('the crowd setting', () => {
  const world = (settings: unknown) => ({ start: 'a', rooms: [{ id: 'a', name: 'A', description: 'x' }], settings });

  it('is read from the world, and refused unless a whole number of 1 or more', () => {
    expect(parseWorld(world({ crowd: 50 })).settings.crowd).toBe(50);
    expect(parseWorld(world({})).settings.crowd).toBeUndefined();
    expect(() => parseWorld(world({ crowd: 0 }))).toThrow(/crowd must be a whole number, 1 or more/);
    expect(() => parseWorld(world({ crowd: 2.5 }))).toThrow(/crowd must be a whole number/);
    expect(() => parseWorld(world({ crowds: 5 }))).toThrow(/"crowds" is not a setting \(known: createsPerHour, crowd, connectionsPerAddress, greetingLimit, talkPerSecond, linesEverySeconds, storyPauseSeconds\)/);
  });
});
