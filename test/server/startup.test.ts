// A node that cannot start says why in one line, exits 1 and leaves nothing open: a busy port
// (REST, the RPC and its WebSocket, ABCI); a database another node uses (refused at start, not at
// its first block, nor through a symlink or hard link to it), while a lock left by a node killed with SIGKILL does not block a restart; a
// database of another state format, refused before anything is written to it (byte for byte the same).

import { test } from "uvu";
import * as assert from "uvu/assert";
import { spawn } from "node:child_process";
import { link, mkdir, mkdtemp, readdir, readFile, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { run, type RunningNode } from "../../host/main.js";
import { loadCore } from "../../host/core/core.js";
import { wasm } from "../helpers/node.js";
import { ROOT } from "../helpers/cli.js";
import { canListen, freePort, occupy } from "../helpers/ports.js";

const DIR = await mkdtemp(join(tmpdir(), "startup-test-"));
test.after(() => rm(DIR, { recursive: true, force: true }));
let dbs = 0;
const freshDb = () => join(DIR, `${++dbs}.db`);

/** `npm start -- <argv>` in process: the exit code or the running node, and the lines it printed. */
async function start(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const result = await run(argv, {}, { out: (t) => out.push(t), err: (t) => err.push(t) }, { core: await loadCore(wasm) });
  return { result, out, err };
}

for (const which of ["REST", "RPC", "ABCI"] as const) {
  test(`the ${which} port in use: one error line, exit 1, the ports it opened closed again, the database free`, async () => {
    const busy = await occupy();
    try {
      const [rest, rpc] = [await freePort(), await freePort()];
      const db = freshDb();
      const argv = which === "REST" ? ["--port", `${busy.port}`, "--rpc-port", `${rpc}`]
        : which === "RPC" ? ["--port", `${rest}`, "--rpc-port", `${busy.port}`]
        : ["--port", `${rest}`, "--abci", `tcp://127.0.0.1:${busy.port}`];
      const { result, out, err } = await start([...argv, "--block-time", "1h", "--db", db]);
      assert.is(result, 1, err.join("\n"));
      assert.equal(err, [`error: cannot listen on 127.0.0.1:${busy.port}: address already in use`]);
      assert.equal(out, []);
      for (const port of which === "REST" ? [rpc] : [rest]) assert.ok(await canListen(port), `port ${port} left open`);
      // The database was closed: the same one starts a node.
      const again = await start(["--port", "0", "--rpc-port", "off", "--block-time", "1h", "--db", db]);
      assert.type(again.result, "object", again.err.join("\n"));
      await (again.result as RunningNode).close();
    } finally {
      await new Promise<void>((resolve) => busy.server.close(() => resolve()));
    }
  });
}

/** Start a node on `db`: the running node (asserted). */
async function serve(db: string): Promise<RunningNode> {
  const { result, err } = await start(["--port", "0", "--rpc-port", "off", "--clock", "simulated", "--db", db]);
  assert.type(result, "object", err.join("\n"));
  return result as RunningNode;
}

test("a database another node of this process holds: refused at start, naming the process; free again once it closes", async () => {
  const db = freshDb();
  const first = await serve(db);
  try {
    const second = await start(["--port", "0", "--rpc-port", "off", "--clock", "simulated", "--db", db]);
    assert.is(second.result, 1);
    assert.is(second.err.length, 1, second.err.join("\n"));
    assert.match(second.err[0]!, `error: cannot open the database ${db}: database in use by process ${process.pid} `);
    // The first node is untouched: it still makes blocks.
    assert.is((await fetch(`${first.url}/dev/advance?blocks=2`, { method: "POST" })).status, 200);
    assert.is(first.chain.latest.height, 2n);
  } finally {
    await first.close();
  }
  const again = await serve(db);
  assert.is(again.chain.latest.height, 2n);
  await again.close();
});

test("a second node through a symlink or a hard link to the database, from another folder, is refused; the first keeps its chain", async () => {
  const db = freshDb();
  const first = await serve(db);
  const elsewhere = join(DIR, `links-${dbs}`);
  await mkdir(elsewhere);
  await symlink(db, join(elsewhere, "symlink.db"));
  await link(db, join(elsewhere, "hardlink.db"));
  try {
    for (const other of ["symlink.db", "hardlink.db"]) {
      const second = await start(["--port", "0", "--rpc-port", "off", "--clock", "simulated", "--db", join(elsewhere, other)]);
      assert.is(second.result, 1, other);
      assert.match(second.err.join("\n"), `database in use by process ${process.pid} `);
    }
    assert.is((await fetch(`${first.url}/dev/advance?blocks=2`, { method: "POST" })).status, 200);
    assert.is(first.chain.latest.height, 2n);
  } finally {
    await first.close();
  }
  // Closed, the same file opens through a link.
  const again = await serve(join(elsewhere, "symlink.db"));
  assert.is(again.chain.latest.height, 2n);
  await again.close();
});

test("a node killed with SIGKILL: while it ran its database was refused; after, it restarts at its last block", async () => {
  const db = freshDb();
  const child = spawn(process.execPath, ["--import", "tsx", "host/main.ts", "--port", "0", "--rpc-port", "off", "--clock", "simulated", "--db", db], {
    cwd: ROOT, env: { ...process.env, PORT: undefined, DB_PATH: undefined },
  });
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on("exit", (_code, signal) => resolve(signal)));
  let stdout = "";
  let stderr = "";
  child.stderr.on("data", (d: Buffer) => (stderr += d));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on("data", (d: Buffer) => {
      stdout += d;
      const m = /serving (http:\/\/\S+) /.exec(stdout);
      if (m) resolve(m[1]!);
    });
    child.on("exit", () => reject(new Error(`the node exited before serving: ${stderr}`)));
  });
  try {
    assert.is((await fetch(`${url}/dev/advance?blocks=3`, { method: "POST" })).status, 200);
    const refused = await start(["--port", "0", "--rpc-port", "off", "--clock", "simulated", "--db", db]);
    assert.is(refused.result, 1);
    assert.match(refused.err.join("\n"), `database in use by process ${child.pid} `);
    // Nor by another path to the same file, from another folder: a symlink, a hard link.
    const elsewhere = await mkdtemp(join(DIR, "elsewhere-"));
    await symlink(db, join(elsewhere, "via-symlink.db"));
    await link(db, join(elsewhere, "via-hardlink.db"));
    for (const other of ["via-symlink.db", "via-hardlink.db"]) {
      const viaLink = await start(["--port", "0", "--rpc-port", "off", "--clock", "simulated", "--db", join(elsewhere, other)]);
      assert.is(viaLink.result, 1, other);
      assert.match(viaLink.err.join("\n"), `database in use by process ${child.pid} `);
    }
  } finally {
    child.kill("SIGKILL");
  }
  assert.is(await exited, "SIGKILL");
  const restarted = await serve(db);
  assert.is(restarted.chain.latest.height, 3n);
  assert.is((await fetch(`${restarted.url}/dev/advance?blocks=1`, { method: "POST" })).status, 200);
  assert.is(restarted.chain.latest.height, 4n);
  await restarted.close();
});

