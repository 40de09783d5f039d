import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Books } from '../../src/dealer/books/books.js';
import { loadProfile } from '../../src/dealer/profile.js';
import { PurseKeeper } from '../../src/dealer/purse.js';
import { purseSettings } from '../../src/dealer/house-rules.js';
import type { Who } from '../../src/dealer/trust.js';
import { FakeClock } from '../support/fakeClock.js';

/**
 * Purse mode's keeper without a MUD: the lines a MUD sends (TinyMUX's as the dealer's ear
 * forwards them with this login's secret, tbaMUD's as its act.item.c and act.informative.c word
 * them), the reads it answers, and what the books make of them. A test plays the MUD: it answers
 * each read the keeper sends with the purse it chooses, and on TinyMUX with the stamp of the
 * dealer's own give (`<payout>:<cost>:<before>:<after>`) and the items of the MUD's own record of
 * gives (the dealer's @pay writes `<n>:<giver>:<type>:<amount>`).
 */

const SECRET = '0123456789abcdef0123456789abcdef';
const ear = (id: number, name: string, text: string) => `DealerEar> ${SECRET} #${id}|PLAYER|${name}|1| ${text}`;
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** An item of the MUD's own record of gives: the dealer's @pay wrote it when `id` gave `amount`. */
const gave = (n: number, id: number, amount: number | '?', type = 'PLAYER') => `${n}:#${id}:${type}:${amount}`;
const ana: Who = { id: '#13', name: 'Ana' };
const bob: Who = { id: '#14', name: 'Bob' };

function keeper(profileName: 'tinymux' | 'diku', dir = mkdtempSync(join(tmpdir(), 'purse-'))) {
  dirs.push(dir);
  const profile = loadProfile(profileName);
  const books = Books.open(dir, 'purse');
  const clock = new FakeClock();
  const sent: string[] = [];
  const told: { to: string; text: string }[] = [];
  const notes: string[] = [];
  const k = new PurseKeeper(profile, books, 'Croupier', clock, {
    send: (c) => sent.push(c),
    tell: (who, text) => told.push({ to: who.name, text }),
    note: (t) => notes.push(t),
  });
  k.login(SECRET);
  /** The MUD sends a line. */
  const line = (text: string) => k.line(text);
  /** The tag of the read the keeper sent last (on its own, or in its give). */
  const lastTag = () => /think ([0-9a-f]{16}) /.exec([...sent].reverse().find((c) => /think [0-9a-f]{16} /.test(c))!)![1];
  /** The MUD answers the read the keeper sent last with `purse`, and on TinyMUX the stamp of the dealer's give (`out`) and the record of gives it has. */
  const answerWith = (out: string, purse: number, ...given: string[]) => {
    if (profileName === 'tinymux') return line(`${lastTag()} ${purse} ${out}|${given.join(' ')}`);
    line(purse === 0 ? "You're broke!" : `You have ${purse} gold coins.`);
    clock.advance(1000);
  };
  const answer = (purse: number, ...given: string[]) => answerWith('', purse, ...given);
  const balance = (who: Who) => books.balance(`player:${who.id}`);
  return { k, books, clock, sent, told, notes, line, answer, answerWith, lastTag, balance, dir };
}

