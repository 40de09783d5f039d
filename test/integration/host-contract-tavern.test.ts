import { charAccount, HOUSE } from '../../src/store/account.js';
import { hostContract, type HostClient, type HostDriver, type TableSpec } from '../support/host-contract.js';
import { loginWithGmcp } from '../support/gmcp.js';
import { startTestServer } from '../support/server.js';

/**
 * The tavern runs the host contract (test/support/host-contract.ts): the real server over TCP, in
 * a world of one hall holding the tables asked for, on the test server's fake clock. Players log in
 * as a MUD client asking for every GMCP package, so the bytes the secrecy watch reads carry the
 * tables' data (Table.State, Table.Hand) as well as their words.
 */

/** A world of one hall with these tables (and a yard outside, so that it has a way out). */
function hallWith(tables: readonly TableSpec[]): unknown {
  return {
    name: 'The Hall of Tables',
    start: 'hall',
    rooms: [
      {
        id: 'hall',
        name: 'The Hall of Tables',
        description: 'A bare hall of the host contract, with nothing in it but its tables.',
        exits: { south: 'yard' },
        tables: tables.map((t) => ({
          id: `${t.word}-table`,
          name: `the ${t.word} table`,
          game: t.game,
          keywords: [t.word, 'table'],
          short: `the ${t.word} table`,
          description: `A table for the host contract's tests, named ${t.word}.`,
          settings: t.settings ?? {},
        })),
      },
      { id: 'yard', name: 'The Yard', description: 'An empty yard before the hall.', exits: { north: 'hall' } },
    ],
  };
}

const tavern: HostDriver = {
  name: 'the tavern',
  // The server takes games from modules (--game-module): the tests' own are given to it so.
  addsGames: true,
  unknown: /^Unknown command "/,
  money: 'obsidian coins?',
  async start(tables, opts) {
    const ts = await startTestServer({ world: hallWith(tables), seed: opts?.seed, moreGames: opts?.games?.length ? opts.games : undefined });
    const { ledger } = ts.server.tavern;
    return {
      async login(name) {
        const { client } = await loginWithGmcp(ts, name);
        let bytes = '';
        let read = 0;
        const seen: HostClient = {
          command: (line) => client.command(line),
          expect: (pattern, timeoutMs) => client.expect(pattern, timeoutMs),
          get all() {
            for (; read < client.raw.length; read++) bytes += client.raw[read].toString('latin1');
            return bytes;
          },
          close: () => client.close(),
        };
        return seen;
      },
      look: (word) => `look ${word}`,
      coins: async (name) => ledger.balance(charAccount(name.toLowerCase())),
      house: async () => ledger.balance(HOUSE),
      elapse: async (ms) => ts.clock.advance(ms),
      stop: () => ts.destroy(),
    };
  },
};

hostContract(tavern);
