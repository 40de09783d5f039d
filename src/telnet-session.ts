/** A telnet connection as the tavern sees it (web/session.ts is the web page's). */
import type { TelnetConnection } from './telnet/connection.js';
import type { Delivery, Session, Setting } from './output/outbox.js';

/** The Session of a telnet connection: the connection does the work; this names it for the tavern. */
class TelnetSession implements Session {
  constructor(private readonly c: TelnetConnection) {}
  deliver(delivery: Delivery): void {
    this.c.deliver(delivery);
  }
  wantsGmcp(name: string): boolean {
    return this.c.wantsGmcp(name);
  }
  gmcp(name: string, data?: unknown): void {
    this.c.gmcp(name, data);
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
}

export function sessionOf(c: TelnetConnection): Session {
  return new TelnetSession(c);
}
