/**
 * GMCP Char.Items over TCP: what a player carries, by the IRE names Mudlet knows. The whole list
 * at login (Char.Items.List, location "inv"), then one Char.Items.Add or .Remove per thing that
 * came into or left their hands, whatever moved it: bought, given, dropped, picked up, drunk;
 * and the whole list again whenever the client asks (Char.Items.Inv).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { gmcpBytes, gmcpMessages, loginWithGmcp, type Gmcp, type GmcpReader } from '../support/gmcp.js';

let ts: TestServer;
afterEach(async () => {
  await ts?.destroy();
});

const items = (messages: Gmcp[]) => messages.filter((m) => m.name.startsWith('Char.Items.')).map((m) => `${m.name} ${JSON.stringify(m.data)}`);

/** The Char.Items messages that came with a line's reply. */
async function during(reader: GmcpReader, line: string): Promise<string[]> {
  await reader.client.command('look');
  reader.skip();
  await reader.client.command(line);
  return items(reader.since());
}

const ale = (n: number) => ({ id: `ale#${n}`, name: 'a jug of kank-milk ale', attrib: 'f' });

describe('Char.Items', () => {
  it('lists what is carried at login, then adds and removes one item per thing as it comes and goes', async () => {
    ts = await startTestServer();
    const ana = await loginWithGmcp(ts, 'Ana');
    const bex = await loginWithGmcp(ts, 'Bex');
    expect(items(ana.gmcp.since())).toEqual(['Char.Items.List {"location":"inv","items":[]}']);
    expect(await during(ana.gmcp, 'buy 2 ale')).toEqual([1, 2].map((n) => `Char.Items.Add ${JSON.stringify({ location: 'inv', item: ale(n) })}`));
    expect(await during(ana.gmcp, 'buy cake')).toEqual([`Char.Items.Add {"location":"inv","item":{"id":"honey-cake#1","name":"a honey cake","attrib":"e"}}`]);
    // Drunk: the jug of ale goes (the highest number first), the empty jug comes.
    expect(await during(ana.gmcp, 'drink ale')).toEqual([
      `Char.Items.Remove ${JSON.stringify({ location: 'inv', item: ale(2) })}`,
      'Char.Items.Add {"location":"inv","item":{"id":"empty-jug#1","name":"an empty clay jug"}}',
    ]);
    bex.gmcp.skip();
    expect(await during(ana.gmcp, 'give ale to bex')).toEqual([`Char.Items.Remove ${JSON.stringify({ location: 'inv', item: ale(1) })}`]);
    expect(items([{ name: 'Char.Items.Add', data: await bex.gmcp.next('Char.Items.Add') }])).toEqual([`Char.Items.Add ${JSON.stringify({ location: 'inv', item: ale(1) })}`]);
    expect(await during(ana.gmcp, 'drop all')).toEqual([
      'Char.Items.Remove {"location":"inv","item":{"id":"empty-jug#1","name":"an empty clay jug"}}',
      'Char.Items.Remove {"location":"inv","item":{"id":"honey-cake#1","name":"a honey cake","attrib":"e"}}',
    ]);
    expect(await during(ana.gmcp, 'look')).toEqual([]);
    // A new connection gets the whole list again.
    const again = await loginWithGmcp(ts, 'Bex');
    expect(items(again.gmcp.since())).toEqual([`Char.Items.List ${JSON.stringify({ location: 'inv', items: [ale(1)] })}`]);
  });

  it('sends the whole list again when the client asks (Char.Items.Inv), in its place among the lines typed, and only to a player in the game', async () => {
    ts = await startTestServer();
    const early = await ts.connect();
    early.sendBytes([255, 253, 201, ...gmcpBytes('Core.Supports.Set ["Char 1"]'), ...gmcpBytes('Char.Items.Inv')]);
    // Answered after the request, in its order: the request was taken by then.
    early.send('connect Nobody secret123');
    await early.expect('There is no character');
    const ana = await loginWithGmcp(ts, 'Ana');
    ana.gmcp.skip();
    // Asked right after a line that changed the list: the list comes after that line's own changes.
    ana.client.sendBytes([...Buffer.from('buy 2 ale\r\n'), ...gmcpBytes('Char.Items.Inv')]);
    expect(await ana.gmcp.next('Char.Items.List')).toEqual({ location: 'inv', items: [ale(1), ale(2)] });
    // Asked on its own, between lines; and again, with nothing changed: the same list each time,
    // and no text with it (no lone prompt on the player's screen).
    const shown = ana.client.all.length;
    ana.client.sendBytes(gmcpBytes('Char.Items.Inv'));
    expect(await ana.gmcp.next('Char.Items.List')).toEqual({ location: 'inv', items: [ale(1), ale(2)] });
    expect(ana.client.all.slice(shown)).toBe('');
    ana.client.sendBytes(gmcpBytes('char.items.inv ""'));
    expect(await ana.gmcp.next('Char.Items.List')).toEqual({ location: 'inv', items: [ale(1), ale(2)] });
    // Asked five times at once: one answer (a client's flood of requests costs one list).
    ana.gmcp.skip();
    ana.client.sendBytes([...Array.from({ length: 5 }, () => gmcpBytes('Char.Items.Inv')).flat(), ...Buffer.from('look\r\n')]);
    await ana.client.expect('Exits:');
    expect(items(ana.gmcp.since()).filter((m) => m.startsWith('Char.Items.List'))).toHaveLength(1);
    // What changes after it is added to the list as it was sent, as before.
    expect(await during(ana.gmcp, 'drink ale')).toEqual([
      `Char.Items.Remove ${JSON.stringify({ location: 'inv', item: ale(2) })}`,
      'Char.Items.Add {"location":"inv","item":{"id":"empty-jug#1","name":"an empty clay jug"}}',
    ]);
    // Nobody in the game at the greeting: nothing to list, nothing sent.
    expect(items(gmcpMessages(early))).toEqual([]);
  });
});
