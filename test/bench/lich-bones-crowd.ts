/**
 * Lich Bones in a crowd (issue 15): with 200 players seated and betting, how long one throw takes
 * from the roll until it is settled, written to disk and told to every player, and how long each
 * bet takes while the phase is open. Each figure is also given as a ratio to the same at a table
 * of 2, measured in the same run: a throw that costs per-player work quadratic in the crowd shows
 * up as a ratio far above 100. Every session takes GMCP, so the panels' messages (Table.State,
 * Table.Dice, Char.Status) are in the figures.
 * Run: npm run bench:bones
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, DEFAULT_WORLD } from '../../src/server.js';
import type { Player } from '../../src/world/player.js';
import { HOUSE } from '../../src/store/index.js';
import type { Session } from '../../src/output/outbox.js';
import { FakeClock } from '../support/fakeClock.js';
import { plainClient } from '../support/tavern.js';

const ROLLS = 15;

const encoded = new WeakMap<object, number>();
function serialized(data: unknown): number {
  if (typeof data !== 'object' || data === null) return JSON.stringify(data ?? null).length;
  let n = encoded.get(data);
  if (n === undefined) encoded.set(data, (n = JSON.stringify(data).length));
  return n;
}

/** A session that only counts what it is told; like Mudlet, it takes every GMCP package. */
function countingSession(): Session & { bytes: number; gmcpCount: number } {
  return {
    bytes: 0,
    gmcpCount: 0,
    deliver(delivery) {
      for (const text of delivery.text ?? []) this.bytes += text.length;
      // Counted per session, as each socket carries it; serialized as the telnet sessions do, once per data object.
      for (const news of delivery.news ?? []) this.bytes += serialized(news.data);
      this.gmcpCount += delivery.news?.length ?? 0;
    },
    wants: () => true,
    close: () => undefined,
    ...plainClient,
  };
}

/** Letters only, as character names must be: Aaaa, Aaab, ... */
const nameOf = (i: number) => 'Aa' + String.fromCharCode(97 + Math.floor(i / 26) % 26) + String.fromCharCode(97 + (i % 26));

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p99 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.99))];

async function measure(seated: number): Promise<{ throwMs: number[]; throwCpuMs: number[]; betMs: number[]; betBytes: number[]; told: number; gmcpPerThrow: number }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'bones-bench-'));
  const server = await startServer({ host: '127.0.0.1', port: 0, dataDir, worldFile: DEFAULT_WORLD, seed: 1, clock: new FakeClock(), log: () => undefined, checkpoints: 'inline' });
  const { tavern } = server;
  const players: Player[] = [];
  const sessions: ReturnType<typeof countingSession>[] = [];
  for (let i = 0; i < seated; i++) {
    const session = countingSession();
    const record = await tavern.createCharacter(nameOf(i), 'x');
    if (!record) throw new Error(`${nameOf(i)} is taken`);
    const p = tavern.enter(record, session);
    // Enough to bet every round, win or lose.
    tavern.ledger.transfer([{ from: HOUSE, to: p.purse, amount: 10_000_000, why: 'bench stake' }]);
    await tavern.handleLine(p, 'north');
    await tavern.handleLine(p, 'sit bones');
    players.push(p);
    sessions.push(session);
  }
  await tavern.handleLine(players[0], 'start');
  const ms = (from: bigint) => Number(process.hrtime.bigint() - from) / 1e6;
  const betBytes: number[] = [];
  const bytesTold = () => sessions.reduce((n, s) => n + s.bytes, 0);
  /** The whole command: rules, ledger, every message, the disk write, the delivery. */
  const time = async (p: Player, line: string) => {
    const before = bytesTold();
    const start = process.hrtime.bigint();
    await tavern.handleLine(p, line);
    const took = ms(start);
    betBytes.push(bytesTold() - before);
    return took;
  };
  const betMs: number[] = [];
  const throwCpuMs: number[] = [];
  const throwMs: number[] = [];
  let told = 0;
  let gmcpPerThrow = 0;
  for (let roll = 0; roll < ROLLS; roll++) {
    for (const [i, p] of players.entries()) {
      if (!tavern.ledger.stakes(p.key).get('bones-table')) betMs.push(await time(p, i % 2 ? 'bet lich 5000' : 'bet hero 5000'));
      betMs.push(await time(p, 'bet beseech 5000'));
    }
    const turn = players[0].seat!.stateFor(players[0]).turn;
    const hero = players.find((p) => p.name === turn)!;
    const before = sessions.reduce((n, s) => n + s.bytes, 0);
    const gmcpBefore = sessions.reduce((n, s) => n + s.gmcpCount, 0);
    const start = process.hrtime.bigint();
    const handled = tavern.handleLine(hero, 'roll dice bones');
    // What runs before the first await: the rules, the ledger and every message, queued.
    throwCpuMs.push(ms(start));
    await handled;
    throwMs.push(ms(start));
    told = sessions.filter((s) => s.bytes > 0).length;
    gmcpPerThrow = sessions.reduce((n, s) => n + s.gmcpCount, 0) - gmcpBefore;
    if (sessions.reduce((n, s) => n + s.bytes, 0) === before) throw new Error('nobody was told of the throw');
  }
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
  return { throwMs, throwCpuMs, betMs, betBytes, told, gmcpPerThrow };
}

const small = await measure(2);
const crowd = await measure(200);
const row = (what: string, base: number, big: number) =>
  console.log(`${what.padEnd(44)} ${big.toFixed(2).padStart(8)} ms   (2 seated: ${base.toFixed(2)} ms, ratio ${(big / base).toFixed(1)})`);
console.log(`Lich Bones, 200 seated players with GMCP, ${ROLLS} throws, 2 bets each a round (median and p99; durable writes included)`);
row('throw settled and every line queued, median', median(small.throwCpuMs), median(crowd.throwCpuMs));
row('throw settled and every line queued, p99', p99(small.throwCpuMs), p99(crowd.throwCpuMs));
row('throw settled, written and told, median', median(small.throwMs), median(crowd.throwMs));
row('throw settled, written and told, p99', p99(small.throwMs), p99(crowd.throwMs));
row('one bet placed during the phase, median', median(small.betMs), median(crowd.betMs));
row('one bet placed during the phase, p99', p99(small.betMs), p99(crowd.betMs));
console.log(`what one bet sends to every session together (text and GMCP), median: ${median(crowd.betBytes).toLocaleString('en-US')} bytes (2 seated: ${median(small.betBytes).toLocaleString('en-US')})`);
console.log(`players told of the last throw: ${crowd.told} of 200; GMCP messages queued for it: ${crowd.gmcpPerThrow}`);
