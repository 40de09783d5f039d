/**
 * What Dreaven says at the Lich Bones table: each event as a Message worded for every person in
 * the room, or a line for one player. Built to stay cheap at 200 seats: after a throw each bettor
 * hears their own bets settled, and the room one line of totals, never a line per bet to everyone.
 */
import { formatCoins } from '../../text/amount.js';
import type { HostWords } from '../api.js';
import { listNames, Voice, type Message } from '../voice.js';
import { duration } from '../deadline.js';
import { paint, together } from '../../text/markup.js';
import { betLabel } from './bets.js';
import type { LichBonesEvent, LichBonesState, OutcomeKind, PlacedBet, Throw } from './state.js';

/** At most this many players are named in one line; past it the line gives counts. */
export const NAMED = 5;


/** Something to tell: a Message for the whole room, or a line for one player. */
export type Said = { all: Message } | { to: string; text: string };

export interface StoryContext {
  state: LichBonesState;
  /** What the HERO types to throw (`roll dice bones`, or a whisper to the dealer). */
  throwCommand: string;
  now: number;
  /** "30 seconds" until a time. */
  timeLeft(at: number): string;
  /** The host's money and time of day. */
  words: HostWords;
}

type Settled = Extract<LichBonesEvent, { type: 'settled' }>;

/**
 * A line about one player: told to the room, or in a crowd to that player alone (the room hears
 * the tavern's summaries). `seated` counts the one coming or going, as those summaries do.
 */
function inCrowd(s: LichBonesState, seated: number, player: string, m: (v: Voice) => string): Said[] {
  return seated > s.settings.crowd ? [{ to: player, text: m(new Voice(player)) }] : [{ all: m }];
}

/** The story of one step's events, in order; a run of settled bets is told as one settlement. */
export function tell(events: readonly LichBonesEvent[], ctx: StoryContext): Said[] {
  const out: Said[] = [];
  for (let i = 0; i < events.length; i++) {
    const e = events[i];
    if (e.type !== 'settled') {
      out.push(...eventSaid(e, ctx));
      continue;
    }
    let j = i;
    while (j + 1 < events.length && events[j + 1].type === 'settled') j++;
    out.push(...settlement(events.slice(i, j + 1) as Settled[], ctx.words));
    i = j;
  }
  return out;
}