/** What a refused start must leave as it was: the file's bytes, its schema and user_version, the directory's files. */
async function snapshot(db: string) {
  const d = new Database(db, { readonly: true });
  const schema = d.prepare("SELECT type, name, sql FROM sqlite_master ORDER BY type, name").all();
  const userVersion = d.pragma("user_version", { simple: true });
  d.close();
  return { bytes: await readFile(db), schema, userVersion, files: (await readdir(DIR)).sort() };
}

for (const age of ["another state format", "another state format and an older schema"] as const) {
  test(`a database of ${age}: refused with one line, before anything is written to it`, async () => {
    const db = freshDb();
    const node = await serve(db);
    await fetch(`${node.url}/dev/advance?blocks=2`, { method: "POST" });
    await node.close();
    const d = new Database(db);
    d.prepare("UPDATE meta SET value = '1' WHERE key = 'state_format'").run();
    if (age !== "another state format") {
      // As an earlier build left it: no tx search index, no consensus column, a rollback journal.
      d.exec("DROP TABLE tx_attrs; DELETE FROM meta WHERE key = 'tx_attrs'; ALTER TABLE blocks DROP COLUMN consensus");
      d.pragma("journal_mode = DELETE");
    }
    d.close();
    const before = await snapshot(db);
    const { result, err } = await start(["--port", "0", "--rpc-port", "off", "--clock", "simulated", "--db", db]);
    assert.is(result, 1);
    assert.equal(err, [`error: ${db}: written in state format 1; this build reads format 2: start a new database (--db), or use the build that wrote it`]);
    const after = await snapshot(db);
    assert.equal(after.schema, before.schema);
    assert.is(after.userVersion, before.userVersion);
    assert.equal(after.files, before.files, "no file left beside it (lock, WAL)");
    assert.ok(after.bytes.equals(before.bytes), "the database file is byte for byte the same");
  });
}

test.run();
