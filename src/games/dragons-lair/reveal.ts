/**
 * Dragon's Lair, the reveal (docs/games.md, Dragon's Lair: the reveal): after the second pass every card laid
 * at a lair is turned up with its dragon. A lair falls to more points than the dragon; knights
 * that took it go home, and one die tells its treasure, which the attackers share.
 */
import { rollDie } from '../random.js';
import { cardValue, kindOf } from './cards.js';
import { seatOf, type LaidCard, type LairNumber, type LairOutcome, type Work } from './state.js';
import { endTurn } from './end-of-turn.js';
import { endIfBankEmpty } from './game-over.js';

/** Turns up every lair that was attacked: it falls or holds, and the cards go home or to the discards. */
export function reveal(w: Work): void {
  const { s } = w;
  s.deadline = null;
  s.lairs.forEach((lair, i) => {
    if (lair.laid.length === 0) return;
    const number = (i + 1) as LairNumber;
    const dragon = lair.dragon!;
    const laid = lair.laid;
    lair.laid = [];
    const total = laid.reduce((sum, l) => sum + cardValue(l.card), 0);
    const fell = total > cardValue(dragon);
    const withKnights = laid.some((l) => kindOf(l.card) === 'knight');
    // Knights go home only from a won fight; wizards go home only when they fought alone.
    // A player who has left has no hand to go home to: their cards are discarded.
    const goesHome = (l: LaidCard): boolean =>
      (withKnights ? fell && kindOf(l.card) === 'knight' : true) && seatOf(s, l.by) !== undefined;
    const returned = laid.filter(goesHome);
    const discarded = laid.filter((l) => !goesHome(l)).map((l) => l.card);
    for (const l of returned) seatOf(s, l.by)!.hand.push(l.card);
    s.discardPile.push(...discarded);
    if (fell) {
      s.deadDragons.push(dragon);
      lair.dragon = null;
      lair.revealed = false;
    } else {
      lair.revealed = true;
    }
    const outcome: LairOutcome = withKnights ? (fell ? 'slain' : 'repelled') : fell ? 'slain-by-wizards' : 'wizards-repelled';
    const roll = outcome === 'slain' ? rollDie(w.ctx.random) : null;
    if (roll !== null) {
      const contributors = s.seats.map((x) => x.name).filter((n) => laid.some((l) => l.by === n));
      s.pendingTreasures.push({ lair: number, roll, contributors });
    }
    w.events.push({
      type: 'lairRevealed',
      lair: number,
      dragon,
      laid,
      total,
      outcome,
      returned,
      discarded,
      roll,
    });
  });
  shareTreasures(w);
}

/** Shares out fallen lairs' treasure one after another, then ends the turn. */
export function shareTreasures(w: Work): void {
  const { s } = w;
  for (let pending = s.pendingTreasures.shift(); pending; pending = s.pendingTreasures.shift()) {
    const contributors = pending.contributors.filter((n) => seatOf(s, n));
    const treasure = Math.min(pending.roll, s.bank);
    if (contributors.length === 0) {
      w.events.push({ type: 'treasureLost', lair: pending.lair, treasure, reason: 'attackers-left' });
      continue;
    }
    if (contributors.length === 1) {
      if (takeAlone(w, pending.lair, contributors[0], pending.roll)) return;
      continue;
    }
    s.phase = 'negotiating';
    s.deadline = w.ctx.now + s.settings.negotiationMs;
    s.negotiation = {
      lair: pending.lair,
      roll: pending.roll,
      treasure,
      contributors,
      proposal: null,
      proposer: null,
      accepted: [],
      deadline: s.deadline,
    };
    w.events.push({ type: 'negotiationOpened', lair: pending.lair, roll: pending.roll, treasure, contributors, deadline: s.deadline });
    return;
  }
  endTurn(w);
}

/** A lone attacker takes the treasure; true when that emptied the bank and ended the game. */
export function takeAlone(w: Work, lair: LairNumber, name: string, roll: number): boolean {
  const { s } = w;
  const amount = Math.min(roll, s.bank);
  s.bank -= amount;
  seatOf(s, name)!.coins += amount;
  w.events.push({ type: 'treasureTaken', lair, player: name, roll, amount, bank: s.bank });
  return endIfBankEmpty(w);
}
