import { afterEach, describe, expect, it } from 'vitest';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_WORLD } from '../../src/server.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { TestClient } from '../support/client.js';
import { listening, run, type Program } from '../support/program.js';
import { rollToPlace } from '../support/spiceRun.js';

let ts: TestServer | undefined;
const cleanup: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  await ts?.destroy();
  ts = undefined;
  for (const f of cleanup.splice(0)) await f();
});

const ADMIN_WORDS = ['announce', 'kick', 'ban', 'unban', 'audit', 'shutdown'];

async function coins(c: TestClient): Promise<number> {
  const m = /carrying ([\d,]+) obsidian coins/.exec(await c.command('i'));
  return Number(m![1].replace(/,/g, ''));
}

describe('admin commands over telnet', () => {
  it('do not exist for anyone else: the ordinary unknown-command answer, and nothing in help', async () => {
    ts = await startTestServer({ settings: { admins: ['Ana'] } });
    const ana = await ts.login('Ana');
    const bob = await ts.login('Bob');
    const unknown = (word: string) => `Unknown command "${word}". Type help for a list of commands.`;
    expect(await bob.command('frobnicate')).toBe(unknown('frobnicate'));
    for (const word of ADMIN_WORDS) {
      expect(await bob.command(`${word} Ana some words`)).toBe(unknown(word));
      expect(await bob.command(word)).toBe(unknown(word));
      expect(await bob.command(`help ${word}`)).toBe(`There is no help on "${word}". Type help for the list.`);
    }
    // Not even by a prefix, nor in an "ambiguous" list.
    expect(await bob.command('shutd')).toBe(unknown('shutd'));
    expect(await bob.command('aud')).toBe(unknown('aud'));
    const bobHelp = await bob.command('help');
    for (const word of ADMIN_WORDS) expect(bobHelp).not.toMatch(new RegExp(`\\b${word}\\b`));
    expect(bobHelp).not.toMatch(/Admin/);
    expect(await coins(bob)).toBe(1_000);
    expect(ts.logs.join('\n')).not.toMatch(/admin Bob/);

    // The admin sees them in help, and must type them in full.
    expect(await ana.command('help')).toMatch(/Admin: +announce, kick, ban, unban, audit, shutdown/);
    expect(await ana.command('help shutdown')).toMatch(/^Usage: shutdown\r?\n/);
    expect(await ana.command('shutd')).toBe(unknown('shutd'));
  });

  it('announce reaches everyone, in every room, as text and as GMCP Comm.Channel.Text', async () => {
    ts = await startTestServer({ settings: { admins: ['Ana'] }, web: {} });
    const ana = await ts.login('Ana');
    const bob = await ts.login('Bob');
    await bob.command('north');
    const cyd = await ts.loginWeb('Cyd');
    expect(await ana.command('announce The caravan leaves at dusk.')).toBe('[Announcement] Ana: The caravan leaves at dusk.');
    await bob.expect('[Announcement] Ana: The caravan leaves at dusk.');
    await cyd.expect('[Announcement] Ana: The caravan leaves at dusk.');
    expect(cyd.gmcp('Comm.Channel.Text')).toContainEqual({ channel: 'announce', talker: 'Ana', text: '[Announcement] Ana: The caravan leaves at dusk.' });
    expect(await ana.command('announce')).toBe('Usage: announce <text>');
    expect(ts.logs).toContain('admin Ana: announced "The caravan leaves at dusk."');
  });

  it('answers kick and ban with one prompt, as every line, the news of the leaving with it', async () => {
    ts = await startTestServer({ settings: { admins: ['Ana'] } });
    const ana = await ts.login('Ana');
    await ts.login('Bob');
    await ts.login('Cyd');
    const prompts = () => ana.commands.filter((x) => x[1] === 249).length;
    for (const [line, said] of [['kick bob', /You throw Bob out of the tavern\.\r?\nBob leaves\./], ['ban cyd cheating', /Cyd is banned \(cheating\), and thrown out\.\r?\nCyd leaves\./]] as const) {
      await ana.command('look');
      const before = prompts();
      expect(await ana.command(line)).toMatch(said);
      // The probe before the next command, and that command: two more prompts, and no stray one.
      await ana.command('look');
      expect(prompts()).toBe(before + 4);
    }
  });

  it('kick closes a connection with a line; a seated player leaves the table as on quit', async () => {
    ts = await startTestServer({ settings: { admins: ['Ana'] } });
    const ana = await ts.login('Ana');
    const bob = await ts.login('Bob');
    const cyd = await ts.login('Cyd');
    // Bob and Cyd play Spice Run; leaving withdraws the game, so every wager goes back.
    expect(await bob.command('sit sand')).toMatch(/You take a seat at the sand table/);
    expect(await cyd.command('sit sand')).toMatch(/A game of Spice Run begins: Bob is Player 1, you are Player 2/);
    await rollToPlace(bob);
    expect(await bob.command('bet 100')).toMatch(/100/);
    expect(await coins(bob)).toBe(900);
    expect(await ana.command('kick nobody')).toBe('There is nobody called "nobody" in the tavern.');
    expect(await ana.command('kick ana')).toBe('To leave, type quit.');
    expect(await ana.command('kick bob')).toMatch(/^You throw Bob out of the tavern\.\r?\n.*Bob's seat at the sand table is empty now/s);
    await bob.expect('Ana has thrown you out of the tavern.');
    await bob.closedSoon();
    await cyd.expect("Bob's seat at the sand table is empty now.");
    expect(await coins(cyd)).toBe(1_000);
    expect(await ana.command('who')).not.toMatch(/Bob/);
    expect(ts.logs).toContain('admin Ana: kicked Bob');
    const bob2 = await ts.login('Bob');
    expect(await coins(bob2)).toBe(1_000);

    // A seat kept after a lost connection is reached by the full name.
    const dee = await ts.login('Dee');
    await dee.command('north');
    await dee.command('sit bones');
    dee.close();
    for (let i = 0; i < 100 && !/Dee +\(lost in thought\)/.test(await ana.command('who')); i++) await new Promise((r) => setTimeout(r, 10));
    expect(await ana.command('kick de')).toBe('There is nobody called "de" in the tavern.');
    expect(await ana.command('kick dee')).toBe('You throw Dee out of the tavern.');
    expect(await ana.command('who')).not.toMatch(/Dee/);
  });

  it('ban keeps a character out, across a restart, until unban; an online one is thrown out', async () => {
    ts = await startTestServer({ settings: { admins: ['Ana'] } });
    const ana = await ts.login('Ana');
    const bob = await ts.login('Bob');
    await ts.login('Cyd');
    expect(await ana.command('ban Zed')).toBe('There is no character called Zed.');
    expect(await ana.command('ban Ana')).toBe('You cannot ban yourself.');
    expect(await ana.command('ban bob cheating at dice')).toMatch(/^Bob is banned \(cheating at dice\), and thrown out\.\r?\nBob leaves\.$/);
    await bob.expect('Ana has banned you from the tavern (cheating at dice).');
    await bob.closedSoon();
    expect(await ana.command('ban Bob')).toMatch(/^Bob is already banned \(by Ana, \d{4}-\d\d-\d\d: cheating at dice\)\.$/);
    expect(await ana.command('ban cyd')).toMatch(/^Cyd is banned, and thrown out\./);

    const refused = async (how: 'connect' | 'prompt') => {
      const c = await ts!.connect();
      if (how === 'connect') {
        c.send('connect Bob secret123');
      } else {
        expect(await c.command('Bob')).toMatch(/Password:/);
        c.send('secret123');
      }
      await c.expect('Bob is banned from the tavern (cheating at dice). Goodbye.');
      await c.closedSoon();
      expect(c.all).not.toMatch(/Exits:/);
    };
    await refused('connect');
    await refused('prompt');
    // The reason is for the owner: a wrong password hears only that.
    const guess = await ts.connect();
    expect(await guess.command('connect Bob wrong-one')).toBe('Wrong password.');

    ts = await ts.restart();
    await refused('connect');
    const ana2 = await ts.login('Ana');
    expect(await ana2.command('unban bob')).toBe('Bob may come back.');
    expect(await ana2.command('unban bob')).toBe('Bob is not banned.');
    ts = await ts.restart();
    await ts.login('Bob');
    await expect(ts.login('Cyd')).rejects.toThrow(/Cyd is banned from the tavern\. Goodbye\./);
    const log = ts.logs.join('\n');
    expect(log).not.toMatch(/admin/); // a new server's own log: the bans came from the store
  });

  it('lets in a banned character the host has since made an admin: the admins list outranks the ban', async () => {
    ts = await startTestServer({ settings: { admins: ['Ana'] } });
    const ana = await ts.login('Ana');
    await ts.login('Bob');
    expect(await ana.command('ban bob spam')).toMatch(/^Bob is banned \(spam\), and thrown out\./);
    await ts.stop();
    ts = await startTestServer({ dataDir: ts.dataDir, settings: { admins: ['Ana', 'Bob'] } });
    const bob = await ts.login('Bob');
    expect(await bob.command('audit')).toMatch(/The books add up/);
    expect(ts.logs.join('\n')).toMatch(/login: bob is banned \(by Ana\) but an admin here, so let in/);
    expect(await bob.command('ban ana')).toBe('Ana is an admin: take them off the admins list first.');
  });

  it('audit checks the books and counts where the coins came from and where they are', async () => {
    ts = await startTestServer({ settings: { admins: ['Ana'] } });
    const ana = await ts.login('Ana');
    const bob = await ts.login('Bob');
    await ts.login('Cyd');
    expect((await ana.command('audit')).replace(/\r\n/g, '\n')).toBe(
      [
        'The books add up: every account balances and all of them together sum to zero, and every thing is in one place.',
        'The mint has put 3,000 obsidian coins into the world (starting purses).',
        'The house has put 0 obsidian coins into the world (hand-outs and winnings, less what it won and what the bar sold).',
        'In purses: 3,000 obsidian coins. On the tables: 0 obsidian coins.',
        // The kitchen yard's dates and the cellar's bottle, stocked at the start.
        'Things carried: 0. On the floors: 4.',
      ].join('\n'),
    );
    await bob.command('north');
    await bob.command('sit bones');
    expect(await bob.command('start')).toMatch(/hands 20,000 obsidian coins to you/);
    expect(await bob.command('bet hero 5000')).toMatch(/takes your 5,000/);
    const audit = await ana.command('audit');
    expect(audit).toMatch(/^The books add up/);
    expect(audit).toMatch(/The house has put 20,000 obsidian coins into the world/);
    expect(audit).toMatch(/In purses: 18,000 obsidian coins\. On the tables: 5,000 obsidian coins\./);
    expect(ts.logs).toContain('admin Ana: audit: the books add up; minted 3000, from the house 20000, in purses 18000, in escrow 5000, things carried 0, on floors 4');
  });

  it('admins can come from the world data', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tavern-world-'));
    cleanup.push(() => rm(dir, { recursive: true, force: true }));
    const world = JSON.parse(await readFile(DEFAULT_WORLD, 'utf8'));
    const worldFile = join(dir, 'world.json');
    await writeFile(worldFile, JSON.stringify({ ...world, admins: ['Bex'] }));
    ts = await startTestServer({ worldFile });
    expect(ts.logs).toContain('admin Bex has no character yet: create it before anyone else takes the name');
    const bex = await ts.login('Bex');
    expect(await bex.command('audit')).toMatch(/^The books add up/);
    const ana = await ts.login('Ana');
    expect(await ana.command('audit')).toBe('Unknown command "audit". Type help for a list of commands.');
  });

  it("refuses to start with an admin no player could be: a reserved word, or one of the world's own people", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tavern-world-'));
    cleanup.push(() => rm(dir, { recursive: true, force: true }));
    const world = JSON.parse(await readFile(DEFAULT_WORLD, 'utf8'));
    const worldFile = join(dir, 'world.json');
    const sable = { name: 'Sable', keywords: ['sable'], short: 'Sable sweeps the floor.', description: 'A quiet sweeper.' };
    world.rooms[0].npcs = [...(world.rooms[0].npcs ?? []), sable];
    await writeFile(worldFile, JSON.stringify({ ...world, admins: ['Staff'] }));
    await expect(startTestServer({ worldFile, settings: { admins: ['Dreaven', 'Sable'] } })).rejects.toThrow(
      "the world's admins: Staff names a character nobody can make: \"Staff\" is reserved; pick another name.; " +
        '--admin: Dreaven names a character nobody can make: "Dreaven" is reserved; pick another name.; ' +
        "--admin: Sable names a character nobody can make: Sable already lives here as one of the tavern's own; pick another name.",
    );
  });
});

