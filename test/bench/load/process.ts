/** Child processes for the load benchmarks, what /proc says about them, and their command line. */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The least-work server the MUD is measured against (echo-server.ts). */
export const ECHO_SERVER = join(dirname(fileURLToPath(import.meta.url)), 'echo-server.js');
/** This server's telnet layer with nothing behind it (telnet-floor.ts). */
export const TELNET_FLOOR = join(dirname(fileURLToPath(import.meta.url)), 'telnet-floor.js');

export interface Served {
  child: ChildProcess;
  port: number;
  output(): string;
  stop(): Promise<void>;
}

/** Starts `node <args>` and waits for its `listening on <host>:<port>` line. */
export function serve(args: string[], env: NodeJS.ProcessEnv = {}): Promise<Served> {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d) => (out = (out + d).slice(-20_000)));
  child.stderr!.on('data', (d) => (out = (out + d).slice(-20_000)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "listening on" after 30 s:\n${out}`)), 30_000);
    child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}:\n${out}`)));
    const check = () => {
      const m = /listening on \S+:(\d+)/.exec(out);
      if (!m) return;
      clearTimeout(timer);
      child.stdout!.off('data', check);
      resolve({
        child,
        port: Number(m[1]),
        output: () => out,
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
            setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
          }),
      });
    };
    child.stdout!.on('data', check);
  });
}

/** Resident memory of a process in KB. */
export function rssKb(pid: number): number {
  const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) : NaN;
}

/** CPU seconds (user + system) a process has used. */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

export interface Percentiles {
  n: number;
  p50: number;
  p99: number;
  max: number;
}

export function percentiles(samples: number[]): Percentiles {
  const s = [...samples].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.max(0, Math.ceil(p * s.length) - 1))] ?? NaN;
  return { n: s.length, p50: at(0.5), p99: at(0.99), max: s[s.length - 1] ?? NaN };
}

/** A whole-number option of the benchmark's command line (`--name N`), or `fallback`. */
export function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  if (at < 0) return fallback;
  const n = Number(process.argv[at + 1]);
  if (!Number.isSafeInteger(n) || n < 1) {
    console.error(`--${name} needs a whole number, not "${process.argv[at + 1]}"`);
    process.exit(2);
  }
  return n;
}

/** The flags for a server started by `main` (its start.cjs) that its version knows (older versions lack some). */
export function serverFlags(main: string, dataDir: string): string[] {
  const help = execFileSync(process.execPath, [main, '--help'], { encoding: 'utf8' });
  const flags = ['--port', '0', '--host', '127.0.0.1', '--data', dataDir];
  if (help.includes('--creates-per-hour')) flags.push('--creates-per-hour', '0');
  // A thousand clients from 127.0.0.1, most of them at the greeting at once during the storm.
  if (help.includes('--connections-per-address')) flags.push('--connections-per-address', '0');
  if (help.includes('--greeting-limit')) flags.push('--greeting-limit', '0');
  if (help.includes('--web-port')) flags.push('--web-port', '0');
  return flags;
}
