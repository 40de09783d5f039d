import { describe, expect, it } from 'vitest';
import { RESUME_MS, ResumeTokens } from '../../src/web/resume.js';
import { readFrame } from '../../src/web/frames.js';
import { Resumer } from '../../web/src/resume.js';
import { FakeClock } from '../support/fakeClock.js';

const refusedWith = (reason: RegExp) => ({ ok: false, reason: expect.stringMatching(reason) as unknown });

describe('resume tokens', () => {
  it('gives a token that resumes once, within 2 minutes of the drop, and is spent by it', () => {
    const clock = new FakeClock();
    const tokens = new ResumeTokens(clock);
    const first = tokens.issue('ana');
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    tokens.dropped(first);
    clock.advance(RESUME_MS - 1);
    expect(tokens.redeem(first)).toEqual({ ok: true, key: 'ana' });
    // Reused (or stolen and used second): refused, saying so.
    expect(tokens.redeem(first)).toEqual(refusedWith(/^That session was resumed already .* Log in again\.$/));
    // The resume's own new token is another, and works in its turn.
    const second = tokens.issue('ana');
    expect(second).not.toBe(first);
    expect(tokens.redeem(second)).toEqual({ ok: true, key: 'ana' });
  });

  it('works while its page still seems connected (a connection not yet known to be dead)', () => {
    const tokens = new ResumeTokens(new FakeClock());
    expect(tokens.redeem(tokens.issue('ana'))).toEqual({ ok: true, key: 'ana' });
  });

  it('is over 2 minutes after the drop, after a quit, and after any other login of the character', () => {
    const clock = new FakeClock();
    const tokens = new ResumeTokens(clock);
    const late = tokens.issue('ana');
    tokens.dropped(late);
    clock.advance(RESUME_MS + 1);
    expect(tokens.redeem(late)).toEqual(refusedWith(/^More than 2 minutes passed: that session is over\. Log in again\.$/));
    const quitter = tokens.issue('bex');
    tokens.quit(quitter);
    expect(tokens.redeem(quitter)).toEqual(refusedWith(/^Bex left the tavern: that session is over\./));
    // Logged in again elsewhere (telnet, or another page): the page's token is worthless.
    const taken = tokens.issue('cyr');
    tokens.dropped(taken);
    tokens.loggedIn('cyr');
    expect(tokens.redeem(taken)).toEqual(refusedWith(/^Cyr has been logged in again since: that session is over\./));
    const other = tokens.issue('dov');
    tokens.issue('dov'); // a second page's login
    expect(tokens.redeem(other)).toEqual(refusedWith(/^Dov has been logged in again since/));
    // Another character's login changes nothing.
    const eve = tokens.issue('eve');
    tokens.loggedIn('fay');
    expect(tokens.redeem(eve)).toEqual({ ok: true, key: 'eve' });
  });

  it('refuses a token it never gave, and forgets ended ones after a while (then refused the same way)', () => {
    const clock = new FakeClock();
    const tokens = new ResumeTokens(clock);
    expect(tokens.redeem('A'.repeat(43))).toEqual(refusedWith(/^That session is not known here \(the server may have restarted\)\. Log in again\.$/));
    const token = tokens.issue('ana');
    tokens.quit(token);
    expect(tokens.size).toEqual({ current: 0, ended: 1 });
    clock.advance(RESUME_MS + 1);
    expect(tokens.size).toEqual({ current: 0, ended: 0 });
    expect(tokens.redeem(token)).toEqual(refusedWith(/not known here/));
    // A dropped page never resumed leaves nothing behind either.
    tokens.dropped(tokens.issue('bex'));
    clock.advance(2 * RESUME_MS + 2);
    expect(tokens.size).toEqual({ current: 0, ended: 0 });
  });

  it('keeps the drop’s clock: a second drop report does not extend it', () => {
    const clock = new FakeClock();
    const tokens = new ResumeTokens(clock);
    const token = tokens.issue('ana');
    tokens.dropped(token);
    clock.advance(RESUME_MS - 1000);
    tokens.dropped(token);
    clock.advance(2000);
    expect(tokens.redeem(token)).toEqual(refusedWith(/More than 2 minutes/));
  });
});

describe('the resume frame', () => {
  const frame = (value: unknown) => readFrame(Buffer.from(JSON.stringify(value)), false);

  it('is read as a resume request, the token as it was given', () => {
    const token = 'abc_DEF-123'.padEnd(43, 'x');
    expect(frame({ type: 'resume', token })).toEqual({ kind: 'resume', token });
  });

  it('is refused with a reason when its token is missing, not a string, or not a token', () => {
    const reason = 'A resume message needs its "token" as the server gave it; it was ignored.';
    for (const bad of [{ type: 'resume' }, { type: 'resume', token: 7 }, { type: 'resume', token: 'short' }, { type: 'resume', token: 'has space'.padEnd(43, 'x') }]) {
      expect(frame(bad)).toEqual({ kind: 'refused', reason });
    }
    expect(frame({ type: 'resume', token: 'x'.repeat(43), text: 'hi' })).toMatchObject({ kind: 'refused', reason: /not understood/ });
  });
});

describe('the page’s resumer', () => {
  const storage = () => {
    const kept = new Map<string, string>();
    return { kept, getItem: (k: string) => kept.get(k) ?? null, setItem: (k: string, v: string) => void kept.set(k, v), removeItem: (k: string) => void kept.delete(k) };
  };

  it('asks to resume only with a token, and holds the greeting back until the answer', () => {
    const store = storage();
    const resumer = new Resumer(store);
    expect(resumer.opened()).toBeNull();
    expect(resumer.tokenGiven('t1')).toBe(false); // a login's token, not an answer to a resume
    expect(resumer.opened()).toEqual({ type: 'resume', token: 't1' });
    expect(resumer.hold({ type: 'text', text: 'The greeting' })).toBe(true);
    expect(resumer.hold({ type: 'prompt', text: '> ' })).toBe(false);
    expect(resumer.tokenGiven('t2')).toBe(true);
    expect(resumer.hold({ type: 'text', text: 'You are back.' })).toBe(false);
    expect(resumer.opened()).toEqual({ type: 'resume', token: 't2' });
  });

  it('gives the held greeting back and forgets the token when refused, and forgets it at a close', () => {
    const store = storage();
    const resumer = new Resumer(store);
    resumer.tokenGiven('t1');
    resumer.opened();
    resumer.hold({ type: 'text', text: 'The greeting' });
    expect(resumer.refused()).toEqual([{ type: 'text', text: 'The greeting' }]);
    expect(resumer.holding).toBe(false);
    resumer.tokenGiven('t2');
    resumer.ended();
    expect(store.kept.size).toBe(0);
  });

  it('does without storage where the browser refuses it', () => {
    const refusing = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('denied'); }, removeItem: () => { throw new Error('denied'); } };
    const resumer = new Resumer(refusing);
    expect(resumer.tokenGiven('t1')).toBe(false);
    expect(resumer.opened()).toBeNull();
    expect(() => resumer.ended()).not.toThrow();
  });
});