describe('shutdown, in the real program', () => {
  it('tells everyone, returns every wager, writes everything and exits 0', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tavern-admin-'));
    cleanup.push(() => rm(dir, { recursive: true, force: true }));
    const programs: Program[] = [];
    cleanup.push(() => programs.forEach((p) => p.child.kill('SIGKILL')));
    const args = ['--port', '0', '--host', '127.0.0.1', '--data', dir, '--creates-per-hour', '0', '--seed', '4'];
    const first = run([...args, '--admin', 'Ana', '--admin', 'Bex']);
    programs.push(first);
    const port = await listening(first);
    const login = async (p: number, name: string) => {
      const c = await TestClient.connect(p);
      await c.nextPrompt();
      let reply = await c.command(`connect ${name} secret123`);
      if (/There is no character/.test(reply)) reply = await c.command(`create ${name} secret123`);
      expect(reply).toMatch(/Exits:/);
      c.inGame = true;
      return c;
    };
    const ana = await login(port, 'Ana');
    const bob = await login(port, 'Bob');
    for (const c of [ana, bob]) {
      await c.command('north');
      await c.command('sit bones');
    }
    expect(await bob.command('start')).toMatch(/hands 20,000 obsidian coins to each of Ana and you/);
    expect(await bob.command('bet lich 7000')).toMatch(/takes your 7,000/);
    expect(await ana.command('bet hero 5000')).toMatch(/takes your 5,000/);
    expect(await coins(bob)).toBe(14_000);
    const waiting = await TestClient.connect(port);
    await waiting.nextPrompt();

    ana.send('shutdown');
    for (const c of [ana, bob]) {
      await c.expect('Ana closes the tavern for the night (the server is shutting down).');
      await c.closedSoon();
    }
    expect(bob.all).toMatch(/Your 7,000 obsidian coins on the bones table come back to you\./);
    expect(ana.all).toMatch(/Your 5,000 obsidian coins on the bones table come back to you\./);
    await waiting.expect('Ana closes the tavern for the night');
    expect(await first.exited).toBe(0);

    const log = await readFile(join(dir, 'server.log'), 'utf8');
    expect(log).toMatch(/admin Ana: shut the server down/);
    expect(log).toMatch(/closing: returned 7000 coins from bones-table to bob/);

    // Everything was written: the next start has nothing to return, and the purses are whole.
    const second = run(args);
    programs.push(second);
    const port2 = await listening(second);
    const bob2 = await login(port2, 'Bob');
    expect(await coins(bob2)).toBe(21_000);
    const ana2 = await login(port2, 'Ana');
    expect(await coins(ana2)).toBe(21_000);
    // Without --admin this time, Ana is no admin.
    expect(await ana2.command('shutdown')).toBe('Unknown command "shutdown". Type help for a list of commands.');
    expect(second.output()).not.toMatch(/restart: returned/);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 60_000);
});
