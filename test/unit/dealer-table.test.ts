import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Books } from '../../src/dealer/books/books.js';
import { JOURNAL_FILE } from '../../src/dealer/books/journal.js';
import { TableClock } from '../../src/dealer/clock.js';
import { Presence } from '../../src/dealer/presence.js';
import { loadProfile } from '../../src/dealer/profile.js';
import { DealerTable, unheard } from '../../src/dealer/table.js';
import type { Who } from '../../src/dealer/trust.js';
import { spoken } from '../../src/dealer/speech.js';
import { Whispers } from '../../src/dealer/whispers.js';
import { dealerWords, tableLabel } from '../../src/dealer/words.js';
import type { GameDefinition } from '../../src/games/api.js';
import { dragonsLair } from '../../src/games/dragons-lair/table.js';
import { checkGame } from '../../src/games/fair-check.js';
import { derivedSeeds } from '../../src/games/fair-source.js';
import { lichBones } from '../../src/games/lich-bones/table.js';
import { seededRandom } from '../../src/games/random.js';
import { spiceRun } from '../../src/games/spice-run/table.js';
import { settingsOf } from '../../src/games/settings.js';
import { FakeClock } from '../support/fakeClock.js';

/**
 * The dealer as a host of Lich Bones, without a MUD: what it says to the room and to whom, and
 * what a whisper does, with every line it would send kept in order.
 */

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function dealer(opts: { definition?: GameDefinition; settings?: object; dir?: string; lag?: number } = {}) {
  const definition = opts.definition ?? lichBones;
  const dir = opts.dir ?? mkdtempSync(join(tmpdir(), 'dealer-table-'));
  if (!opts.dir) dirs.push(dir);
  const books = Books.open(dir);
  const real = new FakeClock();
  const clock = new TableClock(real, opts.lag ?? 0);
  const presence = new Presence();
  const room: string[] = [];
  const told = new Map<string, string[]>();
  const table = new DealerTable({
    definition,
    settings: settingsOf(definition, opts.settings ?? { minBet: 10, handout: 100 }),
    id: `croupier-${definition.id}`,
    label: tableLabel(definition.id),
    words: dealerWords(loadProfile('tinymux'), 'Croupier', { coins: 'gold' }, (at) => clock.toReal(at)),
    books,
    clock,
    presence,
    // As the outbox will send them: the marks read as sentences.
    say: (text) => room.push(spoken(text)),
    tell: (who, text) => told.set(who.name, [...(told.get(who.name) ?? []), spoken(text)]),
    ordinary: seededRandom(2),
    seeds: derivedSeeds(2),
    graceMs: 120_000,
    recordsDir: join(dir, 'records'),
  });
  const whispers = new Whispers(table, definition, { howTo: 'Whisper me.', where: () => 'where Croupier stands' });
  const answers = new Map<string, string[]>();
  /** A player whispers (or pages, `far`) a line; answers what the dealer answered them. */
  const whisper = (who: Who, text: string, far = false): string[] => {
    if (far) presence.heardFrom(who);
    else presence.whispered(who);
    books.meet(who.id, who.name);
    const got: string[] = [];
    whispers.run({ who, via: far ? 'page' : 'whisper', reply: (t) => got.push(t) }, text);
    answers.set(who.name, [...(answers.get(who.name) ?? []), ...got]);
    return got;
  };
  return { dir, books, real, clock, table, room, told, whisper };
}

const ana: Who = { id: '#13', name: 'Ana' };
const bob: Who = { id: '#14', name: 'Bob' };

