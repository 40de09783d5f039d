/**
 * Dragon's Lair, sharing a fallen lair's treasure (docs/games.md, Dragon's Lair: 10 seconds to
 * agree): one attacker proposes a split, the others agree; a new proposal cancels every
 * acceptance, so nobody is held to terms they did not see. No agreement in time, and nobody gets any.
 */
import { gameCoins } from './game-coins.js';
import { refuse, type Refusal } from '../rules.js';
import { listNames } from '../voice.js';
import { seatOf, type DragonsLairState, type Negotiation, type Share, type Work } from './state.js';
import { shareTreasures } from './reveal.js';
import { endIfBankEmpty } from './game-over.js';

/** This lair is settled (or lost): on to the next fallen lair, or the end of the turn. */
export function closeNegotiation(w: Work): void {
  w.s.negotiation = null;
  w.s.deadline = null;
  shareTreasures(w);
}

function negotiator(s: DragonsLairState, name: string): Negotiation | Refusal {
  if (s.phase !== 'negotiating') return refuse('There is no treasure to divide right now.');
  const n = s.negotiation!;
  if (!n.contributors.includes(name)) {
    return refuse(`Only ${listNames(n.contributors)} attacked lair ${n.lair}; they divide its treasure.`);
  }
  return n;
}

/** An attacker proposes how to share the treasure: every attacker named once, the shares adding up. */
export function split(w: Work, name: string, shares: Share[]): Refusal | undefined {
  const { s } = w;
  const n = negotiator(s, name);
  if ('ok' in n) return n;
  const example = `split ${n.contributors.map((c) => `${c} <coins>`).join(' ')}`;
  if (shares.length === 0) return refuse(`Name everyone's share of the ${gameCoins(n.treasure)}: ${example}.`);
  const proposal: Share[] = [];
  for (const share of shares) {
    const who = n.contributors.find((c) => c.toLowerCase() === share.name.trim().toLowerCase());
    if (!who) return refuse(`${share.name} did not attack lair ${n.lair}; share it among ${listNames(n.contributors)}.`);
    if (proposal.some((p) => p.name === who)) return refuse(`You named ${who} twice; name each attacker once.`);
    if (!Number.isSafeInteger(share.amount) || share.amount < 0) {
      return refuse('Shares are whole numbers of coins, 0 or more.');
    }
    proposal.push({ name: who, amount: share.amount });
  }
  const missing = n.contributors.filter((c) => !proposal.some((p) => p.name === c));
  if (missing.length > 0) return refuse(`Give ${listNames(missing)} a share too (0 is allowed): ${example}.`);
  const sum = proposal.reduce((t, p) => t + p.amount, 0);
  if (sum !== n.treasure) return refuse(`Those shares add up to ${sum}; the treasure is ${gameCoins(n.treasure)}.`);
  n.proposal = n.contributors.map((c) => proposal.find((p) => p.name === c)!);
  n.proposer = name;
  // A new offer cancels every earlier acceptance; the proposer accepts their own.
  n.accepted = [name];
  // Each proposal gets the whole time again, so there is time to read it and agree (docs/rulings.md).
  s.deadline = w.ctx.now + s.settings.negotiationMs;
  n.deadline = s.deadline;
  const waitingFor = n.contributors.filter((c) => c !== name);
  w.events.push({ type: 'proposed', lair: n.lair, player: name, shares: n.proposal, waitingFor, deadline: s.deadline });
  return undefined;
}

/** An attacker accepts the proposal; when everyone has, the shares are paid. */
export function agree(w: Work, name: string): Refusal | undefined {
  const { s } = w;
  const n = negotiator(s, name);
  if ('ok' in n) return n;
  if (!n.proposal) return refuse(`Nobody has proposed a split yet; propose one: split ${n.contributors.map((c) => `${c} <coins>`).join(' ')}.`);
  const waiting = (): string[] => n.contributors.filter((c) => !n.accepted.includes(c));
  if (n.accepted.includes(name)) return refuse(`You have already agreed; waiting for ${listNames(waiting())}.`);
  n.accepted.push(name);
  w.events.push({ type: 'agreed', lair: n.lair, player: name, waitingFor: waiting() });
  if (waiting().length > 0) return undefined;
  for (const share of n.proposal) seatOf(s, share.name)!.coins += share.amount;
  s.bank -= n.treasure;
  w.events.push({ type: 'treasureShared', lair: n.lair, shares: n.proposal, bank: s.bank });
  if (endIfBankEmpty(w)) return undefined;
  closeNegotiation(w);
  return undefined;
}