function eventSaid(e: Exclude<LichBonesEvent, Settled>, ctx: StoryContext): Said[] {
  const s = ctx.state;
  const money = ctx.words.money;
  const dealer = ctx.words.dealer;
  const all = (m: Message): Said[] => [{ all: m }];
  switch (e.type) {
    case 'seated': {
      // In a crowd the room hears that players come and go (the tavern's summary), not each welcome.
      const welcome = (m: (v: Voice) => string) => inCrowd(s, s.seated.length, e.player, m);
      if (e.autostartAt !== null) {
        const when = ctx.timeLeft(e.autostartAt);
        return welcome((v) => `${dealer} nods to ${v.name(e.player)}: "Lich Bones begins in ${when}, or as soon as someone seated types start."`);
      }
      if (s.phase === 'betting') {
        return welcome((v) => `${dealer} makes room for ${v.name(e.player)}: "Join the fight! It is round ${s.round} of ${s.settings.rounds}; place your bets with me."`);
      }
      return [];
    }
    case 'left':
      if (!s.bets.some((b) => b.owner === e.player)) return [];
      // The leaver is no longer in `seated`: counted back, as the seats' summary counts them.
      return inCrowd(s, s.seated.length + 1, e.player, (v) => `${v.Poss(e.player)} bets stay on the table; ${dealer} will settle them as usual.`);
    case 'started': {
      const paid = handsOut(e.paid, e.handout, ctx.words);
      const cooling = withheld(e.cooling, s.settings.handoutCooldownMs);
      return all(
        (v) =>
          `${dealer} raps the table: "A new fight against the LICH begins: ${s.settings.rounds === 1 ? 'one round' : `${s.settings.rounds} rounds`} of Lich Bones!"` +
          paid(v) +
          cooling(v),
      );
    }
    case 'heroChosen': {
      const lead =
        e.why === 'start'
          ? `${dealer}'s finger sweeps the table and stops.`
          : e.why === 'seven-out'
            ? `${dealer} calls for a new champion.`
            : `The HERO has fled the fight! ${dealer} calls for a new champion.`;
      // Scripts match `<Name> is the HERO` and `place your bets` (the stable surface): never wrapped apart.
      return all((v) => `${lead} ${together(`${e.hero} is the HERO`)}!${v.is(e.hero) ? ` ${paint('turn', `That is you: you throw the dice (${ctx.throwCommand}).`)}` : ''}`);
    }
    case 'bettingOpened': {
      const stage = e.point === null ? 'the opening attack roll' : `quest point ${e.point}`;
      const when = ctx.timeLeft(e.deadline);
      const hero = s.hero;
      return all((v) => {
        const throws = hero === null
          ? `The HERO throws with ${ctx.throwCommand}, or ${dealer} throws in ${when}.`
          : paint('turn', `${v.does(hero, 'throw')} with ${ctx.throwCommand}, or ${dealer} throws${v.either(hero, ' in your place', '')} in ${when}.`);
        return `Round ${e.round} of ${e.rounds}, ${stage}: ${together('place your bets')}! ${throws}`;
      });
    }
    case 'betPlaced': {
      const b = e.bet;
      const cut = (v: Voice) =>
        e.asked !== b.amount ? ` (capped at twice ${v.poss(b.owner)} ${b.side?.toUpperCase()} bet; ${v.name(b.owner)} asked for ${formatCoins(e.asked)})` : '';
      const mine = (v: Voice) => `${dealer} takes your ${money(b.amount)} on ${betLabel(b)}${cut(v)}.`;
      // In a crowd a call of every bet would bury the table in lines: the bettor alone hears it,
      // and everyone hears the totals when the bets are settled.
      if (s.seated.length > s.settings.crowd) return [{ to: b.owner, text: mine(new Voice(b.owner)) }];
      return all((v) => v.either(b.owner, mine(v), `${dealer} chalks up ${money(b.amount)} from ${b.owner} on ${betLabel(b)}${cut(v)}.`));
    }
    case 'thrown': {
      const t = e.throw;
      const what = e.opening ? 'the opening attack roll' : `for the quest point ${e.point}`;
      const dice = `${t.dice[0]} and ${t.dice[1]} (${t.total})`;
      if (t.by === 'dealer') {
        return all((v) => `Time! Betting is closed. ${dealer} throws ${what} for ${v.name(t.hero)}, the HERO: ${dice}.`);
      }
      return all((v) => v.either(t.hero, `You throw ${what}: ${dice}.`, `${t.hero}, the HERO, throws ${what}: ${dice}.`));
    }
    case 'bonus':
      return all((v) => `${dealer} tosses ${v.name(e.hero)}, the HERO, a bonus of ${money(e.amount)} for the opening attack roll.`);
    case 'handoutsOpened':
      return [];
    case 'handoutsWithheld': {
      const minutes = Math.max(1, Math.ceil((e.until - ctx.now) / 60_000));
      return [
        {
          to: e.player,
          text:
            `${dealer} tells you: "The house paid you hand-outs at a game of Lich Bones less than ${duration(s.settings.handoutCooldownMs)} ago, ` +
            `so this game pays you none. It pays you again from ${ctx.words.timeOfDay(e.until)}, in ${minutes} minute${minutes === 1 ? '' : 's'}."`,
        },
      ];
    }
    case 'outcome':
      return all(() => outcomeText(e.kind, e.total, e.point, dealer));
    case 'gameOver':
      if (e.why === 'table-empty') return all(() => `The table is empty, so ${dealer} ends the game: every bet goes back to its owner.`);
      {
        const paid = handsOut(e.paid, s.settings.handout, ctx.words);
        const lateOnes = late(e.late);
        const cooling = withheld(e.cooling, s.settings.handoutCooldownMs);
        return all(
          (v) =>
            'The last round is fought: the LICH retreats to its crypt and Lich Bones is over.' +
            paid(v) +
            lateOnes(v) +
            cooling(v) +
            ' Type start to play again.',
        );
      }
  }
}

/** " Cy sat down after the game began and gets none." for the room; "You ... and get none." for Cy. */
function late(names: readonly string[]): (v: Voice) => string {
  return nobodyElse(names, (who, one) => ` ${who} sat down after the game began and ${one ? 'gets' : 'get'} none.`, ' You sat down after the game began and get none this time.');
}

/** " Ana was paid by another game lately and gets none." for the room; Ana has her own word from Dreaven. */
function withheld(names: readonly string[], cooldownMs: number): (v: Voice) => string {
  return nobodyElse(names, (who, one) => ` ${who} ${one ? 'was' : 'were'} paid hand-outs by another game less than ${duration(cooldownMs)} ago and ${one ? 'gets' : 'get'} none.`, '');
}

