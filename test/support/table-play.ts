import type { Typist } from './spiceRun.js';

/**
 * Playing the games as players over any host would, from the games' own words (the same in every
 * host): the coins each player was told of, and a Dragon's Lair game watched for secrets over every
 * byte each player received. The tavern's tests, the host contract (host-contract.ts) and the
 * Ranvier host's kill test share them.
 */

/**
 * A player at a table: their name, and a client that types lines and keeps what it received
 * (`all`; and `transcript`, where `all` is only part of it: every byte the MUD sent a dealer's player).
 */
export interface Seat {
  name: string;
  client: Typist & { readonly all: string; readonly transcript?: string };
}

const num = (text: string) => Number(text.replace(/,/g, ''));
const sum = (text: string, re: RegExp, f: (m: RegExpMatchArray) => number) => [...text.matchAll(re)].reduce((n, m) => n + f(m), 0);

/**
 * Every coin a player's own transcript says went into (or out of) their purse at the tables:
 * their wagers, bets and antes, what they collected, swept, won, got back, were handed, or were
 * paid at a settlement, in the words each game tells the player themselves. `money`: what follows
 * an amount in the host's words, as a pattern (`obsidian coins?`, `gold`); `dealer`: the host's
 * Lich Bones dealer (HostWords.dealer); `me`: the player's name, where the host tells them what
 * the whole room hears in the room's words, naming them (the dealer on a MUD).
 */
export function toldCoins(all: string, money: string, dealer = 'Dreaven', me?: string): number {
  const COINS = `([\\d,]+) ${money}`;
  const r = (s: string) => new RegExp(s, 'gm');
  const does = (base: string, third = `${base}s`) => (me ? `(?:You ${base}|${me} ${third})` : `You ${base}`);
  const you = me ? `(?:you|${me})` : 'you';
  const named = (list: string) => list.split(/, | and /).some((w) => w === 'you' || w === me);
  return (
    // Spice Run
    -sum(all, r(`${does('place')} ${COINS} on square`), (m) => num(m[1])) +
    sum(all, r(`${does('collect')} square \\d+: ${COINS}`), (m) => num(m[1])) +
    sum(all, r(`${does('sweep')} the whole board: ${COINS}`), (m) => num(m[1])) +
    sum(all, r('every wager goes back to its owner \\(([^)]*)\\)'), (m) => sum(m[1], r(`${COINS} to ${you}\\b`), (n) => num(n[1]))) +
    // Lich Bones
    -sum(all, r(`${dealer} takes your ${COINS} on`), (m) => num(m[1])) +
    (me ? -sum(all, r(`${dealer} chalks up ${COINS} from ${you} on`), (m) => num(m[1])) : 0) +
    sum(all, r(`${dealer} pays your [^:]+: ${COINS} won and (?:the )?${COINS}`), (m) => num(m[1]) + num(m[2])) +
    sum(all, r(`${dealer} returns your [^:]+: ${COINS} back`), (m) => num(m[1])) +
    sum(all, r(`${dealer} hands ${COINS} to (?:each of )?([\\w, ]+)\\.`), (m) => (named(m[2]) ? num(m[1]) : 0)) +
    sum(all, r(`${dealer} tosses ${you}, the HERO, a bonus of ${COINS}`), (m) => num(m[1])) +
    // Dragon's Lair (the settlement as the game tells it, not as a look at the table recalls it)
    -sum(all, r(`Dragon's Lair begins with ([\\w, ]+): each antes ${COINS}`), (m) => (named(m[1]) ? num(m[2]) : 0)) +
    sum(all, r(`^The game of Dragon's Lair is over: .* Settlement: (.*)\\. Type .*start to play again`), (m) => sum(m[1], r(`${me ? `(?:you receive|${me} receives)` : 'you receive'} ${COINS}`), (n) => num(n[1])))
  );
}

