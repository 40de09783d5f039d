import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.destroy();
  server = undefined;
});

describe('a line flood', () => {
  it('at the greeting: the flooder is paused, not dropped, and a player is answered all the while', async () => {
    server = await startTestServer();
    const ana = await server.login('Ana');
    const flooder = await server.connect();
    // Two million empty lines in one go: the server reads them as it answers them, a few at a time.
    flooder.sendBytes(Buffer.alloc(2_000_000, '\n'));
    await flooder.expect('Type a name');
    for (let i = 0; i < 5; i++) expect(await ana.command('inventory')).toContain('1,000 obsidian coins');
    expect(flooder.closed).toBe(false);
    expect(flooder.all).not.toContain('dropped');
    flooder.close();
    expect(await ana.command('inventory')).toContain('1,000 obsidian coins');
  });

  it('over the web socket: lines past the cap are dropped with one line, and a player is answered all the while', async () => {
    server = await startTestServer({ web: {} });
    const ana = await server.login('Ana');
    const flooder = await server.connectWeb();
    flooder.sendAll(Array(5000).fill(''));
    await flooder.expect('Too many lines are waiting (1,000): the rest of what you sent was dropped.');
    for (let i = 0; i < 5; i++) expect(await ana.command('inventory')).toContain('1,000 obsidian coins');
  });

  it("from a player: the others are answered all the while, and the flooder's lines are answered in turn", async () => {
    server = await startTestServer();
    const ana = await server.login('Ana');
    const bex = await server.login('Bex');
    bex.send(Array(5_000).fill('look').join('\r\n'));
    await bex.expect('Exits:');
    for (let i = 0; i < 5; i++) expect(await ana.command('inventory')).toContain('1,000 obsidian coins');
    expect(bex.closed).toBe(false);
  });
});
