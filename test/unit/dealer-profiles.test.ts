import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadProfile, pattern, profileProblem, shippedProfiles, type Profile } from '../../src/dealer/profile.js';
import { Session } from '../../src/dealer/session.js';
import { Trust, type Reading } from '../../src/dealer/trust.js';
import { FakeClock } from '../support/fakeClock.js';

/**
 * Each shipped profile's patterns on the exact lines its MUD sends. TinyMUX's are as Debian's
 * tinymux 2.12 printed them to a dealer set up by the profile (NOSPOOF, and the ear that forwards
 * what is said to the dealer with this login's secret); tbaMUD's are the formats of its
 * act.comm.c, act.movement.c, interpreter.c and comm.c, filled in as the MUD fills them; the
 * obsidian tavern's are this project's own (src/commands/talking.ts, channels.ts, world/comings.ts).
 */

const SECRET = '5ec7e7a1b2c3d4e5f60718293a4b5c6d';

function reader(name: string): Trust {
  return new Trust(loadProfile(name), { secret: SECRET, character: 'Croupier' });
}

const heard = (r: Reading | null) => (r?.kind === 'heard' ? { via: r.via, id: r.who.id, name: r.who.name, text: r.text, partial: r.partial } : null);

describe('the shipped profiles', () => {
  it('each loads and has nothing wrong with it', () => {
    for (const name of shippedProfiles()) expect(profileProblem(loadProfile(name)), name).toBeNull();
  });

  it('refuses a broken profile file in one line that names what is wrong', () => {
    const dir = mkdtempSync(join(tmpdir(), 'profile-'));
    const good = loadProfile('obsidian');
    const write = (p: unknown) => {
      const file = join(dir, 'mud.json');
      writeFileSync(file, JSON.stringify(p));
      return file;
    };
    expect(() => loadProfile(write({ ...good, heard: [{ via: 'whisper', pattern: '^(?<name>\\w+) whispers (.*)$' }] }))).toThrow(/heard\[0\]\.pattern has no group \(\?<text>\.\.\.\)/);
    expect(() => loadProfile(write({ ...good, heard: [{ via: 'whisper', pattern: '^(?<name>[' }] }))).toThrow(/heard\[0\]\.pattern is not a regular expression/);
    expect(() => loadProfile(write({ ...good, commands: { ...good.commands, answer: 'whisper {to}' } }))).toThrow(/commands\.answer must hold \{text\}/);
    expect(() => loadProfile(write({ ...good, quota: { burst: 0, perSecond: 1 } }))).toThrow(/"quota" must be/);
    expect(() => loadProfile(write({ ...good, speechQuote: '«' }))).toThrow(/"speechQuote" must be one quote mark/);
    expect(() => loadProfile(write({ ...good, commands: { ...good.commands, answerPose: { space: ':' } } }))).toThrow(/commands\.answerPose must give the marks/);
    expect(() => loadProfile(join(dir, 'missing.json'))).toThrow(/no profile .* give one of tinymux, obsidian, diku/);
    // The MUD's own record of gives needs a read that sends the books' mark and answers with the record.
    const mux = loadProfile('tinymux');
    expect(() => loadProfile(write({ ...mux, purse: { ...mux.purse, read: { ...mux.purse!.read, send: 'think {tag} [money(me)]' } } }))).toThrow(/purse\.read must send \{mark\}/);
    expect(() => loadProfile(write({ ...mux, purse: { ...mux.purse, given: '(?<n>\\d+):#(?<id>\\d+)' } }))).toThrow(/purse\.given has no group \(\?<amount>/);
    // The MUD's stamp of a give needs a give that carries its number and read, and a way to stop a waiting give.
    expect(() => loadProfile(write({ ...mux, purse: { ...mux.purse, halt: undefined } }))).toThrow(/purse\.halt must list/);
    expect(() => loadProfile(write({ ...mux, purse: { ...mux.purse, give: 'give {to}={amount}' } }))).toThrow(/purse\.give must hold \{n\} and \{read\}/);
    // A setup step that asks the MUD: a fresh tag, and an answer with a group for each value the command takes.
    expect(() => loadProfile(write({ ...mux, setup: [{ ask: 'think [num(me)]', answer: '^(?<me>#\\d+)$', send: '@set {me}=x' }] }))).toThrow(/setup\[0\] must be a command, or \{ "ask"/);
    expect(() => loadProfile(write({ ...mux, setup: [{ ask: 'think {tag} [num(me)]', answer: '^{tag} #\\d+$', send: '@set {me}=x' }] }))).toThrow(/setup\[0\]\.answer has no group \(\?<me>/);
    writeFileSync(join(dir, 'bad.json'), '{ not json');
    expect(() => loadProfile(join(dir, 'bad.json'))).toThrow(/is not JSON/);
    expect(String((() => { try { loadProfile(join(dir, 'bad.json')); } catch (e) { return (e as Error).message; } })()).split('\n')).toHaveLength(1);
  });

  it('takes placeholders in patterns literally', () => {
    expect(pattern('^{tag} ok$', { tag: 'a.b' }).test('a.b ok')).toBe(true);
    expect(pattern('^{tag} ok$', { tag: 'a.b' }).test('axb ok')).toBe(false);
  });
});

describe('tinymux', () => {
  const mux = reader('tinymux');

  it("takes a whisper only as the dealer's ear forwards it, with this login's secret and the true source", () => {
    expect(heard(mux.read(`DealerEar> ${SECRET} #13|PLAYER|Ana|1| Ana whispers "hero 5000"\r\n`))).toEqual({ via: 'whisper', id: '#13', name: 'Ana', text: 'hero 5000', partial: false });
    // The same whisper as NOSPOOF shows it directly: seen, and not acted on (the ear's copy is).
    expect(mux.read('[Ana(#13)] Ana whispers "hero 5000"')).toBeNull();
    expect(heard(mux.read(`DealerEar> ${SECRET} #14|PLAYER|Bob|0| Bob pages: gold`))).toEqual({ via: 'page', id: '#14', name: 'Bob', text: 'gold', partial: false });
    expect(heard(mux.read(`DealerEar> ${SECRET} #14|PLAYER|Bob|1| Bob whispers "say "hi" to "them""`))?.text).toBe('say "hi" to "them"');
  });

  it("takes a whisper as from the room only where the ear found the whisperer in the dealer's room (a @pemit from afar is not a whisper)", () => {
    // `@pemit *Croupier=Cy whispers "sit"` from another room: the ear's flag says 0, and it is read as from afar.
    expect(heard(mux.read(`DealerEar> ${SECRET} #15|PLAYER|Cy|0| Cy whispers "sit"`))).toEqual({ via: 'page', id: '#15', name: 'Cy', text: 'sit', partial: false });
    expect(mux.read(`DealerEar> ${SECRET} #15|PLAYER|Cy|0| Cy whispers "sit`)).toBeNull();
    expect(mux.read(`DealerEar> ${SECRET} #15|PLAYER|Cy|| Cy whispers "sit"`)).toBeNull();
  });

  it('knows a posed whisper or page for what it is', () => {
    for (const [line, via] of [
      ['You sense Ana gold', 'whisper'],
      ['You sense Anagold', 'whisper'],
      ['From afar, Ana gold', 'page'],
      ['From afar, Anagold', 'page'],
    ] as const) {
      const r = mux.read(`DealerEar> ${SECRET} #13|PLAYER|Ana|${via === 'whisper' ? 1 : 0}| ${line}`);
      expect(r, line).toMatchObject({ kind: 'heard', via, posed: true, who: { id: '#13', name: 'Ana' } });
    }
    expect(mux.read(`DealerEar> ${SECRET} #13|PLAYER|Ana|1| Ana whispers "gold"`)).toMatchObject({ posed: false });
  });

  it('knows the first line of a whisper with %r in it for one of several, and trusts none of the lines after it', () => {
    expect(heard(mux.read(`DealerEar> ${SECRET} #14|PLAYER|Bob|1| Bob whispers "hero 5000`))).toMatchObject({ id: '#14', partial: true });
    // What a %r whisper put on lines of their own, however it is dressed up, is nobody's.
    expect(mux.read('second line [x]"')).toBeNull();
    expect(mux.read('[Ana(#13)] Ana whispers "gold"')).toBeNull();
    expect(mux.read(`DealerEar> 0000000000000000 #13|PLAYER|Ana|1| Ana whispers "gold"`)).toBeNull();
    expect(mux.read(`DealerEar> ${SECRET.slice(0, -1)}0 #13|PLAYER|Ana|1| Ana whispers "gold"`)).toBeNull();
  });

  it("reads the ear's lines by their seal, which is right only for the sender it was made for: the seal the room sees after Mal's @remit forges nobody else", () => {
    const seal = (signed: string) => createHash('sha1').update(SECRET + signed).digest('hex').toUpperCase();
    const mal = seal('#15|PLAYER|Mal|1|');
    expect(heard(mux.read(mux.unseal(`DealerEar> ${seal('#13|PLAYER|Ana|1|')} #13|PLAYER|Ana|1| Ana whispers "gold"`)))).toMatchObject({ id: '#13', text: 'gold' });
    expect(heard(mux.read(mux.unseal(`DealerEar> ${mal} #15|PLAYER|Mal|1| Mal whispers "gold"`)))).toMatchObject({ id: '#15' });
    for (const forged of [`DealerEar> ${mal} #13|PLAYER|Ana|1| Ana whispers "sit"`, `DealerEar> ${mal} #15|PLAYER|Mal|0| Mal whispers "sit"`, `DealerEar> ${seal('#13|PLAYER|Ana|1|x')} #13|PLAYER|Ana|1| Ana whispers "sit"`]) {
      expect(mux.unseal(forged), forged).toBe(forged);
      expect(mux.read(mux.unseal(forged)), forged).toBeNull();
    }
  });

  it('never takes a pose, a say, an emit or a thing for a whisper, nor its own lines', () => {
    for (const line of [
      '[Ana(#13),saypose] Ana whispers "gold"',
      '[Bob(#14)] Ana whispers "pemit-forged"',
      '[Ana(#13),saypose] Ana says, "hi all"',
      `DealerEar> ${SECRET} #20|THING|Ana|1| Ana whispers "hero 5000"`,
      // Bob's @pemit to the dealer in Ana's words: the ear names Bob as its source.
      `DealerEar> ${SECRET} #14|PLAYER|Bob|1| Ana whispers "sit"`,
      `DealerEar> ${SECRET} #12|PLAYER|Croupier|1| Croupier says, "Ana whispers "x""`,
      'Ana whispers "gold"',
    ]) {
      expect(mux.read(line), line).toBeNull();
    }
  });

  it('reads a roster answer only for a tag it asked with', () => {
    const rosterLine = 'c0ffee:#0:#14:1:Bob|#13:0:Ana||#12:1:Croupier';
    expect(mux.read(rosterLine)).toBeNull();
    mux.awaitRoster('c0ffee');
    const r = mux.read(rosterLine);
    expect(r).toEqual({ kind: 'roster', tag: 'c0ffee', room: '#0', present: [{ id: '#14', name: 'Bob', connected: true }, { id: '#13', name: 'Ana', connected: false }] });
    expect(mux.read(rosterLine)).toBeNull(); // answered once
  });

  it("reads NOSPOOF's comings and goings as hints, with the source's dbref", () => {
    expect(mux.read('[Ana(#13)] Ana has left.')).toEqual({ kind: 'event', event: 'left', who: { id: '#13', name: 'Ana' } });
    expect(mux.read('[Ana(#13)] Ana has arrived.')).toMatchObject({ event: 'arrived' });
    expect(mux.read('[Ana(#13)] Ana has disconnected.')).toMatchObject({ event: 'disconnected' });
    expect(mux.read('[Ana(#13)] Ana has connected.')).toMatchObject({ event: 'connected' });
    expect(mux.read('[Bob(#14)] Ana has left.')).toBeNull(); // an emit naming someone else
  });

  it("points its forwarding at its ear with a typed command, never a queued one (a stock MUX charges a penny for 1 queued command in 64): it asks the ear's dbref with a fresh tag, and the rest of the setup and the ready line wait for the answer", () => {
    const sent: string[] = [];
    let ready = false;
    const session = new Session(loadProfile('tinymux'), 'Croupier', 'pw', new FakeClock(), { send: (l) => sent.push(l), ready: () => (ready = true), failed: () => undefined });
    session.read('Use "connect <name> <password>" to connect.');
    const ask = sent.at(-2)!;
    expect(ask).toMatch(/^think [0-9a-f]{12} \[first\(lcon\(locate\(me,DealerPocket,i\)\)\)\]$/);
    expect(sent.some((l) => l.startsWith('@switch') || l.startsWith('@prefix') || l.startsWith('@forwardlist'))).toBe(false);
    const tag = ask.split(' ')[1];
    const readyTag = /^think (\w+) /.exec(sent.at(-1)!)![1];
    // Neither a forged answer (another tag) nor the ready line counts before the answer.
    session.read(`abcdef012345 #66`);
    session.read(`DealerEar> ${session.secret} #12|PLAYER|Croupier|1| ${readyTag} ok`);
    expect(ready).toBe(false);
    session.read(`${tag} #45`);
    expect(sent.slice(-2)).toEqual(['@forwardlist me=#45', expect.stringMatching(`^@prefix me=\\[sha1\\(${session.secret}%#`)]);
    session.read(`DealerEar> ${session.secret} #12|PLAYER|Croupier|1| ${readyTag} ok`);
    expect(ready).toBe(true);
  });

  it("reads its ready line only through the ear, with this login's secret and tag", () => {
    const p = loadProfile('tinymux');
    const ready = pattern(p.ready.expect, { secret: SECRET, tag: 'beef' });
    expect(ready.test(`DealerEar> ${SECRET} #12|PLAYER|Croupier|1| beef ok`)).toBe(true);
    expect(ready.test('beef ok')).toBe(false);
    expect(ready.test(`DealerEar> ${SECRET} #12|PLAYER|Croupier|1| beef not yet`)).toBe(false);
  });
});

describe('diku (tbaMUD)', () => {
  const diku = reader('diku');
  // act.comm.c: "$n whispers to you, '%s'", "$n asks you, '%s'", "%s$n tells you, '%s'%s" (in red for a player with colour).
  it("takes whispers, questions and tells as act.comm.c words them, colour and a prompt before them removed", () => {
    expect(heard(diku.read("Ana whispers to you, 'hero 5000'"))).toEqual({ via: 'whisper', id: 'ana', name: 'Ana', text: 'hero 5000', partial: false });
    expect(heard(diku.read("Ana asks you, 'gold'"))).toMatchObject({ via: 'whisper', text: 'gold' });
    expect(heard(diku.read("\x1b[0;31mAna tells you, 'gold'\x1b[0;0m"))).toMatchObject({ via: 'tell', id: 'ana', text: 'gold' });
    expect(heard(diku.read("20H 100M 50V > Bob whispers to you, 'sit'"))).toMatchObject({ id: 'bob', text: 'sit' });
    expect(heard(diku.read("> Bob whispers to you, 'it's mine'"))?.text).toBe("it's mine");
    expect(heard(diku.read("i51 20H 100M 50V (news) > > Bob whispers to you, 'sit'"))).toMatchObject({ id: 'bob', text: 'sit' });
  });

  it('never takes a say, an emote of someone else, a mob or an invisible whisperer', () => {
    for (const line of [
      "Bob says, 'Ana whispers to you, 'agree''", // do_say: "$n says, '%s'"
      "You say, 'Ana whispers to you, 'x''",
      "Someone whispers to you, 'hero 5000'", // an invisible player: nobody the dealer can name
      "The cityguard whispers to you, 'hero 5000'",
      'Ana whispers something to Bob.', // what the room sees of a whisper
      "You tell Ana, 'gold'",
      // A prompt is only what tbaMUD writes at a line's start: a "> " inside a player's own words is no prompt to take off.
      "Bob says, 'x > Ana whispers to you, 'hero 5000''",
      "Bob gossips, 'x > Ana whispers to you, 'hero 5000''",
      "Bob x > Ana whispers to you, 'hero 5000'",
      "Bob > Ana whispers to you, 'stand'",
    ]) {
      expect(diku.read(line), line).toBeNull();
    }
  });

  it('reads comings and goings as act.movement.c, interpreter.c, comm.c and act.other.c tell them', () => {
    expect(diku.read('Ana leaves north.')).toEqual({ kind: 'event', event: 'left', who: { id: 'ana', name: 'Ana' } });
    expect(diku.read('Ana has arrived.')).toMatchObject({ event: 'arrived' });
    expect(diku.read('Ana has entered the game.')).toMatchObject({ event: 'arrived' });
    expect(diku.read('Ana has left the game.')).toMatchObject({ event: 'left' });
    expect(diku.read('Ana has lost her link.')).toMatchObject({ event: 'disconnected' });
    expect(diku.read('Ana has reconnected.')).toMatchObject({ event: 'connected' });
  });

  it('walks the login dialogue of interpreter.c and knows a failed one', () => {
    const p: Profile = loadProfile('diku');
    const step = (line: string) => p.login.find((s) => new RegExp(s.expect).test(line))?.send;
    expect(step('By what name do you wish to be known? ')).toBe('{character}');
    expect(step('Password: ')).toBe('{password}');
    expect(step('*** PRESS RETURN: ')).toBe('');
    expect(step('   Make your choice: ')).toBe('1');
    expect(p.loginFailed.some((f) => new RegExp(f).test('Wrong password.'))).toBe(true);
    expect(p.loginFailed.some((f) => new RegExp(f).test('Did I get that right, Croupier (Y/N)? '))).toBe(true);
    expect(new RegExp(p.ready.expect).test('Welcome to tbaMUD!  May your visit here be... Enlightening')).toBe(true);
    expect(new RegExp(p.ready.expect).test('Reconnecting.')).toBe(true);
  });
});

describe('obsidian (this project)', () => {
  const ours = reader('obsidian');
  it("takes whispers and tells as the tavern words them, and the player's name as identity", () => {
    expect(heard(ours.read("Ana whispers to you, 'hero 5000'"))).toEqual({ via: 'whisper', id: 'ana', name: 'Ana', text: 'hero 5000', partial: false });
    expect(heard(ours.read("BEX tells you, 'gold'"))).toMatchObject({ via: 'tell', id: 'bex', name: 'BEX' });
    expect(heard(ours.read("> Ana whispers to you, 'sit'"))).toMatchObject({ text: 'sit' });
  });

  it('never takes a say, an emote naming someone else or the ooc channel', () => {
    for (const line of ["Bob says, 'Ana whispers to you, 'x''", "[ooc] Bob: Ana whispers to you, 'x'", 'Bob smiles at you.', "You whisper to Ana, 'x'"]) {
      expect(ours.read(line), line).toBeNull();
    }
  });

  it('reads arrivals, departures and a dropped connection', () => {
    expect(ours.read('Ana arrives from the south.')).toMatchObject({ event: 'arrived', who: { id: 'ana' } });
    expect(ours.read('Ana leaves north.')).toMatchObject({ event: 'left' });
    expect(ours.read('Ana leaves.')).toMatchObject({ event: 'left' });
    expect(ours.read('Ana stares blankly into the distance, lost in thought.')).toMatchObject({ event: 'disconnected' });
  });
});
