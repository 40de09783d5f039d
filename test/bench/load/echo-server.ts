/**
 * The least work a line server can do per command, as the baseline the MUD is measured
 * against: every line in gets `ok` and a `> ` prompt, all replies to one chunk in one write.
 * Run: node dist/test/bench/load/echo-server.js (prints `listening on 127.0.0.1:<port>`).
 */
import net from 'node:net';

const REPLY = Buffer.from('ok\r\n> ');
const server = net.createServer({ noDelay: true }, (socket) => {
  socket.write('> ');
  socket.on('data', (chunk) => {
    let lines = 0;
    for (let at = chunk.indexOf(10); at >= 0; at = chunk.indexOf(10, at + 1)) lines++;
    if (lines) socket.write(lines === 1 ? REPLY : Buffer.concat(Array<Buffer>(lines).fill(REPLY)));
  });
  socket.on('error', () => undefined);
});
server.listen({ host: '127.0.0.1', port: 0, backlog: 4096 }, () => {
  const address = server.address() as net.AddressInfo;
  console.log(`listening on 127.0.0.1:${address.port}`);
});
process.on('SIGTERM', () => process.exit(0));
