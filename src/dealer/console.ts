import { createInterface, type Interface } from 'node:readline';
import type { Dealer } from './dealer.js';

/**
 * The operator's console, on the terminal that runs the dealer (only when standard input is a
 * terminal): the MUD's text as it comes, what the dealer sends, and the table's state in the
 * prompt. A line typed goes to the MUD as the character's own command (many MUDs allow a script
 * only while its player is at the keyboard and answers staff); a line beginning with `/` is for
 * the dealer itself.
 */

export const CONSOLE_HELP = [
  '/pause   freeze the table: its timers stop, and whispers are answered that it is paused',
  '/resume  go on',
  '/table   the table as an onlooker sees it',
  '/audit   the books: do they add up, who holds what',
  '/close   every wager back to its owner, log out, and stop (as SIGTERM does)',
  '/settle N ID|house   purse mode: whose the money held as hold N is (a player\'s id as /audit shows it, or the house)',
  '/help    this list; any other line is sent to the MUD as your character\'s command',
].join('\n');

export class OperatorConsole {
  private readonly rl: Interface;

  constructor(
    private readonly dealer: Dealer,
    private readonly onClose: () => void,
  ) {
    this.rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    this.rl.on('line', (line) => this.typed(line));
    this.rl.on('close', () => this.onClose());
    this.print("-- the dealer's console: /pause /resume /table /audit /close /help; any other line goes to the MUD as your character's command");
  }

  /** A line for the operator, above the prompt. */
  print(text: string): void {
    process.stdout.write('\r\x1b[2K');
    process.stdout.write(`${text}\n`);
    this.rl.setPrompt(this.prompt());
    this.rl.prompt(true);
  }

  stop(): void {
    this.rl.close();
  }

  private prompt(): string {
    const d = this.dealer;
    const seats = d.table.players.length;
    const state = d.paused ? 'paused' : d.live ? (d.clock.running ? 'dealing' : 'dealing, clock waiting') : 'not logged in';
    return `[${state}; ${seats} seated] > `;
  }

  private typed(line: string): void {
    const t = line.trim();
    if (!t.startsWith('/')) {
      if (t) this.dealer.type(line);
      return this.rl.prompt();
    }
    switch (t.split(/\s+/)[0].toLowerCase()) {
      case '/pause':
        this.dealer.pause();
        return this.print('-- paused: timers frozen, whispers answered that the table is paused');
      case '/resume':
        this.dealer.resume();
        return this.print('-- going on');
      case '/table':
        return this.print(this.dealer.table.game.describe(''));
      case '/audit':
        return this.print(this.dealer.audit().join('\n'));
      case '/settle': {
        const [, n, to] = t.split(/\s+/);
        if (!this.dealer.purse) return this.print('-- /settle is for --money purse: nothing is ever held with --money tab');
        if (!/^\d+$/.test(n ?? '') || !to) return this.print('-- /settle <hold number> <player id|house>, as /audit lists the holds');
        return this.print(`-- ${this.dealer.purse.settle(Number(n), to)}`);
      }
      case '/close':
        this.print('-- closing: every wager goes back to its owner');
        return this.onClose();
      case '/help':
        return this.print(CONSOLE_HELP);
      default:
        return this.print(`-- "${t}" is none of the console's words:\n${CONSOLE_HELP}`);
    }
  }
}
