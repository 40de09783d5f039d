import { createHash, createHmac } from 'node:crypto';

/**
 * The provably fair scheme written again from docs/rulings.md, as a player would from docs/fairness.md's
 * "Checking the dice": not src/games/fair.ts, so a test that recomputes the server's draws with
 * it checks the server against the ruling, not against itself.
 */
export function drawOf(seedHex: string, clientSeed: string, nonce: number) {
  const seed = Buffer.from(seedHex, 'hex');
  let block = 0;
  let bytes = Buffer.alloc(0);
  const next = () => {
    if (bytes.length === 0) bytes = createHmac('sha256', seed).update(`${clientSeed}:${nonce}:${block++}`).digest();
    const u = bytes.readUInt32BE(0);
    bytes = bytes.subarray(4);
    return u;
  };
  const uniform = (k: number) => {
    let u = next();
    while (u >= Math.floor(2 ** 32 / k) * k) u = next();
    return u % k;
  };
  return {
    dice: (): [number, number] => {
      const a = uniform(6) + 1;
      return [a, uniform(6) + 1];
    },
    die: () => uniform(6) + 1,
    shuffle: <T>(items: readonly T[]): T[] => {
      const c = [...items];
      for (let i = c.length - 1; i > 0; i--) {
        const j = uniform(i + 1);
        [c[i], c[j]] = [c[j], c[i]];
      }
      return c;
    },
  };
}

export const sha256 = (hex: string) => createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');

/** What `fair <table>` says, as a script reads it (docs/clients.md, the stable surface). */
export interface FairReport {
  commitment: string;
  clientSeed: string;
  nonce: number;
  revealed: { seed: string; commitment: string; clientSeed: string; draws: number } | null;
}

export function readFair(text: string): FairReport {
  const commitment = /commitment ([0-9a-f]{64})/.exec(text);
  const live = /client seed (\S+) nonce (\d+)/.exec(text);
  if (!commitment || !live) throw new Error(`not a fair report:\n${text}`);
  const revealed = /revealed ([0-9a-f]{64}) for commitment ([0-9a-f]{64})/.exec(text);
  const past = /its client seed was (\S+) and it made (no|one|\d+) draws?/.exec(text);
  return {
    commitment: commitment[1],
    clientSeed: live[1],
    nonce: Number(live[2]),
    revealed: revealed && {
      seed: revealed[1],
      commitment: revealed[2],
      clientSeed: past![1],
      draws: past![2] === 'no' ? 0 : past![2] === 'one' ? 1 : Number(past![2]),
    },
  };
}
