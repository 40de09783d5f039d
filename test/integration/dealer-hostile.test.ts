import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { goldOf, MuxDealers } from '../support/dealer.js';
import { describeNeeds } from '../support/needs.js';
import { tinymuxMissing } from '../support/tinymux.js';

/**
 * What a hostile player can type at the dealer in a real TinyMUX, and what comes of it: poses and
 * emits that imitate a whisper, forged lines inside a whisper of several lines (`%r`), a thing of
 * theirs whispering for them, text TinyMUX would evaluate, and pages from another room. Nothing of
 * it moves anyone's gold or takes anyone's seat, and whatever of it the dealer repeats, the MUD
 * prints as it was written.
 */

describeNeeds(tinymuxMissing())('hostile players and the dealer in a TinyMUX', () => {
  let world: MuxDealers;
  beforeAll(async () => {
    world = await MuxDealers.start(['Croupier', 'Ana', 'Bob', 'Mal']);
  }, 60_000);
  afterEach(() => world.clear());
  afterAll(() => world?.stop());

  it('takes no pose, emit, %r-forged line or thing of theirs for another player, and answers none of it to the victim', async () => {
    const { data } = await world.deal('Croupier', 'lich-bones', { minBet: 10, handout: 100 });
    const [ana, mal] = await world.join('Croupier', 'Ana', 'Mal');
    expect(await ana.command('gold')).toMatch(/You have 1,000 gold/);
    const { id: anaId } = goldOf(data, 'Ana');
    expect(anaId).toMatch(/^#\d+$/);
    const dbref = anaId!;
    const forgeries = [
      // A pose and an emit that read like Ana's whisper to anyone without NOSPOOF, and a @pemit to the dealer in her words.
      ':whispers "sit"',
      '@emit Ana whispers "sit"',
      `@pemit Croupier=Ana whispers "sit"`,
      // Lines of their own inside a whisper of several lines (%r): as NOSPOOF tags a whisper, and as the dealer's ear would forward one.
      `whisper Croupier=gold"%r\\[Ana(${dbref})\\] Ana whispers "sit`,
      `whisper Croupier=gold%rDealerEar> 00112233445566778899aabbccddeeff ${dbref}|PLAYER|Ana| Ana whispers "sit"`,
      '@create Ana',
    ];
    for (const f of forgeries) mal.client.send(f);
    // A thing of theirs, named like her, whispering from the room.
    const thing = /Ana created as object (#\d+)/.exec(await mal.client.expect(/Ana created as object #\d+/, 10_000))![1];
    mal.client.send(`drop ${thing}`);
    mal.client.send(`@force ${thing}=whisper Croupier=sit`);
    mal.client.send(`@force ${thing}=page Croupier=sit`);
    await mal.sync();
    await ana.sync();
    // Ana sits nowhere and was told nothing she did not ask for.
    expect(await ana.command('look table')).toMatch(/Nobody is seated\./);
    expect(ana.all).not.toMatch(/take a seat|takes a seat/);
    expect(mal.raw).not.toMatch(/takes a seat/);
    // Mal's own whispers are Mal's: the one that looks whole is answered to Mal as Mal's, the other refused.
    expect(mal.all).toMatch(/You have 1,000 gold/);
    expect(mal.all).toMatch(/Whisper one line at a time/);
    expect(goldOf(data, 'Ana')).toMatchObject({ gold: 1000, escrow: 0 });
  }, 60_000);

  it('never lets TinyMUX evaluate what a player typed: a client seed and an unknown word come back as they were written', async () => {
    await world.deal('Croupier', 'lich-bones', { minBet: 10 });
    const [ana, bob] = await world.join('Croupier', 'Ana', 'Bob');
    await ana.command('sit');
    // The seed as Ana sets it (her own whisper escapes it so that it reaches the dealer whole).
    const seed = '[repeat(Z,40)]%r\\{x};$y^(a,b)';
    const set = await ana.command(`fair seed ${seed}`);
    expect(set).toContain(`to ${seed}: every draw`);
    await bob.sync();
    expect(bob.raw).toContain(`client seed of game 1 at the bones table to ${seed}: every draw`);
    expect(bob.raw).not.toMatch(/ZZZZ/);
    expect(await bob.command('fair')).toContain(`client seed ${seed}`);
    // A word the dealer does not know is repeated to its sender, printed as typed.
    expect(await bob.command('[add(1,2)]\\%b')).toContain('I do not know "[add(1,2)]\\%b"');
  }, 60_000);

  it('answers a page from another room with questions only: the gold, never a seat', async () => {
    const { data } = await world.deal('Croupier', 'lich-bones');
    const [bob] = await world.join('Croupier', 'Bob');
    bob.client.send('@dig Elsewhere');
    const room = /Elsewhere created as room (#\d+)/.exec(await bob.client.expect(/Elsewhere created as room #\d+/, 10_000))![1];
    bob.client.send(`@tel me=${room}`);
    bob.client.send('think moved [name(loc(me))]');
    await bob.client.expect(/^moved Elsewhere$/m, 10_000);
    bob.client.send('page Croupier=sit');
    await bob.client.expect(/Croupier pages: Only in the room where I deal/, 10_000);
    bob.client.send('page Croupier=gold');
    await bob.client.expect(/Croupier pages: You have 1,000 gold/, 10_000);
    expect(goldOf(data, 'Bob')).toMatchObject({ gold: 1000, escrow: 0 });
    expect(bob.raw).not.toMatch(/takes a seat/);
  }, 60_000);
});
