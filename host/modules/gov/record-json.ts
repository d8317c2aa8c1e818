// x/gov's records as the node stores them: JSON with bigints as "<n>n" strings, read back.

import type { Proposal } from "./proposal.js";
import type { Vote } from "./tally.js";

/** JSON.stringify replacer: bigints as strings. */
export function bigints(_key: string, value: unknown): unknown {
  return typeof value === "bigint" ? `${value}n` : value;
}

function reviveBig(v: unknown): unknown {
  if (typeof v === "string" && /^-?\d+n$/.test(v)) return BigInt(v.slice(0, -1));
  if (Array.isArray(v)) return v.map(reviveBig);
  if (v !== null && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, reviveBig(x)]));
  return v;
}

export const reviveProposal = (o: unknown) => reviveBig(o) as Proposal;
export const reviveVote = (o: unknown) => reviveBig(o) as Vote;
