import { describe, expect, it } from 'vitest';
import { TableClock } from '../../src/dealer/clock.js';
import { LineReader } from '../../src/dealer/mud/lines.js';
import { Outbox, type Recipient } from '../../src/dealer/outbox.js';
import { loadProfile } from '../../src/dealer/profile.js';
import { paint } from '../../src/text/markup.js';
import { FakeClock } from '../support/fakeClock.js';

/** The dealer's pacing and timing, on a fake clock: what it sends and when, and the table clock that waits. */

const ana: Recipient = { id: '#13', to: '#13', far: false };
const bob: Recipient = { id: '#14', to: '#14', far: false };

function outbox(profile = 'tinymux', linesPerSecond = 2, quota?: { burst: number; perSecond: number }) {
  const clock = new FakeClock();
  const sent: { at: number; line: string }[] = [];
  const holds: boolean[] = [];
  const box = new Outbox({ ...loadProfile(profile), ...(quota ? { quota } : {}) }, 'Croupier', linesPerSecond, clock, {
    send: (line) => {
      sent.push({ at: clock.now() - 1_700_000_000_000, line });
      return true;
    },
    onTableLines: (waiting) => void holds.push(waiting),
  });
  box.setOnline(true);
  return { clock, sent, holds, box };
}

describe('the MUD text as lines', () => {
  it('cuts at CR LF, LF or CR, keeps a line cut between reads whole, and hands on a prompt that never ends', () => {
    const clock = new FakeClock();
    const lines: string[] = [];
    const r = new LineReader((l) => lines.push(l), clock, 'ascii');
    r.feed(Buffer.from('Welcome\r\nAna whis'));
    expect(lines).toEqual(['Welcome']);
    r.feed(Buffer.from('pers "gold"\nnext\rlast\r\n20H 100M > '));
    expect(lines).toEqual(['Welcome', 'Ana whispers "gold"', 'next', 'last']);
    clock.advance(299);
    expect(lines).toHaveLength(4);
    clock.advance(1);
    expect(lines.at(-1)).toBe('20H 100M > ');
    r.feed(Buffer.from('\r\nBob tells you, \'hi\'\r\n'));
    expect(lines.slice(5)).toEqual(['', "Bob tells you, 'hi'"]);
  });

  it('decodes UTF-8 cut between reads', () => {
    const lines: string[] = [];
    const r = new LineReader((l) => lines.push(l), new FakeClock(), 'utf-8');
    const bytes = Buffer.from('7♥\n');
    r.feed(bytes.subarray(0, 2));
    r.feed(bytes.subarray(2));
    expect(lines).toEqual(['7♥']);
  });

  it("reads an ASCII MUD's line as the UTF-8 a player typed through it where its bytes are that, else a character a byte", () => {
    const lines: string[] = [];
    const clock = new FakeClock();
    const r = new LineReader((l) => lines.push(l), clock, 'ascii');
    const typed = Buffer.from('Ana whispers "ñandú 🎲"\n');
    // Cut inside the ñ: the line is read whole all the same.
    r.feed(typed.subarray(0, 15));
    r.feed(typed.subarray(15));
    r.feed(Buffer.from([0x42, 0x6f, 0x62, 0x20, 0xf1, 0x0a]));
    // An emoji TinyMUX mangled beside a character it kept: UTF-8 still, the mangled bytes replaced.
    r.feed(Buffer.from([...Buffer.from('Ana whispers "ñ '), 0xf0, 0x9f, 0x5a, 0x22, 0x0a]));
    expect(lines.at(-1)).toBe('Ana whispers "ñ \ufffdZ"');
    lines.pop();
    // A line separator typed inside a whisper is a space: the profiles' patterns would match no line holding one.
    r.feed(Buffer.from('Ana whispers "gold\u2028x"\n'));
    expect(lines).toEqual(['Ana whispers "ñandú 🎲"', 'Bob ñ', 'Ana whispers "gold x"']);
    // A prompt, read when the MUD goes quiet, the same.
    r.feed(Buffer.from('ñ> '));
    clock.advance(300);
    expect(lines.at(-1)).toBe('ñ> ');
  });
});

