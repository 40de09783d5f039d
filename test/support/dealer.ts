import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { PROMPT_END, type TestClient } from './client.js';
import { toldCoins } from './table-play.js';
import { startTestServer, type TestServer } from './server.js';
import { TinyMux } from './tinymux.js';
import { loadProfile } from '../../src/dealer/profile.js';
import { escaped } from '../../src/dealer/speech.js';

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

/** A dealer's environment where its books' disk is full while the file `trigger` exists (full-disk.mjs). */
export function fullDisk(trigger: string): Record<string, string> {
  const preload = fileURLToPath(new URL('./full-disk.mjs', import.meta.url));
  return { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${preload}`.trim(), FULL_DISK: trigger };
}

export function runDealer(args: string[], password = 'pw', env: Record<string, string> = {}): DealerRun {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/dealer/main.ts', ...args], {
    env: { ...process.env, DEALER_PASSWORD: password, ...env },
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

/** The dealer on a terminal (a pseudo-terminal made by `script`, as a host's own is): its operator's console. */
export interface DealerConsole {
  /** Everything the console printed so far. */
  readonly screen: string;
  /** Waits until the console shows `pattern`, in what it printed after `from`. */
  shows(pattern: RegExp, from?: number): Promise<void>;
  /** The operator types a line. */
  type(line: string): void;
  exited: Promise<number | null>;
  kill(): void;
}

export function dealerOnTerminal(args: string[], password = 'pw'): DealerConsole {
  const command = `exec ${process.execPath} --import tsx src/dealer/main.ts ${args.join(' ')}`;
  const child = spawn('script', ['-qfec', command, '/dev/null'], { env: { ...process.env, DEALER_PASSWORD: password }, stdio: ['pipe', 'pipe', 'pipe'] });
  let screen = '';
  child.stdout!.on('data', (d) => (screen += d));
  return {
    get screen() {
      return screen;
    },
    async shows(pattern, from = 0) {
      const deadline = Date.now() + 20_000;
      while (!pattern.test(screen.slice(from))) {
        if (Date.now() > deadline) throw new Error(`the console never showed ${pattern}:\n${screen}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    type: (line) => void child.stdin!.write(`${line}\r`),
    exited: new Promise((r) => child.on('exit', (code) => r(code))),
    kill: () => void child.kill('SIGKILL'),
  };
}

/** The books as the journal says they are now: every balance by account, and the names. */
export function readBooks(data: string): {
  balances: Record<string, number>;
  names: Record<string, string>;
  games: { draws: unknown[]; serverSeed: string }[];
  /** Purse mode: how many reads of the purse the books took, the last one, and the open holds by number. */
  reads: number;
  purse: number | null;
  holds: Record<string, { amount: number; why: string }>;
} {
  const file = join(data, 'books.journal');
  const balances: Record<string, number> = {};
  let names: Record<string, string> = {};
  let games: { draws: unknown[]; serverSeed: string }[] = [];
  let reads = 0;
  let purse: number | null = null;
  let holds: Record<string, { amount: number; why: string }> = {};
  if (!existsSync(file)) return { balances, names, games, reads, purse, holds };
  const add = (k: string, d: number) => (balances[k] = (balances[k] ?? 0) + d);
  for (const line of readFileSync(file, 'utf8').split('\n').slice(0, -1)) {
    const r = JSON.parse(line.slice(9));
    if (r.k === 'books') {
      for (const k of Object.keys(balances)) delete balances[k];
      Object.assign(balances, r.books.balances);
      names = { ...r.books.names };
      games = [...r.books.games];
      purse = r.books.purse ?? null;
      holds = { ...(r.books.holds ?? {}) };
    } else if (r.k === 'purse') {
      for (const m of r.moves) {
        add(m.from, -m.amount);
        add(m.to, m.amount);
      }
      if (r.read !== undefined) [reads, purse] = [reads + 1, r.read];
      for (const h of r.holds ?? []) holds[h.n] = h;
      if (r.settled !== undefined) delete holds[r.settled];
    } else if (r.k === 'moves') {
      for (const m of r.moves) {
        add(m.from, -m.amount);
        add(m.to, m.amount);
      }
    } else if (r.k === 'name') {
      names[r.id] = r.name;
      for (const m of r.moves ?? []) {
        add(m.from, -m.amount);
        add(m.to, m.amount);
      }
    }
    else if (r.k === 'game') games.push(r.record);
  }
  for (const k of Object.keys(balances)) if (balances[k] === 0) delete balances[k];
  return { balances, names, games, reads, purse, holds };
}

/** How players of one kind of MUD whisper to the dealer, and how its lines to them look there. */
export interface MudSpeech {
  /** A player's command that whispers `text` to the dealer (escaped as that MUD needs). */
  whisper(dealer: string, text: string): string;
  /** The start of a line in which the dealer whispers to this player, as a pattern. */
  fromDealer(dealer: string): string;
  /** A line of the dealer's (whisper, say, page or tell) as the text it carried, or null. */
  unframe(line: string, dealer: string): string | null;
}

