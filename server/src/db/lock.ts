/**
 * One process at a time on a PGlite data dir: PGlite keeps no lock of its own, and two processes writing
 * the same files corrupt them. `DATA_DIR/pglite.pid` names the owner; a file left by a killed process
 * (its pid gone) is taken over.
 */
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

const lockFile = (dataDir: string) => join(dataDir, 'pglite.pid');

function alive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The live process holding the data dir, or null. */
export function dataDirOwner(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number(readFileSync(lockFile(dataDir), 'utf8').trim());
  } catch {
    return null;
  }
  return Number.isInteger(pid) && pid > 0 && alive(pid) ? pid : null;
}

/** Takes the data dir for this process (refused while another live process has it); returns the release. */
export function lockDataDir(dataDir: string): () => void {
  const file = lockFile(dataDir);
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw err;
      const owner = dataDirOwner(dataDir);
      if (owner !== null)
        throw new Error(
          `The data dir ${dataDir} is in use by process ${owner}; stop it first (one process per PGlite data dir).`,
        );
      rmSync(file, { force: true });
    }
  }
  return () => {
    if (dataDirOwner(dataDir) === process.pid) rmSync(file, { force: true });
  };
}