describe('the table clock', () => {
  it('stands still while held, and its timers wait with it', () => {
    const real = new FakeClock();
    const lags: number[] = [];
    const clock = new TableClock(real, 0, (lag) => lags.push(lag));
    const fired: number[] = [];
    const start = clock.now();
    clock.setTimer(10_000, () => fired.push(clock.now() - start));
    real.advance(4000);
    clock.hold('offline');
    real.advance(60_000);
    expect(clock.now() - start).toBe(4000);
    clock.hold('paused');
    clock.release('offline');
    real.advance(5000);
    expect(fired).toEqual([]);
    clock.release('paused');
    expect(lags).toEqual([65_000]);
    real.advance(5999);
    expect(fired).toEqual([]);
    real.advance(1);
    expect(fired).toEqual([10_000]);
  });

  it('goes on from the lag it was given (the books keep it across a restart)', () => {
    const real = new FakeClock();
    expect(new TableClock(real, 90_000).now()).toBe(real.now() - 90_000);
  });

  it('keeps going when a timer throws', () => {
    const real = new FakeClock();
    const faults: unknown[] = [];
    const clock = new TableClock(real, 0, undefined, (e) => faults.push(e));
    const fired: string[] = [];
    clock.setTimer(1, () => {
      throw new Error('boom');
    });
    clock.setTimer(2, () => fired.push('second'));
    real.advance(5);
    expect(faults).toHaveLength(1);
    expect(fired).toEqual(['second']);
  });
});

