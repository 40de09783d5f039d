import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestClient } from './client.js';

/**
 * The dealer as its tests run it: the real program (`npm run dealer` runs the same file) in a
 * child process, its books read back from its journal as a start reads them, and players who
 * talk to it over a MUD connection as a player would.
 */

export interface DealerRun {
  child: ChildProcess;
  output(): string;
  /** Resolves once it prints `dealing <game> as <Name>`. */
  dealing(timeoutMs?: number): Promise<void>;
  exited: Promise<number | null>;
  /** SIGTERM: every wager back, logged out, exit 0. */
  stop(): Promise<number | null>;
  /** kill -9. */
  kill(): Promise<void>;
}

export function runDealer(args: string[], password = 'pw'): DealerRun {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/dealer/main.ts', ...args], {
    env: { ...process.env, DEALER_PASSWORD: password },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    output: () => out,
    exited,
    async dealing(timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (!/^dealing \S+ as \S+/m.test(out)) {
        if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the dealer did not start dealing:\n${out}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    async stop() {
      child.kill('SIGTERM');
      return exited;
    },
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/** The books as the journal says they are now: every balance by account, and the names. */
export function readBooks(data: string): { balances: Record<string, number>; names: Record<string, string>; games: { draws: unknown[]; serverSeed: string }[] } {
  const file = join(data, 'books.journal');
  const balances: Record<string, number> = {};
  let names: Record<string, string> = {};
  let games: { draws: unknown[]; serverSeed: string }[] = [];
  if (!existsSync(file)) return { balances, names, games };
  const add = (k: string, d: number) => (balances[k] = (balances[k] ?? 0) + d);
  for (const line of readFileSync(file, 'utf8').split('\n').slice(0, -1)) {
    const r = JSON.parse(line.slice(9));
    if (r.k === 'books') {
      for (const k of Object.keys(balances)) delete balances[k];
      Object.assign(balances, r.books.balances);
      names = { ...r.books.names };
      games = [...r.books.games];
    } else if (r.k === 'moves') {
      for (const m of r.moves) {
        add(m.from, -m.amount);
        add(m.to, m.amount);
      }
    } else if (r.k === 'name') names[r.id] = r.name;
    else if (r.k === 'game') games.push(r.record);
  }
  return { balances, names, games };
}

/**
 * What the dealer said to a player, without the MUD's frame: `Croupier whispers "X"` and
 * `Croupier says, "X"` are X; a pose (`Croupier chalks up 10 gold...`) is the line itself.
 */
export function dealerLines(text: string, dealer: string): string {
  const frame = new RegExp(`^${dealer} (?:whispers "(.*)"|says, "(.*)"|pages: (.*))$`);
  return text
    .split(/\r?\n/)
    .flatMap((l) => {
      const m = frame.exec(l);
      if (m) return [m[1] ?? m[2] ?? m[3]];
      return l.startsWith(`${dealer} `) ? [l] : [];
    })
    .join('\n');
}

/**
 * A player on a MUD who talks to the dealer by whispering (TinyMUX: `whisper Croupier=<text>`),
 * typing as a player at the tavern's table would, so the tests that play the tavern's games play
 * them here too: `look <table>` is whispered as `table`, `roll dice <table>` as `roll`.
 * A command's reply is everything the dealer said to this player until the answer to a `dice`
 * whispered after it: the dealer answers in the order it was asked, once what the first whisper
 * caused has gone out (the tests raise the MUD's quota so that nothing waits).
 */
export class DealerPlayer {
  constructor(
    readonly name: string,
    readonly client: TestClient,
    private readonly dealer: string,
    /** How this MUD whispers (`whisper {dealer}={text}`), and how a player's own line is escaped for it. */
    private readonly whisperAs: (dealer: string, text: string) => string,
  ) {}

  /** Everything the dealer said to this player, unframed. */
  get all(): string {
    return dealerLines(this.client.all, this.dealer);
  }

  /** Everything the MUD sent this player, as it came. */
  get raw(): string {
    return this.client.all;
  }

  whisper(text: string): void {
    this.client.send(this.whisperAs(this.dealer, text));
  }

  async command(line: string): Promise<string> {
    // First whatever was already on its way to this player (another player's news), as the
    // tavern's test client syncs before a command; then this command's own.
    await this.answered(null);
    return this.answered(line.replace(/^look \w+$/, 'table').replace(/^roll dice \w+$/, 'roll'));
  }

  /** Whispers `text` (if any) and then `dice`; answers what the dealer said to this player up to the answer to `dice`. */
  private async answered(text: string | null): Promise<string> {
    const from = this.client.all.length;
    if (text !== null) this.whisper(text);
    this.whisper('dice');
    const barrier = new RegExp(`^${this.dealer} whispers "(?:The dice on|The die on|No dice have been thrown)`, 'm');
    await this.client.until(() => barrier.test(this.client.all.slice(from)), `the dealer's answer to ${text ?? 'dice'}`, 15_000);
    const got = this.client.all.slice(from);
    const upTo = got.slice(0, barrier.exec(got)!.index);
    return dealerLines(upTo, this.dealer);
  }
}
