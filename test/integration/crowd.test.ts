/**
 * A crowded room over TCP (issue 15), in a world whose `crowd` setting is 3 so that five players
 * make a crowd: look names a few and counts the rest, look crowd and who name everyone, comings
 * and goings are summarised in the crowd and told one by one in a small room.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_WORLD } from '../../src/server.js';
import { COMINGS_AND_GOINGS, SUMMARY_EVERY_MS } from '../../src/world/comings.js';
import { startTestServer, type TestServer } from '../support/server.js';

let ts: TestServer | undefined;
let dir: string | undefined;
afterEach(async () => {
  await ts?.destroy();
  if (dir) await rm(dir, { recursive: true, force: true });
  ts = dir = undefined;
});

async function crowdWorld(crowd: number): Promise<string> {
  dir = await mkdtemp(join(tmpdir(), 'tavern-crowd-'));
  const world = JSON.parse(await readFile(DEFAULT_WORLD, 'utf8'));
  const file = join(dir, 'world.json');
  await writeFile(file, JSON.stringify({ ...world, settings: { ...world.settings, crowd } }));
  return file;
}

describe('a crowded room', () => {
  it('is looked at in a few names and a count, listed in full by look crowd and who, and hears comings and goings summarised', async () => {
    ts = await startTestServer({ worldFile: await crowdWorld(3) });
    const ana = await ts.login('Ana');
    const bex = await ts.login('Bex');
    await ana.expect('Bex arrives.');
    const cyr = await ts.login('Cyr');
    await ana.expect('Cyr arrives.');

    // The fourth makes a crowd: the summary, not the name.
    const dov = await ts.login('Dov');
    await ana.expect(COMINGS_AND_GOINGS);
    const eli = await ts.login('Eli');
    // Within the period Eli's arrival waits for the summary at its end.
    expect(await ana.command('look')).toMatch(/^Bex, Cyr, Dov and 1 other are here\. \(look crowd names everyone\.\)$/m);
    ts.clock.advance(SUMMARY_EVERY_MS);
    await ana.expect(COMINGS_AND_GOINGS);
    expect(ana.all).not.toMatch(/Dov arrives|Eli arrives/);

    const look = await eli.command('look');
    expect(look).toMatch(/^Ana, Bex, Cyr and 1 other are here\./m);
    expect(look).not.toMatch(/Dov/);
    expect(look).toMatch(/Exits:/);
    expect(await eli.command('look crowd')).toBe('4 others are here: Ana, Bex, Cyr and Dov.');
    expect(await eli.command('who here')).toBe('4 others are here: Ana, Bex, Cyr and Dov.');
    const who = await eli.command('who');
    expect(who).toMatch(/^5 in /);
    for (const name of ['Ana', 'Bex', 'Cyr', 'Dov', 'Eli']) expect(who).toMatch(new RegExp(`^  ${name} `, 'm'));

    // The room north is small: Cyr hears Dov come in by name, and Dov leave again.
    ts.clock.advance(SUMMARY_EVERY_MS);
    await cyr.command('north');
    await dov.command('north');
    await cyr.expect('Dov arrives from the south.');
    await dov.command('south');
    await cyr.expect('Dov leaves south.');
    // The common room (Ana, Bex, Eli and the comings and goings) heard one summary for Cyr's
    // leaving, and one at the end of the period for Dov's going and coming back.
    await ana.expect(COMINGS_AND_GOINGS);
    ts.clock.advance(SUMMARY_EVERY_MS);
    await ana.expect(COMINGS_AND_GOINGS);
    expect(ana.all).not.toMatch(/Cyr leaves|Dov leaves|Dov arrives/);
    expect(bex.all).not.toMatch(/Cyr leaves|Dov leaves|Dov arrives/);

    // Down to three in the common room: Eli's quitting is named again.
    await dov.command('north');
    ts.clock.advance(SUMMARY_EVERY_MS);
    await ana.expect(COMINGS_AND_GOINGS);
    await eli.quit();
    await ana.expect('Eli leaves.');
  });
});
