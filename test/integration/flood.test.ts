import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import type { TestClient } from '../support/client.js';

let server: TestServer | undefined;

/** Waits until nothing more has come for half a second: the flood's replies are all in. */
async function quiet(c: TestClient): Promise<void> {
  let seen = -1;
  for (let i = 0; i < 120 && c.all.length !== seen; i++) {
    seen = c.all.length;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  expect(c.all.length).toBe(seen);
}
afterEach(async () => {
  await server?.destroy();
  server = undefined;
});

describe('a line flood', () => {
  it('at the greeting: the flooder is told lines were dropped, and a player is answered all the while', async () => {
    server = await startTestServer();
    const ana = await server.login('Ana');
    const flooder = await server.connect();
    // Two million empty lines in one go: far past the cap of lines a connection may have waiting.
    flooder.sendBytes(Buffer.alloc(2_000_000, '\n'));
    await flooder.expect('Too many lines are waiting (1,000): the rest of what you sent was dropped.');
    for (let i = 0; i < 5; i++) expect(await ana.command('inventory')).toContain('1,000 obsidian coins');
    flooder.close();
    expect(await ana.command('inventory')).toContain('1,000 obsidian coins');
  });

  it('from a player: the flooder is told, the others are answered all the while, and the flooder is served again once it is over', async () => {
    server = await startTestServer();
    const ana = await server.login('Ana');
    const bex = await server.login('Bex');
    bex.send(Array(5_000).fill('look').join('\r\n'));
    await bex.expect('Too many lines are waiting');
    for (let i = 0; i < 5; i++) expect(await ana.command('inventory')).toContain('1,000 obsidian coins');
    // Once the flood is over, the flooder is served as before.
    await quiet(bex);
    expect(await bex.command('inventory')).toContain('1,000 obsidian coins');
  });
});
