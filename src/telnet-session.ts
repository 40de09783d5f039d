/** A telnet connection as the tavern sees it (web/session.ts is the web page's). */
import type { TelnetConnection } from './telnet/connection.js';
import { GMCP_PACKAGES, gmcpOf } from './telnet/gmcp.js';
import { BEHIND_BYTES, type Delivery, type Session, type Setting } from './output/outbox.js';
import type { NewsKind } from './output/news.js';

/** The Session of a telnet connection: the connection does the work; this names it for the tavern. */
class TelnetSession implements Session {
  constructor(private readonly c: TelnetConnection) {}
  /** The panels' news goes as GMCP, before the text; most deliveries have none and go as they are. */
  deliver(delivery: Delivery): void {
    this.c.deliver(delivery.news ? { text: delivery.text, gmcp: delivery.news.map(gmcpOf), prompt: delivery.prompt } : delivery);
  }
  wants(kind: NewsKind): boolean {
    return this.c.wantsGmcp(GMCP_PACKAGES[kind]);
  }
  close(farewell?: string): void {
    this.c.close(farewell);
  }
  cork(): void {
    this.c.cork();
  }
  uncork(): void {
    this.c.uncork();
  }
  hideInput(): void {
    this.c.hideInput();
  }
  showInput(): void {
    this.c.showInput();
  }
  get width(): number {
    return this.c.profile.width;
  }
  get colour(): Setting {
    return this.c.colour;
  }
  set colour(setting: Setting) {
    this.c.colour = setting;
  }
  get screenReader(): Setting {
    return this.c.screenReader;
  }
  set screenReader(setting: Setting) {
    this.c.screenReader = setting;
  }
  get colourInUse(): boolean {
    return this.c.profile.colour > 0;
  }
  get screenReaderInUse(): boolean {
    return this.c.profile.screenReader;
  }
  get behind(): boolean {
    return this.c.queuedBytes > BEHIND_BYTES;
  }
}

export function sessionOf(c: TelnetConnection): Session {
  return new TelnetSession(c);
}
