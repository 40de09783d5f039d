/**
 * Lich Bones hand-outs (docs/rulings.md, Lich Bones: Hand-outs): the start and end hand-outs and
 * the HERO's bonus at every opening roll, paid to a character from at most one game per
 * cool-down, at any Lich Bones table, so that sitting, starting and standing farms nothing.
 */
import type { LichBonesContext, LichBonesState, Outcome } from './state.js';
import { give } from './settlement.js';

/** The HERO's bonus at an opening roll: every opening roll of the game that pays them hand-outs. */
export function heroBonus(s: LichBonesState, hero: string, ctx: LichBonesContext, out: Outcome): void {
  if (!pays(s, hero, ctx, out)) return withhold(s, hero, ctx, out);
  give(out, hero, s.settings.heroBonus, 'bonus for the opening attack roll');
  out.events.push({ type: 'bonus', hero, amount: s.settings.heroBonus });
}

/** Pays a hand-out of this kind to each of `players` this game pays; the others are `cooling`. */
export function handOut(s: LichBonesState, players: readonly string[], kind: 'start' | 'end', ctx: LichBonesContext, out: Outcome): { paid: string[]; cooling: string[] } {
  if (s.settings.handout <= 0) return { paid: [], cooling: [] };
  const paid: string[] = [];
  const cooling: string[] = [];
  for (const p of players) {
    if (!pays(s, p, ctx, out)) {
      cooling.push(p);
      continue;
    }
    paid.push(p);
    give(out, p, s.settings.handout, `hand-out at the ${kind} of the game`);
  }
  return { paid, cooling };
}

/**
 * Hand-outs cannot be farmed (docs/rulings.md, Lich Bones: Hand-outs): a character is paid them from at most
 * one game per cool-down. True when this game pays `who`: it already does, or their cool-down
 * is over and opens now, with this game.
 */
function pays(s: LichBonesState, who: string, ctx: LichBonesContext, out: Outcome): boolean {
  if (s.paying.includes(who)) return true;
  const opened = ctx.handoutsOpened(who);
  if (opened !== null && ctx.now - opened < s.settings.handoutCooldownMs) return false;
  s.paying.push(who);
  out.events.push({ type: 'handoutsOpened', player: who });
  return true;
}

/** Tells `who`, once a game, that this game pays them no hand-outs, and when the house pays them again. */
export function withhold(s: LichBonesState, who: string, ctx: LichBonesContext, out: Outcome): void {
  if (s.withheld.includes(who)) return;
  s.withheld.push(who);
  out.events.push({ type: 'handoutsWithheld', player: who, until: (ctx.handoutsOpened(who) ?? ctx.now) + s.settings.handoutCooldownMs });
}
