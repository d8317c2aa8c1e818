// One writer per database: a node's store holds `<db>.lock`, a file naming its process id, from
// open to close. Another open finds it and is refused ("database in use by process N") while that
// process lives; a lock whose process is gone (kill -9, a crash, power loss) is stale and taken
// over, so a restart is never blocked. Within one process each open store holds its own lock, so
// a second open there is refused too, while a lock bearing this process's id that no store here
// holds is a dead predecessor's (a container's pid 1 restarted).
//
// The lock is on the file, not on a path to it: a store takes two lock files, `<db>.lock` beside
// the database's real path (symlinks resolved) and one named by the file's device and inode in the
// machine's lock directory (`<tmpdir>/tiered-rewards-engine-locks/`), so neither a symlink, a hard
// link nor a bind mount of the same file lets a second writer in.
//
// Each lock is made whole in one step (written to a temporary file, then hard-linked into place),
// so nobody ever reads a half-written one. Not covered: two processes taking over the same stale
// lock in the same instant.

import { closeSync, linkSync, mkdirSync, openSync, readFileSync, realpathSync, statSync, unlinkSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

/** The database is held by a live process. */
export class DatabaseInUseError extends Error {
  constructor(readonly pid: number, lockPath: string) {
    super(`database in use by process ${pid} (its lock: ${lockPath}); stop that node first`);
    this.name = "DatabaseInUseError";
  }
}

/** The tokens of the locks this process's open stores hold. */
const held = new Set<string>();

/** Where the locks named by device and inode live (one per machine, or per TMPDIR). */
export function lockDirectory(): string {
  return join(tmpdir(), "tiered-rewards-engine-locks");
}

/**
 * Take the database's locks (its real path's and its inode's); returns their release. Creates an
 * empty database file if there is none (SQLite would, a moment later). Throws DatabaseInUseError.
 */
export function lockDatabase(dbPath: string): () => void {
  const real = realFile(dbPath);
  const { dev, ino } = statSync(real, { bigint: true });
  const dir = lockDirectory();
  mkdirSync(dir, { recursive: true });
  const releasePath = takeLock(`${real}.lock`, real);
  let releaseInode: () => void;
  try {
    // An inode is reused once its file is deleted: a lock naming a file that is gone (or is
    // another file now) is not this file's, whoever holds it.
    releaseInode = takeLock(join(dir, `${dev}-${ino}.lock`), real, (holder) => sameFile(holder, dev, ino));
  } catch (e) {
    releasePath();
    throw e;
  }
  return () => {
    releaseInode();
    releasePath();
  };
}

/** The database file's real path, the file created empty if missing (its folder must exist). */
function realFile(dbPath: string): string {
  const path = resolve(dbPath);
  try {
    closeSync(openSync(path, "wx"));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== "EEXIST") throw e;
  }
  return realpathSync(path);
}

/** Whether `file` (a lock holder's database) is still the file of device `dev`, inode `ino`. */
function sameFile(file: string | undefined, dev: bigint, ino: bigint): boolean {
  if (file === undefined) return true; // a lock that names no file: taken as this one's
  try {
    const st = statSync(file, { bigint: true });
    return st.dev === dev && st.ino === ino;
  } catch {
    return false;
  }
}

/**
 * Take one lock file for the database `file`; returns its release. `holds(file)`: whether a live
 * holder's recorded database is still the one being locked (else its lock is stale).
 */
function takeLock(path: string, file: string, holds: (holderFile: string | undefined) => boolean = () => true): () => void {
  for (let attempt = 0; attempt < 5; attempt++) {
    const token = create(path, file);
    if (token !== undefined) {
      held.add(token);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        held.delete(token);
        if (owner(path)?.token === token) removeIfPresent(path);
      };
    }
    const o = owner(path);
    if (o !== undefined && alive(o.pid) && (o.pid !== process.pid || (o.token !== undefined && held.has(o.token))) && holds(o.file)) {
      throw new DatabaseInUseError(o.pid, path);
    }
    removeIfPresent(path); // stale: its process is gone, or its database is
  }
  throw new Error(`cannot take the database's lock ${path}: it keeps changing (another node starting?)`);
}

/** Create the lock naming this process, the database and a token of its own, whole; undefined if a lock is there. */
function create(path: string, file: string): string | undefined {
  const token = `${process.pid}.${Date.now().toString(36)}.${Math.random().toString(36).slice(2)}`;
  const temp = `${path}.${token}`;
  const fd = openSync(temp, "wx");
  try {
    writeSync(fd, `${process.pid}\n${file}\n${token}\n`);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(temp, path);
    return token;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "EEXIST") return undefined;
    throw e;
  } finally {
    removeIfPresent(temp);
  }
}

/** Who a lock names: its process id, and (locks since files were named) its database and token; undefined if none. */
function owner(path: string): { pid: number; file?: string; token?: string } | undefined {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
  const [pid, file, token] = text.split("\n");
  if (pid === undefined || !/^[1-9][0-9]{0,9}$/.test(pid)) return undefined;
  return { pid: Number(pid), ...(file ? { file } : {}), ...(token ? { token } : {}) };
}

/** Whether a process with this id exists (EPERM: it does, under another user). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

function removeIfPresent(path: string): void {
  try {
    unlinkSync(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
  }
}