/**
 * A line about `names` for everyone else (named while few, counted past NAMED); `mine` for those
 * named. While the room's line names them it tells them all theirs does (Voice.either); a count
 * does not, unless they hear theirs apart (`mine` empty: Dreaven tells each of them).
 */
function nobodyElse(names: readonly string[], line: (who: string, one: boolean) => string, mine: string): (v: Voice) => string {
  if (!names.length) return () => '';
  const set = new Set(names);
  const named = names.length <= NAMED;
  const others = line(named ? listNames(names) : `${names.length} players`, names.length === 1);
  return (v) => (v.viewer === null || !set.has(v.viewer) ? others : named || !mine ? v.either(v.viewer, mine, others) : mine);
}

/**
 * For a player whose purse is below the minimum bet (a newcomer holds 1,000; the minimum is
 * 5,000): how they come to bet here at all, or null when they can bet now. `opened`: when their
 * hand-out cool-down opened.
 */
export function purseHint(s: LichBonesState, who: string, purse: number, opened: number | null, now: number, words: HostWords): string | null {
  const { minBet, handout, handoutCooldownMs } = s.settings;
  const money = words.money;
  if (purse >= minBet) return null;
  const short = `You hold ${money(purse)}, less than the smallest bet at this table (${formatCoins(minBet)})`;
  if (handout <= 0) return `${short}.`;
  if (s.paying.includes(who)) {
    return s.fromStart.includes(who) ? `${short}; stay seated to the last round for the end hand-out of ${money(handout)}.` : `${short}.`;
  }
  if (opened !== null && now - opened < handoutCooldownMs) {
    return `${short}, and the house paid you hand-outs less than ${duration(handoutCooldownMs)} ago: it pays you again from ${words.timeOfDay(opened + handoutCooldownMs)}.`;
  }
  const game = s.phase === 'waiting' ? 'the game' : 'the next game';
  const seat = s.seated.includes(who) ? 'stay seated' : 'take a seat';
  return `${short}: ${seat}, and when ${game} starts ${words.dealer} hands everyone seated ${money(handout)} to bet with.`;
}

/** " Dreaven hands 20,000 obsidian coins to each of you and Bob." (counted, not named, in a crowd) */
function handsOut(players: readonly string[], handout: number, { money, dealer }: HostWords): (v: Voice) => string {
  if (!players.length || handout === 0) return () => '';
  if (players.length === 1) return (v) => ` ${dealer} hands ${money(handout)} to ${v.name(players[0])}.`;
  if (players.length <= NAMED) return (v) => ` ${dealer} hands ${money(handout)} to each of ${v.names(players)}.`;
  const set = new Set(players);
  return (v) => ` ${dealer} hands ${money(handout)} to each of ${players.length} players${v.viewer !== null && set.has(v.viewer) ? ', you among them' : ''}.`;
}

/**
 * A throw's settlement: each owner hears their own bets in one line, then everyone hears who won
 * and lost, named while few are, counted in a crowd. Linear in the bets: nothing is worked out
 * per viewer but the viewer's own part, looked up by name.
 */
