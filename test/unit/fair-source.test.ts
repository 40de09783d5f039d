import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cryptoSeeds, derivedSeeds, FairSource, type FairData, type FairOptions, type SeedMaker } from '../../src/games/fair-source.js';
import { fixedRandom, rollDice, rollDie, seededRandom, shuffle, type RandomSource } from '../../src/games/random.js';

/** The scheme again, from the ruling: what draw `nonce` of `seedHex` must give. */
function expected(seedHex: string, clientSeed: string, nonce: number) {
  const seed = Buffer.from(seedHex, 'hex');
  const words: number[] = [];
  for (let b = 0; b < 16; b++) {
    const h = createHmac('sha256', seed).update(`${clientSeed}:${nonce}:${b}`).digest();
    for (let i = 0; i < 32; i += 4) words.push(h.readUInt32BE(i));
  }
  const uni = (k: number) => {
    let u = words.shift()!;
    while (u >= Math.floor(2 ** 32 / k) * k) u = words.shift()!;
    return u % k;
  };
  return {
    dice: () => [uni(6) + 1, uni(6) + 1],
    die: () => uni(6) + 1,
    shuffle: <T>(items: T[]) => {
      const c = items.slice();
      for (let i = c.length - 1; i > 0; i--) {
        const j = uni(i + 1);
        [c[i], c[j]] = [c[j], c[i]];
      }
      return c;
    },
  };
}

/** Seeds 01 01 ... for game 1, 02 02 ... for game 2, ... */
const gameSeeds: SeedMaker = (_table, game) => Buffer.alloc(32, game);
const sha256 = (hex: string) => createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');
const CARDS = Array.from({ length: 40 }, (_, i) => `card${i}`);

function table(ordinary: RandomSource = fixedRandom([]), seeds = gameSeeds) {
  const changes: FairData[] = [];
  const options: FairOptions = { ordinary, seeds, onChange: (d) => changes.push(d) };
  return { source: FairSource.open('bones-table', options), changes, options };
}

