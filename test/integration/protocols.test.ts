/** The MUD protocols through the whole server: a GMCP client, MSSP both ways, screen-reader prompts, wrapping. */
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import type { TestClient } from '../support/client.js';

const IAC = 255, SB = 250, SE = 240, WILL = 251, DO = 253, GMCP = 201, MSSP = 70, TTYPE = 24;

let ts: TestServer;
afterEach(async () => {
  await ts?.destroy();
});

const gmcp = (text: string) => [IAC, SB, GMCP, ...Buffer.from(text, 'utf8'), IAC, SE];
/** The GMCP messages received so far, as text. */
const gmcpReceived = (c: TestClient) =>
  c.commands.filter((x) => x[1] === SB && x[2] === GMCP).map((x) => Buffer.from(x.slice(3, -2)).toString('utf8'));

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe('a GMCP client', () => {
  it('says hello, lists what it supports, is answered a ping, and its bad messages are ignored', async () => {
    ts = await startTestServer();
    const c = await ts.connect();
    c.sendBytes([
      ...[IAC, DO, GMCP],
      ...gmcp('Core.Hello {"client": "Mudlet", "version": "4.17.2"}'),
      ...gmcp('Core.Supports.Set ["Char 1", "Room 1", "Comm 1", "Table 1"]'),
      ...gmcp('Core.Supports.Add [broken'),
      ...gmcp('Nonsense.Package {"x": 1}'),
      ...gmcp('Core.Ping'),
    ]);
    await until(() => gmcpReceived(c).includes('Core.Ping'), 'the ping answer');
    c.send('create Gmcpfan secret123');
    await c.expect('Exits:');
    await until(() => ts.logs.some((l) => l.includes('is Gmcpfan (')), 'the login log line');
    const login = ts.logs.find((l) => l.includes('is Gmcpfan ('))!;
    expect(login).toContain('Mudlet 4.17.2');
    expect(login).toContain('GMCP');
    // One answer to the one ping; the bad messages got nothing; then what the game sends (gmcp.test.ts).
    const received = gmcpReceived(c).map((m) => m.split(' ')[0]);
    expect(received[0]).toBe('Core.Ping');
    expect(new Set(received.slice(1))).toEqual(new Set(['Char.Name', 'Char.Items.List', 'Char.Status', 'Room.Info', 'Table.State']));
  });
});

describe('MSSP', () => {
  it('answers MSSP-REQUEST at the greeting with VARIABLE<TAB>VALUE lines, then closes', async () => {
    ts = await startTestServer();
    const c = await ts.connect();
    c.send('MSSP-REQUEST');
    await c.closedSoon();
    const lines = c.all.split('\r\n');
    expect(lines).toContain('NAME\tThe Obsidian Scorpion');
    expect(lines).toContain('PLAYERS\t0');
    expect(lines).toContain(`PORT\t${ts.port}`);
    expect(lines).toContain('CODEBASE\tObsidian Scorpion');
    expect(lines).toContain('GAMEPLAY\tRoleplaying\tSocial');
    expect(lines).toContain('LANGUAGE\tEnglish');
    expect(lines.find((l) => l.startsWith('UPTIME\t'))).toMatch(/^UPTIME\t\d+$/);
  });

  it('sends the same variables with live figures after DO MSSP', async () => {
    ts = await startTestServer();
    await ts.login('Ana');
    const crawler = await ts.connect();
    crawler.sendBytes([IAC, DO, MSSP]);
    await until(() => crawler.commands.some((x) => x[1] === SB && x[2] === MSSP), 'the MSSP subnegotiation');
    const sb = Buffer.from(crawler.commands.find((x) => x[1] === SB && x[2] === MSSP)!);
    expect(sb.includes(Buffer.from('\x01NAME\x02The Obsidian Scorpion'))).toBe(true);
    expect(sb.includes(Buffer.from('\x01PLAYERS\x021'))).toBe(true);
    expect(sb.includes(Buffer.from('\x01GENRE\x02Fantasy'))).toBe(true);
  });
});

describe('a screen reader', () => {
  it('gets each message on a line of its own with the prompt on that line, and no lone prompt line', async () => {
    ts = await startTestServer();
    const reader = await ts.connect();
    // MTTS 64: the screen-reader bit (the client name, then the bits).
    reader.sendBytes([IAC, WILL, TTYPE, IAC, SB, TTYPE, 0, ...Buffer.from('MUDLET'), IAC, SE, IAC, SB, TTYPE, 0, ...Buffer.from('MTTS 64'), IAC, SE]);
    reader.send('create Reader secret123');
    await reader.expect('Exits:');
    reader.inGame = true;
    const bex = await ts.login('Bex');
    await bex.command('say hello there');
    await reader.expect("Bex says, 'hello there' > \u241e");
    // Two messages in a row: the second on a line of its own, not after the first one's prompt.
    await bex.command('shout one');
    await bex.command('ooc two');
    expect(await reader.expect(/\[ooc\] Bex: two > \u241e/)).toMatch(/shouts, 'one' > \u241e\r\n\[ooc\] Bex: two > \u241e$/);
    // A reply (the player's Enter ended the line before it): the prompt on its last line too.
    await reader.command('i');
    expect(reader.all).toMatch(/ > \u241eYou are carrying 1,000 obsidian coins\. > \u241e$/);
  });
});

describe('wrapping', () => {
  it('wraps every block to 80 columns for a client that gives no width', async () => {
    ts = await startTestServer();
    const narrow = await ts.connect({ width: 0 });
    narrow.send('create Narrow secret123');
    const room = await narrow.expect('Exits:');
    narrow.inGame = true;
    const help = await narrow.command('help');
    for (const line of `${room}\n${help}`.split(/\r?\n/)) expect(line.length, line).toBeLessThanOrEqual(80);
  });
});