describe("purse mode's keeper on TinyMUX", () => {
  it("takes the purse at the first read as the bankroll, and credits a payment only once the MUD's own record of gives and the purse both show it", () => {
    const t = keeper('tinymux');
    t.k.ready();
    // The purse opens to payments only once the first read has seen it: what it finds (gives recorded before, with the rest) is the bankroll.
    expect(t.sent).toEqual([expect.stringMatching(/^think [0-9a-f]{16} \[money\(me\)\] \[get\(me\/DEALER_OUT\)\]\|.*strmatch\(get\(me\/DEALER_OUT\),0:\*\).*gt\(first\(##,:\),0\)/)]);
    t.answer(5000, gave(6, 13, 300));
    expect(t.sent.at(-1)).toBe('&DEALER_OPEN me=1');
    expect(t.books.balance('house')).toBe(5000);
    expect(t.balance(ana)).toBe(0);
    expect(t.books.given).toBe(6);
    t.line(ear(13, 'Ana', 'Ana gives you 300 Pennies.'));
    expect(t.balance(ana)).toBe(0);
    t.answer(5300, gave(7, 13, 300));
    expect(t.balance(ana)).toBe(300);
    expect(t.books.given).toBe(7);
    // The next read takes the record past what the books account for.
    t.line(ear(13, 'Ana', 'Ana gives you a Penny.'));
    expect(t.sent.at(-1)).toMatch(/gt\(first\(##,:\),7\)/);
    t.answer(5301, gave(7, 13, 300), gave(8, 13, 1));
    expect(t.balance(ana)).toBe(301);
    expect(t.told.map((x) => x.text)).toEqual(['300 Pennies received: you have 300 Pennies on my books.', '1 Penny received: you have 301 Pennies on my books.']);
    expect(t.books.audit()).toEqual([]);
    expect(-t.books.balance('mud')).toBe(5301);
  });

  it('credits nothing for a payment line the purse does not show, nor for a line without the secret, a read answer without the fresh tag, or an old tag', () => {
    const t = keeper('tinymux');
    t.k.ready();
    t.answer(5000);
    const oldTag = t.lastTag();
    // A forged copy of the ear's line (wrong secret), a NOSPOOF-looking line and a pose: none is the purse's.
    expect(t.line(`DealerEar> ffffffffffffffffffffffffffffffff #13|PLAYER|Ana|1| Ana gives you 300 Pennies.`)).toBe(false);
    expect(t.line('[Ana(#13),give] Ana gives you 300 Pennies.')).toBe(false);
    expect(t.line('Mal gives you 20000 Pennies.')).toBe(false);
    expect(t.line(ear(12, 'Croupier', 'Croupier gives you 300 Pennies.'))).toBe(false);
    expect(t.line(`${oldTag} 999999 |`)).toBe(false);
    // The ear's own line with no give in the MUD's record: nothing credited, nobody told anything.
    t.line(ear(13, 'Ana', 'Ana gives you 300 Pennies.'));
    expect(t.line(`${oldTag} 5300 |${gave(1, 13, 300)}`)).toBe(false);
    t.answer(5000);
    expect(t.balance(ana)).toBe(0);
    expect(t.told).toEqual([]);
    // A record whose money the purse does not show: nothing credited, the payer told so.
    t.line(ear(13, 'Ana', 'Ana gives you 300 Pennies.'));
    t.answer(5000, gave(1, 13, 300));
    expect(t.balance(ana)).toBe(0);
    expect(t.told.at(-1)!.text).toMatch(/does not show it/);
    expect(t.books.holds).toEqual([]);
  });

  it("holds money that came with no give in the MUD's record, and the operator settles it", () => {
    const t = keeper('tinymux');
    t.k.ready();
    t.answer(5000);
    t.line(ear(13, 'Ana', 'Ana gives you a Penny.'));
    t.answer(5201, gave(1, 13, 1));
    expect(t.balance(ana)).toBe(1);
    expect(t.books.holds).toEqual([expect.objectContaining({ amount: 200, claims: [] })]);
    expect(t.notes.join('\n')).toMatch(/HELD 200 Pennies as hold 1/);
    t.k.claim(bob, (text) => t.told.push({ to: 'Bob', text }));
    expect(t.told.at(-1)!.text).toMatch(/Nothing I hold is proven yours\. 200 Pennies wait unclaimed/);
    t.books.meet('#14', 'Bob');
    expect(t.k.settle(1, '#14')).toBe('Hold 1 (200 Pennies) settled to Bob.');
    expect(t.balance(bob)).toBe(200);
    expect(t.books.holds).toEqual([]);
    expect(t.books.audit()).toEqual([]);
  });

  it("pays a cashout in one run of the MUD's queue that stamps the purse just before and after the give and then reads it, and settles it by that stamp (the MUD's penny for the run borne by the house)", () => {
    const t = keeper('tinymux');
    t.k.ready();
    t.answer(5000);
    t.line(ear(13, 'Ana', 'Ana gives you 300 Pennies.'));
    t.answer(5300, gave(1, 13, 300));
    const replies: string[] = [];
    t.k.cashout(ana, 100, (r) => replies.push(r));
    expect(replies).toEqual(['I will give you 100 Pennies.']);
    expect(t.books.payouts).toEqual([{ n: 1, id: '#13', name: 'Ana', amount: 100 }]);
    expect(t.balance(ana)).toBe(200);
    // One command: the give and the read that follows it run in one queue entry, and no give numbered below the fence runs.
    const give = t.sent.at(-1)!;
    expect(give).toMatch(/^@switch\/all 1=\[if\(lt\(1,get\(me\/DEALER_FENCE\)\),0,\[set\(me,DEALER_OUT:1:\[money\(me\)\]\)\]1\)\],\{think \[set\(me,DEALER_OUT:.*\];give #13=100;think \[set.*;think [0-9a-f]{16} \[money\(me\)\].*strmatch\(get\(me\/DEALER_OUT\),1:\*\)/);
    t.line(ear(12, 'Croupier', 'You give 100 Pennies to Ana.'));
    t.answerWith('1:1:5300:5200', 5199);
    expect(t.books.payouts).toEqual([]);
    expect(t.balance(ana)).toBe(200);
    expect(-t.books.balance('mud')).toBe(5199);
    expect(t.books.balance('house')).toBe(4999);
    expect(t.books.holds).toEqual([]);
    expect(t.books.audit()).toEqual([]);
    expect(t.told.at(-1)!.text).toBe('I gave you 100 Pennies; you have 200 Pennies left on my books.');
  });

  it('puts a refused give back on the books exactly once, with the reason the MUD gave', () => {
    const t = keeper('tinymux');
    t.k.ready();
    t.answer(5000);
    t.line(ear(13, 'Ana', 'Ana gives you 300 Pennies.'));
    t.answer(5300, gave(1, 13, 300));
    t.k.cashout(ana, null, () => undefined);
    t.line(ear(12, 'Croupier', "That player doesn't need that many Pennies!"));
    t.answer(5300);
    expect(t.balance(ana)).toBe(300);
    expect(t.books.payouts).toEqual([]);
    expect(t.told.at(-1)!.text).toBe("My give of 300 Pennies did not reach you (the MUD said: That player doesn't need that many Pennies!); it is back on my books.");
    // A later read changes nothing.
    t.line(ear(14, 'Bob', 'Bob gives you 5 Pennies.'));
    t.answer(5305, gave(2, 14, 5));
    expect(t.balance(bob)).toBe(5);
    expect(t.balance(ana)).toBe(300);
    expect(t.books.audit()).toEqual([]);
  });

  it("after a restart settles a pending payout by the MUD's stamp alone, never by the purse: income equal to the payout (kill insurance) while the dealer was down is held either way, and a stamp it cannot read holds the payout", () => {
    const cases = [
      // The give ran and paid; 300 of insurance came meanwhile: the purse is where it was, and the payout is still paid.
      { out: '1:0:5000:4700', purse: 5000, balance: 0, held: [300], house: 4700 },
      // The give never ran (killed before it went out); the same insurance came: back on the books, the insurance held.
      { out: '', purse: 5300, balance: 300, held: [300], house: 4700 },
      // Queued but stopped by the restart's @halt: never ran; the MUD kept its penny for queueing it.
      { out: '1:1', purse: 4999, balance: 300, held: [], house: 4699 },
      // Ran and refused by the MUD (earn_limit): back on the books.
      { out: '1:0:5000:5000', purse: 5000, balance: 300, held: [], house: 4700 },
      // Another payout's stamp: this one's give never ran.
      { out: '7:0:900:800', purse: 5000, balance: 300, held: [], house: 4700 },
      // A stamp that says neither: held for the operator.
      { out: '1:0:5000:4900', purse: 4900, balance: 0, held: [300], house: 4600 },
    ];
    for (const c of cases) {
      const first = keeper('tinymux');
      first.k.ready();
      first.answer(4700);
      first.line(ear(13, 'Ana', 'Ana gives you 300 Pennies.'));
      first.answer(5000, gave(1, 13, 300));
      first.k.cashout(ana, null, () => undefined);
      expect(first.books.payouts).toHaveLength(1);
      first.books.close();
      // Killed here; started again on the same books: its login fences off payout 1 and stops whatever of it still waits, before the first read.
      const again = keeper('tinymux', first.dir);
      expect(again.k.closeCommands).toEqual(expect.arrayContaining(['&DEALER_FENCE me=2', '@halt me']));
      expect(again.k.closeCommands.indexOf('@halt me')).toBeGreaterThan(again.k.closeCommands.indexOf('&DEALER_FENCE me=2'));
      again.k.ready();
      expect(again.sent.slice(-2)).toEqual(['@halt me', expect.stringMatching(/^think [0-9a-f]{16} .*strmatch\(get\(me\/DEALER_OUT\),1:\*\)/)]);
      again.answerWith(c.out, c.purse);
      const label = JSON.stringify(c);
      expect(again.books.payouts, label).toEqual([]);
      expect(again.balance(ana), label).toBe(c.balance);
      expect(again.books.holds.map((h) => h.amount), label).toEqual(c.held);
      expect(again.books.balance('house'), label).toBe(c.house);
      expect(-again.books.balance('mud'), label).toBe(c.purse);
      expect(again.books.audit(), label).toEqual([]);
    }
  });

  it("credits nobody for a forged payment line after money came with no give (kill insurance), and only the real payer when a real give and a forged claim come at once", () => {
    const t = keeper('tinymux');
    t.k.ready();
    t.answer(5000);
    // Bob's `kill Croupier=100` pays the dealer 50 of insurance, then his `@pemit *Croupier=Bob gives you 50 Pennies.` comes through the ear in his own name.
    t.line(ear(14, 'Bob', 'Bob gives you 50 Pennies.'));
    t.answer(5050);
    expect(t.balance(bob)).toBe(0);
    expect(t.books.holds).toEqual([expect.objectContaining({ amount: 50, claims: [] })]);
    expect(t.notes.join('\n')).toMatch(/HELD 50 Pennies as hold 1: money that came with no give in the MUD's own record/);
    // Ana really gives 30 while Bob, after more insurance, claims 50 again.
    t.line(ear(13, 'Ana', 'Ana gives you 30 Pennies.'));
    t.line(ear(14, 'Bob', 'Bob gives you 50 Pennies.'));
    t.answer(5130, gave(1, 13, 30));
    expect(t.balance(ana)).toBe(30);
    expect(t.balance(bob)).toBe(0);
    expect(t.books.holds.map((h) => h.amount)).toEqual([50, 50]);
    expect(t.told.map((x) => x.to)).toEqual(['Ana']);
    t.k.claim(bob, (text) => t.told.push({ to: 'Bob', text }));
    expect(t.told.at(-1)!.text).toMatch(/^Nothing I hold is proven yours/);
    expect(-t.books.balance('mud')).toBe(5130);
  });

  it("holds a thing's give and a give whose amount the MUD could not tell (a wizard's), as claims only", () => {
    const t = keeper('tinymux');
    t.k.ready();
    t.answer(5000);
    t.line(ear(13, 'Ana', 'Ana gives you a Penny.'));
    t.answer(5051, gave(1, 20, 40, 'THING'), gave(2, 1, '?'), gave(3, 13, 1));
    expect(t.balance(ana)).toBe(1);
    expect(t.books.holds).toEqual([expect.objectContaining({ amount: 50, claims: [expect.objectContaining({ id: null, amount: 40, proven: false }), expect.objectContaining({ id: '#1', proven: false })] })]);
    expect(t.books.given).toBe(3);
  });
});

describe("purse mode's keeper across a restart", () => {
  it("credits a give the MUD recorded before a kill at the first read after the restart, and never one the books accounted for already", () => {
    const first = keeper('tinymux');
    first.k.ready();
    first.answer(5000);
    first.line(ear(13, 'Ana', 'Ana gives you 250 Pennies.'));
    first.books.close();
    // Killed before the read was answered: the record waits in the MUD.
    const again = keeper('tinymux', first.dir);
    again.k.ready();
    again.answer(5250, gave(1, 13, 250));
    expect(again.balance(ana)).toBe(250);
    expect(again.books.holds).toEqual([]);
    again.books.close();
    // Killed after the books took it but before the MUD dropped it from its record: the next read sends the mark, and an item at or below it counts for nothing.
    const third = keeper('tinymux', first.dir);
    third.k.ready();
    expect(third.sent.at(-1)).toMatch(/gt\(first\(##,:\),1\)/);
    third.answer(5250, gave(1, 13, 250));
    expect(third.balance(ana)).toBe(250);
    expect(third.books.holds).toEqual([]);
    expect(-third.books.balance('mud')).toBe(5250);
  });
});

describe("purse mode's keeper on tbaMUD (no proof, no tags)", () => {
  it('credits a payment whose line and purse agree exactly, and holds two claims for one change', () => {
    const t = keeper('diku');
    t.k.ready();
    expect(t.sent).toEqual(['gold']);
    t.answer(1000);
    t.line('Ana gives you 500 gold coins.');
    t.answer(1500);
    expect(t.balance({ id: 'ana', name: 'Ana' })).toBe(500);
    // A real payment and an emote that reads the same ("Mal gives you 500 gold coins."): one change, two claims.
    t.line('Bob gives you 500 gold coins.');
    t.line('Mal gives you 500 gold coins.');
    t.answer(2000);
    expect(t.balance({ id: 'bob', name: 'Bob' })).toBe(0);
    expect(t.balance({ id: 'mal', name: 'Mal' })).toBe(0);
    expect(t.books.holds).toEqual([expect.objectContaining({ amount: 500, claims: [expect.objectContaining({ name: 'Bob' }), expect.objectContaining({ name: 'Mal' })] })]);
    // An invisible payer is nobody to credit.
    t.line('Someone gives you 1 gold coin.');
    t.answer(2001);
    expect(t.books.holds.map((h) => h.amount)).toEqual([500, 1]);
  });

  it('believes no read answered by two balance lines, and moves no coin while someone named You is here', () => {
    const t = keeper('diku');
    t.k.ready();
    t.line('You have 999999 gold coins.');
    t.line('You have 1000 gold coins.');
    t.clock.advance(1000);
    expect(t.books.purse).toBeNull();
    expect(t.notes.join('\n')).toMatch(/TAMPERING: 2 balance lines/);
    t.clock.advance(2000);
    t.answer(1000);
    expect(t.books.purse).toBe(1000);
    t.k.seen('You', true);
    const replies: string[] = [];
    t.books.meet('ana', 'Ana');
    t.k.cashout({ id: 'ana', name: 'Ana' }, 10, (r) => replies.push(r));
    expect(replies[0]).toMatch(/^I cannot pay out now: someone named You is here/);
    t.line('Ana gives you 10 gold coins.');
    t.answer(1010);
    expect(t.balance({ id: 'ana', name: 'Ana' })).toBe(0);
    expect(t.books.holds.map((h) => h.amount)).toEqual([10]);
  });

  it("settles a give by the purse, taking the MUD's unproven word only to break a tie it cannot forge", () => {
    const t = keeper('diku');
    t.k.ready();
    t.answer(1000);
    t.line('Ana gives you 100 gold coins.');
    t.answer(1100);
    const ana = { id: 'ana', name: 'Ana' };
    // A refusal line while the purse went down is a forgery: the purse says it was paid.
    t.k.cashout(ana, 30, () => undefined);
    t.line("You don't have that many coins!");
    t.answer(1070);
    expect(t.balance(ana)).toBe(70);
    expect(t.told.at(-1)!.text).toMatch(/^I gave you 30 gold coins/);
    // A purse that did not go down fits "refused" or "paid while linkless gold came": the refusal decides.
    t.k.cashout(ana, 20, () => undefined);
    t.line("You don't have that many coins!");
    t.answer(1070);
    expect(t.balance(ana)).toBe(70);
    expect(t.books.holds).toEqual([]);
    expect(t.told.at(-1)!.text).toMatch(/did not reach you \(the MUD said: You don't have that many coins!\)/);
  });

  it('names the payee exactly in its give (0.name), and holds a payout the purse cannot confirm after a restart', () => {
    const t = keeper('diku');
    t.k.ready();
    t.answer(1000);
    t.line('Ana gives you 50 gold coins.');
    t.answer(1050);
    t.k.cashout({ id: 'ana', name: 'Ana' }, 50, () => undefined);
    expect(t.sent.at(-2)).toBe('give 50 coins 0.Ana');
    t.books.close();
    // Linkless gold may have come meanwhile: a purse that did not go down cannot say whether the give went.
    const again = keeper('diku', t.dir);
    again.k.ready();
    again.answer(1100);
    expect(again.books.payouts).toEqual([]);
    expect(again.books.holds.map((h) => h.amount).sort((a, b) => a - b)).toEqual([50, 50]);
    expect(again.notes.join('\n')).toMatch(/the purse cannot confirm or deny/);
  });
});

describe('the house rules for real coins', () => {
  it('makes every gift nothing, bars 12 for LICH, refuses a setting that says otherwise, and refuses a game from a module', () => {
    expect(purseSettings('lich-bones', { rounds: 2 })).toEqual({ ok: true, settings: { rounds: 2, handout: 0, heroBonus: 0, earlyBonusPercent: 0, barTwelve: 1 } });
    expect(purseSettings('lich-bones', { handout: 100 })).toEqual({ ok: false, problem: expect.stringMatching(/pays no hand-outs/) });
    expect(purseSettings('lich-bones', { barTwelve: 0 })).toEqual({ ok: false, problem: expect.stringMatching(/bars 12 for LICH/) });
    expect(purseSettings('spice-run', undefined)).toEqual({ ok: true, settings: {} });
    expect(purseSettings('high-roll', {})).toEqual({ ok: false, problem: expect.stringMatching(/a game from a module cannot be dealt/) });
  });
});
