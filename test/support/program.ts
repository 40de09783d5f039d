import { spawn, type ChildProcess } from 'node:child_process';
import { TestClient } from './client.js';

export interface Program {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/**
 * The real program, as `npm start` runs it, but from source (without its web port); `entry`:
 * start.cts sizes the thread pool first; `fdLimit`: started under `ulimit -n` that many.
 */
export function run(args: string[], env: NodeJS.ProcessEnv = {}, entry: 'src/main.ts' | 'src/start.cts' = 'src/main.ts', fdLimit?: number): Program {
  const command = [process.execPath, '--import', 'tsx', entry, ...args];
  const [file, ...rest] = fdLimit === undefined ? command : ['bash', '-c', `ulimit -n ${fdLimit} && exec "$@"`, 'bash', ...command];
  const child = spawn(file, rest, {
    env: { ...process.env, WEB_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

/** The port once the program says it is listening. */
export async function listening(p: Program, timeoutMs = 20_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const m = /listening on \S+:(\d+)/.exec(p.output());
    if (m) return Number(m[1]);
    if (p.child.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start:\n${p.output()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Logs in to a program (creating the character the first time), patient with a busy machine. */
export async function login(port: number, name: string): Promise<TestClient> {
  const c = await TestClient.connect(port);
  await c.nextPrompt(20_000);
  c.send(`connect ${name} secret123`);
  let reply = await c.nextPrompt(20_000);
  if (/There is no character/.test(reply)) {
    c.send(`create ${name} secret123`);
    reply = await c.nextPrompt(20_000);
  }
  if (!/Exits:/.test(reply)) throw new Error(`login as ${name} failed: ${reply}`);
  c.inGame = true;
  return c;
}