describe('the dealer as a host of Lich Bones', () => {
  it('says a line to the room in the third person, and a line worded for one player to that player alone', () => {
    const d = dealer();
    // The room hears it in her name; she has nothing more to be told (the dealer answers "Done", dealer.ts).
    expect(d.whisper(ana, 'sit')).toEqual([]);
    expect(d.room).toContain('Ana takes a seat at the bones table.');
    d.whisper(bob, 'sit');
    d.whisper(ana, 'start');
    const hero = /(Ana|Bob) is the HERO!/.exec(d.room.join('\n'))![1];
    // The room never hears "you"; the HERO hears it alone.
    expect(d.room.join('\n')).not.toMatch(/\byou\b/i);
    expect(d.told.get(hero)!.join('\n')).toMatch(/That is you/);
    expect((d.told.get(hero === 'Ana' ? 'Bob' : 'Ana') ?? []).join('\n')).not.toMatch(/That is you/);
    expect(d.room.join('\n')).toMatch(/place your bets/);
    // The game names the dealer as the host does, never the tavern's Dreaven.
    const other = hero === 'Ana' ? bob : ana;
    expect(d.whisper(other, 'roll')).toEqual([`Only the HERO, ${hero}, rolls; Croupier throws for them when betting closes.`]);
    expect([...d.room, ...d.told.values()].join('\n')).not.toMatch(/Dreaven/);
    // Every verb the game names is the whisper a player sends here, never the tavern's typed one.
    const all = [...d.room, ...d.told.values()].join('\n');
    expect(all).toMatch(/throws with whisper Croupier=roll, or Croupier throws/);
    expect(all).toMatch(/That is you: you throw the dice \(whisper Croupier=roll\)\./);
    expect(all).not.toMatch(/roll dice/);
  });

  it('tells a seated player in the room each line of the table once: the room hears it, and they are whispered only what it does not tell them', () => {
    const d = dealer();
    d.whisper(ana, 'sit');
    d.whisper(bob, 'sit');
    d.whisper(ana, 'start');
    const heroNow = /(Ana|Bob) is the HERO!/.exec(d.room.join('\n'))![1];
    const [first, other] = heroNow === 'Ana' ? [ana, bob] : [bob, ana];
    // The HERO's own throw and a bet are the room's news too: said once, in the player's name.
    d.whisper(other, 'bet lich 10');
    d.whisper(first, 'roll');
    // Nobody throws now: the dealer throws for the HERO when betting closes, and the game goes on.
    d.real.advance(120_000);
    const room = d.room.join('\n');
    expect(room).toMatch(new RegExp(`Croupier chalks up 10 gold from ${other.name} on LICH\\.`));
    expect(room).toMatch(new RegExp(`${first.name}, the HERO, throws the opening attack roll: \\d and \\d`));
    expect(room).toMatch(new RegExp(`${first.name} throws with whisper Croupier=roll, or Croupier throws in \\d+ seconds`));
    expect(room).toMatch(/Croupier nods to Ana: "Lich Bones begins/);
    expect(room).toMatch(/Croupier hands 100 gold to each of Ana and Bob\./);
    expect(room).toMatch(/Croupier throws the opening attack roll for (Ana|Bob), the HERO: \d and \d/);
    expect(room).toMatch(/Croupier tosses (Ana|Bob), the HERO, a bonus/);
    const hero = /(Ana|Bob) is the HERO!/.exec(room)![1];
    const mine = (name: string) => (d.told.get(name) ?? []).join('\n');
    // Neither hears again, whispered in the second person, what the room just heard.
    for (const name of ['Ana', 'Bob']) {
      expect(mine(name)).not.toMatch(/nods to you|to each of (you and Bob|Ana and you)|throws .* for you, the HERO|tosses you, the HERO|settles|takes your|You throw|in your place in/);
    }
    // What the room's line does not tell them still comes to them alone, and only that: that they throw, when betting closes.
    expect(d.told.get(hero)).toContain('That is you: you throw the dice (whisper Croupier=roll).');
    expect(mine(hero)).not.toMatch(/is the HERO/);
    expect(mine(hero)).toMatch(/10 seconds left to bet! Whisper Croupier=roll, or I throw in your place\./);
    expect(mine(hero === 'Ana' ? 'Bob' : 'Ana')).toMatch(/10 seconds left to bet! Then I throw for (Ana|Bob)\./);
  });

  it("tells players in the room that a game pays them no hand-outs once: the room's line names them, and each is whispered only when they are paid again", () => {
    const d = dealer({ settings: { minBet: 10, handout: 100, rounds: 1 } });
    d.whisper(ana, 'sit');
    d.whisper(bob, 'sit');
    d.whisper(ana, 'start');
    d.real.advance(120_000);
    expect(d.room.join('\n')).toMatch(/Lich Bones is over/);
    d.told.clear();
    d.whisper(ana, 'start');
    expect(d.room.join('\n')).toMatch(/raps the table: "A new fight against the LICH begins: one round of Lich Bones!" Ana and Bob were paid hand-outs by another game less than 30 minutes ago and get none\./);
    for (const name of ['Ana', 'Bob']) {
      const mine = (d.told.get(name) ?? []).join('\n');
      expect(mine).not.toMatch(/raps the table/);
      expect(mine).toMatch(/^Croupier tells you: "The house paid you hand-outs at a game of Lich Bones less than 30 minutes ago, so this game pays you none\. It pays you again from /m);
    }
  });

  it('whispers a seated player who is out of the room (keeping their seat a while) the lines worded for them, which they could not hear said', () => {
    const d = dealer();
    d.whisper(ana, 'sit');
    d.whisper(bob, 'sit');
    // Bob steps out: the roster has Ana alone.
    (d.table as unknown as { o: { presence: Presence } }).o.presence.roster([{ ...ana, connected: true }]);
    d.whisper(ana, 'start');
    expect((d.told.get('Bob') ?? []).join('\n')).toMatch(/Croupier hands 100 gold to each of Ana and you\./);
    expect((d.told.get('Ana') ?? []).join('\n')).not.toMatch(/each of you and Bob/);
  });

  it("tells each seated player at the lair table the game's lines once, their own hand whispered to them alone", () => {
    const d = dealer({ definition: dragonsLair, settings: {} });
    const cyd: Who = { id: '#15', name: 'Cyd' };
    for (const p of [ana, bob, cyd]) d.whisper(p, 'sit');
    d.whisper(ana, 'start');
    d.real.advance(65_000);
    const room = d.room.join('\n');
    expect(room).toMatch(/Dragon's Lair begins with Ana, Bob and Cyd: each antes 50 gold/);
    expect(room).toMatch(/Turn 1: Ana deals/);
    expect(room).toMatch(/Ana took too long and holds\./);
    const mine = (name: string) => (d.told.get(name) ?? []).join('\n');
    for (const name of ['Ana', 'Bob', 'Cyd']) expect(mine(name)).not.toMatch(/Dragon's Lair begins with|Turn 1: you deal|took too long/);
    // Whose turn it is the room heard by name; the hand that goes with it is whispered alone.
    expect(room).toMatch(/It is Ana's turn to play a card or hold \(pass 1 of 2, 60 seconds left\)\./);
    for (const name of ['Ana', 'Bob']) expect(mine(name)).toMatch(/^Your hand: /m);
    for (const name of ['Ana', 'Bob']) expect(mine(name)).not.toMatch(/60 seconds left/);
    for (const name of ['Ana', 'Bob', 'Cyd']) expect(mine(name)).toMatch(/You are dealt /);
    // A card the game cannot read is quoted in single quotes, inside the MUD's double-quoted whisper.
    expect(d.whisper(bob, 'play zz')[0]).toMatch(/^'zz' is not a card; /);
    expect(d.whisper(bob, 'discard zz')[0]).toMatch(/^'zz' is not a card; /);
  });

  it("whispers of a reader's own line only what the room's did not tell them, and only where it reads so in theirs", () => {
    const heard = 'Bob is the HERO!';
    expect(unheard(heard, 'Bob is the HERO!', 'You are the HERO!')).toBeNull();
    expect(unheard(heard, 'Bob is the HERO! That is you: you throw.', 'You are the HERO! That is you: you throw.')).toBe('That is you: you throw.');
    // What follows names them as the room would, not as their line does: their line whole.
    expect(unheard(heard, 'Bob is the HERO! Bob throws.', 'You are the HERO! You throw.')).toBe('You are the HERO! You throw.');
    expect(unheard(heard, 'Ana is the HERO! That is you.', 'mine')).toBe('mine');
  });

  it('tells the table as it is whispered to: how to sit, start and throw', () => {
    const d = dealer();
    expect(d.whisper(ana, 'table').join('\n')).toMatch(/Sit down \(whisper Croupier=sit\) and type whisper Croupier=start to play\./);
    d.whisper(ana, 'sit');
    expect(d.whisper(ana, 'table').join('\n')).toMatch(/as soon as a seated player types whisper Croupier=start\./);
  });

  it('takes every form of a bet, and words a refusal with the gold the player has', () => {
    const d = dealer();
    d.whisper(ana, 'sit');
    d.whisper(bob, 'sit');
    d.whisper(ana, 'start');
    // In the room, a bet is told in the bettor's name to all (the bettor whispered nothing more).
    expect(d.whisper(ana, 'hero 10')).toEqual([]);
    expect(d.room.at(-1)).toBe('Croupier chalks up 10 gold from Ana on HERO.');
    d.whisper(bob, '20 lich');
    expect(d.room.at(-1)).toBe('Croupier chalks up 20 gold from Bob on LICH.');
    d.whisper(bob, 'bet beseech 10');
    expect(d.room.at(-1)).toBe('Croupier chalks up 10 gold from Bob on BESEECH.');
    expect([...d.told.values()].join('\n')).not.toMatch(/takes your/);
    expect(d.books.balance('escrow:#14')).toBe(30);
    expect(d.whisper(ana, 'bet beseech 5000')).toEqual(['You have only 1,090 gold; that needs 5,000 gold.']);
    // What was typed is quoted in single quotes, inside the MUD's double-quoted whisper.
    expect(d.whisper(ana, 'hero 1.5')).toEqual(["'1.5' is not a whole number of gold; use digits only, like 50 or 1,000."]);
    // A seated player's word that is neither a verb nor a bet is named before the bets are listed, quoted as the MUD needs.
    expect(d.whisper(ana, 'xx')).toEqual([expect.stringMatching(/^'xx' is no bet\. The bets at this table: hero \(pass\), /)]);
    expect(d.books.audit()).toEqual([]);
  });

  it('takes questions from afar and nothing else, and answers a word it does not know to its sender alone', () => {
    const d = dealer();
    expect(d.whisper(ana, 'sit', true)).toEqual(['Only in the room where I deal (where Croupier stands) can you sit: come and whisper it. From afar I answer gold, table, dice, fair, hand and help.']);
    expect(d.table.players).toEqual([]);
    expect(d.whisper(ana, 'gold', true)).toEqual(['You have 1,000 gold. You have no bets on the bones table.']);
    expect(d.whisper(ana, 'flarb')).toEqual(["I do not know 'flarb'. What I take: whisper Croupier=help."]);
    expect(d.whisper(ana, 'hero 10')).toEqual(["Take a seat first (whisper Croupier=sit): 'hero' is played at the bones table."]);
    expect(d.whisper(ana, 'dice')).toEqual(['No dice have been thrown at the bones table yet.']);
    expect(d.whisper(ana, 'help odds').join('\n')).toMatch(/HERO/);
    // The game's help says how to throw here: whispered, not the tavern's roll dice <table>.
    const help = d.whisper(ana, 'help').join('\n');
    expect(help).toMatch(/throws with whisper Croupier=roll;/);
    expect(help).not.toMatch(/<table>/);
    // How to check a game, here where no README is at hand, in whispers.
    const fair = d.whisper(ana, 'help fair').join('\n');
    expect(fair).toMatch(/uniform\(k\) is u mod k[^]*whisper Croupier=fair seed <word>, from a seated player/);
    expect(fair).toMatch(/whisper Croupier=dice names the nonce of the last throw/);
    expect(d.whisper(ana, 'fair').join('\n')).toMatch(/\(whisper Croupier=fair seed <word>\) until its first draw\. How to check a game: whisper Croupier=help fair\./);
    // A dealer on its own books has no cashout, and says so, seated or not (not "no bet").
    const tabOnly = "is for a dealer of the MUD's own coins; I deal for gold on my books alone (whisper Croupier=gold).";
    expect(d.whisper(ana, 'cashout')).toEqual([`cashout ${tabOnly}`]);
    expect(d.room).toEqual([]);
    d.whisper(ana, 'sit');
    expect(d.whisper(ana, 'claim')).toEqual([`claim ${tabOnly}`]);
  });

  it('tells the room when the game gets a player up (a Spice Run turn let lapse), as at a stand', () => {
    const d = dealer({ definition: spiceRun, settings: {} });
    for (const p of [ana, bob]) d.whisper(p, 'sit');
    // Player 1 lets the first turn lapse, no throw waiting: the game is withdrawn and Ana gets up.
    d.real.advance(10 * 60_000);
    expect(d.told.get('Ana')).toContain('You let your turn lapse, so you give up your seat.');
    expect(d.room).toContain('Ana gets up from the sand table.');
    expect(d.table.players.map((p) => p.name)).toEqual(['Bob']);
  });

  it("tells a player the gold they have on the table where the game has no gold verb of its own (a Dragon's Lair ante)", () => {
    const d = dealer({ definition: dragonsLair, settings: {} });
    for (const p of [ana, bob]) d.whisper(p, 'sit');
    expect(d.whisper(ana, 'gold')).toEqual(['You have 1,000 gold on my books.']);
    d.whisper(ana, 'start');
    const ante = d.books.balance('escrow:#13');
    expect(ante).toBeGreaterThan(0);
    expect(d.whisper(ana, 'gold')).toEqual([`You have ${(1000 - ante).toLocaleString('en-US')} gold on my books, and ${ante.toLocaleString('en-US')} gold on the lair table.`]);
  });

  it("never shows or moves another's cards or gold to one who renamed themselves after them (TinyMUX's @name)", () => {
    const d = dealer({ definition: dragonsLair, settings: {} });
    const cyd: Who = { id: '#15', name: 'Cyd' };
    for (const p of [ana, bob, cyd]) d.whisper(p, 'sit');
    d.whisper(ana, 'start');
    const hand = d.whisper(ana, 'hand').join('\n');
    expect(hand).toMatch(/\(\w+ \d+\)/);
    // Ana renames herself Anna; Dee, not seated, takes the name Ana.
    const anna: Who = { id: '#13', name: 'Anna' };
    const dee: Who = { id: '#16', name: 'Ana' };
    const seen = [...d.whisper(dee, 'table'), ...d.whisper(dee, 'gold'), ...d.whisper(dee, 'hand')].join('\n');
    for (const card of hand.match(/\S+ \(\w+ \d+\)/g)!) expect(seen).not.toContain(card);
    expect(seen).toMatch(/You have 1,000 gold/);
    expect(d.whisper(dee, 'sit')).toEqual(['Someone called Ana is at the lair table already; the table cannot tell two of you apart.']);
    // Ana is still herself by her seat.
    expect(d.whisper(anna, 'hand').join('\n')).toBe(hand);
    expect(d.books.balance('player:#16')).toBe(1000);
  });

  it("seats nobody whose name begins as the dealer's, and gives a name back once nobody at the table goes by it", () => {
    const d = dealer();
    d.whisper(ana, 'sit');
    d.whisper(bob, 'sit');
    d.whisper(ana, 'start');
    // Bob renames himself; Mal takes the name Bob: his gold is his own, his seat refused.
    const mal: Who = { id: '#17', name: 'Bob' };
    expect(d.whisper(mal, 'gold').join('\n')).toMatch(/You have 1,000 gold\. You have no bets/);
    expect(d.whisper(mal, 'sit').join()).toMatch(/Someone called Bob is at the bones table already/);
    expect(d.books.balance('player:#17')).toBe(1000);
    // Once Ana has gone from the table, another who takes her name is seated by it.
    d.whisper(ana, 'stand');
    d.whisper({ id: '#13', name: 'Anna' }, 'gold');
    const before = d.room.length;
    expect(d.whisper({ id: '#18', name: 'Ana' }, 'sit')).toEqual([]);
    expect(d.room.slice(before)).toContain('Ana takes a seat at the bones table.');
    for (const name of ['Croupier says,', "Croupier's", 'croupier (the real one)']) {
      expect(d.whisper({ id: '#20', name }, 'sit').join()).toMatch(/Your name begins as mine does \(Croupier\)/);
    }
    expect(d.whisper({ id: '#21', name: 'Croupiers' }, 'sit')).toEqual([]);
    expect(d.room).toContain('Croupiers takes a seat at the bones table.');
  });

  it('killed at any record of a game and opened again, the books are whole: each player met once and paid their starting gold once, every stake back', () => {
    const d = dealer();
    const cyd: Who = { id: '#15', name: 'Cyd' };
    d.whisper(ana, 'sit');
    d.whisper(bob, 'sit');
    d.whisper(ana, 'start');
    d.whisper(ana, 'hero 10');
    d.whisper(bob, '20 lich');
    d.whisper(cyd, 'gold');
    const hero = /HERO: (\w+)/.exec(d.whisper(ana, 'table').join('\n'))![1];
    d.whisper(hero === 'Ana' ? ana : bob, 'roll');
    d.whisper({ id: '#13', name: 'Anna' }, 'gold');
    const journal = readFileSync(join(d.dir, JOURNAL_FILE), 'utf8');
    const ends = [...journal.matchAll(/\n/g)].map((m) => m.index! + 1);
    expect(ends.length).toBeGreaterThan(10);
    // A kill leaves the journal cut anywhere: at the end of any record, or inside one.
    for (const cut of [...ends, ...ends.map((e) => e - 5)]) {
      const dir = mkdtempSync(join(tmpdir(), 'dealer-kill-'));
      dirs.push(dir);
      writeFileSync(join(dir, JOURNAL_FILE), journal.slice(0, cut));
      const books = Books.open(dir);
      books.returnStakes();
      for (const who of [ana, bob, cyd]) books.meet(who.id, who.name);
      const balances = books.balances();
      expect(books.audit(), `cut at ${cut}`).toEqual([]);
      expect(Object.keys(balances).filter((k) => k.startsWith('escrow:')), `cut at ${cut}`).toEqual([]);
      expect(-(balances.mint ?? 0), `starting gold paid, cut at ${cut}`).toBe(3000);
      books.close();
    }
  });

  it("writes the record of a game a stop cut off where verify reads it, dated by real time however far the table's clock waited behind", () => {
    const d = dealer();
    d.whisper(ana, 'sit');
    d.whisper(bob, 'sit');
    d.whisper(ana, 'start');
    const hero = /HERO: (\w+)/.exec(d.whisper(ana, 'table').join('\n'))![1];
    d.whisper(hero === 'Ana' ? ana : bob, 'roll');
    d.table.dispose();
    d.books.close();
    // Started again on the same books, its table clock 3 hours behind (pauses, holds, time off the MUD).
    const again = dealer({ dir: d.dir, lag: 3 * 3_600_000 });
    expect(again.table.cutOff).toBe(1);
    const record = JSON.parse(readFileSync(join(d.dir, 'records', 'croupier-lich-bones-1.json'), 'utf8'));
    expect(record).toMatchObject({ number: 1, cutOff: true, at: new Date(again.real.now()).toISOString() });
    expect(checkGame(record)).toEqual({ problems: [], draws: record.draws.length });
    expect(record.draws.length).toBeGreaterThan(0);
    // Times of day shown to players are real ones too.
    expect(again.table.words.timeOfDay(again.clock.now())).toBe(`${new Date(again.real.now()).toISOString().slice(11, 16)} UTC`);
    again.table.dispose();
  });

  it('keeps a seat through a player away for the grace period on the table clock, then gives it up', () => {
    const d = dealer();
    d.whisper(ana, 'sit');
    // Ana leaves the room: the roster no longer has her.
    const presence = (d.table as unknown as { o: { presence: Presence } }).o.presence;
    presence.roster([]);
    d.real.advance(60_000);
    expect(d.table.players.map((p) => p.name)).toEqual(['Ana']);
    // The clock waits while the dealer is away from the MUD: the grace does not run out meanwhile.
    d.clock.hold('offline');
    d.real.advance(600_000);
    d.clock.release('offline');
    expect(d.table.players.map((p) => p.name)).toEqual(['Ana']);
    d.real.advance(61_000);
    expect(d.table.players).toEqual([]);
    expect(d.room).toContain("Ana's seat at the bones table is empty now.");
  });
});
