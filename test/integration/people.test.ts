import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { worldWithCup } from '../fixtures/high-roll/world.js';
import { highRoll } from '../fixtures/high-roll/game.js';
import { chooser, playDragonsLair, SecretWatch, type Seat } from '../support/table-play.js';

/**
 * The people who live in the tavern, over telnet: asked about things (a story told a line at a
 * time on the tavern's clock), answering a social, and the room's timed lines at the host's
 * rate, which keep quiet while a table there is at a moment its world data calls quiet.
 */

let ts: TestServer;
afterEach(async () => {
  await ts?.destroy();
});

describe('the people of the tavern', () => {
  it('answer what they are asked, or say what they say to anything else; the room hears both', async () => {
    ts = await startTestServer();
    const ana = await ts.login('Ana');
    const bex = await ts.login('Bex');
    expect(await ana.command('ask sarra about the ale')).toBe(
      'You ask Sarra about the ale.\r\nSarra snorts. "Kank milk, left to think about itself for a month in the cellar. Don\'t ask what else. Five coins a jug."',
    );
    await bex.expect('Ana asks Sarra about the ale.\r\nSarra snorts.');
    expect(await ana.command('ask barkeep what time it is?')).toBe('You ask Sarra about what time it is.\r\nSarra looks at Ana for a long moment. "I pour drinks, friend. Ask Kesh if you want stories."');
    expect(await ana.command('ask sootpaw about mice')).toMatch(/Sootpaw regards Ana with boundless contempt/);
    expect(await ana.command('ask kesh')).toBe('Ask Kesh about what? (ask kesh about <topic>)');
    // Asked by more than one word of who they are, as a roleplayer writes it.
    expect(await ana.command('ask the spice hunter about the grid')).toMatch(/^You ask Kesh about the grid\.\r\nKesh taps the grid/);
    expect(await ana.command('ask old kesh')).toBe('Ask Kesh about what? (ask kesh about <topic>)');
    expect(await ana.command('ask kesh about')).toBe('Ask Kesh about what? (ask kesh about <topic>)');
    expect(await ana.command('ask the tall ghost about dice')).toBe('There is nobody called "the tall ghost" here to ask.');
    expect(await ana.command('look the spice hunter')).toMatch(/^Kesh is so old/);
    expect(await ana.command('ask bex about dice')).toBe('Ask Bex yourself: say it, or whisper it.');
    expect(await ana.command('ask dreaven about dice')).toBe('There is nobody called "dreaven" here to ask.');
    expect(await ana.command('ask')).toBe('Usage: ask <someone> about <topic>');
  });

  it('tell a story a line at a time on the tavern\'s clock, and ask the room to wait for the end of it', async () => {
    ts = await startTestServer();
    const ana = await ts.login('Ana');
    const bex = await ts.login('Bex');
    expect(await ana.command('ask kesh about the storm')).toMatch(/^You ask Kesh about the storm\.\r\nKesh sets down his cup and looks at Ana for a long moment\. "The storm\. Aye\. Sit, then\."$/);
    expect(await bex.command('ask kesh about spice')).toBe('Kesh is in the middle of a story; listen, or ask again when it is told.');
    ts.clock.advance(5000);
    await bex.expect('"Forty years back, seven of us went out past the Bitter Well');
    ts.clock.advance(15_000);
    await bex.expect('That\'s why we play for squares in the sand, boy. The sand decides. It always did."');
    expect(await bex.command('ask kesh about spice')).toMatch(/^You ask Kesh about spice\.\r\nKesh taps the grid scratched in the floor/);
  });

  it('answer a social done at them in their own way', async () => {
    ts = await startTestServer();
    const ana = await ts.login('Ana');
    const bex = await ts.login('Bex');
    expect(await ana.command('pet cat')).toBe('You reach out and pet Sootpaw.\r\nSootpaw arches under Ana\'s hand and purrs like a distant sandstorm.');
    await bex.expect('Ana reaches out and pets Sootpaw.\r\nSootpaw arches under Ana\'s hand');
    expect(await ana.command('bow kesh')).toBe('You bow to Kesh.\r\nKesh inclines his head to Ana, slow as a dune moving.');
    expect(await ana.command('nod sarra')).toBe('You nod at Sarra.\r\nSarra ignores Ana and goes on polishing a jug.');
    expect(await ana.command('pet bex')).toBe('You reach out and pet Bex.');
    await bex.expect('Ana reaches out and pets you.');
  });

  it('fill a room with timed lines at the host\'s rate, and keep quiet while its table is at a moment the world calls quiet', async () => {
    const world = worldWithCup() as { rooms: { id: string; lines?: string[]; tables?: { quiet?: string[] }[] }[] };
    const roof = world.rooms.find((r) => r.id === 'roof')!;
    roof.lines = ['A kite wheels overhead.'];
    roof.tables![0].quiet = ['anting'];
    ts = await startTestServer({ world, moreGames: [highRoll], settings: { linesEverySeconds: 10 } });
    const ana = await ts.login('Ana');
    const bex = await ts.login('Bex');
    for (const c of [ana, bex]) await c.command('up');
    const kites = () => bex.all.split('A kite wheels overhead.').length - 1;
    ts.clock.advance(16_000);
    await bex.expect('A kite wheels overhead.');
    await ana.command('sit cup');
    expect(await ana.command('ante')).toMatch(/You put 25 obsidian coins in the pot/);
    const before = kites();
    ts.clock.advance(600_000);
    await bex.command('look');
    expect(kites()).toBe(before); // ten minutes of a pot waiting to be thrown for, and not a word from the sky
    await ana.command('stand');
    ts.clock.advance(16_000);
    await bex.expect('A kite wheels overhead.');
  });

  it("keep the card room quiet while a Dragon's Lair split is being agreed there, and talk again after", async () => {
    ts = await startTestServer({ seed: 3, settings: { linesEverySeconds: 2 } });
    const seats: Seat[] = [];
    for (const name of ['Ana', 'Bob', 'Cyd']) {
      const client = await ts.login(name);
      await client.command('east');
      await client.command('sit lair');
      seats.push({ name, client });
    }
    const dee = await ts.login('Dee');
    await dee.command('east');
    const card = ts.server.tavern.world.rooms.get('card-room')!.lines;
    const heard = () => card.reduce((n, line) => n + dee.all.split(line).length - 1, 0);
    ts.clock.advance(10_000);
    await dee.command('look');
    expect(heard()).toBeGreaterThan(0); // a card room with people in it hears its lines
    await seats[0].client.command('start');
    let quiet = 0;
    const lapse = async () => {
      const before = heard();
      for (let s = 0; s < 9; s++) ts.clock.advance(1000); // nine of the ten seconds to agree: not a word
      await dee.command('look');
      expect(heard()).toBe(before);
      ts.clock.advance(1000);
      await dee.expect(/Time is up without an agreement/);
      quiet++;
    };
    await playDragonsLair(seats, new SecretWatch(seats), { table: 'lair', look: 'look lair', pick: chooser(3), lapse });
    expect(quiet).toBeGreaterThan(0);
    const after = heard();
    ts.clock.advance(10_000);
    await dee.command('look');
    expect(heard()).toBeGreaterThan(after);
  }, 60_000);
});
