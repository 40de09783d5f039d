import { describe, expect, it } from 'vitest';
import { NOBODY, Voice } from '../../src/games/voice.js';

describe('a voice: one sentence, worded for each viewer', () => {
  const robs = (v: Voice) => `${v.Poss('Ana')} thief robs ${v.name('Bob')}; ${v.does('Ana', 'have', 'has')} ${v.theirs('Bob')} now.`;

  it('calls the viewer "you", with the verb agreeing, and names everyone else', () => {
    expect(robs(new Voice('Ana'))).toBe('Your thief robs Bob; You have Bob\'s now.');
    expect(robs(new Voice('Bob'))).toBe("Ana's thief robs you; Ana has yours now.");
    expect(robs(new Voice('Zed'))).toBe("Ana's thief robs Bob; Ana has Bob's now.");
    expect(robs(NOBODY)).toBe("Ana's thief robs Bob; Ana has Bob's now.");
  });

  it('lists names in their order with the viewer as "you", and labels them in a list of who is where', () => {
    const v = new Voice('Bob');
    expect(v.names(['Ana', 'Bob', 'Cy'])).toBe('Ana, you and Cy');
    expect(v.Names(['Bob', 'Cy'])).toBe('You and Cy');
    expect(v.label('Bob')).toBe('Bob (you)');
    expect(v.label('Ana')).toBe('Ana');
    expect(v.verb('Ana', 'take')).toBe('takes');
    expect(v.verb('Bob', 'take')).toBe('take');
  });
});
