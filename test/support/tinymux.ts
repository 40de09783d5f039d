import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TestClient } from './client.js';

/**
 * A real TinyMUX for the dealer's tests, as Debian's tinymux package installs one: `tinymux-install`
 * in a temporary folder, a free port in netmux.conf, `./Startmux`; the wizard (`connect wizard
 * potrzebie`) makes the players with `@pcreate` and gives pennies with `give *Name=N`. It is
 * stopped, and its folder removed, by `stop()`.
 */

const INSTALL = '/usr/games/tinymux-install';

/** Why TinyMUX cannot run here, or null (test/support/needs.ts). */
export function tinymuxMissing(): string | null {
  return existsSync(INSTALL) ? null : 'TinyMUX is not installed (apt-get install tinymux)';
}

/** A port nothing listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

export class TinyMux {
  private constructor(
    readonly dir: string,
    readonly port: number,
  ) {}

  /**
   * Installs and starts a TinyMUX. `config`: lines added to netmux.conf (the tests raise the
   * command quota, as docs/dealer.md tells a host with a busy table to).
   */
  static async start(config: string[] = []): Promise<TinyMux> {
    const dir = mkdtempSync(join(tmpdir(), 'tinymux-'));
    execFileSync(INSTALL, { cwd: dir, stdio: 'ignore' });
    const game = join(dir, 'tinymux/game');
    const port = await freePort();
    const conf = join(game, 'netmux.conf');
    writeFileSync(conf, `${readFileSync(conf, 'utf8').replace(/^port \d+$/m, `port ${port}`)}\n${config.join('\n')}\n`);
    execFileSync('./Startmux', { cwd: game, stdio: 'ignore' });
    const mux = new TinyMux(dir, port);
    const deadline = Date.now() + 20_000;
    for (;;) {
      try {
        const c = await TestClient.connect(port);
        await c.expect('connect <name> <password>', 5000);
        c.close();
        return mux;
      } catch (e) {
        if (Date.now() > deadline) throw new Error(`TinyMUX did not start on port ${port}: ${(e as Error).message}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    }
  }

  /** Runs commands as the wizard; answers what the MUX said. */
  async wizard(...commands: string[]): Promise<string> {
    const c = await this.connect('wizard', 'potrzebie');
    for (const line of commands) c.send(line);
    c.send('think wizard-done');
    const out = await c.expect(/^wizard-done$/m, 10_000);
    c.send('QUIT');
    c.close();
    return out;
  }

  /** What `think <expr>` shows the wizard (a dealer's purse: `money(*Croupier)`). */
  async think(expr: string): Promise<string> {
    const tag = `think-${randomBytes(4).toString('hex')}`;
    return new RegExp(`^${tag} (.*)$`, 'm').exec(await this.wizard(`think ${tag} ${expr}`))![1];
  }

  /** Waits until what `think <expr>` shows the wizard matches `re`; answers it. */
  async until(expr: string, re: RegExp, ms = 10_000): Promise<string> {
    const deadline = Date.now() + ms;
    for (;;) {
      const seen = await this.think(expr);
      if (re.test(seen)) return seen;
      if (Date.now() > deadline) throw new Error(`the MUX never showed ${re} for ${expr} (last: ${seen})`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** Makes players (password `pw`), each with `pennies` if given. */
  async create(names: readonly string[], pennies = 0): Promise<void> {
    await this.wizard(...names.flatMap((n) => [`@pcreate ${n}=pw`, ...(pennies ? [`give *${n}=${pennies}`] : [])]));
  }

  /** A player logged in, at the room every new player starts in. */
  async connect(name: string, password = 'pw'): Promise<TestClient> {
    const c = await TestClient.connect(this.port);
    await c.expect('connect <name> <password>', 10_000);
    c.send(`connect ${name} ${password}`);
    c.send('think logged-in');
    await c.expect(/^logged-in$/m, 10_000);
    return c;
  }

  /** Freezes the MUX (SIGSTOP) or lets it go on (SIGCONT): what reaches it meanwhile waits unread. */
  pause(): void {
    this.signal('SIGSTOP');
  }

  resume(): void {
    this.signal('SIGCONT');
  }

  stop(): void {
    this.signal('SIGKILL');
    rmSync(this.dir, { recursive: true, force: true });
  }

  private signal(signal: NodeJS.Signals): void {
    const pidFile = join(this.dir, 'tinymux/game/netmux.pid');
    if (!existsSync(pidFile)) return;
    try {
      process.kill(Number(readFileSync(pidFile, 'utf8').trim()), signal);
    } catch {
      // gone already
    }
  }
}

/** A player's pennies, as the MUX tells the player. */
export async function pennies(c: TestClient): Promise<number> {
  const tag = `pennies-${randomBytes(4).toString('hex')}`;
  c.send(`think ${tag} [money(me)]`);
  const re = new RegExp(`^${tag} (\\d+)$`, 'm');
  await c.until(() => re.test(c.all), tag, 10_000);
  return Number(re.exec(c.all)![1]);
}