/** A card as the tables tell it: `7h (knight 7)`, or after its kind: `the wizard 5d`. */
const CARD = /\b(10|[2-9]|[ajqk])([hdcs]) \((?:knight|wizard|leprechaun|thief|dragon) \d+\)|\b(?:knight|wizard|leprechaun|thief|dragon) (10|[2-9]|[ajqk])([hdcs])\b/g;
export const cardsIn = (text: string): string[] => [...text.matchAll(CARD)].map((m) => (m[1] ? m[1] + m[2] : m[3] + m[4]));
/** A card as data (GMCP's Table.State and Table.Hand, or any JSON): `"7h"`, `"ks"`. */
const DATA_CARD = /"(10|[2-9]|[ajqk])([hdcs])"/g;
export const dataCardsIn = (text: string): string[] => [...text.matchAll(DATA_CARD)].map((m) => m[1] + m[2]);

/**
 * Watches every byte each client received between checkpoints (`all`, one character a byte, telnet
 * commands and GMCP included): nobody may have been sent a card another player held in hand (at
 * the checkpoint after) or had laid face down and that was not revealed in between, in words or as
 * data.
 */
export class SecretWatch {
  private offsets = new Map<string, number>();
  private rawOffsets = new Map<string, number>();
  private hands = new Map<string, Set<string>>();
  /** Cards laid face down at a lair since the last reveal, by who laid them. */
  readonly laid = new Map<string, Set<string>>();
  /** Card sightings checked: (viewer, someone else's hidden card) pairs. */
  checked = 0;
  /** Bytes looked through. */
  bytes = 0;

  /** `onlookers` only watch; `handShown` hears each player's `hand` reply and the cards read from it. */
  constructor(
    private readonly players: Seat[],
    private readonly onlookers: Seat[] = [],
    private readonly handShown?: (p: Seat, reply: string, cards: string[]) => void,
  ) {
    for (const p of [...players, ...onlookers]) {
      this.offsets.set(p.name, p.client.all.length);
      this.rawOffsets.set(p.name, p.client.transcript?.length ?? 0);
      this.hands.set(p.name, new Set());
      this.laid.set(p.name, new Set());
    }
  }

  hand(name: string): string[] {
    return [...this.hands.get(name)!];
  }

  /** Reads every hand from its owner, then checks what each client received since the last checkpoint. */
  async checkpoint(): Promise<void> {
    for (const p of this.players) {
      const reply = await p.client.command('hand');
      this.hands.set(p.name, new Set(cardsIn(reply)));
      this.handShown?.(p, reply, this.hand(p.name));
    }
    const everyone = [...this.players, ...this.onlookers];
    // What the client made of it, and where it has them, every byte it was sent besides.
    const segment = (p: Seat) => p.client.all.slice(this.offsets.get(p.name)!) + (p.client.transcript === undefined ? '' : `\n${p.client.transcript.slice(this.rawOffsets.get(p.name)!)}`);
    const segments = new Map(everyone.map((p) => [p.name, segment(p)]));
    const revealed = [...segments.values()].some((text) => /Lair \d is revealed/.test(text));
    for (const viewer of everyone) {
      const bytes = segments.get(viewer.name)!;
      this.bytes += bytes.length;
      // A failed wizard shows its owner the card it picked: the one thing a player may see of another hand.
      const words = bytes.split('\n').filter((l) => !/Your wizard picked/.test(l)).join('\n');
      const seen = new Set([...cardsIn(words), ...dataCardsIn(bytes)]);
      for (const other of this.players) {
        if (other === viewer) continue;
        const laid = this.laid.get(other.name)!;
        const secret = [...this.hands.get(other.name)!].filter((c) => !(revealed && laid.has(c)));
        if (!revealed) secret.push(...laid);
        for (const card of secret) {
          if (seen.has(card)) throw new Error(`${viewer.name} was sent ${other.name}'s hidden ${card}:\n${bytes}`);
          this.checked++;
        }
      }
    }
    if (revealed) for (const set of this.laid.values()) set.clear();
    for (const p of everyone) {
      this.offsets.set(p.name, p.client.all.length);
      this.rawOffsets.set(p.name, p.client.transcript?.length ?? 0);
    }
  }
}

export interface DragonsLairPlay {
  /** The word that names the table. */
  table: string;
  /** The host's line that shows the table to a player (`look lair`). */
  look: string;
  /** The players' choices (chooser below). */
  pick: (n: number) => number;
  /**
   * Lets the time for a split run out (the host's clock moved past the table's negotiationMs) and
   * waits until the players were told, for every third negotiation; without it, the attackers
   * always agree.
   */
  lapse?: () => Promise<void>;
}

