import type { TestClient } from './client.js';

/**
 * Playing the three games at the tables of the tests' Ranvier world (test/support/ranvier.ts),
 * as players over telnet would, and the coins each player was told of.
 */

export interface Seat {
  name: string;
  client: TestClient;
}

const num = (text: string) => Number(text.replace(/,/g, ''));
const sum = (text: string, re: RegExp, f: (m: RegExpMatchArray) => number) => [...text.matchAll(re)].reduce((n, m) => n + f(m), 0);
const COINS = '([\\d,]+) obsidian coins?';

/**
 * Every coin a player's own transcript says went into (or out of) their purse at the tables:
 * their wagers, bets and antes, what they collected, swept, won, got back, were handed, or were
 * paid at a settlement, in the words each game tells the player themselves.
 */
export function toldCoins(all: string): number {
  const r = (s: string) => new RegExp(s, 'gm');
  return (
    // Spice Run
    -sum(all, r(`You place ${COINS} on square`), (m) => num(m[1])) +
    sum(all, r(`You collect square \\d+: ${COINS}`), (m) => num(m[1])) +
    sum(all, r(`You sweep the whole board: ${COINS}`), (m) => num(m[1])) +
    sum(all, r('every wager goes back to its owner \\(([^)]*)\\)'), (m) => sum(m[1], r(`${COINS} to you\\b`), (n) => num(n[1]))) +
    // Lich Bones
    -sum(all, r(`Dreaven takes your ${COINS} on`), (m) => num(m[1])) +
    sum(all, r(`Dreaven pays your [^:]+: ${COINS} won and (?:the )?${COINS}`), (m) => num(m[1]) + num(m[2])) +
    sum(all, r(`Dreaven returns your [^:]+: ${COINS} back`), (m) => num(m[1])) +
    sum(all, r(`Dreaven hands ${COINS} to (?:each of )?([\\w, ]+)\\.`), (m) => (m[2].split(/, | and /).includes('you') ? num(m[1]) : 0)) +
    sum(all, r(`Dreaven tosses you, the HERO, a bonus of ${COINS}`), (m) => num(m[1])) +
    // Dragon's Lair (the settlement as the game tells it, not as `table` recalls it)
    -sum(all, r(`Dragon's Lair begins with ([\\w, ]+): each antes ${COINS}`), (m) => (m[1].split(/, | and /).includes('you') ? num(m[2]) : 0)) +
    sum(all, r(`^The game of Dragon's Lair is over: .* Settlement: (.*)\\. Type start`), (m) => sum(m[1], r(`you receive ${COINS}`), (n) => num(n[1])))
  );
}

/** The purse a reply tells: `You have 1,000 obsidian coins.` */
export function purseIn(reply: string): number {
  const m = /You have ([\d,]+) obsidian coins?/.exec(reply);
  if (!m) throw new Error(`no purse in: ${reply}`);
  return num(m[1]);
}

/**
 * Plays a game of Spice Run at `table` out, doing what the table asks of whoever is on turn
 * (roll, bet `stake`, play); after every step `check()` runs. Returns every reply.
 */
export async function playSpiceRun(a: Seat, b: Seat, table: string, stake: number, check: () => Promise<void>): Promise<string> {
  let story = '';
  for (let step = 0; step < 400; step++) {
    const view = await a.client.command(`table ${table}`);
    if (/Nobody is playing|is over/.test(view)) return story;
    const who = /It is your turn/.test(view) ? a : b;
    const own = who === a ? view : await b.client.command(`table ${table}`);
    let line: string;
    if (/roll the dice/.test(own)) line = `roll dice ${table}`;
    else if (/bet on/.test(own)) line = `bet ${stake}`;
    else if (/Type play/.test(own)) line = 'play';
    else throw new Error(`cannot tell what to do from:\n${own}`);
    story += `${await who.client.command(line)}\n`;
    await check();
  }
  throw new Error('the game did not end in 400 steps');
}

/** A card as the tables show it: `7h (knight 7)`, or after its kind: `the wizard 5d`. */
const CARD = /\b(10|[2-9]|[ajqk])([hdcs]) \((?:knight|wizard|leprechaun|thief|dragon) \d+\)|\b(?:knight|wizard|leprechaun|thief|dragon) (10|[2-9]|[ajqk])([hdcs])\b/g;
export const cardsIn = (text: string): string[] => [...text.matchAll(CARD)].map((m) => (m[1] ? m[1] + m[2] : m[3] + m[4]));

/**
 * Watches every byte each client's socket received, between checkpoints: nobody may have been
 * sent a card another player held in hand (at the checkpoint after) or had laid face down and
 * that was not revealed in between.
 */
export class SecretWatch {
  private offsets = new Map<string, number>();
  private hands = new Map<string, Set<string>>();
  /** Cards laid face down at a lair since the last reveal, by who laid them. */
  readonly laid = new Map<string, Set<string>>();
  /** Card sightings checked: (viewer, someone else's hidden card) pairs. */
  checked = 0;
  /** Bytes looked through. */
  bytes = 0;

