import { settingsOf } from '../../src/games/settings.js';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_WORLD } from '../../src/server.js';
import { FileStore, Ledger } from '../../src/store/index.js';
import { loadWorld } from '../../src/world/world.js';
import { defaultTavernSettings, Tavern, type TavernSettings } from '../../src/world/tavern.js';
import type { Player } from '../../src/world/player.js';
import { everydayCommands } from '../../src/commands/index.js';
import type { Delivery, Session } from '../../src/output/outbox.js';
import { gmcpOf, type GmcpMessage } from '../../src/telnet/gmcp.js';
import { games } from '../../src/games/index.js';
import { FairTable } from '../../src/tables/fair-table.js';
import { seededRandom } from '../../src/games/random.js';
import { derivedSeeds } from '../../src/games/fair-source.js';
import { Table } from '../../src/tables/game-table.js';
import { handoutsInStore } from '../../src/tables/handouts.js';
import { unmarked } from '../../src/text/markup.js';
import { FakeClock } from './fakeClock.js';

/** What a test's session says of its client: plain text, 80 columns, no colour, no screen reader. */
export const plainClient = {
  hideInput: () => undefined,
  showInput: () => undefined,
  width: 80,
  colour: 'off',
  screenReader: 'off',
  colourInUse: false,
  screenReaderInUse: false,
} satisfies Partial<Session>;

/** A session that keeps every block of text it is told, for reading back in a test. */
export interface RecordingSession extends Session {
  /** Every block of text delivered, in order, markup included. */
  readonly told: string[];
  /** Every GMCP message delivered, in order, as a telnet client gets the panels' news (only when made with `gmcp: true`). */
  readonly gmcpTold: GmcpMessage[];
  closed: string | null;
  /** The text told since the last call, as one string, without its markup. */
  take(): string;
}

/** `gmcp`: the session wants every GMCP package, as Mudlet does. */
export function recordingSession(o: { gmcp?: boolean } = {}): RecordingSession {
  let read = 0;
  return {
    told: [],
    gmcpTold: [],
    closed: null,
    take() {
      const text = unmarked(this.told.slice(read).join('\n'));
      read = this.told.length;
      return text;
    },
    deliver(d: Delivery) {
      this.told.push(...(d.text ?? []));
      this.gmcpTold.push(...(d.news ?? []).map(gmcpOf));
    },
    wants: () => o.gmcp === true,
    close(farewell) {
      this.closed = farewell ?? '';
    },
    ...plainClient,
  };
}

export interface TestTavern {
  tavern: Tavern;
  clock: FakeClock;
  /** Makes the character if need be and puts a new session into the world with it. */
  enter(name: string, session?: RecordingSession): Promise<{ player: Player; session: RecordingSession }>;
  destroy(): Promise<void>;
}

/**
 * The default world's tavern, in this process, without a network: its store in a temporary
 * folder, its clock fake, its tables as the server sets them up (`tableSettings`: more settings
 * for a table, by id, as the world data would give them), the sessions recorders.
 */
export async function testTavern(settings: Partial<TavernSettings> = {}, o: { tableSettings?: Record<string, Record<string, unknown>> } = {}): Promise<TestTavern> {
  const dataDir = await mkdtemp(join(tmpdir(), 'tavern-unit-'));
  const store = await FileStore.open({ dataDir, checkpoints: 'inline' });
  const world = await loadWorld(DEFAULT_WORLD);
  const clock = new FakeClock();
  const tavern = new Tavern(
    world,
    store,
    new Ledger(store),
    clock,
    everydayCommands(games, world.socials),
    // No timed lines unless a test asks for them: they would come between a test's lines.
    { ...defaultTavernSettings, createsPerHour: 0, linesEverySeconds: 0, ...settings },
    seededRandom(2),
  );
  for (const room of world.rooms.values()) {
    for (const given of room.tables) {
      const extra = o.tableSettings?.[given.id];
      const data = extra ? { ...given, settings: { ...given.settings, ...extra } } : given;
      const { random } = FairTable.open(store, data.id, { ordinary: seededRandom(1), seeds: derivedSeeds(1), game: data.game, now: () => clock.now() });
      const game = games.find((g) => g.id === data.game)!;
      const read = settingsOf(game, data.settings, { crowd: tavern.settings.crowd });
      tavern.addTable(new Table(tavern, room.id, data, game, read, random, handoutsInStore(store)));
    }
  }
  return {
    tavern,
    clock,
    async enter(name, session = recordingSession()) {
      const record = store.character(name.toLowerCase()) ?? (await tavern.createCharacter(name, 'x'));
      const player = tavern.enter(record!, session);
      await tavern.release();
      return { player, session };
    },
    async destroy() {
      await store.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
