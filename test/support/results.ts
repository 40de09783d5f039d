import type { BetResult, CoinMove, Party } from '../../src/games/api.js';
import { resultsProblem } from '../../src/store/results.js';
import { accountText, charAccount, escrowAccount, HOUSE } from '../../src/store/account.js';

/** Store keys are letters only; test crowds are named P1, P2 ... */
const keyOf = (name: string) => name.toLowerCase().replace(/\d/g, (d) => 'abcdefghij'[Number(d)]);
const account = (p: Party) => accountText(p.kind === 'house' ? HOUSE : p.kind === 'player' ? charAccount(keyOf(p.name)) : escrowAccount('t', keyOf(p.name)));

/**
 * What is wrong with a step's results against its coin moves, as the store would see them, or
 * null. Stricter than the store: a step that takes coins off the table or pays a player must say
 * what came of it.
 */
export function resultsMismatch(moves: readonly CoinMove[], results: readonly BetResult[] = []): string | null {
  const settles = moves.some((m) => m.from.kind === 'escrow' || m.to.kind === 'player');
  if (!settles && !results.length) return null;
  if (!results.length) return `coins were settled without results: ${moves.map((m) => m.why).join('; ')}`;
  const asStored = results.map((r) => ({ ...r, key: keyOf(r.player), table: 't', game: 'g' }));
  return resultsProblem(asStored, moves.map((m) => ({ from: account(m.from), to: account(m.to), amount: m.amount, why: m.why })));
}
