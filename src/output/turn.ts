/**
 * The event loop's turns, counted. A turn ends in node's check phase, once the input that woke
 * the server has all been handled: the line queue gives each connection a share of lines per
 * turn, and the outbox writes a session's first delivery in a turn at once and corks the rest
 * until their tick ends. Counting costs one setImmediate a turn, whoever asks and however often.
 */
let turn = 0;
let counted = false;

const next = (): void => {
  turn++;
  counted = false;
};

/** Which turn of the event loop this is. */
export function currentTurn(): number {
  if (!counted) {
    counted = true;
    setImmediate(next);
  }
  return turn;
}
