/**
 * Preloaded into a dealer under test (NODE_OPTIONS=--import): while the file FULL_DISK names
 * exists, every write to a books journal fails as a full disk fails it (ENOSPC), so a test can
 * fill the disk at the moment it chooses.
 */
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';

const trigger = process.env.FULL_DISK;
const write = fs.writeSync;
fs.writeSync = function (fd, ...rest) {
  if (trigger && fs.existsSync(trigger) && fs.readlinkSync(`/proc/self/fd/${fd}`).endsWith('books.journal')) {
    throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' });
  }
  return write.call(this, fd, ...rest);
};
syncBuiltinESMExports();