/**
 * TinyMUX: `whisper Croupier=<text>`, and `Croupier whispers "X"`, `Croupier says, "X"`, `Croupier
 * pages: X`, a pose as it is, a pose whispered or paged to this player (`You sense Croupier...`,
 * `From afar, Croupier...`) as the pose.
 */
export const muxSpeech: MudSpeech = {
  whisper: (dealer, text) => `whisper ${dealer}=${escaped(text, loadProfile('tinymux'))}`,
  fromDealer: (dealer) => `${dealer} whispers "`,
  unframe(raw, dealer) {
    const line = raw.replace(new RegExp(`^(?:You sense |From afar, )(?=${dealer}\\b)`), '');
    const m = new RegExp(`^${dealer} (?:whispers "(.*)"|says, "(.*)"|pages: (.*))$`).exec(line);
    if (m) return m[1] ?? m[2] ?? m[3];
    return line.startsWith(`${dealer} `) || line.startsWith(`${dealer}'`) ? line : null;
  },
};

/**
 * This project's server: `whisper croupier <text>`, and `Croupier whispers to you, 'X'`,
 * `Croupier says, 'X'`, an emote as it is; a line may follow the prompt (`> `, and the test
 * client's mark for the GA after it).
 */
export const obsidianSpeech: MudSpeech = {
  whisper: (dealer, text) => `whisper ${dealer.toLowerCase()} ${text}`,
  fromDealer: (dealer) => `(?:> ${PROMPT_END}?)*${dealer} whispers to you, '`,
  unframe(raw, dealer) {
    const line = raw.replace(new RegExp(`^(?:> ${PROMPT_END}?)+`), '');
    const m = new RegExp(`^${dealer} (?:whispers to you, '(.*)'|says, '(.*)'|tells you, '(.*)')$`).exec(line);
    if (m) return m[1] ?? m[2] ?? m[3];
    // An emote as it is (the tavern words it for each reader: their own name as "you").
    return line.startsWith(`${dealer} `) ? line : null;
  },
};

