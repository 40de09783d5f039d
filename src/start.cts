/**
 * The program's entry (`npm start` runs dist/src/start.cjs): sizes libuv's thread pool while it
 * has not started yet (see threadpool.cts), then runs the server. A host's own
 * UV_THREADPOOL_SIZE is kept; the server then hashes as many passwords at once as it leaves room for.
 */
import { wantedThreadPool } from './threadpool.cjs';

process.env.UV_THREADPOOL_SIZE ||= String(wantedThreadPool());
void import('./main.js');