function settlement(settled: readonly Settled[], words: HostWords): Said[] {
  const { money, dealer } = words;
  const byOwner = new Map<string, Settled[]>();
  for (const e of settled) {
    const own = byOwner.get(e.bet.owner);
    if (own) own.push(e);
    else byOwner.set(e.bet.owner, [e]);
  }
  const out: Said[] = [];
  const net = new Map<string, number>();
  for (const [owner, own] of byOwner) {
    out.push({ to: owner, text: own.map((e) => betSettled(e, words)).join(' ') });
    const decided = own.filter((e) => e.result === 'won' || e.result === 'lost');
    if (decided.length) net.set(owner, decided.reduce((n, e) => n + e.winnings - e.lost, 0));
  }
  const returned = settled.filter((e) => e.result === 'returned');
  if (returned.length) {
    // Their owners have just heard it bet by bet.
    const owners = new Set(returned.map((e) => e.bet.owner));
    const what =
      returned.length === 1
        ? 'the bet still on the table to its owner'
        : `${returned.length === 2 ? 'both' : `all ${returned.length}`} bets still on the table to their owners`;
    out.push({ all: (v) => (v.viewer !== null && owners.has(v.viewer) ? null : `${dealer} returns ${what}.`) });
  }
  if (net.size === 0) return out;
  const decided = settled.filter((e) => e.result === 'won' || e.result === 'lost').length;
  const owners = [...net.keys()];
  const result = (v: Voice, owner: string) => {
    const n = net.get(owner)!;
    if (n === 0) return `${v.name(owner)} ${v.verb(owner, 'break')} even`;
    const text = `${v.name(owner)} ${v.verb(owner, n > 0 ? 'win' : 'lose')} ${money(Math.abs(n))}`;
    return v.is(owner) ? paint(n > 0 ? 'won' : 'lost', text) : text;
  };
  const bets = `${decided} bet${decided === 1 ? '' : 's'}`;
  if (owners.length <= NAMED) {
    out.push({ all: (v) => `${dealer} settles ${bets}: ${listNames(owners.map((o) => result(v, o)))}.` });
    return out;
  }
  const winners = owners.filter((o) => net.get(o)! > 0);
  const losers = owners.filter((o) => net.get(o)! < 0);
  const won = winners.reduce((n, o) => n + net.get(o)!, 0);
  const lost = -losers.reduce((n, o) => n + net.get(o)!, 0);
  const totals = `${dealer} settles ${bets} for ${owners.length} players: ${winners.length} win ${money(won)} between them, ${losers.length} lose ${money(lost)}`;
  out.push({ all: (v) => `${totals}${v.viewer !== null && net.has(v.viewer) ? `; ${result(v, v.viewer)}` : ''}.` });
  return out;
}

/** One of the owner's bets settled, told to the owner. */
function betSettled(e: Settled, { money, dealer }: HostWords): string {
  const what = `your ${betLabel(e.bet)}`;
  switch (e.result) {
    case 'won':
      return e.lost > 0
        ? `${dealer} pays ${what}: ${paint('won', `${money(e.winnings)} won`)} and ${money(e.returned)} of the stake back; the other ${paint('lost', `${money(e.lost)} lost`)}.`
        : `${dealer} pays ${what}: ${paint('won', `${money(e.winnings)} won`)} and the ${money(e.returned)} stake back.`;
    case 'lost':
      return `${dealer} sweeps away ${what}: ${paint('lost', `${money(e.lost)} lost`)}.`;
    case 'inactive':
      return `Your ${betLabel(e.bet)} is off on the opening roll; it stays on the table.`;
    case 'carried':
      return `Your ${betLabel(e.bet)} carries over to the next quest.`;
    case 'barred':
      return `Your ${betLabel(e.bet)} stays: 12 is barred at the opening roll, so it neither wins nor loses.`;
    case 'returned':
      return `${dealer} returns ${what}: ${money(e.returned)} back.`;
  }
}

export function throwText(v: Voice, t: Throw, dealer: string): string {
  // Told after "Last throw:", mid-sentence: "you threw".
  const by = t.by === 'dealer' ? `${dealer} threw for ${v.name(t.hero)}` : `${v.name(t.hero)} threw`;
  return `${by} ${t.dice[0]} and ${t.dice[1]} (${t.total})`;
}

/** "5,000 on HERO (1:1 +10%)". */
export function betText(b: PlacedBet): string {
  const rate = b.locked ? ` (${b.locked.ratio.win}:${b.locked.ratio.per}${b.locked.bonusPercent ? ` +${b.locked.bonusPercent}%` : ''})` : '';
  return `${formatCoins(b.amount)} on ${betLabel(b)}${rate}`;
}

/** Dreaven calls each throw in the game's own voice. */
function outcomeText(kind: OutcomeKind, total: number, point: number | null, dealer: string): string {
  switch (kind) {
    case 'critical-hit':
      return `${dealer} roars: "${total}! A critical hit! The HERO's blade shatters the LICH's crown. The HERO wins!"`;
    case 'craps':
      return `${dealer} hisses: "${total}! The LICH strikes first, a critical hit on the HERO. The LICH wins!"`;
    case 'point-set':
      return `${dealer} chalks the mark: "The quest point is ${point}! The HERO must roll ${point} again before the LICH's 7."`;
    case 'point-made':
      return `${dealer} roars: "${point} again! The HERO completes the quest and the LICH crumbles to dust. The HERO wins!"`;
    case 'seven-out':
      return `${dealer} hisses: "Seven! The LICH's bony claws tear through the HERO's guard. The LICH wins!"`;
    case 'no-decision':
      return `${dealer}: "${total}. Blows glance off bone; the fight goes on. The quest point is still ${point}."`;
  }
}
