// What the chain's modules read of Node's `process` where a browser has none.
export const process = { env: {} as Record<string, string | undefined>, stderr: { write: (_: string) => true }, platform: "browser" };
export { Buffer } from "buffer";
