/**
 * PGlite has no lock across processes and a second opener silently loses writes, so the
 * process that opens DATA_DIR holds a lock file there and a second one is refused.
 */
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

export interface DataDirLock {
  release(): void;
}

interface Holder {
  pid: number;
  host: string;
  startedAt: string;
  command: string;
}

export class DataDirLockedError extends Error {}

export function acquireDataDirLock(dataDir: string): DataDirLock {
  const file = path.join(dataDir, 'clearlist.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(file, 'wx');
      const holder: Holder = {
        pid: process.pid,
        host: hostname(),
        startedAt: new Date().toISOString(),
        command: process.argv.slice(1).join(' '),
      };
      writeSync(fd, JSON.stringify(holder));
      closeSync(fd);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
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
  if (holder.pid === process.pid) return true;
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
