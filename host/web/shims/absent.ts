// A Node module a simulation imports but never calls (the database, files, the native binding, CLI
// argument parsing, worker threads): any use fails loudly.
const absent = (name: string) => () => {
  throw new Error(`${name}: not available in a browser`);
};
module.exports = new Proxy({}, {
  get: (_target, key) => (key === "__esModule" ? false : key === "default" ? module.exports : absent(String(key))),
});
