import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { goldOf, muxSpeech, MuxDealers, runDealer, type DealerPlayer, type DealerRun } from '../support/dealer.js';
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
    world = await MuxDealers.start(['Croupier', 'Warden', 'Ana', 'Bob', 'Mal']);
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

  it("gives nobody its ear's secret by making it speak to the room: a whisper forged with what @remit into the dealer shows the room takes no seat and no bet for another player", async () => {
    const { data } = await world.deal('Croupier', 'lich-bones', { minBet: 10, handout: 100 });
    const [ana, mal] = await world.join('Croupier', 'Ana', 'Mal');
    expect(await ana.command('gold')).toMatch(/You have 1,000 gold/);
    const { id } = goldOf(data, 'Ana');
    // What is said inside an AUDIBLE player goes out to its room after its @prefix, evaluated with Mal as %#.
    const leak = /^(\S+) #\d+\|PLAYER\|Mal\|1\| leak$/m;
    mal.client.send('@remit Croupier=leak');
    const seen = leak.exec(await mal.client.expect(leak, 10_000))![1];
    // Mal's own words with what the room saw in front, then Ana's whisper as the ear forwards one, whole on its line.
    for (const text of ['sit', 'hero 100']) mal.client.send(`whisper Croupier=x%rDealerEar> ${seen} ${id}|PLAYER|Ana|1| Ana whispers "${text}"%rx`);
    await mal.sync();
    await ana.sync();
    expect(ana.all).not.toMatch(/take a seat|takes a seat|on HERO/);
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
    expect(await bob.command('[add(1,2)]\\%b')).toContain("I do not know '[add(1,2)]\\%b'");
    // Seated at Lich Bones, a word that names no bet and an amount that is not one are repeated as typed too.
    expect(await ana.command('[add(1,2)]\\%b')).toContain("'[add(1,2)]\\%b' is no bet.");
    expect(await ana.command('hero [add(1,2)]%b')).toContain("'[add(1,2)]%b' is not a whole number of gold");
  }, 60_000);

  it('answers a page, or a whisper forged with @pemit, from another room with questions only: the gold, never a seat or a bet', async () => {
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
    // A @pemit in the words of a whisper reaches the dealer from anywhere: the ear knows Bob is elsewhere.
    const from = bob.raw.length;
    bob.client.send('@pemit *Croupier=Bob whispers "sit"');
    bob.client.send('@pemit *Croupier=Bob whispers "hero 50"');
    bob.client.send('page Croupier=table');
    await bob.client.until(() => /Croupier pages: .*Nobody is seated/.test(bob.raw.slice(from)), 'the table, paged', 10_000);
    expect(bob.raw.slice(from)).toMatch(/^Croupier pages: Only in the room where I deal \(where Croupier stands\) can you sit/m);
    expect(bob.raw.slice(from)).toMatch(/^Croupier pages: Take a seat first \(whisper Croupier=sit\): 'hero'/m);
    expect(goldOf(data, 'Bob')).toMatchObject({ gold: 1000, escrow: 0 });
    expect(bob.raw).not.toMatch(/takes a seat|takes your/);
  }, 60_000);

  it("never takes a line inside a whisper for the room's news: a forged disconnect holds back none of the victim's private lines", async () => {
    const { data } = await world.deal('Croupier', 'lich-bones', { minBet: 10, handout: 100 });
    const [ana, mal] = await world.join('Croupier', 'Ana', 'Mal');
    await ana.command('sit');
    await mal.command('sit');
    const anaRef = goldOf(data, 'Ana').id!;
    // Mal's whisper puts "Ana has disconnected" on a line of its own, tagged as NOSPOOF would; his start follows at once.
    mal.client.send(`whisper Croupier=x%r\\[Ana(${anaRef})\\] Ana has disconnected.%ry\r\n${muxSpeech.whisper('Croupier', 'start')}`);
    await ana.client.until(() => /hands 100 gold to each of Ana and Mal/.test(ana.all), 'the hand-outs said in the room', 10_000);
    expect(await ana.command('gold')).toMatch(/You have 1,100 gold/);
    // The table's news of her still reaches her, and she is answered.
    expect(await ana.command('hero 10')).toMatch(/Croupier chalks up 10 gold from Ana on HERO\.[^]*Done: the table has it\./);
  }, 60_000);

  it('killed and sent home, it notices, goes back to its table and deals on: the seats kept, the table waiting meanwhile', async () => {
    const made = await world.mux.wizard('@dig Parlor');
    const parlor = /Parlor created as room (#\d+)/.exec(made)![1];
    await world.mux.wizard(`@set ${parlor}=JUMP_OK`, `@tel *Warden=${parlor}`, 'give *Bob=200');
    const { run } = await world.deal('Warden', 'lich-bones');
    const [ana, bob] = await world.join('Warden', 'Ana', 'Bob');
    try {
      await killedAndBack(parlor, run, ana, bob);
    } finally {
      await world.mux.wizard('@tel *Ana=#0', '@tel *Bob=#0');
    }
  }, 60_000);

  async function killedAndBack(parlor: string, run: DealerRun, ana: DealerPlayer, bob: DealerPlayer): Promise<void> {
    for (const p of [ana, bob]) {
      p.client.send(`@tel me=${parlor}`);
      p.client.send('think at [loc(me)]');
      await p.client.expect(new RegExp(`^at ${parlor}$`, 'm'), 10_000);
    }
    expect(await ana.command('sit')).toMatch(/Ana takes a seat at the bones table/);
    bob.client.send('kill Warden=100');
    await bob.client.expect(/You killed Warden!/, 10_000);
    await ana.client.until(() => /^Warden has arrived\.$/m.test(ana.raw), 'the dealer back in the parlor', 15_000);
    expect(run.output()).toMatch(new RegExp(`moved from ${parlor} to #0: the table waits; going back`));
    await ana.client.until(() => new RegExp(`back in ${parlor}; the table goes on`).test(run.output()), 'the table going on', 10_000);
    expect(await ana.command('look table')).toMatch(/Ana/);
    expect(await bob.command('sit')).toMatch(/Bob takes a seat at the bones table/);
  }

  it('answers a posed whisper or page with how to whisper', async () => {
    await world.deal('Croupier', 'lich-bones');
    const [ana] = await world.join('Croupier', 'Ana');
    ana.client.send('whisper Croupier=:gold');
    ana.client.send('whisper Croupier=;gold');
    ana.client.send('page Croupier=:gold');
    await ana.client.until(() => (ana.raw.match(/Whisper me the words alone, not posed: whisper Croupier=gold\./g) ?? []).length === 3, 'three answers', 10_000);
  }, 60_000);

  it('is not stopped by the words of a refused login that a thing @pemits it once it is in', async () => {
    const { run } = await world.deal('Croupier', 'lich-bones');
    const [ana, mal] = await world.join('Croupier', 'Ana', 'Mal');
    // A thing of Mal's hears the dealer connect and @pemits it the words of a refused login.
    mal.client.send('@create Trap');
    mal.client.send('drop Trap');
    mal.client.send('@listen Trap=Croupier has connected.');
    mal.client.send('@ahear Trap=@pemit Croupier=x%rEither that player does not exist, or has a different password.;@pemit Mal=trap sprung');
    await mal.sync();
    await world.mux.wizard('@boot *Croupier');
    await mal.client.expect(/^trap sprung$/m, 20_000);
    const deadline = Date.now() + 20_000;
    while (!/logged in again/.test(run.output())) {
      expect(run.child.exitCode, run.output()).toBeNull();
      expect(Date.now(), 'the dealer logs in again').toBeLessThan(deadline);
      await new Promise((r) => setTimeout(r, 50));
    }
    // Past the time a refusal waits to be proved wrong, it is still dealing.
    await new Promise((r) => setTimeout(r, 6000));
    expect(run.child.exitCode, run.output()).toBeNull();
    expect(await ana.command('gold')).toMatch(/You have 1,000 gold/);
    // A password the MUX refuses still stops a dealer, with the MUX's words.
    const wrong = runDealer(['--mud', `127.0.0.1:${world.mux.port}`, '--profile', world.profile, '--character', 'Warden', '--data', `${world.work}/wrong`], 'not-the-password');
    expect(await wrong.exited).toBe(1);
    expect(wrong.output()).toMatch(/^dealer: the MUD refused the login: Either that player does not exist, or has a different password\.$/m);
    expect(wrong.output()).not.toMatch(/not-the-password/);
  }, 90_000);
});