/** Plays a Dragon's Lair game out, a checkpoint of the watch before every step. */
export async function playDragonsLair(players: Seat[], watch: SecretWatch, play: DragonsLairPlay): Promise<void> {
  const names = players.map((p) => p.name);
  let negotiations = 0;
  let idle = 0;
  for (let step = 0; step < 600; step++) {
    await watch.checkpoint();
    const looks = await Promise.all(players.map(async (p) => ({ p, look: await p.client.command(play.look) })));
    if (looks.some(({ look }) => /Last game: The game of Dragon's Lair is over/.test(look))) return;
    const mine = looks.find(({ look }) => /It is your turn|You must discard|propose a split|agree to the proposal/.test(look));
    if (!mine) {
      // Everyone who must agree has agreed: a host on real timers may still be telling it.
      if (++idle > 100) throw new Error(`nobody can act:\n${looks.map((l) => l.look).join('\n---\n')}`);
      await new Promise((r) => setTimeout(r, 50));
      continue;
    }
    idle = 0;
    const { p, look } = mine;
    const hand = watch.hand(p.name);
    if (/It is your turn/.test(look)) await choose(p, look, hand, names, watch, play.pick);
    else if (/You must discard/.test(look)) await expectReply(p, `discard ${hand[play.pick(hand.length)]}`, new RegExp(`You discard|\\b${p.name} discards`));
    else if (/propose a split/.test(look)) {
      if (play.lapse && ++negotiations % 3 === 0) {
        await play.lapse();
        continue;
      }
      const m = /treasure, (\d+) game coins?, is shared by (.+)\. No proposal/.exec(look);
      if (!m) continue;
      const treasure = Number(m[1]);
      const who = m[2].split(/, | and /).map((w) => (w === 'you' ? p.name : w));
      const each = Math.floor(treasure / who.length);
      await expectReply(p, `split ${who.map((w, i) => `${w} ${each + (i === 0 ? treasure - each * who.length : 0)}`).join(' ')}`, new RegExp(`You propose|\\b${p.name} proposes`));
    } else await expectReply(p, 'agree', new RegExp(`You agree|\\b${p.name} agrees|Agreed!`));
  }
  throw new Error('the game did not end in 600 steps');
}

async function expectReply(p: Seat, line: string, wanted: RegExp): Promise<void> {
  const reply = await p.client.command(line);
  if (!wanted.test(reply)) throw new Error(`${p.name}: ${line} answered ${JSON.stringify(reply)}, not ${wanted}`);
}

/**
 * One play-or-hold choice: mostly a card, aimed so that attacks gather at one lair (so that
 * dragons fall and treasure is shared), now and then a hold.
 */
async function choose(p: Seat, look: string, hand: string[], names: string[], watch: SecretWatch, pick: (n: number) => number): Promise<void> {
  const others = names.filter((n) => n !== p.name);
  const card = pick(6) === 0 || hand.length === 0 ? null : hand[pick(hand.length)];
  let command = 'hold';
  if (card) {
    const busy = /Lair 2: [^\n]*card/.test(look) && !/Lair 1: [^\n]*card/.test(look) ? 'lair 2' : 'lair 1';
    const victim = others[pick(others.length)];
    const suit = card.slice(-1);
    command = `play ${card} ${{ h: busy, d: /Lair \d: [^\n]*\d cards? face down/.test(look) || pick(3) ? busy : victim, c: '', s: victim }[suit]}`.trim();
  }
  const reply = await p.client.command(command);
  if (/You lay/.test(reply)) watch.laid.get(p.name)!.add(card!);
  // A host that says a move to the whole room (the dealer) tells the player in their name, not "you".
  if (!new RegExp(`You lay|You send|You play|Your thief|You hold|\\b${p.name} (?:sends|plays|holds)\\b|\\b${p.name}'s thief`).test(reply)) {
    // Refused (a wizard against an empty hand, say): hold instead.
    if (/turn/.test(reply)) throw new Error(`${p.name}: ${command} was refused on their turn: ${reply}`);
    await expectReply(p, 'hold', new RegExp(`You hold|\\b${p.name} holds`));
  }
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
