import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DealerPlayer, obsidianSpeech, purses, readBooks, runDealer, type DealerRun } from '../support/dealer.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { toldCoins } from '../support/table-play.js';

/**
 * The dealer in this project's own server (the `obsidian` profile), as a character of the tavern
 * whose name is none the tavern keeps for itself: players whisper to it from their own
 * connections (`whisper croupier hero 10`) and it deals Lich Bones in the common room, beside
 * the tavern's own tables. Every purse is the dealer's books, checked against what it told each
 * player after every step.
 */

describe('the dealer in the obsidian tavern', () => {
  let server: TestServer;
  let work: string;
  let dealer: DealerRun | null = null;

  beforeAll(async () => {
    server = await startTestServer();
    work = mkdtempSync(join(tmpdir(), 'dealer-obsidian-'));
    // The dealer's character, made as any player's is; the dealer takes it over when it logs in.
    (await server.login('Croupier', 'secret123')).close();
  }, 60_000);

  afterAll(async () => {
    await dealer?.stop();
    await server?.destroy();
    rmSync(work, { recursive: true, force: true });
  });

  it('deals a whole game of Lich Bones to players who whisper to it; every purse as told, and the house pays what they gain', async () => {
    const data = join(work, 'bones');
    const settings = join(work, 'bones.json');
    writeFileSync(settings, JSON.stringify({ rounds: 2, minBet: 10, handout: 100, heroBonus: 10 }));
    dealer = runDealer(['--mud', `127.0.0.1:${server.port}`, '--profile', 'obsidian', '--character', 'Croupier', '--data', data, '--lines-per-second', '50', '--settings', settings, '--seed', '3'], 'secret123');
    await dealer.dealing();
    const seats = await Promise.all(['Ana', 'Bob'].map(async (n) => new DealerPlayer(n, await server.login(n), 'Croupier', obsidianSpeech)));
    const [ana, bob] = seats;
    expect(await ana.command('gold')).toMatch(/You have 1,000 gold/);
    for (const p of seats) expect(await p.command('sit')).toMatch(/You take a seat at the bones table/);
    // The room hears the table as the dealer's own speech: it begins with the dealer's name.
    await bob.sync();
    expect(bob.all).toMatch(/^Ana takes a seat at the bones table\.$/m);
    expect(bob.raw).toMatch(/Croupier says, 'Ana takes a seat at the bones table\.'/);
    const started = await ana.command('start');
    expect(started).toMatch(/Croupier hands 100 gold to each of you and Bob\./);
    await purses(data, 'Croupier', seats);
    for (let round = 1; !/Lich Bones is over/.test(ana.all); round++) {
      expect(round).toBeLessThan(10);
      await ana.command('hero 10');
      if (!/on LICH/.test(await bob.command('gold'))) expect(await bob.command('20 lich')).toMatch(/Croupier takes your 20 gold on LICH/);
      await purses(data, 'Croupier', seats);
      const hero = /HERO: (\w+)/.exec(await ana.command('look table'))![1];
      expect(await (hero === 'Ana' ? ana : bob).command('roll dice bones')).toMatch(/You throw/);
      await purses(data, 'Croupier', seats);
    }
    const gained = (await purses(data, 'Croupier', seats)).reduce((a, b) => a + b, 0) - 2000;
    expect(gained).toBe(seats.reduce((n, p) => n + toldCoins(p.all, 'gold', 'Croupier'), 0));
    expect(readBooks(data).balances.house ?? 0).toBe(-gained);
    // A tell from afar is answered, but only with what anyone may ask.
    ana.client.send('tell croupier stand');
    await ana.client.expect(/Croupier tells you, 'Only in the room where I deal/);
  }, 120_000);
});
