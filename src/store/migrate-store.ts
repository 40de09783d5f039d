import { resolve } from 'node:path';
import yargsParser from 'yargs-parser';
import { connect, describeTarget, isPostgresSpec, pgSettings } from './pg/connection.js';
import { coinTotals, importWorld, readFileWorld } from './pg/import.js';
import { serverName } from './open.js';

/**
 * `npm run migrate-store -- --from <data dir> --to postgres://...`: moves a file-store world
 * (its checkpoint and journal) into an empty PostgreSQL database in one transaction, checks
 * there that every balance and the ledger total agree, and says what it did. The folder is
 * only read (but for its server-name file, made if missing); stop its server first.
 */

const USAGE = 'Usage: npm run migrate-store -- --from <data dir> --to postgres://user:password@host:port/database   (or --to postgres, with PGHOST...)';

function fail(message: string, code = 2): never {
  console.error(`migrate-store: ${message}${code === 2 ? `\n${USAGE}` : ''}`);
  process.exit(code);
}

const argv = yargsParser(process.argv.slice(2), { string: ['from', 'to'], boolean: ['help'], configuration: { 'camel-case-expansion': false } });
if (argv.help) {
  console.log(USAGE);
  process.exit(0);
}
for (const key of Object.keys(argv)) if (!['from', 'to', 'help', '_'].includes(key)) fail(`unknown option --${key}.`);
if (argv._.length) fail(`unexpected argument "${argv._[0]}".`);
const from = argv.from as string | undefined;
const to = argv.to as string | undefined;
if (!from) fail('--from <data dir> is missing.');
if (!to) fail('--to postgres://... is missing.');
if (!isPostgresSpec(to)) fail(`--to must be a postgres:// address or postgres, not "${to}".`);

const n = (x: number) => x.toLocaleString('en-US');
const count = (x: number, one: string, many = `${one}s`) => `${n(x)} ${x === 1 ? one : many}`;
try {
  const world = await readFileWorld(from);
  const coins = coinTotals(world.state);
  console.log(
    `migrate-store: read ${resolve(from)}: ${count(world.state.characters.size, 'character')}, ${count(world.state.bans.size, 'ban')}, ${count(world.state.tables.size, "table's seeds", "tables' seeds")}; ` +
      `${n(coins.purses)} coins in purses and ${n(coins.escrow)} on tables (minted ${n(coins.minted)}, paid by the house ${n(coins.fromHouse)}); from ${world.source}`,
  );
  const settings = pgSettings(to);
  const name = await serverName(from);
  const client = await connect(settings, 'obsidian-scorpion migrate-store');
  try {
    const report = await importWorld(client, world, { server: name.name, serverNameFrom: name.from }, () => undefined);
    console.log(`migrate-store: wrote ${n(report.entries)} journal entries to PostgreSQL at ${describeTarget(settings)} in one transaction, as server "${report.server}" (${name.from})`);
    console.log(`migrate-store: checked before committing: all ${n(report.balances)} balances agree with the folder, the ledger adds up to 0, and every balance is the sum of the journal`);
    console.log(`migrate-store: done; start the server with --data ${from} --store ${to === 'postgres' ? 'postgres' : '<that address>'} (the folder is as it was: keep it as a backup)`);
  } finally {
    await client.end().catch(() => undefined);
  }
} catch (e) {
  fail(`${(e as Error).message}; nothing was written`, 1);
}
