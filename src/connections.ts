import type { Clock } from './world/clock.js';
import type { Tavern } from './world/tavern.js';
import type { Player } from './world/player.js';
import { Login } from './login/login.js';
import type { Door } from './login/door.js';
import { droppedLinesNotice, LineQueue } from './line-queue.js';
import type { Session } from './output/outbox.js';
import { NewcomerLimits } from './telnet/per-address.js';
import { AddressLog } from './telnet/address-log.js';
import { PageResume, ResumeRequest, ResumeTokens } from './web/resume.js';
import { GmcpRequest } from './telnet/gmcp.js';
import { currentTurn } from './output/turn.js';
import type { WebConnection } from './web/connection.js';

/** What the server needs of a connection, telnet or web. */
export interface Connection {
  readonly id: number | string;
  /** The player's address (a trusted proxy's word for it, else the peer's). */
  readonly remoteAddress: string;
  /** The trusted proxy it came through, when one named the player. */
  readonly via?: string;
  /** The connection is a trusted proxy's own (PROXY LOCAL or UNKNOWN: a health check). */
  readonly proxyOwn?: boolean;
  readonly closed: boolean;
  close(farewell?: string): void;
  /** Who hears each line typed (one listener). */
  onLine(listener: (line: string) => void): void;
  /** Who hears what the client asks for besides lines (GMCP's Char.Items.Inv; telnet only). */
  onRequest?(listener: (request: GmcpRequest) => void): void;
  on(event: 'close', listener: () => void): unknown;
  /** How the client describes itself, for the log. */
  describe(): string;
  /** Closes with one line, freeing the socket as soon as the line is written (a newcomer past a limit). */
  refuse(line: string): void;
  /** Stops and starts reading from the client (the line queue's backpressure). */
  pauseInput(): void;
  resumeInput(): void;
  /** Answers a MUD list's plain-text MSSP-REQUEST and closes (telnet only). */
  closeWithMssp?(): void;
}

/**
 * Every connection, telnet or web, from the greeting to goodbye: the newcomer limits, the door,
 * the line queue that feeds the tavern its lines, and a dropped player left for their return.
 */
export class Connections {
  /** The server is closing (a stop or a failed store): newcomers are turned away, lines dropped. */
  stopping = false;
  readonly limits: NewcomerLimits;
  private readonly open = new Set<Connection>();
  /** Connections still at the door, not yet in the game. */
  private readonly atTheDoor = new Set<Login>();
  private readonly tokens: ResumeTokens;
  /** The log's connection lines, summed up past so many a minute from one address. */
  private readonly addressLog: AddressLog;

  constructor(
    private readonly tavern: Tavern,
    private readonly door: Door,
    private readonly clock: Clock,
    private readonly log: (line: string) => void,
  ) {
    this.limits = new NewcomerLimits(tavern.settings.connectionsPerAddress, tavern.settings.greetingLimit, log);
    this.tokens = new ResumeTokens(clock);
    this.addressLog = new AddressLog(log, () => clock.now());
    // A player thrown out while their page was away must not come back on its token.
    tavern.onLeft = (key) => this.tokens.left(key);
  }

  /** A new connection: `page` is the same connection when it is a web page, which may resume a session (web/resume.ts). */
  arrive(c: Connection, session: Session, page?: WebConnection): void {
    const { tavern, door, clock, log, tokens, limits, atTheDoor } = this;
    if (this.stopping) {
      c.close('The tavern is closing; come back soon.');
      return;
    }
    const refusal = limits.admit(c.id, c.remoteAddress);
    if (refusal !== null) return c.refuse(refusal);
    this.open.add(c);
    // A proxy's own connection (its health check, every few seconds) is logged once it says something;
    // past so many a minute from one address, a connection is only counted (address-log.ts).
    const oneByOne = this.addressLog.opening(c.remoteAddress);
    let logged = !oneByOne;
    const logOpen = () => {
      if (!logged) log(`connection ${c.id} from ${c.remoteAddress}${c.via ? ` through the proxy at ${c.via}` : c.proxyOwn ? ' (the proxy itself)' : ''}`);
      logged = true;
    };
    if (!c.proxyOwn) logOpen();
    let player: Player | null = null;
    const resume = page ? new PageResume(tokens, page, log) : null;
    // Let go of once the player is in: a connection keeps nothing of the door for its lifetime.
    let login: Login | null = new Login(tavern, session, c.remoteAddress, door, clock, (p) => {
      player = p;
      if (login) atTheDoor.delete(login);
      login = null;
      limits.loggedIn(c.remoteAddress);
      log(`connection ${c.id}${oneByOne ? '' : ` from ${c.remoteAddress}`} is ${p.name} (${c.describe()})`);
      // A new token for a page; a login anywhere ends the session a page might have come back to.
      if (resume) resume.entered(p.key);
      else tokens.loggedIn(p.key);
    });
    atTheDoor.add(login);
    // One request is taken a turn of the event loop: a client asking again in the same read gets
    // that one answer (how many it may send at all is its GMCP budget, input-budget.ts).
    let listTurn = -1;
    // In order; a player's next line once the last one's command has run, not its write (line-queue.ts).
    const lines = new LineQueue<string | ResumeRequest | GmcpRequest>(
      (line) => {
        if (c.closed || this.stopping) return;
        if (line instanceof ResumeRequest) return resume?.resume(line.token, player ? null : login);
        // The list of what the player carries, asked for again: sent whole, after what their last line changed.
        if (line instanceof GmcpRequest) {
          if (!player || player.session !== session) return;
          tavern.panels.listItems(player);
          return void tavern.release();
        }
        // A MUD list's crawler at the greeting: the MSSP variables as text, then goodbye.
        if (!player && line.trim() === 'MSSP-REQUEST' && c.closeWithMssp) return c.closeWithMssp();
        // The reply follows from the outbox, once on disk; the next line waits only for a command that waits.
        if (player && player.session === session) return tavern.runLine(player, line).ran;
        if (!player) return login?.handleLine(line);
      },
      (e) => log(`error on connection ${c.id}: ${e.stack ?? e.message}`),
      {
        pause: () => c.pauseInput(),
        resume: () => c.resumeInput(),
        overflow: (limits) => session.deliver({ text: [droppedLinesNotice(limits)], prompt: false }),
      },
    );
    c.onLine((line) => {
      logOpen();
      lines.push(line);
    });
    page?.on('resume', (token) => lines.push(new ResumeRequest(token)));
    c.onRequest?.((request) => {
      if (listTurn === currentTurn()) return;
      listTurn = currentTurn();
      lines.push(request);
    });
    c.on('close', () => {
      lines.stop();
      this.open.delete(c);
      limits.release(c.remoteAddress, login !== null);
      if (logged && oneByOne) log(`connection ${c.id} closed`);
      if (login) {
        atTheDoor.delete(login);
        login.dispose();
      }
      // Still the player's session: it dropped rather than ended (quit, a takeover), and may come back.
      const dropped = !this.stopping && player !== null && player.session === session;
      resume?.closed(dropped);
      if (dropped && player) tavern.connectionLost(player);
    });
  }

  /** Tells everyone still at the door why they cannot come in, and sends them away. */
  turnAwayAtTheDoor(reason: string): void {
    for (const login of this.atTheDoor) login.turnAway(reason);
  }

  /** A minute's connections not logged one by one, summed up: every minute, and at a stop. */
  sumUpTheLog(now = false): void {
    this.addressLog.endMinute(now);
  }

  /** Closes every connection, with a last line when there is one to say. */
  closeAll(farewell?: string): void {
    for (const c of this.open) c.close(farewell);
  }
}
