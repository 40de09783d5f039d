import { afterEach, describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startTestServer, type TestServer } from '../support/server.js';
import { PROMPT_END } from '../support/client.js';
import { journalEntries } from '../support/journal.js';

let ts: TestServer;
afterEach(async () => {
  await ts?.destroy();
});

describe('the tavern over telnet', () => {
  it('creates a character who starts with 1,000 coins in the common room', async () => {
    ts = await startTestServer();
    const c = await ts.connect();
    const reply = await c.command('create ana secret123');
    expect(reply).toContain('The Obsidian Scorpion, Common Room');
    expect(await c.command('inventory')).toMatch(/1,000 obsidian coins/);
    expect(await c.command('i')).toMatch(/1,000 obsidian coins/);
  });

  it('looks along a way out: what lies that way, above or below, or nothing special', async () => {
    ts = await startTestServer();
    const c = await ts.login('Ana');
    expect(await c.command('look north')).toBe('To the north lies The Gaming Room.');
    expect(await c.command('look up')).toMatch(/^Up above lies /);
    expect(await c.command('look west')).toBe('To the west lies The Kitchen Yard.');
    await c.command('up');
    expect(await c.command('look down')).toBe('Down below lies The Obsidian Scorpion, Common Room.');
    expect(await c.command('look west')).toBe('There is nothing special to the west.');
  });

  it('ends every reply with a prompt "> " and IAC GA', async () => {
    ts = await startTestServer();
    const c = await ts.login('Ana');
    c.inGame = false; // no sync probe: count the prompts of one command alone
    const before = c.commands.filter((x) => x[1] === 249).length;
    await c.command('look');
    expect(c.commands.filter((x) => x[1] === 249).length).toBe(before + 1);
    expect(c.all).toContain(`> ${PROMPT_END}`);
  });

  it('connects with the right password and refuses a wrong one; three wrong ones close the door', async () => {
    ts = await startTestServer();
    (await ts.login('Ana')).quit();
    const c = await ts.connect();
    expect(await c.command('connect ana wrongpass')).toMatch(/Wrong password/);
    expect(await c.command('connect ana secret123')).toMatch(/Common Room/);
    const d = await ts.connect();
    await d.command('connect ana bad1xx');
    await d.command('connect ana bad2xx');
    // The fourth wrong guess from this address, whatever the connection: it waits first.
    d.send('connect ana bad3xx');
    await d.expect(/from your address lately: this attempt waits 1 second\./);
    ts.clock.advance(1000);
    await d.expect('Too many wrong passwords. Goodbye.');
    await d.closedSoon();
  });

  it('runs the interactive flow with echo off for passwords', async () => {
    ts = await startTestServer();
    const c = await ts.connect({ agree: true });
    expect(await c.command('Bob')).toMatch(/Make a new character/);
    expect(await c.command('yes')).toMatch(/Choose a password/);
    expect(c.commands.some((x) => x[1] === 251 && x[2] === 1)).toBe(true); // IAC WILL ECHO
    expect(await c.command('hunter22')).toMatch(/same password again/);
    expect(await c.command('hunter22')).toMatch(/Common Room/);
    expect(c.commands.some((x) => x[1] === 252 && x[2] === 1)).toBe(true); // IAC WONT ECHO
    const d = await ts.connect();
    expect(await d.command('bob')).toMatch(/Password/);
    expect(await d.command('hunter22')).toMatch(/You take over your character|Common Room/);
  });

  it('keeps the echo off through a wrong password and turns it back on once in', async () => {
    ts = await startTestServer();
    (await ts.login('Ana')).quit();
    const c = await ts.connect({ agree: true });
    expect(await c.command('ana')).toMatch(/Password/);
    const wont = () => c.commands.filter((x) => x[1] === 252 && x[2] === 1).length;
    expect(await c.command('wrong-one')).toMatch(/Wrong password/);
    expect(wont()).toBe(0);
    expect(await c.command('secret123')).toMatch(/Common Room/);
    expect(wont()).toBe(1);
  });

  it('knows no character called "constructor" or "__proto__", and lets the names be taken', async () => {
    ts = await startTestServer();
    const c = await ts.connect();
    expect(await c.command('connect constructor secret123')).toMatch(/There is no character called Constructor/);
    expect(await c.command('__proto__')).toMatch(/letters only/);
    expect(await c.command('constructor')).toMatch(/Make a new character/);
    expect(await c.command('no')).toMatch(/what name/);
    expect(await c.command('create constructor secret123')).toMatch(/Common Room/);
    expect(await c.command('help constructor')).toMatch(/no help on "constructor"/);
  });

  it('ends prompts with IAC EOR once the client agreed to EOR', async () => {
    ts = await startTestServer();
    const c = await ts.connect({ agree: true });
    await c.command('create Ana secret123');
    await c.command('look');
    expect(c.commands.at(-1)).toEqual([255, 239]);
  });

  it('refuses bad names and reserved words', async () => {
    ts = await startTestServer();
    const c = await ts.connect();
    expect(await c.command('create ab secret123')).toMatch(/3 to 16 letters/);
    expect(await c.command('create dreaven secret123')).toMatch(/pick another name/);
    expect(await c.command('create admin secret123')).toMatch(/reserved/);
    expect(await c.command('create someone secret123')).toMatch(/reserved/);
    expect(await c.command('create Ana1 secret123')).toMatch(/letters only/);
    expect(await c.command('create Ana short')).toMatch(/at least 6/);
    await c.command('create Ana secret123');
    const d = await ts.connect();
    expect(await d.command('create ANA other123')).toMatch(/already taken|Wrong password|exists/i);
  });

  it('stores only a salted scrypt hash of the password', async () => {
    ts = await startTestServer();
    await ts.login('Ana', 'plaintext-secret');
    await ts.stop();
    const db = await readFile(join(ts.dataDir, 'db.json'), 'utf8');
    expect(db).not.toContain('plaintext-secret');
    expect(JSON.parse(db).characters.ana.passwordHash).toMatch(/^scrypt\$/);
    const journal = JSON.stringify(await journalEntries(ts.dataDir));
    expect(journal).not.toContain('plaintext-secret');
    expect(journal).toContain('scrypt$');
  });

  it('takes over a character logged in elsewhere without losing or doubling coins', async () => {
    ts = await startTestServer();
    const a1 = await ts.login('Ana');
    const b = await ts.login('Bob');
    await b.command('give 100 coins to ana');
    const a2 = await ts.connect();
    a2.send('connect ana secret123');
    await a1.expect('logged in as you from elsewhere');
    await a1.closedSoon();
    await a2.expect('take over');
    expect(await a2.command('i')).toMatch(/1,100 obsidian coins/);
    expect(await a2.command('who')).toMatch(/2 in/);
  });

  it('shows a say to the room in the third person and strips escape sequences', async () => {
    ts = await startTestServer();
    const a = await ts.login('Ana');
    const b = await ts.login('Bob');
    await a.expect('Bob arrives.');
    expect(await a.command('say hello \x1b[31mthere\x07')).toContain("You say, 'hello there'");
    await b.expect("Ana says, 'hello there'");
    expect(b.all).not.toContain('\x1b');
    await a.command(':waves.');
    await b.expect('Ana waves.');
    await a.command("'hi");
    await b.expect("Ana says, 'hi'");
  });

  it('whispers reach only their target; the room sees that a whisper happened', async () => {
    ts = await startTestServer();
    const a = await ts.login('Ana');
    const b = await ts.login('Bob');
    await a.expect('Bob arrives.');
    const c = await ts.login('Cat');
    await a.command('whisper bob the dice are loaded');
    await b.expect("Ana whispers to you, 'the dice are loaded'");
    await c.expect('Ana whispers something to Bob.');
    expect(c.all).not.toContain('loaded');
  });

  it('moves between rooms, each way back the opposite direction', async () => {
    ts = await startTestServer();
    const a = await ts.login('Ana');
    const b = await ts.login('Bob');
    await a.expect('Bob arrives.');
    expect(await a.command('north')).toContain('The Gaming Room');
    await b.expect('Ana leaves north.');
    expect(await a.command('s')).toContain('Common Room');
    expect(await a.command('e')).toContain('The Card Room');
    expect(await a.command('go west')).toContain('Common Room');
    expect(await a.command('up')).toContain('Roof');
    expect(await a.command('west')).toMatch(/cannot go west/);
    expect(await a.command('d')).toContain('Common Room');
    expect(await a.command('exits')).toMatch(/north\s+The Gaming Room/);
  });

  it('looks at objects, people, tables and NPCs by keyword and prefix', async () => {
    ts = await startTestServer();
    const a = await ts.login('Ana');
    await ts.login('Bob');
    await a.expect('Bob arrives.');
    expect(await a.command('look bar')).toMatch(/agafari/);
    expect(await a.command('l ag')).toMatch(/agafari/);
    expect(await a.command('look bob')).toMatch(/Bob/);
    expect(await a.command('look sand')).toMatch(/Nobody is playing/);
    expect(await a.command('look table')).toMatch(/Nobody is playing/);
    expect(await a.command('look 2.table')).toMatch(/You see no/);
    expect(await a.command('look dice sand')).toMatch(/No dice have been thrown/);
    expect(await a.command('look unicorn')).toMatch(/You see no "unicorn"/);
    await a.command('n');
    expect(await a.command('look dreaven')).toMatch(/Dreaven is a lean/);
  });

  it('gives coins to someone present and refuses bad amounts with a reason', async () => {
    ts = await startTestServer();
    const a = await ts.login('Ana');
    const b = await ts.login('Bob');
    await a.expect('Bob arrives.');
    expect(await a.command('give 250 coins to bob')).toMatch(/You give 250 obsidian coins to Bob/);
    await b.expect('Ana gives you 250 obsidian coins.');
    expect(await b.command('i')).toMatch(/1,250 obsidian coins/);
    for (const bad of ['0', '-5', '1.5', '1e3', '0x10', 'lots', '99999999999999']) {
      expect(await a.command(`give ${bad} coins to bob`)).not.toMatch(/You give/);
    }
    expect(await a.command('give 1,000 coins to bob')).toMatch(/only 750/);
    expect(await a.command('give 10 coins to nobody')).toMatch(/nobody called/);
    expect(await a.command('give')).toMatch(/Usage: give <n> coins to <name>/);
    expect(await a.command('inv')).toMatch(/750 obsidian coins/);
  });

  it('answers unknown and ambiguous commands with a one-line hint', async () => {
    ts = await startTestServer();
    const a = await ts.login('Ana');
    expect(await a.command('dance')).toMatch(/Unknown command "dance". Type help/);
    expect(await a.command('wh')).toMatch(/could mean whisper, who/);
    expect(await a.command('bet 50')).toMatch(/sit at one first/);
    expect(await a.command('help')).toMatch(/inventory\/i/);
    expect(await a.command('help give')).toMatch(/Usage: give <n> coins to <name>/);
    expect(await a.command('help spice run')).toMatch(/Player 1/);
    // One word of a game's name or of its table's is enough, when it names that game alone.
    expect(await a.command('help spice')).toMatch(/Player 1/);
    expect(await a.command('help bones')).toMatch(/Dreaven/);
    expect(await a.command('help lair')).toMatch(/dragons/i);
    expect(await a.command('help table')).toBe('There is no help on "table". Type help for the list.');
  });

  it('keeps characters, coins and rooms across a restart', async () => {
    ts = await startTestServer();
    const a = await ts.login('Ana');
    await ts.login('Bob');
    await a.command('give 300 coins to bob');
    await a.command('north');
    ts = await ts.restart();
    const a2 = await ts.connect();
    expect(await a2.command('connect ana secret123')).toContain('The Gaming Room');
    expect(await a2.command('i')).toMatch(/700 obsidian coins/);
    const b2 = await ts.login('Bob');
    expect(await b2.command('i')).toMatch(/1,300 obsidian coins/);
  });

  it('rebuilds books that do not balance from the journal, keeping the changed db.json aside', async () => {
    ts = await startTestServer();
    await ts.login('Ana');
    await ts.stop();
    const path = join(ts.dataDir, 'db.json');
    const db = JSON.parse(await readFile(path, 'utf8'));
    db.balances['char:ana'] += 5;
    const tampered = JSON.stringify(db);
    await (await import('node:fs/promises')).writeFile(path, tampered);
    ts = await startTestServer({ dataDir: ts.dataDir });
    const a = await ts.connect();
    await a.command('connect ana secret123');
    expect(await a.command('i')).toMatch(/1,000 obsidian coins/);
    expect(await readFile(`${path}.damaged`, 'utf8')).toBe(tampered);
  });

  it('closes an idle login after two minutes', async () => {
    ts = await startTestServer();
    const c = await ts.connect();
    ts.clock.advance(119_000);
    expect(c.closed).toBe(false);
    ts.clock.advance(2_000);
    await c.expect('took too long');
    await c.closedSoon();
  });

  it('cuts an over-long line with a notice and keeps the connection', async () => {
    ts = await startTestServer();
    const a = await ts.login('Ana');
    const reply = await a.command(`say ${'x'.repeat(3000)}`);
    expect(reply).toMatch(/cut to 1,024 bytes/);
    expect(reply).toMatch(new RegExp(`You say, 'x{1020}'`));
    expect(await a.command('i')).toMatch(/1,000 obsidian coins/);
  });

  it('shrugs off garbage from one client while another plays on', async () => {
    ts = await startTestServer();
    const a = await ts.login('Ana');
    const evil = await ts.connect();
    evil.sendBytes([255, 250, 31, 1, 255, 240]); // truncated NAWS
    evil.sendBytes([255, 250, 24, 0, 0xc3, 0x28, 255, 240]); // TTYPE IS with bad UTF-8
    evil.sendBytes([255, 250, 201, ...Buffer.from('Core.Hello {not json'), 255, 240]); // broken GMCP
    evil.sendBytes([255, 253, 99, 255, 251, 200, 255, 7, 0, 1, 2, 27, 255]); // unknown options, stray IAC at the end
    evil.sendBytes(Buffer.alloc(70_000, 0x41));
    evil.sendBytes([255, 255, 13, 10, 0xff, 0xfe, 13, 0, 10]);
    expect(await a.command('i')).toMatch(/1,000 obsidian coins/);
    const b = await ts.login('Bob');
    expect(await b.command('who')).toMatch(/Ana[^]*Bob/);
  });

  it('tells players, and those still at the door, when the server shuts down', async () => {
    ts = await startTestServer();
    const a = await ts.login('Ana');
    const door = await ts.connect({ agree: true });
    expect(await door.command('ana')).toMatch(/Password/);
    // Once this is answered, the server has our DO ECHO too: the echo is off on both sides.
    expect(await door.command('not-it')).toMatch(/Wrong password/);
    await ts.server.stop();
    await a.expect('shutting down');
    await a.closedSoon();
    await door.expect('shutting down');
    expect(door.commands.some((x) => x[1] === 252 && x[2] === 1)).toBe(true); // echo back on
    await door.closedSoon();
  });
});