describe('the outbox', () => {
  it("sends a burst within the profile's quota, then no more than the lines per second asked for", () => {
    const { clock, sent, box } = outbox('tinymux', 2);
    for (let i = 0; i < 130; i++) box.answer({ id: `#${i}`, to: `#${i}`, far: false }, `answer ${i}`);
    expect(sent).toHaveLength(100); // TinyMUX's command quota: a burst of 100
    clock.advance(10_000);
    // then its own rate, one a second, below the two asked for
    expect(sent).toHaveLength(110);
    expect(sent.at(-1)!.at).toBe(10_000);
  });

  it('keeps to --lines-per-second where the MUD would take more', () => {
    const { clock, sent, box } = outbox('obsidian', 2);
    // This project's server lets one talk a burst of 10 lines, then 3 a second: the dealer keeps to its 2.
    for (let i = 0; i < 250; i++) box.say(`line ${i} ${'x'.repeat(990)}`);
    expect(sent).toHaveLength(10);
    clock.advance(10_000);
    expect(sent).toHaveLength(30);
  });

  it('answers whispers before the table speaks, and says the room lines that fit one line as one', () => {
    const { sent, box, clock } = outbox('tinymux', 1);
    box.setOnline(false);
    box.say('Ana is the HERO.');
    box.say('place your bets');
    box.tell(ana, 'You are the HERO.');
    box.answer(bob, 'You have 1,000 gold.');
    box.command('think abc');
    box.setOnline(true);
    clock.advance(1000);
    expect(sent.map((s) => s.line)).toEqual(['think abc', 'whisper #14=You have 1\\,000 gold.', 'say Ana is the HERO. place your bets', 'whisper #13=You are the HERO.']);
  });

  it("poses a line of the table that begins with the dealer's name, so that the MUD writes the name", () => {
    const { sent, box } = outbox('tinymux');
    box.say('Croupier chalks up 10 gold from Ana on HERO.');
    box.say('Croupier takes your bet.');
    box.say('Round 2: place your bets!');
    box.say("Croupier's finger sweeps the table and stops.");
    expect(sent.map((s) => s.line)).toEqual(['pose chalks up 10 gold from Ana on HERO.', 'pose takes your bet.', 'say Round 2: place your bets!', "pose/nospace 's finger sweeps the table and stops."]);
  });

  it("poses to one player a line for them that begins with the dealer's name, where the MUD has a whispered pose", () => {
    const { sent, box } = outbox('tinymux');
    const far: Recipient = { id: '#15', to: '#15', far: true };
    box.tell(ana, 'Croupier sweeps away your BESEECH: 10 gold lost.');
    box.tell(ana, 'You are the HERO.');
    box.tell(ana, "Croupier's finger taps your stake.");
    box.tell(far, 'Croupier waves from afar.');
    box.answer(bob, 'Croupier nods: you are seated.');
    const diku = outbox('diku');
    diku.box.tell({ id: 'ana', to: 'Ana', far: false }, 'Croupier sweeps away your bet.');
    expect(sent.map((s) => s.line)).toEqual([
      'whisper #13=:sweeps away your BESEECH: 10 gold lost.',
      'whisper #13=You are the HERO.',
      "whisper #13=;'s finger taps your stake.",
      'page #15=:waves from afar.',
      'whisper #14=:nods: you are seated.',
    ]);
    // A MUD without one whispers the line as it is.
    expect(diku.sent.map((s) => s.line)).toEqual(['tell Ana Croupier sweeps away your bet.']);
  });

  it('merges no posed line with the lines to the same player around it', () => {
    const { sent, box, clock } = outbox('tinymux');
    box.setOnline(false);
    box.tell(ana, 'You are the HERO.');
    box.tell(ana, "Croupier's finger taps your stake.");
    box.tell(ana, 'Throw when ready.');
    box.tell(ana, 'Bets close soon.');
    box.setOnline(true);
    clock.advance(1000);
    expect(sent.map((s) => s.line)).toEqual(['whisper #13=You are the HERO.', "whisper #13=;'s finger taps your stake.", 'whisper #13=Throw when ready. Bets close soon.']);
  });

  it("says or whispers the dealer's quoted words alone, so the MUD's quotes are the only ones", () => {
    const { sent, box } = outbox('tinymux');
    box.say('Croupier: "6. Blows glance off bone; the fight goes on."');
    box.tell(ana, paint('warning', `Croupier: "${paint('deadline', '10 seconds')} left to bet!"`));
    box.say('Croupier: "one"\nCroupier: "two"');
    box.say('Croupierx: "not mine"');
    box.tell(bob, 'Croupier tells you: "The house paid you hand-outs lately."');
    box.say('Croupier tells you: "said aloud, it is posed whole"');
    expect(sent.map((s) => s.line)).toEqual([
      'say 6. Blows glance off bone\\; the fight goes on.',
      'whisper #13=10 seconds left to bet!',
      'say Croupier: "one"',
      'say Croupier: "two"',
      'say Croupierx: "not mine"',
      'whisper #14=The house paid you hand-outs lately.',
      'pose tells you: "said aloud\\, it is posed whole"',
    ]);
  });

  it('holds the table clock while a line of the table waits, and lets it go once the last is out', () => {
    const { holds, box, clock } = outbox('diku', 2);
    // Each line goes at once while the burst lasts (held and let go again), then they wait.
    for (let i = 0; i < 14; i++) box.say(`${'long '.repeat(40)}${i}`);
    expect(holds.at(-1)).toBe(true);
    clock.advance(500);
    expect(box.tableLinesWaiting).toBe(true);
    expect(holds.at(-1)).toBe(true);
    clock.advance(5000);
    expect(box.tableLinesWaiting).toBe(false);
    expect(holds.at(-1)).toBe(false);
    const n = holds.length;
    box.answer(ana, 'an answer holds nothing');
    expect(holds).toHaveLength(n);
  });

  it('answers the players in turn, so one who whispers a lot delays nobody else by more than an answer', () => {
    const { sent, box, clock } = outbox('tinymux', 1);
    box.setOnline(false);
    const cyd: Recipient = { id: '#15', to: '#15', far: false };
    for (let i = 0; i < 4; i++) box.answer(ana, `help ${i}\n${'line '.repeat(150)}`);
    box.answer(bob, 'You have 1,000 gold.');
    box.answer(ana, 'short');
    box.answer(cyd, 'You take a seat.');
    expect(box.waitingFor('#13')).toBe(9);
    box.setOnline(true);
    clock.advance(20_000);
    const to = sent.map((s) => /^whisper (#\d+)=/.exec(s.line)![1]);
    // Ana's first answer (two lines), then Bob's and Cyd's, then the rest of Ana's in order.
    expect(to.slice(0, 4)).toEqual(['#13', '#13', '#14', '#15']);
    expect(sent.filter((s) => s.line.startsWith('whisper #13=help')).map((s) => s.line.slice(12, 18))).toEqual(['help 0', 'help 1', 'help 2', 'help 3']);
    expect(sent.at(-1)!.line).toBe('whisper #13=short');
  });

  it('lets the table speak between answers, so whispers alone never stop the game (its clock waits for its lines)', () => {
    // TinyMUX's quota with its burst spent: one command a second.
    const { sent, box, clock, holds } = outbox('tinymux', 1, { burst: 1, perSecond: 1 });
    box.setOnline(false);
    const help = `${'line '.repeat(150)}\n${'more '.repeat(150)}\nlast`;
    for (let i = 0; i < 10; i++) box.answer(bob, `help ${i} ${help}`);
    box.answer(ana, 'You take your bet back.');
    box.say('Croupier chalks up 10 gold from Ana on HERO.');
    box.say('Ana throws: 3 and 4 (7).');
    box.setOnline(true);
    clock.advance(30_000);
    const first = sent.findIndex((s) => s.line.startsWith('pose chalks up'));
    const throwAt = sent.findIndex((s) => s.line.includes('Ana throws'));
    // Bob's first answer (its three commands), then the table, then Ana's answer, then the table again, before any more of Bob's.
    expect(first).toBe(3);
    expect(sent[4].line).toBe('whisper #13=You take your bet back.');
    expect(throwAt).toBeLessThanOrEqual(8);
    expect(sent.slice(0, throwAt).filter((s) => s.line.startsWith('whisper #14=help')).length).toBeLessThanOrEqual(2);
    // The clock was let go once the table's last line was out, long before Bob's answers were.
    expect(holds.at(-1)).toBe(false);
    expect(sent.at(-1)!.line).toMatch(/^whisper #14=/);
  });

  it("writes into a command only a name that looks as the profile's names says, and lets the table's clock go when such a line is dropped", () => {
    const { sent, box, holds } = outbox('obsidian');
    box.setOnline(false);
    box.answer({ id: 'ana;quit', to: 'Ana;quit', far: false }, 'You have 1,000 gold.');
    box.tell({ id: 'bo b', to: 'Bo b', far: false }, 'You are the HERO.');
    box.answer({ id: 'ana', to: 'Ana', far: false }, 'You have 1,000 gold.');
    box.setOnline(true);
    expect(sent.map((s) => s.line)).toEqual(['whisper Ana You have 1,000 gold.']);
    expect(holds.at(-1)).toBe(false);
    expect(box.pending).toBe(false);
  });

  it('answers a player far away with the far command, and counts what waits for each player', () => {
    const { sent, box } = outbox('obsidian');
    box.setOnline(false);
    box.answer({ id: 'ana', to: 'Ana', far: true }, 'Come to the tavern and whisper.');
    box.answer({ id: 'ana', to: 'Ana', far: true }, 'again');
    expect(box.waitingFor('ana')).toBe(2);
    box.setOnline(true);
    expect(sent.map((s) => s.line)).toEqual(['tell Ana Come to the tavern and whisper. again']);
    expect(box.waitingFor('ana')).toBe(0);
  });

  it("drops its own commands when the connection goes, but keeps what the players are owed", () => {
    const { sent, box } = outbox('tinymux');
    box.setOnline(false);
    box.command('think stale');
    box.answer(ana, 'still owed');
    box.setOnline(false);
    box.setOnline(true);
    expect(sent.map((s) => s.line)).toEqual(['whisper #13=still owed']);
  });
});