  constructor(
    private readonly players: Seat[],
    private readonly onlookers: Seat[],
    private readonly table: string,
  ) {
    for (const p of [...players, ...onlookers]) {
      this.offsets.set(p.name, received(p.client).length);
      this.hands.set(p.name, new Set());
      this.laid.set(p.name, new Set());
    }
  }

  hand(name: string): string[] {
    return [...this.hands.get(name)!];
  }

  async checkpoint(): Promise<void> {
    for (const p of this.players) this.hands.set(p.name, new Set(cardsIn(await p.client.command('hand'))));
    const everyone = [...this.players, ...this.onlookers];
    const segments = new Map(everyone.map((p) => [p.name, received(p.client).subarray(this.offsets.get(p.name)!).toString('utf8')]));
    const revealed = [...segments.values()].some((text) => /Lair \d is revealed/.test(text));
    for (const viewer of everyone) {
      const bytes = segments.get(viewer.name)!;
      this.bytes += Buffer.byteLength(bytes);
      // A failed wizard shows its owner the card it picked: the one thing a player may see of another hand.
      const seen = new Set(cardsIn(bytes.split('\n').filter((l) => !/^Your wizard picked/.test(l)).join('\n')));
      for (const other of this.players) {
        if (other === viewer) continue;
        const laid = this.laid.get(other.name)!;
        const secret = [...this.hands.get(other.name)!].filter((c) => !(revealed && laid.has(c)));
        if (!revealed) secret.push(...laid);
        for (const card of secret) {
          if (seen.has(card)) throw new Error(`${viewer.name} was sent ${other.name}'s hidden ${card} at ${this.table}:\n${bytes}`);
          this.checked++;
        }
      }
    }
    if (revealed) for (const set of this.laid.values()) set.clear();
    for (const p of everyone) this.offsets.set(p.name, received(p.client).length);
  }
}

/** Every byte the client's socket received, telnet commands and all. */
function received(c: TestClient): Buffer {
  return Buffer.concat(c.raw);
}

/**
 * Plays a Dragon's Lair game at `table` out with choices from `pick`, a checkpoint of the watch
 * before every step; returns everything the first player received.
 */
export async function playDragonsLair(players: Seat[], table: string, watch: SecretWatch, pick: (n: number) => number): Promise<void> {
  const names = players.map((p) => p.name);
  for (let step = 0; step < 600; step++) {
    await watch.checkpoint();
    const looks = await Promise.all(players.map(async (p) => ({ p, look: await p.client.command(`table ${table}`) })));
    if (looks.some(({ look }) => /Last game: The game of Dragon's Lair is over/.test(look))) return;
    const mine = looks.find(({ look }) => /It is your turn|You must discard|propose a split|agree to the proposal/.test(look));
    if (!mine) {
      // Everyone who must agree has agreed, or a time-out is due: wait for it.
      await new Promise((r) => setTimeout(r, 50));
      continue;
    }
    const { p, look } = mine;
    const hand = watch.hand(p.name);
    if (/It is your turn/.test(look)) await choose(p, look, hand, names, watch, pick);
    else if (/You must discard/.test(look)) await p.client.command(`discard ${hand[pick(hand.length)]}`);
    else if (/propose a split/.test(look)) {
      const m = /treasure, (\d+) game coins?, is shared by (.+)\. No proposal/.exec(look);
      if (!m) continue;
      const treasure = Number(m[1]);
      const who = m[2].split(/, | and /).map((w) => (w === 'you' ? p.name : w));
      const each = Math.floor(treasure / who.length);
      await p.client.command(`split ${who.map((w, i) => `${w} ${each + (i === 0 ? treasure - each * who.length : 0)}`).join(' ')}`);
    } else await p.client.command('agree');
  }
  throw new Error('the game did not end in 600 steps');
}

/** One play-or-hold choice: mostly a card, aimed so attacks gather at one lair; now and then a hold. */
async function choose(p: Seat, look: string, hand: string[], names: string[], watch: SecretWatch, pick: (n: number) => number): Promise<void> {
  const others = names.filter((n) => n !== p.name);
  const card = pick(6) === 0 || hand.length === 0 ? null : hand[pick(hand.length)];
  let command = 'hold';
  if (card) {
    const busy = /Lair 2: [^\n]*card/.test(look) && !/Lair 1: [^\n]*card/.test(look) ? 'lair 2' : 'lair 1';
    const victim = others[pick(others.length)];
    const suit = card.slice(-1);
    command = `play ${card} ${{ h: busy, d: pick(3) ? busy : victim, c: '', s: victim }[suit]}`.trim();
  }
  const reply = await p.client.command(command);
  if (/You lay/.test(reply)) watch.laid.get(p.name)!.add(card!);
  // Refused (a wizard against an empty hand, say): hold instead.
  if (!/You lay|You send|You play|Your thief|You hold/.test(reply)) await p.client.command('hold');
}

/** A small deterministic generator for the players' choices (mulberry32). */
export function chooser(seed: number): (n: number) => number {
  let a = seed >>> 0;
  return (n) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}
