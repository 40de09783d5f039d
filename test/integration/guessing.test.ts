import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { MAX_QUEUED_GUESSES } from '../../src/login/door.js';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.destroy();
  server = undefined;
});

describe('a flood of wrong guesses at one character', () => {
  it('holds the guessers, refuses those past the cap at once, and lets the owner in from another address within a second', async () => {
    server = await startTestServer();
    (await server.login('Ana')).close();
    // Ten connections from one address, each guessing at Ana (the waits are on the test's clock: they never end here).
    const guessers = await Promise.all(Array.from({ length: 10 }, () => server!.connect()));
    guessers.forEach((g, i) => g.send(`connect Ana wrong${i}`));
    // The first guesses are checked and wrong; the rest wait (one of them told how long), or are refused past the cap.
    const answered = () => guessers.filter((g) => /Wrong password\.|this attempt waits|Too many attempts at Ana/.test(g.all)).length;
    const told = () => guessers.some((g) => g.all.includes('this attempt waits'));
    for (let i = 0; i < 500 && (answered() < 10 - MAX_QUEUED_GUESSES + 1 || !told()); i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(guessers.filter((g) => g.all.includes('Wrong password.')).length).toBeGreaterThanOrEqual(3);
    const refused = guessers.filter((g) => g.all.includes('Too many attempts at Ana are waiting already: this one is refused, and not counted. Try again in a minute.'));
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.length).toBeLessThanOrEqual(10 - MAX_QUEUED_GUESSES + 1);
    const owner = await server.connect({ from: '127.0.0.2' });
    const start = performance.now();
    owner.send('connect Ana secret123');
    await owner.expect('Exits:');
    expect(performance.now() - start).toBeLessThan(1000);
  });
});
