/**
 * `--trust-proxy`: the reverse proxies whose word on the player's address is taken (their
 * X-Forwarded-For on the web port, their PROXY protocol header on the telnet ports). proxy-addr
 * (Express's) reads the list, CIDR ranges and IPv4-mapped peers included, and walks the
 * X-Forwarded-For hops.
 */
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import proxyaddr from 'proxy-addr';

export class TrustedProxies {
  private constructor(
    /** The list as given, for the log. */
    readonly entries: readonly string[],
    private readonly trust: (address: string, hop: number) => boolean,
  ) {}

  /** No proxy is trusted: every header is refused or ignored. */
  static readonly none = new TrustedProxies([], () => false);

  /**
   * Reads `ADDR,...` (addresses, CIDR ranges such as `10.0.0.0/8`, or proxy-addr's names
   * `loopback`, `linklocal`, `uniquelocal`); a string says what is wrong with it.
   */
  static parse(list: string | readonly string[]): TrustedProxies | string {
    const entries = (typeof list === 'string' ? list.split(',') : list).map((e) => e.trim()).filter((e) => e !== '');
    if (entries.length === 0) return TrustedProxies.none;
    for (const entry of entries) {
      try {
        proxyaddr.compile(entry);
      } catch {
        return `"${entry}" is not an address, a CIDR range (10.0.0.0/8, fd00::/8) or one of loopback, linklocal, uniquelocal`;
      }
    }
    return new TrustedProxies(entries, proxyaddr.compile([...entries]));
  }

  get any(): boolean {
    return this.entries.length > 0;
  }

  /** Whether a peer (a socket's remote address) is one of the proxies. */
  trusts(peer: string): boolean {
    return this.any && this.trust(peer, 0);
  }

  /**
   * The player's address for an HTTP request: from X-Forwarded-For, walking back from the peer
   * over trusted hops only, so a client cannot name itself by sending the header. A request from
   * any other peer is that peer, whatever it says. A hop that is not an address (a proxy's
   * mistake) leaves the last trusted one.
   */
  clientOf(req: IncomingMessage): string {
    const peer = req.socket.remoteAddress ?? 'unknown';
    if (!this.trusts(peer)) return peer;
    const hops = proxyaddr.all(req, this.trust);
    for (let i = hops.length - 1; i > 0; i--) if (isIP(hops[i])) return hops[i];
    return peer;
  }
}
