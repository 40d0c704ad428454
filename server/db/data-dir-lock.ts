/**
 * PGlite has no lock on its data directory: two processes opening the same
 * directory both succeed and then corrupt it. This file records which process
 * owns the directory (`<dataDir>/owner.json`, created exclusively) and, for
 * the server, where its local admin listener is, so the admin CLI can hand its
 * command to the running server instead of opening the database itself.
 * An owner whose pid no longer exists is stale and is replaced.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface DataDirOwner {
  pid: number;
  role: 'server' | 'admin';
  /** Base URL of the server's local admin listener, once it listens. */
  adminUrl?: string;
  startedAt: string;
}

export class DataDirBusyError extends Error {
  readonly owner: DataDirOwner;
  constructor(dataDir: string, owner: DataDirOwner) {
    super(`The data directory ${dataDir} is in use by the ${owner.role} process ${owner.pid}.`);
    this.name = 'DataDirBusyError';
    this.owner = owner;
  }
}

export interface DataDirLock {
  readonly file: string;
  update(patch: Partial<Pick<DataDirOwner, 'adminUrl'>>): void;
  release(): void;
}

const ownerFile = (dataDir: string) => path.join(dataDir, 'owner.json');

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The live owner of the data directory, or null (none, unreadable or stale). */
export function readDataDirOwner(dataDir: string): DataDirOwner | null {
  let owner: DataDirOwner;
  try {
    owner = JSON.parse(readFileSync(ownerFile(dataDir), 'utf8')) as DataDirOwner;
  } catch {
    return null;
  }
  if (typeof owner.pid !== 'number' || !isProcessAlive(owner.pid)) return null;
  return owner;
}

function writeAtomic(file: string, content: string): void {
  const tmp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(tmp, content, { mode: 0o600 });
  renameSync(tmp, file);
}

export function acquireDataDirLock(dataDir: string, role: DataDirOwner['role']): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = ownerFile(dataDir);
  const owner: DataDirOwner = { pid: process.pid, role, startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(file, JSON.stringify(owner), { flag: 'wx', mode: 0o600 });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off('exit', release);
        try {
          const current = JSON.parse(readFileSync(file, 'utf8')) as DataDirOwner;
          if (current.pid === process.pid) unlinkSync(file);
        } catch {
          // already gone
        }
      };
      process.on('exit', release);
      return {
        file,
        update(patch) {
          Object.assign(owner, patch);
          writeAtomic(file, JSON.stringify(owner));
        },
        release,
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const current = readDataDirOwner(dataDir);
      if (current && current.pid !== process.pid) throw new DataDirBusyError(dataDir, current);
      // Stale (dead pid or unreadable): remove and try again.
      try {
        unlinkSync(file);
      } catch {
        // someone else removed it
      }
    }
  }
  throw new Error(`Could not lock the data directory ${dataDir}.`);
}
