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

/** Lock files held by this process's open stores. */
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
  const releasePath = takeLock(`${real}.lock`);
  let releaseInode: () => void;
  try {
    releaseInode = takeLock(join(dir, `${dev}-${ino}.lock`));
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

/** Take one lock file; returns its release. */
function takeLock(path: string): () => void {
  for (let attempt = 0; attempt < 5; attempt++) {
    if (create(path)) {
      held.add(path);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        held.delete(path);
        if (owner(path) === process.pid) removeIfPresent(path);
      };
    }
    const pid = owner(path);
    if (pid !== undefined && alive(pid) && (pid !== process.pid || held.has(path))) throw new DatabaseInUseError(pid, path);
    removeIfPresent(path); // stale: its process is gone
  }
  throw new Error(`cannot take the database's lock ${path}: it keeps changing (another node starting?)`);
}

/** Create the lock with this process's id, whole; false if a lock is there. */
function create(path: string): boolean {
  const temp = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  const fd = openSync(temp, "wx");
  try {
    writeSync(fd, `${process.pid}\n`);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(temp, path);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw e;
  } finally {
    removeIfPresent(temp);
  }
}

/** The process id a lock names; undefined if there is none or it names none. */
function owner(path: string): number | undefined {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
  return /^[1-9][0-9]{0,9}\n?$/.test(text) ? Number(text.trim()) : undefined;
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
