import { describe, expect, it } from 'vitest';
import { SecretWatch, type Seat } from '../support/table-play.js';

/**
 * The watch the Dragon's Lair tests keep over every connection: it must catch another player's
 * hidden card wherever a client received it, at the checkpoint after, also where the client's
 * own reading of the text (a dealer's player's `all`: the dealer's lines alone) leaves it out.
 */

function seat(name: string, hand: string): Seat & { client: { all: string; transcript: string } } {
  const client = { all: '', transcript: '', command: async () => `Your hand: ${hand}.` };
  return { name, client };
}

describe('the secret watch', () => {
  it("catches another player's card in every byte a dealer's player was sent, not only in the dealer's lines", async () => {
    const ana = seat('Ana', '7h (knight 7), qs (thief 12)');
    const bob = seat('Bob', '3d (wizard 3), 10c (dragon 10)');
    const watch = new SecretWatch([ana, bob]);
    await watch.checkpoint();
    ana.client.all += 'Sharp says, "Bob plays a card face down."\n';
    ana.client.transcript += 'Sharp says, "Bob plays a card face down."\nSharp whispers "You see 10c (dragon 10)"\n';
    await expect(watch.checkpoint()).rejects.toThrow(/Ana was sent Bob's hidden 10c/);
  });

  it('lets a player see their own cards, and a wizard pick told to its owner', async () => {
    const ana = seat('Ana', '7h (knight 7)');
    const bob = seat('Bob', '3d (wizard 3)');
    const watch = new SecretWatch([ana, bob]);
    await watch.checkpoint();
    ana.client.transcript += 'Sharp whispers "Your hand: 7h (knight 7)."\nSharp whispers "Your wizard picked 3d (wizard 3) from Bob\'s hand; it was too strong, so Bob keeps it."\n';
    await watch.checkpoint();
    expect(watch.checked).toBeGreaterThan(0);
  });
});
