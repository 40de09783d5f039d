/**
 * The floods of the flood benchmark (flood.ts), run in a process of their own so that the
 * flooders' work is not counted in the players' times: `node floods.js <n> <port> <tls port>
 * <run>` sets flood n up (its connections, its logins), prints `ready`, waits for `go
 * <seconds>` on standard input, floods as fast as the sockets take it, hangs up, and prints
 * what it did as one line of JSON.
 */
import net from 'node:net';
import tls from 'node:tls';
import { createInterface } from 'node:readline';

const IAC = 255, DO = 253, SB = 250, SE = 240, NOP = 241, GMCP = 201;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What one flood did, for its report. */
export interface FloodResult {
  sentBytes: number;
  /** Lines about it worth a report (refusals seen, a reader kept or cut...). */
  notes: string[];
  /** Its own verdicts, beside the players' (a reader cut is a FAIL). */
  failed: string[];
}

export interface Flood {
  what: string;
  /** Sets the flood up (connections, logins) before the players' baseline loop; returns the flood itself. */
  prepare(port: number, tlsPort: number): Promise<(seconds: number) => Promise<FloodResult>>;
}

/** A socket from `from`, connected. */
async function socketFrom(port: number, from: string): Promise<net.Socket> {
  const socket = net.connect({ host: '127.0.0.1', port, localAddress: from });
  socket.on('error', () => undefined);
  await new Promise((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return socket;
}

/** A socket from `from` logged in as a new character `name`, its greeting and room read. */
async function loggedIn(port: number, from: string, name: string): Promise<net.Socket> {
  const socket = await socketFrom(port, from);
  let text = '';
  const collect = (d: Buffer) => (text += d.toString('latin1'));
  socket.on('data', collect);
  socket.write(`create ${name} floodtest123\r\n`);
  for (let i = 0; i < 600 && !/Exits:/.test(text); i++) await sleep(100);
  if (!/Exits:/.test(text)) throw new Error(`${name} could not log in: ${text.slice(-200)}`);
  socket.off('data', collect);
  return socket;
}

/** Writes `chunk` as fast as the socket takes it for `seconds`, reading and dropping every reply; then hangs up. */
export async function pour(socket: net.Socket, chunk: Buffer, seconds: number, onData: (d: Buffer) => void = () => undefined): Promise<number> {
  let sent = 0;
  const end = performance.now() + seconds * 1000;
  socket.on('data', onData);
  while (performance.now() < end && !socket.destroyed) {
    sent += chunk.length;
    if (!socket.write(chunk)) await Promise.race([new Promise((r) => socket.once('drain', r)), sleep(Math.max(0, end - performance.now()))]);
  }
  socket.destroy();
  return sent;
}

/** One connection pouring one chunk, perhaps logged in first. */
function onePouring(what: string, chunk: Buffer, login: string | null): Flood {
  return {
    what,
    async prepare(port) {
      const socket = login ? await loggedIn(port, '127.0.9.1', login) : await socketFrom(port, '127.0.9.1');
      return async (seconds) => ({ sentBytes: await pour(socket, chunk, seconds), notes: [], failed: [] });
    },
  };
}

/** Core.Supports.Set with 60 packages, about 1.5 KB: within the GMCP message cap, every one of them to be parsed. */
function supportsSet(): Buffer {
  const list = Array.from({ length: 60 }, (_, i) => `"Package${i}.Sub${i} 1"`).join(', ');
  return Buffer.concat([Buffer.from([IAC, SB, GMCP]), Buffer.from(`Core.Supports.Set [${list}]`), Buffer.from([IAC, SE])]);
}

/** Fills a chunk of about 64 KiB with copies of `unit`. */
const repeated = (unit: Buffer) => Buffer.concat(Array.from({ length: Math.max(1, Math.floor(65_536 / unit.length)) }, () => unit));

export function floods(run: string): Flood[] {
  return [
    onePouring('a flooder who never logs in, empty lines', Buffer.alloc(64 * 1024, '\n'), null),
    onePouring('a logged-in flooder, look', Buffer.from('look\r\n'.repeat(10_000)), `Fl${run}`),
    onePouring('letters with no line end, never logging in', Buffer.alloc(64 * 1024, 'x'), null),
    onePouring('IAC NOP, never logging in', repeated(Buffer.from([IAC, NOP])), null),
    {
      what: 'GMCP Core.Supports.Set from 9 connections',
      async prepare(port) {
        const sockets = await Promise.all(Array.from({ length: 9 }, (_, i) => socketFrom(port, `127.0.9.${10 + i}`)));
        for (const s of sockets) s.write(Buffer.from([IAC, DO, GMCP]));
        const chunk = repeated(supportsSet());
        return async (seconds) => ({ sentBytes: (await Promise.all(sockets.map((s) => pour(s, chunk, seconds)))).reduce((a, b) => a + b, 0), notes: [], failed: [] });
      },
    },
    {
      what: '10 ooc spammers of 1,000-character lines against a reader of 20 KB a second',
      async prepare(port) {
        const spammers = await Promise.all(Array.from({ length: 10 }, (_, i) => loggedIn(port, `127.0.9.${30 + i}`, `Fs${run}${String.fromCharCode(97 + i)}`)));
        const reader = await loggedIn(port, '127.0.9.60', `Fr${run}`);
        return (seconds) => spamAgainstReader(spammers, reader, seconds);
      },
    },
    {
      what: 'a TLS handshake storm from one address, 8 at a time',
      async prepare(_port, tlsPort) {
        return (seconds) => handshakeStorm(tlsPort, '127.0.9.80', 8, seconds);
      },
    },
  ];
}

/** The spammers pour ooc lines; the reader reads 2,000 bytes every 100 ms. Is the reader still there at the end? */
async function spamAgainstReader(spammers: net.Socket[], reader: net.Socket, seconds: number): Promise<FloodResult> {
  let readerGone = false;
  let read = '';
  let tooFast = 0;
  reader.on('close', () => (readerGone = true));
  reader.pause();
  const reading = setInterval(() => {
    const chunk = (reader.read(2000) as Buffer | null) ?? (reader.read() as Buffer | null);
    if (chunk) read = (read + chunk.toString('latin1')).slice(-100_000);
  }, 100);
  const line = Buffer.from(`ooc ${'y'.repeat(1000)}\r\n`.repeat(64));
  const sent = await Promise.all(spammers.map((s) => pour(s, line, seconds, (d) => (tooFast += (d.toString('latin1').match(/Unheard: too/g) ?? []).length))));
  // The reader goes on reading what was told it, for as long again.
  await sleep(seconds * 1000);
  clearInterval(reading);
  const leftOut = /(\d[\d,]*) lines? of others' talk (?:was|were) left out/.exec(read);
  reader.destroy();
  return {
    sentBytes: sent.reduce((a, b) => a + b, 0),
    notes: [`the spammers were told ${tooFast} times that they talk too fast; the reader was told ${leftOut ? `${leftOut[1]} lines of others' talk were left out` : 'of nothing left out'}`],
    failed: readerGone ? ['the reader was cut'] : [],
  };
}

/** `parallel` loops, each opening a TLS connection, waiting for its handshake or its close, and closing it. */
async function handshakeStorm(port: number, from: string, parallel: number, seconds: number): Promise<FloodResult> {
  const end = performance.now() + seconds * 1000;
  let done = 0;
  let refused = 0;
  const loop = async () => {
    while (performance.now() < end) {
      const ok = await new Promise<boolean>((resolve) => {
        const raw = net.connect({ host: '127.0.0.1', port, localAddress: from });
        raw.on('error', () => resolve(false));
        const s = tls.connect({ socket: raw, rejectUnauthorized: false });
        s.once('secureConnect', () => {
          s.destroy();
          resolve(true);
        });
        s.once('error', () => resolve(false));
        s.once('close', () => resolve(false));
      });
      if (ok) done++;
      else refused++;
    }
  };
  await Promise.all(Array.from({ length: parallel }, loop));
  return { sentBytes: 0, notes: [`${done} handshakes completed, ${refused} connections closed without one`], failed: [] };
}

/** Run as a script: one flood, driven by its parent (flood.ts). */
async function child(): Promise<void> {
  const [n, port, tlsPort, run] = process.argv.slice(2);
  const flood = floods(run)[Number(n)];
  const start = await flood.prepare(Number(port), Number(tlsPort));
  console.log('ready');
  const lines = createInterface({ input: process.stdin });
  for await (const line of lines) {
    const go = /^go (\d+)$/.exec(line);
    if (!go) continue;
    console.log(JSON.stringify(await start(Number(go[1]))));
    process.exit(0);
  }
}

if (process.argv[1]?.endsWith('floods.js')) {
  child().catch((e: Error) => {
    console.error(`flood failed: ${e.message}`);
    process.exit(1);
  });
}
