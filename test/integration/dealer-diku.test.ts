import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadProfile } from '../../src/dealer/profile.js';
import { runDealer, type DealerRun } from '../support/dealer.js';

/**
 * The `diku` profile end to end, against a stand-in for tbaMUD that speaks as tbaMUD's source does
 * (interpreter.c's login dialogue, comm.c's prompt with neither a newline nor a GA and the CR LF
 * it puts before output that interrupts one, act.comm.c's whispers and tells): tbaMUD is in no
 * package registry, so it cannot run in CI. The stand-in records every command the dealer sends.
 */

const IAC = 255;
const WILL = 251;
const WONT = 252;
const ECHO = 1;

class FakeDiku {
  readonly commands: string[] = [];
  /** A line that reaches the character as it enters the game, before the welcome (a tell sent at that moment). */
  early: string | null = null;
  private socket: net.Socket | null = null;
  private constructor(readonly server: net.Server) {}

  static async start(password: string): Promise<FakeDiku> {
    const server = net.createServer();
    const diku = new FakeDiku(server);
    server.on('connection', (s) => diku.accept(s, password));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    return diku;
  }

  get port(): number {
    return (this.server.address() as net.AddressInfo).port;
  }

  /** Something happens in the room: comm.c writes CR LF first, since a prompt was out. */
  say(line: string): void {
    this.socket?.write(`\r\n${line}\r\n\r\n> `);
  }

