// The explorer's proposals (list with status and tally, and a proposal's page with its messages,
// votes, tally and deposits) and chain-main's x/nft (collections, a collection, a token).

import { groupThousands } from "../format.js";
import { getJson, ratio, tryJson } from "./api.js";
import { cell } from "./blocks.js";
import { accountLink, amount, coins, facts, h, link, pager, section, table, time } from "./dom.js";
import type { Ctx, Page } from "./page.js";

const PER_PAGE = 20;
const notFound = (title: string, message: string): Page => ({ title, body: [h("p", { role: "alert", class: "error" }, message)] });
const statusText = (s: string) => String(s).replace("PROPOSAL_STATUS_", "").toLowerCase().replaceAll("_", " ");
const voting = (p: any) => p.status === "PROPOSAL_STATUS_VOTING_PERIOD";
const KINDS = [["yes", "Yes"], ["no", "No"], ["abstain", "Abstain"], ["no_with_veto", "No with veto"]] as const;

async function tallyOf(p: any): Promise<Record<string, string>> {
  return voting(p) ? (await tryJson(`/cosmos/gov/v1/proposals/${p.id}/tally`, { tally: p.final_tally_result })).tally : p.final_tally_result;
}

function tallyLine(t: Record<string, string> | undefined): HTMLElement {
  const counts = KINDS.map(([k]) => BigInt(t?.[`${k}_count`] ?? "0"));
  const sum = counts.reduce((a, b) => a + b, 0n);
  return h("span", {}, ...KINDS.flatMap(([, label], i) => [i > 0 ? " · " : "", `${label} ${ratio(counts[i]!, sum)}`]));
}

export async function proposalList(_ctx: Ctx, page: number): Promise<Page> {
  const r = await getJson(`/cosmos/gov/v1/proposals?pagination.limit=${PER_PAGE}&pagination.offset=${(page - 1) * PER_PAGE}&pagination.reverse=true&pagination.count_total=true`);
  const rows = await Promise.all((r.proposals as any[]).map(async (p) => [link(`proposals/${p.id}`, `#${p.id}`), link(`proposals/${p.id}`, p.title || "(untitled)"),
    h("span", { class: `status ${statusText(p.status).replaceAll(" ", "-")}` }, statusText(p.status)),
    time(p.voting_end_time), tallyLine(await tallyOf(p))]));
  const total = BigInt(r.pagination?.total ?? String(rows.length));
  return {
    title: "Proposals",
    body: [section(`Proposals (${groupThousands(total)})`,
      table("Proposals, newest first, with their tally", ["Id", "Title", "Status", "Voting ends", "Tally"], rows, { id: "proposals", empty: "No proposals yet." }),
      pager("proposals", page, Math.max(1, Math.ceil(Number(total) / PER_PAGE)), "Proposals"))],
  };
}

