/** Anyone who can type a line and read its answer: a telnet or a web test client. */
export interface Typist {
  command(line: string): Promise<string>;
}

/** Throws until the dice name a square to bet on (a 2 or 12 while placing means roll again): the last answer. */
export async function rollToPlace(who: Typist, table = 'sand'): Promise<string> {
  let thrown = await who.command(`roll dice ${table}`);
  while (/roll again/.test(thrown)) thrown = await who.command(`roll dice ${table}`);
  return thrown;
}

export interface SpiceRunPlay {
  /** The word that names the table (default `sand`). */
  table?: string;
  /** The host's line that shows the table to a player (default `look <table>`). */
  look?: string;
  /** Runs after every step (a purse check, say). */
  after?: () => Promise<void>;
}

/**
 * Plays a game of Spice Run out: whatever the table asks of whoever is on turn (roll, bet
 * `stake`, play), until the game is over. Returns every answer, in order.
 */
export async function playOutSpiceRun(a: Typist, b: Typist, stake: string, opts: SpiceRunPlay = {}): Promise<string> {
  const table = opts.table ?? 'sand';
  const look = opts.look ?? `look ${table}`;
  let story = '';
  for (let step = 0; step < 400; step++) {
    const view = await a.command(look);
    if (/Nobody is playing|is over/.test(view)) return story;
    const mine = /It is your turn/.test(view);
    const who = mine ? a : b;
    const own = mine ? view : await b.command(look);
    let reply: string;
    if (/roll the dice/.test(own)) reply = await who.command(`roll dice ${table}`);
    else if (/bet on/.test(own)) reply = await who.command(`bet ${stake}`);
    else if (/turn to play the \d+/.test(own)) reply = await who.command('play');
    else throw new Error(`cannot tell what to do from:\n${own}`);
    story += reply + '\n';
    await opts.after?.();
    // The two keep their seats and the next game begins at once: the story says where this one ended.
    if (/The game of Spice Run is over/.test(reply)) return story;
  }
  throw new Error('the game did not end in 400 steps');
}
