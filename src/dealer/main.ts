import { readFileSync } from 'node:fs';
import yargsParser from 'yargs-parser';
import { cryptoSeeds, derivedSeeds } from '../games/fair-source.js';
import { games } from '../games/index.js';
import { gamesWith, loadGameModule } from '../games/modules.js';
import { cryptoRandom, seededRandom } from '../games/random.js';
import { readSettings } from '../games/settings.js';
import { realTime } from './clock.js';
import { OperatorConsole } from './console.js';
import { Dealer } from './dealer.js';
import { purseSettings } from './house-rules.js';
import { loadProfile, shippedProfiles, type Profile } from './profile.js';

/**
 * `npm run dealer -- --mud <host>:<port> --profile <name|file> --character <Name> --data <dir>`:
 * logs into a running MUD as an ordinary character and deals one table there (docs/dealer.md).
 * The password comes from DEALER_PASSWORD, never from the command line, and is never printed.
 */

const USAGE = `Usage: npm run dealer -- --mud <host>:<port> --profile <name|file> --character <Name> --data <dir> [options]
  (the character's password in the environment variable DEALER_PASSWORD)
  --mud HOST:PORT        the MUD to log into
  --profile NAME|FILE    how to talk to it: ${shippedProfiles().join(', ')}, or a profile file (docs/dealer.md)
  --character NAME       the character that deals
  --data DIR             the dealer's books (created if missing); the same folder again goes on where it stopped
  --game ID              lich-bones (the default), spice-run or dragons-lair, or a game of a --game-module
  --money tab|purse      tab: gold on the dealer's own books (the default); purse: the MUD's own coins, paid in with its give
  --settings FILE        the table's settings, a JSON object of the game's own keys
  --lines-per-second N   at most this many commands a second on average, 0.1 to 1000 (default 2)
  --game-module FILE     a game from a module that exports a GameDefinition (repeatable)
  --seed N               for testing: the table's seeds follow from N, so they are never secret
  --help                 show this help`;

function fail(message: string, code = 2): never {
  console.error(`dealer: ${message}${code === 2 ? `\n${USAGE}` : ''}`);
  process.exit(code);
}

const argv = yargsParser(process.argv.slice(2), {
  string: ['mud', 'profile', 'character', 'data', 'game', 'money', 'settings', 'lines-per-second', 'game-module', 'seed'],
  boolean: ['help'],
  array: ['game-module'],
  configuration: { 'camel-case-expansion': false, 'dot-notation': false, 'strip-dashed': false },
});
if (argv.help) {
  console.log(USAGE);
  process.exit(0);
}
const known = new Set(['mud', 'profile', 'character', 'data', 'game', 'money', 'settings', 'lines-per-second', 'game-module', 'seed', 'help', '_']);
const unknown = Object.keys(argv).filter((k) => !known.has(k));
if (unknown.length) fail(`--${unknown[0]} is not an option.`);
if (argv._.length) fail(`"${argv._[0]}" is not an option.`);
const one = (name: string): string | undefined => {
  const v = argv[name] as string | string[] | undefined;
  if (Array.isArray(v)) fail(`--${name} is given more than once.`);
  return v;
};

const mudText = one('mud') ?? fail('--mud is missing: the MUD to log into, as host:port.');
const mud = /^(.+):(\d{1,5})$/.exec(mudText);
if (!mud || Number(mud[2]) < 1 || Number(mud[2]) > 65535) fail(`--mud is host:port, like mud.example.org:4000, not "${mudText}".`);
const character = one('character') ?? fail('--character is missing: the name of the character that deals.');
if (!character.trim() || /[\x00-\x1f\x7f]/.test(character)) fail(`--character is the name of the character that deals, not ${JSON.stringify(character)}.`);
const data = one('data') ?? fail('--data is missing: the folder for the dealer\'s books.');
const password = process.env.DEALER_PASSWORD ?? fail("DEALER_PASSWORD is not set: the character's password comes from the environment, never the command line.");
if (!password) fail("DEALER_PASSWORD is empty: set it to the character's password.");
const money = one('money') ?? 'tab';
if (money !== 'tab' && money !== 'purse') fail(`--money is tab or purse, not "${money}".`);
const lpsText = one('lines-per-second') ?? '2';
const linesPerSecond = Number(lpsText);
if (!/^\d+(\.\d+)?$/.test(lpsText) || linesPerSecond < 0.1 || linesPerSecond > 1000) fail(`--lines-per-second is a number from 0.1 (a line every 10 s) to 1000, not "${lpsText}".`);
const seedText = one('seed');
if (seedText !== undefined && !/^\d{1,15}$/.test(seedText)) fail(`--seed is a whole number, not "${seedText}".`);