describe('a table opens with its first seed committed', () => {
  it('game 1, nonce 0, the default client seed, nothing revealed yet', () => {
    const { source, changes } = table();
    const seed = '01'.repeat(32);
    expect(source.data).toEqual({
      table: 'bones-table',
      game: 1,
      serverSeed: seed,
      commitment: sha256(seed),
      clientSeed: 'bones-table:1',
      nonce: 0,
      revealed: null,
    });
    expect(changes).toEqual([source.data]);
  });

  it('its data is a copy: changing it changes nothing at the table', () => {
    const { source } = table();
    const data = source.data;
    data.nonce = 99;
    expect(source.data.nonce).toBe(0);
  });

  it('production seeds are 32 fresh bytes each', () => {
    const a = FairSource.open('t', { ordinary: fixedRandom([]), seeds: cryptoSeeds }).data;
    const b = FairSource.open('t', { ordinary: fixedRandom([]), seeds: cryptoSeeds }).data;
    expect(a.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    expect(a.serverSeed).not.toBe(b.serverSeed);
  });

  it('--seed N gives the same seeds each time: HMAC keyed with N over <table>:<game>', () => {
    const open = () => FairSource.open('bones-table', { ordinary: seededRandom(42), seeds: derivedSeeds(42) });
    const source = open();
    expect(source.data.serverSeed).toBe(createHmac('sha256', '42').update('bones-table:1').digest('hex'));
    expect(open().data).toEqual(source.data);
    source.retire();
    expect(source.data.serverSeed).toBe(createHmac('sha256', '42').update('bones-table:2').digest('hex'));
  });
});

describe('draws take one nonce each; other choices take none', () => {
  it('a throw, a shuffle and a treasure die are nonces 0, 1 and 2 of the seed', () => {
    const { source, changes } = table();
    const seed = source.data.serverSeed;
    expect(rollDice(source)).toEqual(expected(seed, 'bones-table:1', 0).dice());
    expect(source.data.nonce).toBe(1);
    expect(shuffle(CARDS, source)).toEqual(expected(seed, 'bones-table:1', 1).shuffle(CARDS));
    expect(source.data.nonce).toBe(2);
    expect(rollDie(source)).toBe(expected(seed, 'bones-table:1', 2).die());
    expect(source.data.nonce).toBe(3);
    expect(changes.map((d) => d.nonce)).toEqual([0, 1, 2, 3]);
  });

  it('who becomes the HERO comes from the ordinary source and uses no nonce', () => {
    const { source } = table(fixedRandom([2, 0]));
    expect(source.int(3)).toBe(2);
    rollDice(source);
    expect(source.int(5)).toBe(0);
    expect(source.data.nonce).toBe(1);
  });

  it('a shuffle of one card, or none, is still one draw', () => {
    const { source } = table();
    expect(shuffle(['only'], source)).toEqual(['only']);
    expect(shuffle([], source)).toEqual([]);
    expect(source.data.nonce).toBe(2);
  });

  it('a draw that fails half-way still uses its nonce, so no stream is read twice', () => {
    const { source } = table();
    expect(() =>
      source.draw(() => {
        throw new Error('the rules broke');
      }),
    ).toThrow('the rules broke');
    expect(source.data.nonce).toBe(1);
  });

  it('a draw inside a draw is a bug, and says so', () => {
    const { source } = table();
    expect(() => source.draw(() => rollDie(source))).toThrow('a draw began inside another draw');
  });
});

describe('the client seed', () => {
  it('can be set before the first draw, and the draws then use it', () => {
    const { source, changes } = table();
    expect(source.setClientSeed('camel-7')).toEqual({ ok: true });
    expect(source.data.clientSeed).toBe('camel-7');
    expect(changes.at(-1)?.clientSeed).toBe('camel-7');
    expect(rollDice(source)).toEqual(expected(source.data.serverSeed, 'camel-7', 0).dice());
  });

  it('is refused with a reason once the game has drawn, and stays as it was', () => {
    const { source } = table();
    rollDice(source);
    const refusal = source.setClientSeed('too-late');
    expect(refusal).toEqual({ ok: false, reason: expect.stringContaining('already made its first draw') });
    expect(source.data.clientSeed).toBe('bones-table:1');
  });

  it('must be one word of 1-64 printable ASCII characters', () => {
    const { source } = table();
    for (const bad of ['', 'two words', 'x'.repeat(65), 'ünïcode', 'tab\there', 'bell\x07', 'rtl\u202e']) {
      const r = source.setClientSeed(bad);
      expect(r.ok, JSON.stringify(bad)).toBe(false);
      if (!r.ok) expect(r.reason).toMatch(/^A client seed /);
    }
    expect(source.setClientSeed('x'.repeat(64))).toEqual({ ok: true });
    expect(source.setClientSeed('a:b!{}~')).toEqual({ ok: true });
  });
});

describe('retiring a seed reveals it and commits the next', () => {
  it('shows the old seed with its commitment, client seed and draw count; the new game starts at nonce 0', () => {
    const { source, changes } = table();
    source.setClientSeed('dune');
    rollDice(source);
    rollDice(source);
    const before = source.data;
    const revealed = source.retire();
    expect(revealed).toEqual({ serverSeed: before.serverSeed, commitment: before.commitment, clientSeed: 'dune', draws: 2 });
    expect(sha256(revealed.serverSeed)).toBe(revealed.commitment);
    const after = source.data;
    expect(after).toEqual({
      table: 'bones-table',
      game: 2,
      serverSeed: '02'.repeat(32),
      commitment: sha256('02'.repeat(32)),
      clientSeed: 'bones-table:2',
      nonce: 0,
      revealed,
    });
    expect(changes.at(-1)).toEqual(after);
    expect(source.setClientSeed('new-game')).toEqual({ ok: true });
  });

  it('every draw of the revealed game can be recomputed from what was revealed', () => {
    const { source } = table();
    const thrown = [rollDice(source), rollDice(source), rollDice(source)];
    const { revealed } = (source.retire(), source.data);
    const recomputed = [0, 1, 2].map((n) => expected(revealed!.serverSeed, revealed!.clientSeed, n).dice());
    expect(recomputed).toEqual(thrown);
    expect(revealed!.draws).toBe(3);
  });

  it('the next game draws from its own seed: its draws, once revealed, recompute from it', () => {
    const { source } = table();
    rollDice(source);
    source.retire();
    const thrown = [rollDice(source), rollDice(source)];
    source.retire();
    const revealed = source.data.revealed!;
    expect(revealed.serverSeed).toBe('02'.repeat(32));
    expect([0, 1].map((n) => expected(revealed.serverSeed, revealed.clientSeed, n).dice())).toEqual(thrown);
  });
});

describe('restoring from saved data', () => {
  it('carries on exactly where the saved table left off', () => {
    const a = table();
    a.source.setClientSeed('oasis');
    rollDice(a.source);
    const saved = JSON.parse(JSON.stringify(a.source.data)) as FairData;
    const b = FairSource.restore(saved, { ordinary: fixedRandom([]), seeds: gameSeeds });
    expect(b.data).toEqual(a.source.data);
    expect(rollDice(b)).toEqual(rollDice(a.source));
    expect(shuffle(CARDS, b)).toEqual(shuffle(CARDS, a.source));
    expect(b.setClientSeed('late').ok).toBe(false);
  });

  it('after a crash the restored seed is retired: revealed, and a fresh one committed', () => {
    const a = table();
    rollDice(a.source);
    const saved = a.source.data;
    const b = FairSource.restore(saved, { ordinary: fixedRandom([]), seeds: gameSeeds });
    b.retire();
    expect(b.data.revealed).toEqual({ serverSeed: saved.serverSeed, commitment: saved.commitment, clientSeed: saved.clientSeed, draws: 1 });
    expect(b.data.serverSeed).not.toBe(saved.serverSeed);
    expect(b.data.game).toBe(2);
  });

  it('refuses damaged data with the reason', () => {
    const good = (() => {
      const t = table();
      t.source.retire();
      return t.source.data;
    })();
    const damaged: [Partial<FairData> | Record<string, unknown>, string][] = [
      [{ serverSeed: 'AB'.repeat(32) }, 'the server seed is not 64 lower-case hex digits'],
      [{ commitment: '00'.repeat(32) }, "the server seed's commitment does not match it"],
      [{ nonce: -1 }, 'the nonce is not a whole number from 0'],
      [{ game: 0 }, 'the game number'],
      [{ clientSeed: '' }, 'the client seed is missing'],
      [{ revealed: { ...good.revealed!, serverSeed: '03'.repeat(32) } }, "the revealed seed's commitment does not match it"],
      [{ revealed: { ...good.revealed!, draws: 1.5 } }, 'the revealed seed is incomplete'],
    ];
    for (const [change, reason] of damaged) {
      expect(() => FairSource.restore({ ...good, ...change } as FairData, { ordinary: fixedRandom([]), seeds: gameSeeds })).toThrow(reason);
    }
    expect(FairSource.restore(good, { ordinary: fixedRandom([]), seeds: gameSeeds }).data).toEqual(good);
  });
});

describe('the sources without draws work as before', () => {
  it('fixed values still serve dice, dies and shuffles one int at a time', () => {
    expect(rollDice(fixedRandom([2, 5]))).toEqual([3, 6]);
    expect(rollDie(fixedRandom([0]))).toBe(1);
    expect(shuffle(['a', 'b', 'c'], fixedRandom([0, 0]))).toEqual(['b', 'c', 'a']);
  });
});
