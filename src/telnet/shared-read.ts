import net from 'node:net';

/**
 * Every plain TCP connection's reads land in this one buffer, each read parsed before the next
 * (the event loop runs one at a time), so no read allocates. Node's streams allocate a 64 KiB
 * buffer at each read, shrink it to what came, wrap it and emit it as 'data': at 600 clients
 * looping `inventory` that was a seventh of the server's CPU a line (docs/performance.md).
 * Whoever keeps bytes past the read copies them (reader.ts's held rest; the parser and the
 * line assembler copy what they keep).
 */
const SHARED = Buffer.allocUnsafe(64 * 1024);

/** `bytes` to keep past the read they came in: a copy if they are the shared buffer's, else themselves. */
export function kept(bytes: Buffer): Buffer {
  return bytes.buffer === SHARED.buffer ? Buffer.from(bytes) : bytes;
}

/** A socket whose reads come to `hear` as views of the shared buffer, not as 'data' events. */
export class SharedReadSocket extends net.Socket {
  /** The connection's reader (reader.ts). */
  hear: (chunk: Buffer) => void = () => undefined;
  /** Hears each read before `hear` until it returns false: a direct connection's first bytes, watched for a PROXY header (proxied.ts). */
  watch: ((chunk: Buffer) => boolean) | null = null;
}

/** What node's sockets keep that a new socket on the same connection needs (not in its typings). */
interface WithHandle {
  _handle: { useUserBuffer?: unknown } | null;
}

/**
 * The accepted socket `accepted` as a SharedReadSocket on its connection, or itself where node's
 * socket has no handle that can read into a buffer of ours. Node takes a buffer of ours (`onread`)
 * only for a socket it is told of at creation, and a server creates its sockets itself: the
 * new socket takes over the handle (as node's own server does with it), and the accepted one is
 * let go, without closing the handle, once the new one closes, so the server's count of its
 * connections stays right.
 */
export function readingIntoSharedBuffer(accepted: net.Socket): net.Socket {
  const was = accepted as unknown as WithHandle;
  const handle = was._handle;
  if (!handle || typeof handle.useUserBuffer !== 'function') return accepted;
  was._handle = null;
  const socket: SharedReadSocket = new SharedReadSocket({
    handle,
    onread: {
      buffer: SHARED,
      callback: (length: number) => {
        const chunk = SHARED.subarray(0, length);
        if (socket.watch && !socket.watch(chunk)) socket.watch = null;
        socket.hear(chunk);
        return true;
      },
    },
  } as net.SocketConstructorOpts);
  socket.once('close', () => accepted.destroy());
  return socket;
}