let profile: Profile;
try {
  profile = loadProfile(one('profile') ?? fail('--profile is missing: one of ' + shippedProfiles().join(', ') + ', or a profile file.'));
} catch (e) {
  fail((e as Error).message, 2);
}

// The games to choose from: the package's, and those of each --game-module (one file each time).
const modules = ((argv['game-module'] as string[] | undefined) ?? []).map(String);
if (modules.some((file) => file.trim() === '') || (argv['game-module'] !== undefined && modules.length === 0)) fail('--game-module needs a file.');
let all: ReturnType<typeof gamesWith>;
try {
  all = gamesWith(games, await Promise.all(modules.map((file) => loadGameModule(file))));
} catch (e) {
  fail(`--game-module: ${(e as Error).message}.`);
}
const gameId = one('game') ?? 'lich-bones';
const definition = all.find((g) => g.id === gameId) ?? fail(`--game is one of ${all.map((g) => g.id).join(', ')}, not "${gameId}".`);
let given: unknown;
const settingsFile = one('settings');
if (settingsFile) {
  try {
    given = JSON.parse(readFileSync(settingsFile, 'utf8'));
  } catch (e) {
    fail(`--settings ${settingsFile} is not a JSON file: ${(e as Error).message}`);
  }
}
if (money === 'purse') {
  if (!profile.purse) fail(`--money purse: the profile ${profile.name} says nothing of the MUD's coins (no "purse"; docs/dealer.md, "Purse mode").`);
  const house = purseSettings(definition.id, given);
  if (!house.ok) fail(`${house.problem}.`);
  given = house.settings;
}
// Read through the game's declaration, as every host reads a table's settings: a bad key or value is one line.
const read = readSettings(definition.settings, given);
if (!read.ok) fail(`--settings ${settingsFile}: ${read.problem}.`);
const settings = read.settings as object;

const seed = seedText === undefined ? null : Number(seedText);
let shell: OperatorConsole | null = null;
let dealer: Dealer;
try {
  dealer = new Dealer({
    mud: { host: mud[1].replace(/^\[(.*)\]$/, '$1'), port: Number(mud[2]) },
    profile,
    character,
    password,
    definition,
    settings,
    data,
    money,
    linesPerSecond,
    ordinary: seed === null ? cryptoRandom : seededRandom(seed),
    seeds: seed === null ? cryptoSeeds : derivedSeeds(seed),
    scheduler: realTime,
    // Nothing the dealer shows begins a line with "dealing": every line has its mark.
    show: (kind, text) => {
      const line = `${kind === 'mud' ? 'mud| ' : kind === 'sent' ? 'you> ' : '-- '}${text}`;
      if (shell) shell.print(line);
      else if (kind === 'note') console.log(line);
    },
    dealing: () => (shell ? shell.print(`dealing ${definition.id} as ${character}`) : console.log(`dealing ${definition.id} as ${character}`)),
    failed: (reason) => {
      console.error(`dealer: ${reason}`);
      void stop(1);
    },
  });
} catch (e) {
  fail((e as Error).message, 1);
}

let stopping = false;
async function stop(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  try {
    await dealer.close();
  } catch (e) {
    console.error(`dealer: ${(e as Error).message}`);
    code = code || 1;
  }
  // A refusal met while stopping (the stakes' return at a SIGTERM) is a failure all the same.
  if (dealer.booksRefused) code = code || 1;
  shell?.stop();
  process.exit(code);
}

// A record the disk refused unwinds whatever wrote it (nobody is told, no coin moves) and stops the dealer (Dealer's books.onRefused); anything else is the fault it is.
process.on('uncaughtException', (e) => {
  if (dealer?.isRefusal(e)) return;
  console.error(e);
  process.exit(1);
});
process.on('SIGTERM', () => void stop(0));
process.on('SIGINT', () => void stop(0));
if (process.stdin.isTTY) shell = new OperatorConsole(dealer, () => void stop(0));
dealer.start();
