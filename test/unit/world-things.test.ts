import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parseWorld } from '../../src/world/world.js';
import { DEFAULT_WORLD } from '../../src/server.js';
import { topicOf } from '../../src/world/npcs.js';

/** The world data of things, wares and people: read and checked, each problem one line naming its field. */

const shipped = () => JSON.parse(readFileSync(DEFAULT_WORLD, 'utf8')) as { things: Record<string, Record<string, unknown>>; rooms: Record<string, unknown>[] };

function problems(change: (w: ReturnType<typeof shipped>) => void): string[] {
  const w = shipped();
  change(w);
  try {
    parseWorld(w);
    return [];
  } catch (e) {
    return (e as Error).message.split('\n').slice(1).map((l) => l.trim());
  }
}

const room = (w: ReturnType<typeof shipped>, id: string) => w.rooms.find((r) => r.id === id) as Record<string, any>;

describe('the world data of things and people', () => {
  it('reads the shipped world: its things, the barkeep\'s wares, the people and the rooms\' stock and lines', () => {
    const world = parseWorld(shipped());
    expect([...world.things.keys()]).toEqual(['ale', 'empty-jug', 'water', 'broy', 'honey-cake', 'erdlu-skewer', 'date', 'wine', 'empty-bottle']);
    const sarra = world.rooms.get('common-room')!.npcs.find((n) => n.name === 'Sarra')!;
    expect(sarra.shop!.wares.map((w) => `${w.thing} ${w.price}`)).toEqual(['ale 5', 'water 2', 'broy 12', 'honey-cake 3', 'erdlu-skewer 8']);
    expect(world.rooms.get('kitchen-yard')!.stock).toEqual([{ thing: 'date', upTo: 3, everyMinutes: 30 }]);
    expect(world.rooms.get('card-room')!.tables[0].quiet).toEqual(['negotiating']);
    expect(world.rooms.get('booth')!.private).toEqual({ minutes: 60 });
    expect(world.settings).toMatchObject({ linesEverySeconds: 120, storyPauseSeconds: 5 });
  });

  it('finds what a player asks about by a word of the topic, or the start of one', () => {
    const kesh = parseWorld(shipped()).rooms.get('common-room')!.npcs.find((n) => n.name === 'Kesh')!;
    expect(topicOf(kesh, 'the red storm')?.about).toContain('storm');
    expect(topicOf(kesh, 'hunts')?.about).toContain('hunting');
    expect(topicOf(kesh, 'Spice Run?')?.about).toContain('spice');
    expect(topicOf(kesh, 'the weather')).toBeUndefined();
    expect(topicOf(kesh, 'st')).toBeUndefined(); // too short to be the start of a word
  });

  it.each([
    ['a thing without a plural', (w: ReturnType<typeof shipped>) => delete w.things.ale.plural, 'things.ale.plural must be a line of text'],
    ['a keyword not in lower case', (w: ReturnType<typeof shipped>) => (w.things.ale.keywords = ['Ale']), 'things.ale.keywords must be a list of lower-case words (what players type for it)'],
    ['a keyword that means something else', (w: ReturnType<typeof shipped>) => (w.things.ale.keywords = ['ale', 'all']), 'things.ale.keywords: "all", "coin" and "coins" mean something else to get, drop and give'],
    ['a drink that leaves nothing known', (w: ReturnType<typeof shipped>) => ((w.things.ale.drink as Record<string, unknown>).leaves = 'shard'), 'things.ale.drink.leaves: there is no thing "shard"'],
    ['a room line that names nobody', (w: ReturnType<typeof shipped>) => ((w.things.ale.drink as Record<string, unknown>).room = 'Someone drinks.'), 'things.ale.drink.room must name {actor}'],
    ['a stray field', (w: ReturnType<typeof shipped>) => (w.things.ale.price = 5), 'things.ale: "price" is not a field of a thing'],
    ['a ware of no thing', (w: ReturnType<typeof shipped>) => room(w, 'common-room').npcs[0].shop.wares.push({ thing: 'mead', price: 3 }), 'room common-room: Sarra.shop.wares: {"thing":"mead","price":3} names no thing of the world\'s things'],
    ['a price of nothing', (w: ReturnType<typeof shipped>) => (room(w, 'common-room').npcs[0].shop.wares[0].price = 0), "room common-room: Sarra.shop.wares: ale's price must be a whole number of coins, 1 to 1,000,000"],
    ['a round of something not sold', (w: ReturnType<typeof shipped>) => (room(w, 'common-room').npcs[0].shop.round = 'wine'), 'room common-room: Sarra.shop.round must be one of the wares'],
    ['a stock of no thing', (w: ReturnType<typeof shipped>) => (room(w, 'cellar').stock = [{ thing: 'gold', upTo: 1, everyMinutes: 5 }]), 'room cellar: stock names no thing of the world\'s things ("gold")'],
    ['a stock with no pace', (w: ReturnType<typeof shipped>) => (room(w, 'cellar').stock = [{ thing: 'wine', upTo: 1 }]), 'room cellar: the stock of wine needs upTo (1 to 100) and everyMinutes (1 or more), whole numbers'],
    ['quiet phases that are no list', (w: ReturnType<typeof shipped>) => (room(w, 'card-room').tables[0].quiet = 'negotiating'), 'room card-room: table lair-table\'s quiet must be a list of phases, e.g. ["negotiating"]'],
    ['a private room with no minutes', (w: ReturnType<typeof shipped>) => (room(w, 'booth').private = {}), 'room booth: private must be { "minutes": <whole number, 1 or more> }'],
    ['a taking of no thing', (w: ReturnType<typeof shipped>) => (room(w, 'kitchen-yard').npcs[0].takes = { rock: 'Bellow eats {thing}.' }), 'room kitchen-yard: Bellow.takes: there is no thing "rock" (nor is it "coins")'],
    ['a room id things cannot lie by', (w: ReturnType<typeof shipped>) => (room(w, 'roof').id = 'the roof'), 'room "the roof": a room\'s id is 1 to 64 letters, digits, _ or - (things lie on its floor by it)'],
  ])('refuses %s with one line naming it', (_what, change, problem) => {
    expect(problems(change)).toContain(problem);
  });
});
