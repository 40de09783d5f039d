/**
 * A table's panel as its game describes it (docs/gmcp.md, "The panel"): what any client may
 * draw without knowing the game. It travels in Table.State as `panel`, built from the same
 * per-viewer view as `look`; the web page draws every game from it with the same few widgets.
 * The panel's head (the table's name, the phase, the countdown) and its players (seat order,
 * whose turn, who is away) come from Table.State's common fields, not from here.
 *
 * Every word and number is the game's, ready to show ("3 of 16", "1,250"); only dice are
 * numbers, drawn as faces. This file imports nothing: the web page reads the same declaration.
 */

/**
 * A game's part of Table.State: the common fields it knows, and its own (docs/gmcp.md). It is
 * declared here, beside its panel, so that the web page reads this one declaration too.
 */
export interface GameState {
  /** "waiting" when no game is under way, else the game's own phase names. */
  phase: string;
  players: TableStatePlayer[];
  /** Whose move it is, or null when it is nobody's in particular. */
  turn: string | null;
  /** When the current wait ends (epoch ms by the host's clock), or null. */
  deadline: number | null;
  /** What the table's panel shows, for a client that knows no game. */
  panel: Panel;
  [field: string]: unknown;
}

/** A seat at a table, as Table.State lists it. */
export interface TableStatePlayer {
  name: string;
  /** 1-based, in the order of play. */
  seat: number;
  connected: boolean;
}

export interface Panel {
  /** The game's title: "Spice Run". */
  title: string;
  /** Drawn in order, under the players. A client skips a kind it does not know. */
  parts: PanelPart[];
}

export type PanelPart = FactsPart | DicePart | BoardPart | CardsPart | LinesPart | NoticePart;

/** Short facts in a row: Round 3 of 16, Point 8. */
export interface FactsPart {
  kind: 'facts';
  facts: Fact[];
}

export interface Fact {
  label: string;
  value: string;
  /** A stable name for scripts and tests (the page's data-testid): `hero`. */
  id?: string;
}

/** Dice, any number of them, drawn as faces with their total: "To play: 5 and 6 (11)". */
export interface DicePart {
  kind: 'dice';
  label: string;
  dice: number[];
}

/** The spaces of a board or the places on a table, each with what lies there. */
export interface BoardPart {
  kind: 'board';
  /** A stable name for scripts and tests: `board`, `lairs`. */
  id?: string;
  /** What it is, told to screen readers: "The board". */
  label: string;
  /** `grid`: three to a row, like squares drawn in the sand; `list`: one to a line. */
  layout: 'grid' | 'list';
  cells: BoardCell[];
}

export interface BoardCell {
  /** "7", "Lair 1". */
  label: string;
  /** Singled out: the square the dice point to, the lair being fought over. */
  marked?: boolean;
  cards?: PanelCard[];
  /** A word on it: "strength 15", "no dragon". */
  note?: string;
  /** Coins on it in the order they were placed; given (if empty) only where wagers go. */
  wagers?: Wager[];
  /** Other things there, each a short tag: "Bex: 2 face down". */
  tags?: string[];
}

export interface Wager {
  player: string;
  amount: string;
}

/** A row of cards. */
export interface CardsPart {
  kind: 'cards';
  id?: string;
  label: string;
  /** The cards, or `"hand"`: the viewer's own hand, which comes in Table.Hand (never in Table.State). */
  cards: PanelCard[] | 'hand';
  /** Shown when there are no cards. */
  empty: string;
  /** `"hand"` only: shown while the viewer has no hand here (Table.Hand never came). */
  noHand?: string;
}

export type PanelCard = CardFace | FaceDown;

/** A card face up: its name as players type it, how it looks, and how it is read aloud. */
export interface CardFace {
  /** `7h`: the name Table.Hand and the game's verbs use. */
  card: string;
  /** `7♥`. */
  face: string;
  /** `7 of hearts`. */
  name: string;
  red?: boolean;
}

export interface FaceDown {
  faceDown: true;
}

/** Lines in columns: the bets on a table, each player's game coins. */
export interface LinesPart {
  kind: 'lines';
  id?: string;
  /** What the lines are, told to screen readers: "Bets on the table". */
  label: string;
  columns: Column[];
  /** Each row has a cell per column. */
  rows: LineCell[][];
  /** Shown instead of the lines when there are none; without it, nothing is. */
  empty?: string;
}

export interface Column {
  label: string;
  /** Numbers, set right-aligned. */
  numeric?: boolean;
}

/** A cell's text, or a text with a smaller note under it ("HERO", "on point 8, pays 9:10"). */
export type LineCell = string | { text: string; note: string };

/** A few sentences set apart: a split being agreed. `quiet` lines are asides (whom it waits for). */
export interface NoticePart {
  kind: 'notice';
  lines: { text: string; quiet?: boolean }[];
}
