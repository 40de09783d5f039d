import { afterEach, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listening, login, run, type Program } from '../support/program.js';
import { drawOf, readFair, sha256 } from '../support/fairCheck.js';

/**
 * A table's seeds across a crash, with the real program killed by SIGKILL mid-game: the next
 * start reveals the seed the game was using, with every draw told before the kill, and commits
 * a new one; no seed is ever used twice.
 */

const programs: Program[] = [];
const folders: string[] = [];
afterEach(async () => {
  for (const p of programs.splice(0)) {
    p.child.kill('SIGKILL');
    await p.exited;
  }
  for (const dir of folders.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function start(dir: string): Promise<{ program: Program; port: number }> {
  const program = run(['--port', '0', '--host', '127.0.0.1', '--data', dir, '--seed', '7', '--creates-per-hour', '0']);
  programs.push(program);
  return { program, port: await listening(program) };
}

async function crash(program: Program): Promise<void> {
  program.child.kill('SIGKILL');
  await program.exited;
  programs.splice(programs.indexOf(program), 1);
}


describe('provably fair seeds across a crash', () => {
  it('reveals the seed of a game cut off by kill -9 at the next start, and commits a new one', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'fair-crash-'));
    folders.push(dir);
    let server = await start(dir);
    const [ana, bob] = [await login(server.port, 'Ana'), await login(server.port, 'Bob')];
    await ana.command('sit sand');
    await bob.command('sit sand');
    const first = readFair(await ana.command('fair sand'));
    expect(first).toMatchObject({ clientSeed: 'sand-table:1', nonce: 0, revealed: null });

    // Four wagers' worth of throws, each one told, then the kill.
    const told: [number, number][] = [];
    for (let wager = 0; wager < 4; wager++) {
      const who = wager % 2 === 0 ? ana : bob;
      for (;;) {
        const m = /You throw the dice: (\d) and (\d) \(\d+\)/.exec(await who.command('roll dice sand'))!;
        told.push([Number(m[1]), Number(m[2])]);
        if (!/roll again/.test(m.input)) break;
      }
      await who.command('bet 10');
    }
    expect(readFair(await bob.command('fair')).nonce).toBe(told.length);
    await crash(server.program);

    server = await start(dir);
    expect(server.program.output()).toContain(`restart: revealed the seed of sand-table (commitment ${first.commitment}, ${told.length} draws); game 2 has a new one`);
    const cyd = await login(server.port, 'Cyd');
    const second = readFair(await cyd.command('fair sand'));
    expect(second.revealed).toMatchObject({ commitment: first.commitment, clientSeed: 'sand-table:1', draws: told.length });
    expect(sha256(second.revealed!.seed)).toBe(first.commitment);
    expect(told).toEqual(told.map((_, nonce) => drawOf(second.revealed!.seed, 'sand-table:1', nonce).dice()));
    expect(second).toMatchObject({ clientSeed: 'sand-table:2', nonce: 0 });
    expect(second.commitment).not.toBe(first.commitment);

    // Killed again before game 2 drew at all: its seed is revealed all the same, and game 3 has yet another.
    await crash(server.program);
    server = await start(dir);
    const third = readFair(await (await login(server.port, 'Cyd')).command('fair sand'));
    expect(third.revealed).toMatchObject({ commitment: second.commitment, clientSeed: 'sand-table:2', draws: 0 });
    expect(third).toMatchObject({ clientSeed: 'sand-table:3', nonce: 0 });
    expect(new Set([first.commitment, second.commitment, third.commitment]).size).toBe(3);
  }, 90_000);
});
