/** Life at the tavern over telnet: each command as a story, with what the actor, the target and the room see. */
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_WORLD } from '../../src/server.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { PROMPT_END, type TestClient } from '../support/client.js';

let ts: TestServer;
let worldDir: string | null = null;
afterEach(async () => {
  await ts?.destroy();
  if (worldDir) await rm(worldDir, { recursive: true, force: true });
  worldDir = null;
});

const IAC = 255, SB = 250, SE = 240, DO = 253, GMCP = 201;

/** A client that asked for GMCP before logging in. */
async function loginWithGmcp(name: string): Promise<TestClient> {
  const c = await ts.connect();
  c.sendBytes([IAC, DO, GMCP, IAC, SB, GMCP, ...Buffer.from('Core.Supports.Set ["Char 1", "Room 1", "Comm 1"]'), IAC, SE]);
  expect(await c.command(`create ${name} secret123`)).toMatch(/Exits:/);
  c.inGame = true;
  return c;
}

/** The Comm.Channel.Text messages a client got, in order. */
function channelTexts(c: TestClient): { channel: string; talker: string; text: string }[] {
  return c.commands
    .filter((x) => x[1] === SB && x[2] === GMCP)
    .map((x) => Buffer.from(x.slice(3, -2)).toString('utf8'))
    .filter((m) => m.startsWith('Comm.Channel.Text '))
    .map((m) => JSON.parse(m.slice('Comm.Channel.Text '.length)));
}

/** A reply's lines as the code wrote them (the wire ends them in CR LF). */
const lines = (text: string) => text.replace(/\r\n/g, '\n');

/** Ana, Bex and Cyd in the common room; each has seen the others arrive. */
async function three(): Promise<[TestClient, TestClient, TestClient]> {
  const a = await ts.login('Ana');
  const b = await ts.login('Bex');
  await a.expect('Bex arrives.');
  const c = await ts.login('Cyd');
  await a.expect('Cyd arrives.');
  await b.expect('Cyd arrives.');
  return [a, b, c];
}

