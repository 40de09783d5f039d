import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import type { TestClient } from '../support/client.js';
import { gmcpMessages, gmcpPayloads, loginWithGmcp } from '../support/gmcp.js';

let ts: TestServer;
afterEach(async () => {
  await ts?.destroy();
});

/** The server shows a card like `7h (knight 7)` or `ks (dragon 17)`, or after its kind: `the wizard 5d`. */
const CARD = /\b(10|[2-9]|[ajqk])([hdcs]) \((?:knight|wizard|leprechaun|thief|dragon) \d+\)|\b(?:knight|wizard|leprechaun|thief|dragon) (10|[2-9]|[ajqk])([hdcs])\b/g;
const cardsIn = (text: string): string[] => [...text.matchAll(CARD)].map((m) => (m[1] ? m[1] + m[2] : m[3] + m[4]));
/** In GMCP a card is a JSON string: `"7h"`, `"ks"`. */
const GMCP_CARD = /"(10|[2-9]|[ajqk])([hdcs])"/g;
const gmcpCardsIn = (text: string): string[] => [...text.matchAll(GMCP_CARD)].map((m) => m[1] + m[2]);

async function coins(c: TestClient): Promise<number> {
  const m = /carrying ([\d,]+) obsidian coins/.exec(await c.command('i'));
  return Number(m![1].replace(/,/g, ''));
}

interface Seated {
  name: string;
  client: TestClient;
}

/** Logs the players in (as GMCP clients with the Table package), walks them to the card room and seats them, in order. */
async function seat(names: string[]): Promise<Seated[]> {
  const players: Seated[] = [];
  for (const name of names) {
    const { client } = await loginWithGmcp(ts, name);
    expect(await client.command('east')).toMatch(/The Card Room/);
    players.push({ name, client });
  }
  for (const p of players) expect(await p.client.command('sit lair')).toMatch(/You take a seat at the lair table/);
  return players;
}

