/**
 * PGlite has no lock across processes and a second opener silently loses writes, so the
 * process that opens DATA_DIR holds a lock file there and a second one is refused.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

export interface DataDirLock {
  release(): void;
}

interface Holder {
  pid: number;
  /** Random per lock: tells this process's own live lock from a dead one that had the same pid. */
  token?: string;
  host: string;
  startedAt: string;
  command: string;
}

export class DataDirLockedError extends Error {}

/** Tokens of the locks this process holds now. */
const heldTokens = new Set<string>();

export function acquireDataDirLock(dataDir: string): DataDirLock {
  const file = path.join(dataDir, 'clearlist.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(file, 'wx');
      const token = randomBytes(16).toString('hex');
      const holder: Holder = {
        pid: process.pid,
        token,
        host: hostname(),
        startedAt: new Date().toISOString(),
        command: process.argv.slice(1).join(' '),
      };
      writeSync(fd, JSON.stringify(holder));
      closeSync(fd);
      heldTokens.add(token);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          heldTokens.delete(token);
          rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readHolder(file);
      if (holder && isAlive(holder)) {
        throw new DataDirLockedError(
          `The data folder ${dataDir} is in use by process ${holder.pid} on ${holder.host} ` +
            `(started ${holder.startedAt}: ${holder.command}). Stop it first, or set DATA_DIR ` +
            `to another folder, or use DATABASE_URL to share a PostgreSQL server between processes.`,
        );
      }
      // The holder is gone (crash, SIGKILL): the lock is stale and can be taken over.
      rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dataDir}.`);
}

function readHolder(file: string): Holder | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Holder;
  } catch {
    return null;
  }
}

function isAlive(holder: Holder): boolean {
  if (holder.host !== hostname()) return true;
  // Our own pid: live only if this process took that very lock. A container restarted with
  // the same pid (often 1) finds the lock of its previous life, which is stale.
  if (holder.pid === process.pid) return holder.token !== undefined && heldTokens.has(holder.token);
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