describe('talking to people', () => {
  it('emote names people present: they read "you", the others their name, as they spell it', async () => {
    ts = await startTestServer();
    const [a, b, c] = await three();
    expect(await a.command('emote smiles at BEX')).toContain('Ana smiles at Bex.');
    await b.expect('Ana smiles at you.');
    await c.expect('Ana smiles at Bex.');
    await a.command(":'s eyes narrow as she takes Bex's cup. Bex stares");
    await b.expect("Ana's eyes narrow as she takes your cup. You stare");
    await c.expect("Ana's eyes narrow as she takes Bex's cup. Bex stares.");
    // A name inside another word is not a name: "Cydonia" stays; nor is a word in lower case ("will" is not Will).
    await a.command('emote dreams of Cydonia');
    await c.expect('Ana dreams of Cydonia.');
    const will = await ts.login('Will');
    await a.expect('Will arrives.');
    await a.command('emote says she will stay, and nods at Will');
    await will.expect('Ana says she will stay, and nods at you.');
  });

  it('tell reaches one player anywhere, by their full name, and says clearly when they are not here', async () => {
    ts = await startTestServer();
    const [a, b, c] = await three();
    await b.command('north');
    expect(await a.command('tell bex the dice are loaded')).toContain("You tell Bex, 'the dice are loaded'");
    await b.expect("Ana tells you, 'the dice are loaded'");
    expect(await a.command('tell be hello')).toBe('Nobody called Be is in the tavern right now.');
    expect(await a.command('tell zed hello')).toBe('Nobody called Zed is in the tavern right now.');
    expect(await a.command('tell ana hello')).toMatch(/You tell yourself/);
    expect(await a.command('tell bex')).toBe('Usage: tell <name> <text>');
    await b.quit();
    expect(await a.command('tell bex are you there?')).toBe('Nobody called Bex is in the tavern right now.');
    expect(c.all).not.toContain('loaded');
  });

  it('ooc reaches everyone on the channel, which everyone is on until ooc off; the setting is kept', async () => {
    ts = await startTestServer();
    const [a, b, c] = await three();
    await c.command('up');
    expect(await a.command('ooc anyone for a game?')).toContain('[ooc] Ana: anyone for a game?');
    await b.expect('[ooc] Ana: anyone for a game?');
    await c.expect('[ooc] Ana: anyone for a game?');
    expect(await b.command('ooc off')).toMatch(/You leave the ooc channel/);
    expect(await b.command('ooc hello?')).toMatch(/You are off the ooc channel; type ooc on/);
    await a.command('ooc second call');
    await c.expect('[ooc] Ana: second call');
    expect(b.all).not.toContain('second call');
    expect(await b.command('score')).toMatch(/ooc channel: +off/);
    ts = await ts.restart();
    const b2 = await ts.login('Bex');
    const a2 = await ts.login('Ana');
    await a2.command('ooc after the restart');
    expect(await b2.command('ooc')).toMatch(/You are off the ooc channel/);
    expect(b2.all).not.toContain('after the restart');
    expect(await b2.command('ooc on')).toMatch(/You join the ooc channel/);
    await a2.command('ooc welcome back');
    await b2.expect('[ooc] Ana: welcome back');
  });

  it('socials: alone, at a person (actor, target and room forms), at a dealer, and at nobody', async () => {
    ts = await startTestServer();
    const [a, b, c] = await three();
    const forms: [string, RegExp, RegExp, RegExp, RegExp, RegExp][] = [
      ['smile', /^You smile\.$/, /Ana smiles\./, /^You smile at Bex\.$/, /Ana smiles at you\./, /Ana smiles at Bex\./],
      ['nod', /^You nod\.$/, /Ana nods\./, /^You nod at Bex\.$/, /Ana nods at you\./, /Ana nods at Bex\./],
      ['bow', /^You bow with a flourish\.$/, /Ana bows with a flourish\./, /^You bow to Bex\.$/, /Ana bows to you\./, /Ana bows to Bex\./],
      ['laugh', /^You laugh\.$/, /Ana laughs\./, /^You laugh at Bex\.$/, /Ana laughs at you\./, /Ana laughs at Bex\./],
      ['wave', /^You wave\.$/, /Ana waves\./, /^You wave at Bex\.$/, /Ana waves at you\./, /Ana waves at Bex\./],
      ['grin', /^You grin\.$/, /Ana grins\./, /^You grin at Bex\.$/, /Ana grins at you\./, /Ana grins at Bex\./],
      ['shrug', /^You shrug\.$/, /Ana shrugs\./, /^You shrug at Bex\.$/, /Ana shrugs at you\./, /Ana shrugs at Bex\./],
      ['sigh', /^You sigh\.$/, /Ana sighs\./, /^You sigh at Bex\.$/, /Ana sighs at you\./, /Ana sighs at Bex\./],
      ['cheer', /^You cheer!$/, /Ana cheers!/, /^You cheer for Bex!$/, /Ana cheers for you!/, /Ana cheers for Bex!/],
    ];
    for (const [verb, actorAlone, roomAlone, actorAt, target, room] of forms) {
      expect(await a.command(verb)).toMatch(actorAlone);
      await b.expect(roomAlone);
      await c.expect(roomAlone);
      expect(await a.command(`${verb} bex`)).toMatch(actorAt);
      await b.expect(target);
      await c.expect(room);
    }
    expect(await a.command('bow at b')).toBe('You bow to Bex.'); // "at" and a prefix are fine in the room
    expect(await a.command('wave zed')).toBe('There is nobody called "zed" here.');
    expect(await a.command('smile ana')).toBe('You smile.');
    await a.command('north');
    expect(await a.command('bow dreaven')).toBe('You bow to Dreaven.');
    expect(await a.command('help smile')).toMatch(/Usage: smile \[<name>\]/);
    expect(await a.command('help')).toMatch(/Socials:.*smile.*cheer/s);
  });

  it('takes the host\'s own socials from the world data', async () => {
    worldDir = await mkdtemp(join(tmpdir(), 'world-'));
    const world = JSON.parse(readFileSync(DEFAULT_WORLD, 'utf8'));
    world.socials = {
      wink: { alone: { actor: 'You wink.', room: '{actor} winks slyly.' }, at: { actor: 'You wink at {target}.', target: '{actor} winks at you.', room: '{actor} winks at {target}.' } },
    };
    const file = join(worldDir, 'world.json');
    await writeFile(file, JSON.stringify(world));
    ts = await startTestServer({ worldFile: file });
    const [a, b, c] = await three();
    expect(await a.command('wink')).toBe('You wink.');
    await b.expect('Ana winks slyly.');
    expect(await a.command('wink cyd')).toBe('You wink at Cyd.');
    await c.expect('Ana winks at you.');
    await b.expect('Ana winks at Cyd.');
    expect(await a.command('smile')).toBe('You smile.'); // the shipped ones stay
  });

  it('sends Comm.Channel.Text with every speech a player hears, worded as they read it', async () => {
    ts = await startTestServer();
    const a = await loginWithGmcp('Ana');
    const b = await loginWithGmcp('Bex');
    await a.expect('Bex arrives.');
    await a.command('say hello');
    await a.command('emote grins at Bex');
    await a.command('whisper bex psst');
    await a.command('tell bex over here');
    await a.command('ooc ooc words');
    await a.command('wave bex');
    await b.command('look'); // everything above has reached Bex once this is answered
    const expected = [
      { channel: 'say', talker: 'Ana', text: "Ana says, 'hello'" },
      { channel: 'emote', talker: 'Ana', text: 'Ana grins at you.' },
      { channel: 'whisper', talker: 'Ana', text: "Ana whispers to you, 'psst'" },
      { channel: 'tell', talker: 'Ana', text: "Ana tells you, 'over here'" },
      { channel: 'ooc', talker: 'Ana', text: '[ooc] Ana: ooc words' },
      { channel: 'social', talker: 'Ana', text: 'Ana waves at you.' },
    ];
    expect(channelTexts(b)).toEqual(expected);
    expect(channelTexts(a).map((m) => m.text)).toEqual(["You say, 'hello'", 'Ana grins at Bex.', "You whisper to Bex, 'psst'", "You tell Bex, 'over here'", '[ooc] Ana: ooc words', 'You wave at Bex.']);
  });

  it('cleans what a player types before others see it: no escape codes, no text running backwards', async () => {
    ts = await startTestServer();
    const [a, b] = await three();
    await a.command('emote grins \x1b[31mred\u202e at Bex');
    await b.expect('Ana grins red at you.');
    await a.command('tell bex \x1b[2Jgone\u200b');
    await b.expect("Ana tells you, 'gone'");
    await a.command('ooc \u202eeno');
    await b.expect('[ooc] Ana: eno');
    await a.command('describe A tall \x1b[5mwoman\u2066 in grey.');
    expect(await b.command('look ana')).toContain('A tall woman in grey.');
    await a.command('say a line\u2028[Announcement] Ana: free coins');
    await b.expect("Ana says, 'a line [Announcement] Ana: free coins'");
    expect(b.all).not.toMatch(/[\x1b\u202e\u200b\u2066\u2028]|\[\d+m/);
  });
});

describe('how people look', () => {
  it('describe sets what look <name> and who show; it is kept, capped and may be cleared', async () => {
    ts = await startTestServer();
    const [a, b] = await three();
    expect(await a.command('describe')).toMatch(/You have no description yet/);
    expect(await b.command('look ana')).toMatch(/Ana is a traveller of the wastes/);
    expect(await a.command('describe   A sun-browned woman with a scar.   She smells of spice.')).toBe('Others now see you as: A sun-browned woman with a scar. She smells of spice.');
    expect(lines(await b.command('look ana'))).toBe('Ana\nA sun-browned woman with a scar. She smells of spice.');
    expect(await b.command('who')).toMatch(/Ana +A sun-browned woman with a scar; idle/);
    const long = await a.command(`describe ${'word '.repeat(100)}`);
    expect(long).toMatch(/\(cut to 300 characters\)$/);
    ts = await ts.restart();
    const b2 = await ts.login('Bex');
    const a2 = await ts.login('Ana');
    const looked = lines(await b2.command('look ana'));
    expect(looked.length).toBeLessThanOrEqual('Ana\n'.length + 300);
    expect(looked).toMatch(/^Ana\nword word/);
    expect(await a2.command('describe clear')).toBe('Your description is cleared.');
    expect(await b2.command('look ana')).toMatch(/Ana is a traveller of the wastes/);
  });

  it('who shows each player\'s short description, where they sit, and how long they have been idle', async () => {
    ts = await startTestServer();
    const [a, b] = await three();
    await a.command('describe A very long description that goes on and on well past what fits in a line of who. Second sentence.');
    await b.command('sit sand');
    ts.clock.advance(5 * 60_000);
    await b.command('look');
    const who = await b.command('who');
    expect(who).toMatch(/^3 in The Obsidian Scorpion:/);
    expect(who).toMatch(/Ana +A very long description that goes on and\.\.\.; idle 5 minutes/);
    expect(who).toMatch(/Bex +a traveller of the wastes; at the sand table; idle 0 seconds/);
    expect(who).toMatch(/Cyd +.*; idle 5 minutes/);
  });

  it('score shows name, coins, room, seat, and the colour and screen-reader settings', async () => {
    ts = await startTestServer();
    const a = await ts.login('Ana');
    await a.command('give 1 coins to ana');
    await a.command('sit sand');
    const score = await a.command('score');
    expect(score).toMatch(/^You are Ana\./);
    expect(score).toMatch(/Coins: +1,000 obsidian coins/);
    expect(score).toMatch(/Where: +The Obsidian Scorpion, Common Room/);
    expect(score).toMatch(/Seat: +at the sand table/);
    expect(score).toMatch(/Colour: +as your client says \(off now\)/);
    expect(score).toMatch(/Screen reader: +as your client says \(off now\)/);
    expect(score).toMatch(/ooc channel: +on/);
  });
});

describe('coming and going', () => {
  it('reads alike at login and when walking: "Bex arrives." and "Bex arrives from the south."; "Bex leaves north." and "Bex leaves."', async () => {
    ts = await startTestServer();
    const a = await ts.login('Ana');
    const b = await ts.login('Bex');
    await a.expect('Bex arrives.');
    await b.command('north');
    await a.expect('Bex leaves north.');
    await b.command('south');
    await a.expect('Bex arrives from the north.');
    await b.quit();
    await a.expect('Bex leaves.');
    expect(a.all).not.toMatch(/has arrived|has left/);
  });

  it('quit at any login prompt leaves with a farewell and no prompt after it', async () => {
    ts = await startTestServer();
    await (await ts.login('Ana')).quit();
    const noPromptAfter = (c: TestClient, farewell: string) => expect(c.all.slice(c.all.lastIndexOf(farewell))).not.toContain(PROMPT_END);
    const atGreeting = await ts.connect();
    const said = await atGreeting.quit();
    expect(said).not.toMatch(/reserved/);
    noPromptAfter(atGreeting, 'Farewell!');
    const atQuestion = await ts.connect();
    expect(await atQuestion.command('Zorro')).toMatch(/Make a new character by that name\? \(yes\/no\)/);
    await atQuestion.quit();
    const atNewPassword = await ts.connect();
    await atNewPassword.command('Zorro');
    expect(await atNewPassword.command('yes')).toMatch(/Choose a password/);
    await atNewPassword.quit();
    const atPassword = await ts.connect();
    expect(await atPassword.command('ana')).toMatch(/Password:/);
    await atPassword.quit();
    noPromptAfter(atPassword, 'Farewell!');
    const inGame = await ts.login('Ana');
    await inGame.quit();
    noPromptAfter(inGame, 'Farewell!');
  });

  it('asks the yes/no question again on any other answer', async () => {
    ts = await startTestServer();
    const c = await ts.connect();
    expect(await c.command('Zorro')).toMatch(/\(yes\/no\)/);
    expect(await c.command('maybe')).toBe('Please answer yes or no: make a new character called Zorro? (yes/no)');
    expect(await c.command('')).toMatch(/Please answer yes or no/);
    expect(await c.command('n')).toBe('Then what name shall it be?');
    expect(await c.command('Zorro')).toMatch(/\(yes\/no\)/);
    expect(await c.command('YES')).toMatch(/Choose a password for Zorro/);
  });
});