/** What the dealer said to a player, without the MUD's frame. */
export function dealerLines(text: string, dealer: string, speech: MudSpeech = muxSpeech): string {
  return text
    .split(/\r?\n/)
    .flatMap((l) => {
      const said = speech.unframe(l, dealer);
      return said === null ? [] : [said];
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
    private readonly speech: MudSpeech = muxSpeech,
  ) {}

  /** Everything the dealer said to this player, unframed. */
  get all(): string {
    return dealerLines(this.client.all, this.dealer, this.speech);
  }

  /** Everything the MUD sent this player, as it came. */
  get raw(): string {
    return this.client.all;
  }

  /** The same, as a secret watch reads it besides `all` (table-play.ts). */
  get transcript(): string {
    return this.client.all;
  }

  whisper(text: string): void {
    this.client.send(this.speech.whisper(this.dealer, text));
  }

  async command(line: string): Promise<string> {
    // First whatever was already on its way to this player (another player's news), as the
    // tavern's test client syncs before a command; then this command's own.
    await this.sync();
    const text = line.replace(/^look \w+$/, 'table').replace(/^roll dice \w+$/, 'roll');
    if (text === 'dice') throw new Error('`dice` is the barrier of command(): read the dice with `table`');
    return this.answered(text);
  }

  /** Waits until everything the dealer had sent this player before now has arrived. */
  async sync(): Promise<void> {
    await this.answered(null);
  }

  /** Whispers `text` (if any) and then `dice`; answers what the dealer said to this player up to the answer to `dice`. */
  private async answered(text: string | null): Promise<string> {
    const from = this.client.all.length;
    if (text !== null) this.whisper(text);
    this.whisper('dice');
    const barrier = new RegExp(`^${this.speech.fromDealer(this.dealer)}(?:The dice on|The die on|No dice have been thrown)`, 'm');
    await this.client.until(() => barrier.test(this.client.all.slice(from)), `the dealer's answer to ${text ?? 'dice'}`, 15_000);
    const got = this.client.all.slice(from);
    return dealerLines(got.slice(0, barrier.exec(got)!.index), this.dealer, this.speech);
  }
}

/** Dealers and players on one MUD for a test file, stopped and removed by `stop()`. */
abstract class Dealers {
  private dealers: DealerRun[] = [];
  private players: DealerPlayer[] = [];
  private started = 0;

  constructor(
    readonly work: string,
    /** The profile the dealers log in with (a name or a file). */
    readonly profile: string,
    /** How the dealers reach the MUD, their password and the seed of their draws. */
    private readonly mud: { port: number; password: string; seed: string },
    private readonly speech: MudSpeech,
  ) {}

  /** A player's connection, logged in, in the room where the dealers stand. */
  protected abstract login(name: string): Promise<TestClient>;

  /** Starts a dealer (its books in `data`, by default a new folder for each start). */
  async deal(character: string, game: string, settings: object = {}, opts: { data?: string; args?: string[]; lps?: number; env?: Record<string, string> } = {}): Promise<{ run: DealerRun; data: string }> {
    const n = ++this.started;
    const data = opts.data ?? join(this.work, `${character}-${game}-${n}`);
    const file = join(this.work, `${character}-${game}-${n}.json`);
    writeFileSync(file, JSON.stringify(settings));
    const run = runDealer(
      ['--mud', `127.0.0.1:${this.mud.port}`, '--profile', this.profile, '--character', character, '--data', data, '--game', game, '--settings', file, '--lines-per-second', String(opts.lps ?? 1000), '--seed', this.mud.seed, ...(opts.args ?? [])],
      this.mud.password,
      opts.env,
    );
    this.dealers.push(run);
    await run.dealing();
    return { run, data };
  }

  async join(dealer: string, ...names: string[]): Promise<DealerPlayer[]> {
    const made = await Promise.all(names.map(async (n) => new DealerPlayer(n, await this.login(n), dealer, this.speech)));
    this.players.push(...made);
    return made;
  }

  /** Every player disconnected and every dealer stopped (SIGTERM), for the next test. */
  async clear(): Promise<void> {
    for (const p of this.players.splice(0)) p.client.close();
    for (const d of this.dealers.splice(0)) if (d.child.exitCode === null && d.child.signalCode === null) await d.stop();
  }

  async stop(): Promise<void> {
    await this.clear();
    await this.close();
    rmSync(this.work, { recursive: true, force: true });
  }

  protected abstract close(): Promise<void>;
}

/**
 * A TinyMUX with dealers and players for a test file: the MUX is set up as docs/dealer.md tells a
 * host with a busy table (a larger command quota, here for the test players who type fast too),
 * the dealer's profile copied with the same quota, unless `stock` asks for the MUX and profile
 * as shipped.
 */
export class MuxDealers extends Dealers {
  private constructor(
    readonly mux: TinyMux,
    work: string,
    profile: string,
  ) {
    super(work, profile, { port: mux.port, password: 'pw', seed: '7' }, muxSpeech);
  }

  static async start(names: readonly string[], opts: { stock?: boolean; config?: string[] } = {}): Promise<MuxDealers> {
    const mux = await TinyMux.start([...(opts.stock ? [] : ['command_quota_max 5000', 'command_quota_increment 1000']), ...(opts.config ?? [])]);
    const work = mkdtempSync(join(tmpdir(), 'dealer-mux-'));
    const profile = opts.stock ? 'tinymux' : join(work, 'busy-tinymux.json');
    if (!opts.stock) writeFileSync(profile, JSON.stringify({ ...loadProfile('tinymux'), quota: { burst: 5000, perSecond: 1000 } }));
    await mux.create(names);
    return new MuxDealers(mux, work, profile);
  }

  protected login(name: string): Promise<TestClient> {
    return this.mux.connect(name);
  }

  protected async close(): Promise<void> {
    this.mux.stop();
  }
}

/** A player's gold on the books now, by name (0 for one the books do not know). */
export function goldOf(data: string, name: string): { gold: number; escrow: number; id: string | undefined } {
  const books = readBooks(data);
  const id = Object.entries(books.names).find(([, n]) => n === name)?.[0];
  return { gold: id ? (books.balances[`player:${id}`] ?? 0) : 0, escrow: id ? (books.balances[`escrow:${id}`] ?? 0) : 0, id };
}

/** Each player's gold on the books is 1,000 and every coin `dealer` told them of; answers the balances. */
export async function purses(data: string, dealer: string, seats: DealerPlayer[]): Promise<number[]> {
  const got: number[] = [];
  for (const p of seats) {
    await p.command('look table'); // everything before it has reached this player
    const { gold, id } = goldOf(data, p.name);
    const held = id ? gold : 1000;
    expect(held, `${p.name}'s gold on the books against what the dealer told them`).toBe(1000 + toldCoins(p.all, 'gold', dealer, p.name));
    got.push(held);
  }
  return got;
}

/**
 * This project's own server (in this process, on its own clock) with dealers and players for a
 * test file: each dealer is a character made as any player's is, which the dealer takes over
 * when it logs in with the `obsidian` profile. The tests' players type fast, so the profile is
 * copied with a quota that never makes the dealer wait (the server queues what comes faster than
 * it takes, in order), as the TinyMUX tests raise the MUX's.
 */
export class ObsidianDealers extends Dealers {
  private constructor(
    readonly server: TestServer,
    work: string,
  ) {
    super(work, join(work, 'busy-obsidian.json'), { port: server.port, password: 'secret123', seed: '5' }, obsidianSpeech);
  }

  static async start(dealers: readonly string[]): Promise<ObsidianDealers> {
    const server = await startTestServer();
    for (const name of dealers) (await server.login(name, 'secret123')).close();
    const work = mkdtempSync(join(tmpdir(), 'dealer-obsidian-'));
    writeFileSync(join(work, 'busy-obsidian.json'), JSON.stringify({ ...loadProfile('obsidian'), quota: { burst: 5000, perSecond: 1000 } }));
    return new ObsidianDealers(server, work);
  }

  protected login(name: string): Promise<TestClient> {
    return this.server.login(name);
  }

  protected close(): Promise<void> {
    return this.server.destroy();
  }
}