  /** Waits for a command the dealer sent that matches; answers it. */
  async sent(pattern: RegExp, timeoutMs = 10_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.commands.find((c) => pattern.test(c));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`the dealer never sent ${pattern}; it sent:\n${this.commands.join('\n')}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  close(): Promise<void> {
    this.socket?.destroy();
    return new Promise((r) => this.server.close(() => r()));
  }

  private accept(s: net.Socket, password: string): void {
    this.socket = s;
    let state: 'name' | 'password' | 'motd' | 'menu' | 'playing' = 'name';
    let buffer = '';
    s.on('error', () => undefined);
    s.write('\r\n                            tbaMUD 2025\r\n\r\nBy what name do you wish to be known? ');
    s.on('data', (chunk) => {
      buffer += chunk.toString('latin1').replace(/\xff[\xfb-\xfe]./g, '');
      let i: number;
      while ((i = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, i).replace(/\r$/, '');
        buffer = buffer.slice(i + 1);
        if (state === 'name') {
          if (line === 'Croupier') {
            s.write(Buffer.concat([Buffer.from('Password: '), Buffer.from([IAC, WILL, ECHO])]));
            state = 'password';
          } else s.write(`Did I get that right, ${line} (Y/N)? `);
        } else if (state === 'password') {
          s.write(Buffer.from([IAC, WONT, ECHO]));
          if (line !== password) s.write('\r\nWrong password.\r\nPassword: ');
          else {
            s.write('\r\nWelcome to the land of tbaMUD!\r\n\r\n*** PRESS RETURN: ');
            state = 'motd';
          }
        } else if (state === 'motd') {
          s.write('\r\nWelcome to tbaMUD!\r\n0) Exit from tbaMUD.\r\n1) Enter the game.\r\n\r\n   Make your choice: ');
          state = 'menu';
        } else if (state === 'menu') {
          if (line === '1') {
            if (this.early) s.write(`\r\n${this.early}\r\n`);
            s.write('\r\nWelcome to tbaMUD!  May your visit here be... Enlightening\r\n\r\nThe Temple Of Midgaard\r\nAna is standing here.\r\n\r\n> ');
            state = 'playing';
          }
        } else {
          this.commands.push(line);
          // The prompt comes back after every command, with no newline after it.
          s.write(`${/^tell /.test(line) ? `You tell ${line.split(' ')[1]}, '${line.split(' ').slice(2).join(' ')}'` : 'Ok.'}\r\n\r\n> `);
        }
      }
    });
  }
}

describe('the dealer on a tbaMUD (the diku profile)', () => {
  let diku: FakeDiku;
  let work: string;
  let dealer: DealerRun | null = null;
  beforeAll(async () => {
    diku = await FakeDiku.start('sesame');
    work = mkdtempSync(join(tmpdir(), 'dealer-diku-'));
  });
  afterAll(async () => {
    dealer?.child.kill('SIGKILL');
    await diku?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('refuses to go on when the MUD refuses its password, saying so in one line and never printing the password', async () => {
    const wrong = runDealer(['--mud', `127.0.0.1:${diku.port}`, '--profile', 'diku', '--character', 'Croupier', '--data', join(work, 'wrong')], 'not-sesame');
    expect(await wrong.exited).toBe(1);
    expect(wrong.output()).toMatch(/^dealer: the MUD refused the login: Wrong password\.$/m);
    expect(wrong.output()).not.toMatch(/not-sesame/);
  });

  it('walks the login dialogue, reads whispers and tells past prompts without newline, and answers by tell, escaped for tbaMUD', async () => {
    // Its own keepalive every second, to see it (the shipped profile waits 4 minutes).
    const profile = join(work, 'diku.json');
    writeFileSync(profile, JSON.stringify({ ...loadProfile('diku'), keepaliveMs: 1000 }));
    dealer = runDealer(['--mud', `127.0.0.1:${diku.port}`, '--profile', profile, '--character', 'Croupier', '--data', join(work, 'books'), '--lines-per-second', '4'], 'sesame');
    await dealer.dealing();
    await diku.sent(/^emote deals Lich Bones here\. whisper Croupier help for the rules/);
    diku.say("Ana whispers to you, 'gold'");
    expect(await diku.sent(/^tell Ana You have/)).toBe('tell Ana You have 1,000 gold. You have no bets on the bones table.');
    diku.say("Ana whispers to you, 'sit'");
    await diku.sent(/^say Ana takes a seat at the bones table\.$/);
    // What the room hears in her name, then what the game tells her alone (she hears nothing twice).
    await diku.sent(/^tell Ana You hold 1,000 gold, less than the smallest bet/);
    const told = diku.commands.filter((c) => /^tell Ana|^say Ana/.test(c));
    expect(told.slice(1, 3)).toEqual(['say Ana takes a seat at the bones table.', expect.stringMatching(/^tell Ana You hold 1,000 gold/)]);
    // tbaMUD turns @ into colour and $ into act()'s words: the seed is written so that it prints as set.
    diku.say("Ana whispers to you, 'fair seed a@rb$n'");
    expect(await diku.sent(/^say Ana sets the client seed/)).toBe('say Ana sets the client seed of game 1 at the bones table to a@*rb$$n: every draw of that game is made from it.');
    // Someone invisible, a mob, a say that quotes a whisper: none of it is a player speaking.
    const before = diku.commands.length;
    diku.say("Someone whispers to you, 'stand'");
    diku.say("The cityguard tells you, 'stand'");
    diku.say("Bob says, 'Ana whispers to you, 'stand''");
    diku.say("Ana tells you, 'table'");
    await diku.sent(/^tell Ana .*Seated: Ana \(you\)\.$/);
    expect(diku.commands.slice(before).filter((c) => /stand/.test(c))).toEqual([]);
    // Quiet for a second: it types something so as not to be pulled into the void.
    await diku.sent(/^time$/, 5000);
  }, 60_000);

  it('answers a tell that came while it was still logging in, once it is in', async () => {
    dealer?.child.kill('SIGKILL');
    await dealer?.exited;
    diku.commands.length = 0;
    diku.early = "Bob tells you, 'gold'";
    dealer = runDealer(['--mud', `127.0.0.1:${diku.port}`, '--profile', 'diku', '--character', 'Croupier', '--data', join(work, 'early'), '--lines-per-second', '4'], 'sesame');
    await dealer.dealing();
    expect(await diku.sent(/^tell Bob /)).toBe('tell Bob You have 1,000 gold. You have no bets on the bones table.');
  }, 60_000);
});
