/**
 * The least work a line server can do per command, as the baseline the MUD is measured
 * against: every line in gets `ok` and a `> ` prompt, all replies to one chunk in one write.
 * With `--durable FILE`, every chunk is first appended to FILE durably, by the journal's own
 * append (src/store/files.ts: O_DSYNC, through the thread pool), and its lines are answered once
 * it is on disk: the floor for a bet.
 * Run: node dist/test/bench/load/echo-server.js [--durable FILE] (prints `listening on 127.0.0.1:<port>`).
 */
import net from 'node:net';
import { nodeFiles } from '../../../src/store/files.js';

const REPLY = Buffer.from('ok\r\n> ');
const durableFlag = process.argv.indexOf('--durable');
const journalPath = durableFlag < 0 ? null : process.argv[durableFlag + 1];
if (journalPath === undefined) {
  console.error('--durable needs a file to append to');
  process.exit(2);
}
const journal = journalPath === null ? null : nodeFiles.open(journalPath, 'append');
const fail = (e: Error) => {
  console.error(`the durable echo server cannot write: ${e.message}`);
  process.exit(1);
};

const server = net.createServer({ noDelay: true }, (socket) => {
  socket.write('> ');
  // A socket's chunks are written and answered in the order they came.
  let written: Promise<unknown> = Promise.resolve();
  socket.on('data', (chunk) => {
    let lines = 0;
    for (let at = chunk.indexOf(10); at >= 0; at = chunk.indexOf(10, at + 1)) lines++;
    const reply = lines === 0 ? null : lines === 1 ? REPLY : Buffer.concat(Array<Buffer>(lines).fill(REPLY));
    if (!journal) {
      if (reply) socket.write(reply);
      return;
    }
    written = written
      .then(() => journal)
      .then((file) => file.write(chunk))
      .then(() => reply && socket.write(reply), fail);
  });
  socket.on('error', () => undefined);
});
server.listen({ host: '127.0.0.1', port: 0, backlog: 4096 }, () => {
  const address = server.address() as net.AddressInfo;
  console.log(`listening on 127.0.0.1:${address.port}`);
});
process.on('SIGTERM', () => process.exit(0));