export async function proposal(ctx: Ctx, id: string): Promise<Page> {
  const r = await tryJson(`/cosmos/gov/v1/proposals/${id}`, null as any);
  if (!r) return notFound("Proposal not found", `No proposal has the id ${id}.`);
  const p = r.proposal;
  const [tally, votes, deposits] = await Promise.all([
    tallyOf(p),
    tryJson(`/cosmos/gov/v1/proposals/${id}/votes?pagination.limit=200`, { votes: [] }),
    tryJson(`/cosmos/gov/v1/proposals/${id}/deposits?pagination.limit=200`, { deposits: [] }),
  ]);
  const counts = KINDS.map(([k]) => BigInt(tally?.[`${k}_count`] ?? "0"));
  const sum = counts.reduce((a, b) => a + b, 0n);
  return {
    title: `Proposal #${p.id}: ${p.title || "(untitled)"}`,
    body: [section("Proposal", facts([["Id", p.id], ["Title", p.title || "(untitled)"], ["Summary", p.summary || "–"], ["Status", statusText(p.status)],
      ["Proposer", p.proposer ? accountLink(p.proposer, true) : "–"], ["Submitted", time(p.submit_time)], ["Deposit ends", time(p.deposit_end_time)],
      ["Voting starts", p.voting_start_time ? time(p.voting_start_time) : "not started"], ["Voting ends", time(p.voting_end_time)], ["Total deposit", coins(p.total_deposit)],
      ["Expedited", p.expedited ? "yes" : "no"], ["Metadata", p.metadata || "–"], ...(p.failed_reason ? [["Failed", p.failed_reason] as [string, string]] : [])], "proposal-facts")),
    section(voting(p) ? "Tally so far" : "Final tally", table("Tally", ["Option", "Voting power", "Share"],
      KINDS.map(([, label], i) => [label, amount(String(counts[i]), ctx.bondDenom), ratio(counts[i]!, sum)]), { id: "proposal-tally" })),
    section(`Messages (${(p.messages ?? []).length})`, (p.messages ?? []).length === 0 ? h("p", { id: "proposal-messages" }, "A text proposal: no messages.")
      : h("ol", { id: "proposal-messages", class: "messages" }, ...(p.messages as any[]).map((m) => {
        const { "@type": type, ...fields } = m;
        return h("li", {}, h("h3", {}, String(type)), facts(Object.entries(fields).map(([k, v]) => [k, cell(ctx, k, v)])));
      }))),
    section(`Votes (${votes.votes.length})`, table("Votes", ["Voter", "Option"], (votes.votes as any[]).map((v) =>
      [accountLink(v.voter, true), (v.options as any[]).map((o) => `${String(o.option).replace("VOTE_OPTION_", "").toLowerCase().replaceAll("_", " ")}${o.weight && !/^1(\.0*)?$/.test(o.weight) ? ` (${o.weight})` : ""}`).join(", ")]),
      { id: "proposal-votes", empty: "No votes." })),
    section("Deposits", table("Deposits", ["Depositor", "Amount"], (deposits.deposits as any[]).map((d) => [accountLink(d.depositor, true), coins(d.amount)]),
      { id: "proposal-deposits", empty: "No deposits (or the deposits were refunded or burned)." }))],
  };
}

// ---- chain-main's x/nft ----

export async function collections(): Promise<Page> {
  const r = await tryJson("/chainmain/nft/denoms?pagination.limit=200", { denoms: [] as any[] });
  const rows = await Promise.all(r.denoms.map(async (d) => {
    const supply = await tryJson(`/chainmain/nft/collections/${d.id}/supply`, { amount: "0" });
    return [link(`nfts/${d.id}`, d.id), d.name, accountLink(d.creator, true), groupThousands(BigInt(supply.amount))];
  }));
  return { title: "NFT collections", body: [section("NFT collections", table("NFT collections (chain-main x/nft denoms)", ["Denom", "Name", "Creator", "NFTs"], rows, { id: "nft-collections", empty: "No collections yet." }))] };
}

export async function collection(denom: string): Promise<Page> {
  const r = await tryJson(`/chainmain/nft/collections/${denom}`, null as any);
  if (!r) return notFound("Collection not found", `No NFT collection has the denom ${denom}.`);
  const d = r.collection.denom;
  return {
    title: `Collection ${d.id}`,
    body: [section("Collection", facts([["Denom", d.id], ["Name", d.name], ["Creator", accountLink(d.creator, true)], ["URI", d.uri || "–"], ["Schema", d.schema || "–"],
      ["NFTs", groupThousands(BigInt(r.pagination?.total ?? "0"))]], "collection-facts")),
    section("NFTs", table(`NFTs of ${d.id}`, ["Token", "Name", "Owner", "URI"], (r.collection.nfts as any[]).map((t) => [link(`nfts/${d.id}/${t.id}`, t.id), t.name, accountLink(t.owner, true), t.uri]),
      { id: "collection-nfts", empty: "No NFTs." }))],
  };
}

export async function nft(denom: string, token: string): Promise<Page> {
  const r = await tryJson(`/chainmain/nft/nfts/${denom}/${token}`, null as any);
  if (!r) return notFound("NFT not found", `No NFT ${token} in the collection ${denom}.`);
  const t = r.nft;
  return {
    title: `NFT ${denom}/${t.id}`,
    body: [section("NFT", facts([["Token", t.id], ["Collection", link(`nfts/${denom}`, denom)], ["Name", t.name || "–"], ["Owner", accountLink(t.owner, true)],
      ["URI", t.uri || "–"], ["Data", t.data || "–"]], "nft-facts"))],
  };
}
