import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURE_MODULES, hostContract, type HostClient, type HostDriver, type TableSpec } from '../support/host-contract.js';
import { listening } from '../support/program.js';
import { enter, makeWorld, startWorld, tablesMade } from '../support/ranvier.js';

/**
 * A Ranvier world runs the host contract (test/support/host-contract.ts): the stock core in a
 * child process with the built obsidian-tables bundle, the tests' own small world around it (a
 * login and a telnet port, test/support/ranvier-world) and one hall holding the tables asked for,
 * players over TCP, on real timers. The tests' own games come to it as a host adds a game: their
 * modules named in obsidianTables.gameModules (test/fixtures, from the world's folder). A purse is read from the host's own books: the player's file
 * (`currencies.gold` and `obsidianTables.applied.gold`, saved atomically) and the bundle's journal, as
 * the bundle itself reconciles them; the house from the journal.
 */

/** The casino's rooms: a hall of the tables asked for, and a yard outside. */
const ROOMS = `
- { id: hall, title: "The Hall of Tables", description: "A bare hall of the host contract.", items: ITEMS, exits: [{ roomId: "casino:yard", direction: south }] }
- { id: yard, title: "The Yard", description: "An empty yard before the hall.", exits: [{ roomId: "casino:hall", direction: north }] }
`;

function area(tables: readonly TableSpec[]): { rooms: string; items: string } {
  const items = tables.map((t) =>
    JSON.stringify({
      id: `${t.word}-table`,
      name: `the ${t.word} table`,
      keywords: [t.word, 'table'],
      roomDesc: `The ${t.word} table stands here.`,
      behaviors: { 'obsidian-table': { game: t.game, settings: t.settings ?? {} } },
    }),
  );
  return {
    rooms: ROOMS.replace('ITEMS', JSON.stringify(tables.map((t) => ({ id: `casino:${t.word}-table` })))),
    items: items.map((i) => `- ${i}`).join('\n'),
  };
}

/** The journal's records, read back as the bundle reads them at a start (a line not yet whole left out). */
function journal(dir: string): { k: string; books?: { nets: Record<string, Record<string, number>>; house: Record<string, number> }; purses?: Record<string, number>; house?: number }[] {
  const file = join(dir, 'data/obsidian-tables/journal.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8').split('\n').slice(0, -1).map((l) => JSON.parse(l));
}

const ranvier: HostDriver = {
  name: 'a Ranvier world',
  // The world's currency is gold, by default (obsidianTables.currency).
  money: 'gold',
  addsGames: true,
  // The tests' world answers a word no command has as the stock command loop does.
  unknown: /^Huh\?$/m,
  async start(tables, opts) {
    const gameModules = (opts?.games ?? []).map((g) => FIXTURE_MODULES[g.id]);
    const { dir, cleanup } = await makeWorld({ ...area(tables), atomicPlayers: true, gameModules, tables: { seed: opts?.seed ?? 1 } });
    const program = startWorld(dir);
    let port: number;
    try {
      port = await listening(program);
      // A module's game is loaded once the world listens: its tables are made then, or the world stops.
      await tablesMade(dir, program, tables.length);
    } catch (e) {
      program.child.kill('SIGKILL');
      await program.exited;
      cleanup();
      throw e;
    }
    const clients: HostClient[] = [];
    return {
      async login(name) {
        const c = await enter(port, name);
        const client: HostClient = {
          command: (line) => c.command(line),
          expect: (pattern, timeoutMs) => c.expect(pattern, timeoutMs),
          get all() {
            return Buffer.concat(c.raw).toString('latin1');
          },
          close: () => c.close(),
        };
        clients.push(client);
        return client;
      },
      look: (word) => `table ${word}`,
      async coins(name) {
        const saved = JSON.parse(readFileSync(join(dir, 'data/player', `${name}.json`), 'utf8')) as { metadata: { currencies: { gold: number }; obsidianTables?: { applied: { gold?: number } } } };
        let net = 0;
        for (const r of journal(dir)) net = r.k === 'books' ? (r.books!.nets.gold?.[name.toLowerCase()] ?? 0) : net + (r.purses?.[name.toLowerCase()] ?? 0);
        return saved.metadata.currencies.gold + net - (saved.metadata.obsidianTables?.applied.gold ?? 0);
      },
      async house() {
        // The books count what the house paid out, less what it took in.
        let paid = 0;
        for (const r of journal(dir)) paid = r.k === 'books' ? (r.books!.house.gold ?? 0) : paid + (r.house ?? 0);
        return -paid;
      },
      elapse: (ms) => new Promise((r) => setTimeout(r, ms)),
      async stop() {
        for (const c of clients) c.close();
        program.child.kill('SIGKILL');
        await program.exited;
        cleanup();
      },
    };
  },
};

hostContract(ranvier);
