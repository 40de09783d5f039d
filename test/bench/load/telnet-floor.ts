/**
 * The second floor the MUD is measured against: this server's telnet layer with nothing behind
 * it. Every line gets the reply a new character's `inventory` gets, marks and all, through the
 * same TelnetConnection the server uses (reading into the shared buffer under its budgets, line
 * assembly, rendering, framing with the prompt, the socket), but no line queue, tavern, ledger or
 * outbox. What the MUD loses against it is the tavern's per-line path; what it loses against the
 * echo server, the telnet layer's.
 * Run: node dist/test/bench/load/telnet-floor.js (prints `listening on 127.0.0.1:<port>`).
 */
import net from 'node:net';
import { TelnetConnection } from '../../../src/telnet/connection.js';
import { readingIntoSharedBuffer } from '../../../src/telnet/shared-read.js';
import { paint, together } from '../../../src/text/markup.js';

const REPLY = `You are carrying ${paint('coins', `1,000${together(' obsidian coins')}`)}.`;

const server = net.createServer({ noDelay: true }, (socket) => {
  const c = new TelnetConnection(readingIntoSharedBuffer(socket));
  c.deliver({ prompt: true });
  c.onLine(() => c.deliver({ text: [REPLY] }));
});
server.listen({ host: '127.0.0.1', port: 0, backlog: 4096 }, () => {
  const address = server.address() as net.AddressInfo;
  console.log(`listening on 127.0.0.1:${address.port}`);
});
process.on('SIGTERM', () => process.exit(0));
