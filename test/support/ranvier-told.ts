/**
 * What the tables told players of their coins, read back from what their sockets received, for
 * the kill test (test/integration/ranvier-kill.test.ts): per player, the purse as told and the
 * coins told to be on a table (wagers, bets, antes), which a restart must give back. Each game's
 * lines are read in order, in the words the tables use (the viewer's own as "you").
 */

const num = (text: string) => Number(text.replace(/,/g, ''));
/** An amount as the tests' world words it: its currency is gold. */
const COINS = '([\\d,]+) gold';

/** Coins told per player: how the purse moved since the round began, and what is on the table. */
export class Told {
  readonly purse = new Map<string, number>();
  readonly escrow = new Map<string, number>();

  add(who: string, purse: number, escrow = 0): void {
    this.purse.set(who, (this.purse.get(who) ?? 0) + purse);
    this.escrow.set(who, (this.escrow.get(who) ?? 0) + escrow);
  }

  /** The purse a restart must give back: as told, with every coin told on a table returned. */
  owed(who: string, start: number): number {
    return start + (this.purse.get(who) ?? 0) + (this.escrow.get(who) ?? 0);
  }
}

/**
 * The lines a player received, as they read them: without colour codes. The tables' own lines
 * have none here (colour is off), but the world's messages do: Ranvier's Broadcast ends each one
 * with a colour reset after its line break, so a line of the tables that follows one at once (no
 * prompt between: "Dee leaves north.", then "You place 12 gold ...") starts with that reset.
 */
const lines = (text: string) => text.replace(/\x1b\[[\d;]*m/g, '').split(/\r?\n/);

/** "you" as the viewer's name. */
const named = (viewer: string) => (w: string) => (/^you$/i.test(w) ? viewer : w);
const list = (text: string, viewer: string) => text.split(/, | and /).map(named(viewer));

/** A Spice Run table as one player heard it: everyone's coins (every line is told to the whole room), and the board. */
export function spiceRunTold(text: string, viewer: string): { told: Told; board: Map<number, Map<string, number>>; players: string[] } {
  const told = new Told();
  const board = new Map<number, Map<string, number>>();
  let players: string[] = [];
  const who = named(viewer);
  const clear = () => {
    for (const square of board.values()) for (const [o, n] of square) told.add(o, 0, -n);
    board.clear();
  };
  for (const line of lines(text)) {
    let m: RegExpExecArray | null;
    // The first game of a start, or the next one at once (both players keep their seats when a game ends).
    if ((m = /(?:A game of Spice Run begins|The next game of Spice Run begins at once): (\w+) (?:is|are) Player 1, (\w+) (?:is|are) Player 2/.exec(line))) players = [who(m[1]), who(m[2])];
    for (const p of line.matchAll(new RegExp(`(\\w+) places? ${COINS} on square (\\d+)`, 'g'))) {
      const [owner, n, square] = [who(p[1]), num(p[2]), Number(p[3])];
      const s = board.get(square) ?? new Map<string, number>();
      s.set(owner, (s.get(owner) ?? 0) + n);
      board.set(square, s);
      told.add(owner, -n, n);
    }
    if ((m = new RegExp(`(\\w+) collects? square (\\d+): ${COINS} \\(([^)]*)\\)`).exec(line))) {
      for (const part of m[4].split(', ')) {
        const p = /([\d,]+) of (yours|\w+?)(?:'s)?$/.exec(part)!;
        // "yours" is the viewer's (the words of the one reading).
        told.add(p[2] === 'yours' ? viewer : p[2], 0, -num(p[1]));
      }
      board.delete(Number(m[2]));
      told.add(who(m[1]), num(m[3]));
    }
    if ((m = new RegExp(`(\\w+) sweeps? the whole board: ${COINS}`).exec(line))) {
      clear();
      told.add(who(m[1]), num(m[2]));
    }
    if ((m = /every wager goes back to its owner \(([^)]*)\)/.exec(line))) {
      clear();
      for (const r of m[1].matchAll(new RegExp(`${COINS} to (\\w+)`, 'g'))) told.add(who(r[2]), num(r[1]));
    }
  }
  return { told, board, players };
}

/** A player's own bets at Lich Bones as they were told them: their coins, and the HERO and LICH bets still open. */
export function lichBonesTold(text: string, viewer: string): { told: Told; open: { side: string; amount: number }[] } {
  const told = new Told();
  const open: { side: string; amount: number }[] = [];
  const close = (side: string, amount: number) => {
    const i = open.findIndex((b) => b.side === side && b.amount === amount);
    if (i >= 0) open.splice(i, 1);
  };
  for (const line of lines(text)) {
    for (const m of line.matchAll(new RegExp(`Dreaven takes your ${COINS} on (HERO|LICH)`, 'g'))) {
      told.add(viewer, -num(m[1]), num(m[1]));
      open.push({ side: m[2], amount: num(m[1]) });
    }
    for (const m of line.matchAll(new RegExp(`Dreaven pays your (HERO|LICH): ${COINS} won and the ${COINS} stake back`, 'g'))) {
      told.add(viewer, num(m[2]) + num(m[3]), -num(m[3]));
      close(m[1], num(m[3]));
    }
    for (const m of line.matchAll(new RegExp(`Dreaven sweeps away your (HERO|LICH): ${COINS} lost`, 'g'))) {
      told.add(viewer, 0, -num(m[2]));
      close(m[1], num(m[2]));
    }
    for (const m of line.matchAll(new RegExp(`Dreaven returns your (HERO|LICH): ${COINS} back`, 'g'))) {
      told.add(viewer, num(m[2]), -num(m[2]));
      close(m[1], num(m[2]));
    }
    for (const m of line.matchAll(new RegExp(`Dreaven hands ${COINS} to (?:each of )?([\\w, ]+)\\.`, 'g'))) {
      if (list(m[2], viewer).includes(viewer)) told.add(viewer, num(m[1]));
    }
  }
  return { told, open };
}

/** A Dragon's Lair table as one player heard it: the antes of a game begun, and the settlement of one over. */
export function dragonsLairTold(text: string, viewer: string): Told {
  const told = new Told();
  for (const line of lines(text)) {
    let m: RegExpExecArray | null;
    if ((m = new RegExp(`Dragon's Lair begins with ([\\w, ]+): each antes ${COINS}`).exec(line))) {
      for (const p of list(m[1], viewer)) told.add(p, -num(m[2]), num(m[2]));
    }
    if ((m = /^The game of Dragon's Lair is over: .* Settlement: (.*)\. Type start/.exec(line))) {
      for (const p of told.escrow.keys()) told.add(p, 0, -told.escrow.get(p)!);
      for (const r of m[1].matchAll(new RegExp(`(\\w+) receives? ${COINS}`, 'g'))) told.add(named(viewer)(r[1]), num(r[2]));
    }
  }
  return told;
}