/** A small deterministic generator for the players' choices (mulberry32). */
function chooser(seed: number): (n: number) => number {
  let a = seed >>> 0;
  return (n) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

/**
 * Records what every client receives between checkpoints, as text and as GMCP (every GMCP byte),
 * and checks that, between two checkpoints, nobody was shown a card that another player held in
 * hand (at the checkpoint after) or had laid face down and that was not revealed in between;
 * and that each player's last Table.Hand is the hand they are shown.
 */
class SecretWatch {
  private offsets = new Map<string, { text: number; gmcp: number }>();
  private hands = new Map<string, Set<string>>();
  /** Cards laid face down at a lair since the last reveal, by who laid them. */
  readonly laid = new Map<string, Set<string>>();
  readonly story: string[] = [];
  checked = 0;
  /** GMCP messages looked through. */
  gmcpChecked = 0;

  /** `players` hold cards; `onlookers` only watch (and must see no hand either). */
  constructor(private readonly players: Seated[], private readonly onlookers: Seated[] = []) {
    for (const p of [...players, ...onlookers]) {
      this.offsets.set(p.name, this.offsetsOf(p.client));
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
      const sent = gmcpMessages(p.client).filter((m) => m.name === 'Table.Hand');
      const last = sent.length ? ((sent[sent.length - 1].data as { cards: string[] }).cards) : [];
      if (/game has not started|not in the game|have left/i.test(reply)) continue;
      expect([...last].sort(), `${p.name}'s Table.Hand`).toEqual(this.hand(p.name).sort());
    }
    const everyone = [...this.players, ...this.onlookers];
    const segments = new Map(everyone.map((p) => [p.name, p.client.all.slice(this.offsets.get(p.name)!.text)]));
    const gmcp = new Map(everyone.map((p) => [p.name, gmcpPayloads(p.client).slice(this.offsets.get(p.name)!.gmcp)]));
    const revealed = [...segments.values()].some((text) => /Lair \d is revealed/.test(text));
    for (const viewer of everyone) {
      // A failed wizard shows its owner the card it picked: the one thing a player may see of another hand.
      const text = segments.get(viewer.name)!.split('\n').filter((l) => !/^Your wizard picked/.test(l)).join('\n');
      const seen = new Set(cardsIn(text));
      const messages = gmcp.get(viewer.name)!;
      const seenInGmcp = new Set(messages.flatMap(gmcpCardsIn));
      this.gmcpChecked += messages.length;
      for (const other of this.players) {
        if (other === viewer) continue;
        const laid = this.laid.get(other.name)!;
        const secret = [...this.hands.get(other.name)!].filter((c) => !(revealed && laid.has(c)));
        if (!revealed) secret.push(...laid);
        for (const card of secret) {
          if (seen.has(card)) {
            throw new Error(`${viewer.name} was shown ${other.name}'s hidden ${card}:\n${segments.get(viewer.name)}`);
          }
          if (seenInGmcp.has(card)) {
            throw new Error(`${viewer.name} was sent ${other.name}'s hidden ${card} over GMCP:\n${messages.filter((m) => m.includes(`"${card}"`)).join('\n')}`);
          }
          this.checked++;
        }
      }
      this.story.push(segments.get(viewer.name)!);
    }
    if (revealed) for (const set of this.laid.values()) set.clear();
    for (const p of everyone) this.offsets.set(p.name, this.offsetsOf(p.client));
  }

  private offsetsOf(c: TestClient): { text: number; gmcp: number } {
    return { text: c.all.length, gmcp: gmcpPayloads(c).length };
  }
}

/** Plays a whole game with a fixed choice generator; returns everything Ana received. */
async function playOut(players: Seated[], watch: SecretWatch, pick: (n: number) => number): Promise<string> {
  const names = players.map((p) => p.name);
  let negotiations = 0;
  for (let step = 0; step < 600; step++) {
    await watch.checkpoint();
    const looks = await Promise.all(players.map(async (p) => ({ p, look: await p.client.command('look lair') })));
    if (looks.some(({ look }) => /Last game: The game of Dragon's Lair is over/.test(look))) return watch.story.join('\n');
    const mine = looks.find(({ look }) => /It is your turn|You must discard|propose a split|agree to the proposal/.test(look));
    if (!mine) {
      // Everyone who must agree has agreed, or nobody can act: nothing but the clock is left.
      throw new Error(`nobody can act:\n${looks.map((l) => l.look).join('\n---\n')}`);
    }
    const { p, look } = mine;
    const hand = watch.hand(p.name);
    if (/It is your turn/.test(look)) {
      await choose(p, look, hand, names, watch, pick);
    } else if (/You must discard/.test(look)) {
      expect(await p.client.command(`discard ${hand[pick(hand.length)]}`)).toMatch(/You discard/);
    } else if (/propose a split/.test(look)) {
      negotiations++;
      if (negotiations % 3 === 0) {
        // Let the 10 seconds run out: all or nothing.
        ts.clock.advance(10_000);
        await p.client.expect(/Time is up without an agreement/);
        continue;
      }
      const m = /treasure, (\d+) game coins?, is shared by (.+)\. No proposal/.exec(look)!;
      const treasure = Number(m[1]);
      const who = m[2].split(/, | and /).map((w) => (w === 'you' ? p.name : w));
      const each = Math.floor(treasure / who.length);
      const split = who.map((w, i) => `${w} ${each + (i === 0 ? treasure - each * who.length : 0)}`).join(' ');
      expect(await p.client.command(`split ${split}`)).toMatch(/You propose/);
    } else {
      expect(await p.client.command('agree')).toMatch(/You agree|Agreed!/);
    }
  }
  throw new Error('the game did not end in 600 steps');
}

/**
 * One play-or-hold choice: mostly a card, aimed so that attacks gather at one lair (so that
 * dragons fall and treasure is shared), now and then a hold.
 */
async function choose(p: Seated, look: string, hand: string[], names: string[], watch: SecretWatch, pick: (n: number) => number): Promise<void> {
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
  if (!/You lay|You send|You play|Your thief|You hold/.test(reply)) {
    // Refused (a wizard against an empty hand, say): hold instead.
    expect(reply).not.toMatch(/turn/);
    expect(await p.client.command('hold')).toMatch(/You hold/);
  }
}

describe("Dragon's Lair over telnet", () => {
  it('three players play a whole game: no hidden card reaches anyone else, in text or GMCP, and the coins add up', async () => {
    // A seed (and choices) whose game has every way a treasure can go, with the fair draws of docs/rulings.md.
    ts = await startTestServer({ seed: 3 });
    const players = await seat(['Ana', 'Bob', 'Cyd']);
    const { client: dee } = await loginWithGmcp(ts, 'Dee');
    await dee.command('east');
    const [ana, bo] = players.map((p) => p.client);
    expect(await ana.command('hand')).toMatch(/game has not started/);
    const watch = new SecretWatch(players, [{ name: 'Dee', client: dee }]);
    const started = await bo.command('start');
    expect(started).toMatch(/Dragon's Lair begins with Ana, you and Cyd: each antes 50 obsidian coins, and the bank holds 150 game coins/);
    await dee.expect("Dragon's Lair begins with Ana, Bob and Cyd");
    expect(started).toMatch(/You are dealt (\S+ \(\w+ \d+\)(, )?){4}\./);
    const story = await playOut(players, watch, chooser(3));
    expect(watch.checked).toBeGreaterThan(400);
    expect(watch.gmcpChecked).toBeGreaterThan(200);
    // The GMCP carried the game: every lair revealed, every hand dealt, to the players only.
    expect(gmcpPayloads(dee).some((m) => /^Table\.State .*"dragon":"[jqk][hdcs]"/.test(m))).toBe(true);
    expect(gmcpPayloads(dee).filter((m) => m.startsWith('Table.Hand'))).toEqual([]);
    expect(cardsIn(dee.all.split('Dragon\'s Lair begins')[1]).length).toBeGreaterThan(0); // she saw the public cards
    // The game this seed plays has every way a treasure can go.
    expect(story).toMatch(/The dragon is slain! The treasure die shows \d/);
    expect(story).toMatch(/alone takes lair \d's treasure/);
    expect(story).toMatch(/Agreed! Lair \d's treasure is shared/);
    expect(story).toMatch(/Time is up without an agreement: nobody gets lair \d's/);
    expect(story).toMatch(/must discard 1/);
    expect(story).toMatch(/sends the wizard \S+ against/);
    expect(story).toMatch(/thief \S+ robs/);
    expect(story).toMatch(/the leprechaun \S+ and takes/);
    expect(story).not.toMatch(/the (wizard|leprechaun) \S+ \(/);

    const over = /Settlement: Ana receives (\d+) obsidian coins?, Bob receives (\d+) obsidian coins?, Cyd receives (\d+) obsidian coins?/.exec(story)!;
    expect(over).not.toBeNull();
    const payouts = over.slice(1, 4).map(Number);
    expect(payouts.reduce((a, b) => a + b, 0)).toBe(150);
    const purses = await Promise.all(players.map((p) => coins(p.client)));
    expect(purses.reduce((a, b) => a + b, 0)).toBe(3000);
    expect(purses).toEqual(payouts.map((n) => 1000 - 50 + n));
  }, 120_000);
});

describe("Dragon's Lair: choices, refusals and leaving", () => {
  it('says whose choice it is, refuses anything out of turn or invalid with a reason, and holds on the clock', async () => {
    ts = await startTestServer({ seed: 3 });
    const [ana, bob] = (await seat(['Ana', 'Bob'])).map((p) => p.client);
    expect(await ana.command('hold')).toMatch(/The game has not started; once 2 players sit, type start/);
    const started = await ana.command('start');
    expect(started).toMatch(/It is your turn to play a card or hold \(pass 1 of 2, 60 seconds left\)\. Your hand: /);
    await bob.expect("It is Ana's turn to play a card or hold (pass 1 of 2, 60 seconds left).");
    expect(await bob.command('look lair')).toMatch(/It is Ana's turn to play a card or hold \(pass 1 of 2, 60 seconds left\)/);
    expect(await bob.command('hold')).toMatch(/It is Ana's turn to play a card or hold/);
    expect(await ana.command('play zz')).toMatch(/"zz" is not a card/);
    const mine = cardsIn(await ana.command('hand'));
    const theirs = cardsIn(await bob.command('hand'));
    expect(await ana.command(`play ${theirs[0]} lair 1`)).toMatch(new RegExp(`You hold no ${theirs[0]}; type hand to see your cards`));
    const knight = mine.find((c) => c.endsWith('h'))!;
    expect(knight).toBeDefined();
    expect(await ana.command(`play ${knight}`)).toMatch(/A knight needs a lair: play \S+ lair 1 or play \S+ lair 2/);
    expect(await ana.command(`play ${knight} lair 3`)).toMatch(/There are only two lairs/);
    expect(await ana.command(`play ${knight} bob`)).toMatch(/A knight attacks a dragon, not a player/);
    expect(await ana.command('split ana 3')).toMatch(/There is no treasure to divide right now/);
    expect(await ana.command('agree')).toMatch(/There is no treasure to divide right now/);
    expect(await ana.command(`discard ${mine[0]}`)).toMatch(/You only discard at the end of a turn/);
    const dee = await ts.login('Dee');
    await dee.command('east');
    expect(await dee.command('sit lair')).toMatch(/A game is under way; you can sit down when it ends/);
    expect(await dee.command('hand')).toMatch(/sit at one first/);
    const onlooker = await dee.command('look lair');
    expect(onlooker).toMatch(/Ana +4 cards +0 game coins +\(dealer\)/);
    expect(onlooker).not.toMatch(/Your hand/);
    expect(cardsIn(onlooker)).toEqual([]);

    ts.clock.advance(50_000);
    await ana.expect('It is your turn to play a card or hold (pass 1 of 2, 10 seconds left).');
    expect(await dee.command('look lair')).toMatch(/It is Ana's turn to play a card or hold \(pass 1 of 2, 10 seconds left\)/);
    ts.clock.advance(10_000);
    await bob.expect(/Ana took too long and holds\.[^]*It is your turn to play a card or hold \(pass 1 of 2/);
    expect(await ana.command('look lair')).toMatch(/It is Bob's turn/);
    expect(await bob.command('help dragons lair')).toMatch(/split ana 3 bo 1[^]*Verbs at the table:[^]*discard <card>/);
  });

  it('a player who stands up mid-game loses their hand, the game goes on, and they are paid at the end', async () => {
    ts = await startTestServer({ seed: 9 });
    const players = await seat(['Ana', 'Bob', 'Cyd']);
    const [ana, , cyd] = players.map((p) => p.client);
    await ana.command('start');
    expect(await ana.command('hold')).toMatch(/You hold/);
    const cydHand = cardsIn(await cyd.command('hand'));
    expect(await cyd.command('stand')).toMatch(/You stand up from the lair table[^]*You have left the game; your hand is discarded/);
    const told = await ana.expect(/Cyd has left the game; their hand is discarded \(([^]*?)\)\. Their game coins/);
    expect(cardsIn(told).sort()).toEqual(cydHand.sort());
    expect(await ana.command('look lair')).toMatch(/Cyd +has left the game/);
    const rest = players.slice(0, 2);
    const story = await playOut(rest, new SecretWatch(rest), chooser(2));
    // Ana reads the settlement with herself as "you".
    const over = /Settlement: you receive (\d+) obsidian coins?, Bob receives (\d+) obsidian coins?, Cyd receives (\d+) obsidian coins?/.exec(story)!;
    expect(over).not.toBeNull();
    const payouts = over.slice(1, 4).map(Number);
    expect(payouts.reduce((a, b) => a + b, 0)).toBe(150);
    expect(await Promise.all(players.map((p) => coins(p.client)))).toEqual(payouts.map((n) => 950 + n));
  }, 60_000);

  it('the last opponent standing up ends a two-player game and settles it', async () => {
    ts = await startTestServer({ seed: 4 });
    const [ana, bob] = (await seat(['Ana', 'Bob'])).map((p) => p.client);
    await ana.command('start');
    expect(await coins(ana)).toBe(950);
    await bob.command('stand');
    await ana.expect(/over: too few players are left\. Game coins: you 0, Bob 0\. The 100 game coins left in the bank are shared evenly\. Settlement: you receive 50 obsidian coins, Bob receives 50 obsidian coins/);
    expect(await coins(ana)).toBe(1000);
    expect(await coins(bob)).toBe(1000);
    expect(await ana.command('look lair')).toMatch(/Seated: Ana \(you\)\.[^]*Waiting for 1 more player/);
  });

  it('direction words walk, or say you are seated: no table verb takes them', async () => {
    ts = await startTestServer({ seed: 3 });
    const [ana] = (await seat(['Ana', 'Bob'])).map((p) => p.client);
    await ana.command('start');
    for (const word of ['n', 's', 'e', 'w', 'u', 'd', 'north', 'south', 'east', 'west', 'up', 'down']) {
      const reply = await ana.command(word);
      expect(reply, word).toMatch(/^(You are seated at the lair table; stand up first\.|You cannot go \w+ from here\.)/);
    }
    expect(await ana.command('w')).toBe('You are seated at the lair table; stand up first.');
    expect(await ana.command('sp')).toMatch(/Usage: split/); // a prefix that is not a direction still finds the verb
    expect(await ana.command('look lair')).toMatch(/It is your turn to play a card or hold/);
  });

  it('every ante comes back after the server is stopped mid-game and restarted', async () => {
    ts = await startTestServer({ seed: 8 });
    const players = await seat(['Ana', 'Bob', 'Cyd']);
    await players[1].client.command('start');
    await players[0].client.command('hold');
    expect(await Promise.all(players.map((p) => coins(p.client)))).toEqual([950, 950, 950]);
    const stopped = ts;
    ts = await ts.restart();
    for (const name of ['ana', 'bob', 'cyd']) expect(stopped.logs.join('\n')).toContain(`closing: returned 50 coins from lair-table to ${name}`);
    const back = await Promise.all(['Ana', 'Bob', 'Cyd'].map((n) => ts.login(n)));
    expect(await Promise.all(back.map(coins))).toEqual([1000, 1000, 1000]);
    await back[0].command('east');
    expect(await back[0].command('look lair')).toMatch(/Nobody is seated/);
  });
});
