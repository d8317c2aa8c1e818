// One writer per database: a node's store holds `<db>.lock`, a file naming its process id, from
// open to close. Another open finds it and is refused ("database in use by process N") while that
// process lives; a lock whose process is gone (kill -9, a crash, power loss) is stale and taken
// over, so a restart is never blocked. Within one process each open store holds its own lock, so
// a second open there is refused too, while a lock bearing this process's id that no store here
// holds is a dead predecessor's (a container's pid 1 restarted).
//
// The lock is made whole in one step (written to a temporary file, then hard-linked into place),
// so nobody ever reads a half-written one. Not covered: two processes taking over the same stale
// lock in the same instant.

import { closeSync, linkSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import { resolve } from "node:path";

/** The database is held by a live process. */
export class DatabaseInUseError extends Error {
  constructor(readonly pid: number, lockPath: string) {
    super(`database in use by process ${pid} (its lock: ${lockPath}); stop that node first`);
    this.name = "DatabaseInUseError";
  }
}

/** Lock files held by this process's open stores. */
const held = new Set<string>();

/** Take the database's lock; returns its release. Throws DatabaseInUseError. */
export function lockDatabase(dbPath: string): () => void {
  const path = resolve(`${dbPath}.lock`);
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
