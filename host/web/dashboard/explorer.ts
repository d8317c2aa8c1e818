// The dashboard's explorer (dev mode): the latest blocks and txs, live over the node's websocket,
// and pages routed by the URL's hash: #/block/H, #/tx/HASH, #/account/ADDR, #/validators,
// #/proposals, #/nfts (chain-main x/nft's collections), #/collection/DENOM, #/nft/DENOM/TOKEN; the search box takes a height, a tx or block hash, or an address. Data comes from
// the node's REST routes and its RPC (over the same websocket); amounts are shown exactly.

import { groupThousands } from "../format.js";
import { RpcSocket } from "./rpc-socket.js";
import { amount, coins, facts, h, link, table } from "./dom.js";

type GetJson = <T = any>(path: string) => Promise<T>;

const LATEST = 10;
const HASH = /^[0-9A-Fa-f]{64}$/;

export interface Explorer {
  /** Show the page the URL's hash names. */
  route(): Promise<void>;
}

export async function startExplorer(getJson: GetJson, chain: string): Promise<Explorer> {
  const rpc = new RpcSocket();
  const $ = (id: string) => document.getElementById(id)!;
  const view = $("explorer-view");
  const live = $("explorer-live");
  rpc.onState = (on) => {
    live.textContent = on ? "Live: new blocks and txs appear as they are committed." : "Reconnecting to the node…";
  };

  // ---- latest blocks and txs ----
  const blockRow = (height: string, time: string, txs: number, hash: string) =>
    h("tr", { "data-height": height }, h("td", {}, link(`block/${height}`, groupThousands(BigInt(height)))), h("td", {}, time), h("td", {}, String(txs)), h("td", { class: "hash" }, hash));
  const txRow = (hash: string, height: string, code: number, types: string[]) =>
    h("tr", { "data-hash": hash }, h("td", { class: "hash" }, link(`tx/${hash}`, hash)), h("td", {}, link(`block/${height}`, height)), h("td", {}, types.join(", ") || "–"), h("td", {}, code === 0 ? "ok" : `failed (${code})`));
  const prepend = (body: HTMLElement, row: HTMLElement) => {
    body.prepend(row);
    while (body.children.length > LATEST) body.lastElementChild!.remove();
  };
  const blocksBody = $("latest-blocks").querySelector("tbody")!;
  const txsBody = $("latest-txs").querySelector("tbody")!;
  const typesOf = (tx: any): string[] => (tx?.body?.messages ?? tx?.msg ?? []).map((m: any) => String(m["@type"] ?? m.type ?? "").split(/[./]/).pop());

  const status = await rpc.call("status");
  const top = BigInt(status.sync_info.latest_block_height);
  if (top > 0n) {
    const metas = await rpc.call("blockchain", { minHeight: `${top > BigInt(LATEST) ? top - BigInt(LATEST) + 1n : 1n}`, maxHeight: `${top}` });
    blocksBody.replaceChildren(...metas.block_metas.map((m: any) => blockRow(m.header.height, m.header.time, Number(m.num_txs), m.block_id.hash)));
    const found = await getJson(`/cosmos/tx/v1beta1/txs?query=${encodeURIComponent("tx.height>0")}&order_by=ORDER_BY_DESC&limit=${LATEST}`);
    txsBody.replaceChildren(...found.tx_responses.map((r: any, i: number) => txRow(r.txhash, r.height, r.code, typesOf(found.txs[i]))));
  }
  await rpc.subscribe("tm.event='NewBlock'", (data) => {
    const b = data.value.block;
    prepend(blocksBody, blockRow(b.header.height, b.header.time, (b.data.txs ?? []).length, data.value.block_id?.hash ?? ""));
    $("explorer").dataset.height = b.header.height;
  });
  await rpc.subscribe("tm.event='Tx'", (data, events) => {
    const r = data.value.TxResult;
    const hash = events["tx.hash"]?.[0] ?? "";
    const types = (events["message.action"] ?? []).map((a) => a.split(".").pop()!);
    prepend(txsBody, txRow(hash, String(r.height), r.result?.code ?? 0, types));
  });
  live.textContent = "Live: new blocks and txs appear as they are committed.";

  // ---- pages ----
  const page = (title: string, ...content: (Node | string)[]) => {
    const heading = h("h3", { id: "explorer-page-title", tabindex: "-1" }, title);
    view.replaceChildren(heading, ...content);
    view.hidden = false;
    $("explorer-latest").hidden = true;
    if (document.activeElement?.id !== "explorer-q") heading.focus();
  };
  const fail = (message: string) => page("Not found", h("p", { class: "error", role: "alert" }, message));

  const showBlock = async (height: string) => {
    const b = await rpc.call("block", { height });
    const hdr = b.block.header;
    const txs = await getJson(`/cosmos/tx/v1beta1/txs?query=${encodeURIComponent(`tx.height=${height}`)}&limit=100`).catch(() => ({ tx_responses: [], txs: [] }));
    const prev = BigInt(height) > 1n ? link(`block/${BigInt(height) - 1n}`, "Previous block") : null;
    const next = link(`block/${BigInt(height) + 1n}`, "Next block");
    page(`Block ${groupThousands(BigInt(height))}`,
      facts([["Height", hdr.height], ["Time", hdr.time], ["Hash", b.block_id.hash], ["Proposer", hdr.proposer_address],
        ["App hash", hdr.app_hash], ["Transactions", String((b.block.data.txs ?? []).length)]], "block-facts"),
      h("p", { class: "pager" }, prev, prev ? " · " : "", next),
      table(`Transactions of block ${height}`, ["Hash", "Messages", "Result", "Gas used"],
        txs.tx_responses.map((r: any, i: number) => [link(`tx/${r.txhash}`, r.txhash), typesOf(txs.txs[i]).join(", "), r.code === 0 ? "ok" : `failed (${r.code})`, groupThousands(BigInt(r.gas_used))]),
        { id: "block-txs", hideCaption: false }));
  };

  const showTx = async (hash: string) => {
    const got = await getJson(`/cosmos/tx/v1beta1/txs/${hash}`);
    const r = got.tx_response;
    const tx = got.tx;
    // A protobuf tx renders as {body, auth_info}; a legacy amino StdTx as {msg, fee, memo}.
    const msgs: any[] = tx.body?.messages ?? tx.msg ?? [];
    const fee = tx.auth_info?.fee ?? tx.fee;
    page(`Transaction ${r.txhash}`,
      facts([["Hash", r.txhash], ["Block", link(`block/${r.height}`, r.height)], ["Time", r.timestamp],
        ["Result", r.code === 0 ? "ok" : `failed: code ${r.code} (${r.codespace}): ${r.raw_log}`],
        ["Gas used / wanted", `${groupThousands(BigInt(r.gas_used))} / ${groupThousands(BigInt(r.gas_wanted))}`],
        ["Fee", coins(fee?.amount)], ["Memo", tx.body?.memo ?? tx.memo ?? ""]], "tx-facts"),
      h("h4", {}, `Messages (${msgs.length})`),
      h("ol", { id: "tx-messages", class: "messages" }, ...msgs.map((m) => {
        const { "@type": type, ...fields } = m;
        return h("li", {}, h("strong", {}, String(type ?? m.type)), facts(Object.entries(type ? fields : m.value ?? {}).map(([k, v]) => [k, cell(k, v)])));
      })),
      h("h4", {}, "Events"),
      table("Events of the transaction", ["Event", "Attributes"], (r.events as any[]).map((e) => [e.type, e.attributes.map((a: any) => `${a.key}=${a.value}`).join("\n")]), { id: "tx-events" }),
      h("details", {}, h("summary", {}, "Raw JSON (GET /cosmos/tx/v1beta1/txs/HASH)"), h("pre", { id: "tx-raw", tabindex: "0" }, JSON.stringify(got, null, 2))));
  };

  const showAccount = async (address: string) => {
    const q = (path: string) => getJson(path).catch((e: Error) => ({ error: e.message }));
    const [bal, dels, rewards, positions, sent, received, nfts] = await Promise.all([
      getJson(`/cosmos/bank/v1beta1/balances/${address}`),
      q(`/cosmos/staking/v1beta1/delegations/${address}`),
      q(`/cosmos/distribution/v1beta1/delegators/${address}/rewards`),
      q(`${chain}/tieredrewards/v1/positions/${address}?pagination.limit=100`),
      q(`/cosmos/tx/v1beta1/txs?query=${encodeURIComponent(`message.sender='${address}'`)}&order_by=ORDER_BY_DESC&limit=50`),
      q(`/cosmos/tx/v1beta1/txs?query=${encodeURIComponent(`transfer.recipient='${address}'`)}&order_by=ORDER_BY_DESC&limit=50`),
      q(`/chainmain/nft/nfts?owner=${address}`),
    ]);
    const txs = new Map<string, any>();
    for (const found of [sent, received]) (found.tx_responses ?? []).forEach((r: any, i: number) => txs.set(r.txhash, { ...r, tx: found.txs[i] }));
    const ordered = [...txs.values()].sort((a, b) => Number(BigInt(b.height) - BigInt(a.height)));
    page(`Account ${address}`,
      h("h4", {}, "Balances"),
      table("Balances", ["Denom", "Amount"], (bal.balances as any[]).map((c) => [c.denom, amount(c.amount, c.denom)]), { id: "acct-balances" }),
      h("h4", {}, "Delegations"),
      table("Delegations", ["Validator", "Amount"], (dels.delegation_responses ?? []).map((d: any) => [d.delegation.validator_address, amount(d.balance.amount, d.balance.denom)]), { id: "acct-delegations" }),
      h("h4", {}, "Rewards"),
      h("p", { id: "acct-rewards" }, rewards.error ? `Could not load: ${rewards.error}` : `Total: ${coins(rewards.total, true)}`),
      h("h4", {}, "Tier positions"),
      table("Tier positions", ["Id", "Tier", "Amount", "Validator"], (positions.positions ?? []).map((p: any) => [p.id, String(p.tier_id), amount(p.amount, "basecro"), p.validator || "(undelegated)"]), { id: "acct-positions" }),
      h("h4", {}, "NFTs"),
      table("NFTs owned", ["Collection", "Tokens"], (nfts.owner?.id_collections ?? []).map((c: any) => [link(`collection/${c.denom_id}`, c.denom_id),
        h("span", {}, ...c.token_ids.flatMap((t: string, i: number) => [i > 0 ? ", " : "", link(`nft/${c.denom_id}/${t}`, t)]))]), { id: "acct-nfts" }),
      h("h4", {}, "Transactions"),
      table("Transactions of the account", ["Hash", "Block", "Messages", "Result"], ordered.map((r) => [link(`tx/${r.txhash}`, r.txhash), link(`block/${r.height}`, r.height), typesOf(r.tx).join(", "), r.code === 0 ? "ok" : `failed (${r.code})`]), { id: "acct-txs" }));
  };

  const showValidators = async () => {
    const r = await getJson("/cosmos/staking/v1beta1/validators?pagination.limit=200");
    page("Validators", table("Validators", ["Moniker", "Operator", "Status", "Tokens", "Commission", "Jailed"],
      (r.validators as any[]).map((v) => [v.description?.moniker ?? "", v.operator_address, String(v.status).replace("BOND_STATUS_", "").toLowerCase(),
        amount(v.tokens, "basecro"), `${(v.commission?.commission_rates?.rate ?? "0").replace(/0+$/, "").replace(/\.$/, "")}`, v.jailed ? "yes" : "no"]),
      { id: "validators" }));
  };

  const showProposals = async () => {
    const r = await getJson("/cosmos/gov/v1/proposals?pagination.limit=100&pagination.reverse=true");
    const rows = await Promise.all((r.proposals as any[]).map(async (p) => {
      const voting = p.status === "PROPOSAL_STATUS_VOTING_PERIOD";
      const tally = voting ? (await getJson(`/cosmos/gov/v1/proposals/${p.id}/tally`)).tally : p.final_tally_result;
      const t = (k: string) => amount(tally?.[`${k}_count`] ?? "0", "basecro");
      return [p.id, p.title || "(untitled)", String(p.status).replace("PROPOSAL_STATUS_", "").toLowerCase().replaceAll("_", " "),
        voting ? `ends ${p.voting_end_time}` : (p.voting_end_time ?? ""), `yes ${t("yes")} · no ${t("no")} · abstain ${t("abstain")} · veto ${t("no_with_veto")}`];
    }));
    page("Proposals", rows.length === 0 ? h("p", {}, "No proposals yet.") : table("Proposals with their tally", ["Id", "Title", "Status", "Voting", "Tally"], rows, { id: "proposals" }));
  };

  // ---- chain-main's x/nft: collections, one collection, one token ----
  const nftLink = (denom: string, token: string) => link(`nft/${denom}/${token}`, token);
  const showCollections = async () => {
    const r = await getJson("/chainmain/nft/denoms?pagination.limit=200");
    const rows = await Promise.all((r.denoms as any[]).map(async (d) => {
      const supply = await getJson(`/chainmain/nft/collections/${d.id}/supply`);
      return [link(`collection/${d.id}`, d.id), d.name, link(`account/${d.creator}`, d.creator), groupThousands(BigInt(supply.amount))];
    }));
    page("NFT collections", rows.length === 0 ? h("p", {}, "No collections yet.") : table("NFT collections (chain-main x/nft denoms)", ["Denom", "Name", "Creator", "NFTs"], rows, { id: "nft-collections" }));
  };
  const showCollection = async (denom: string) => {
    const r = await getJson(`/chainmain/nft/collections/${denom}`); // the first 100, and the count
    const d = r.collection.denom;
    page(`Collection ${d.id}`,
      facts([["Denom", d.id], ["Name", d.name], ["Creator", link(`account/${d.creator}`, d.creator)], ["URI", d.uri], ["Schema", d.schema],
        ["NFTs", groupThousands(BigInt(r.pagination.total))]], "collection-facts"),
      table(`NFTs of ${d.id}`, ["Token", "Name", "Owner", "URI"], (r.collection.nfts as any[]).map((t) => [nftLink(d.id, t.id), t.name, link(`account/${t.owner}`, t.owner), t.uri]),
        { id: "collection-nfts", hideCaption: false }));
  };
  const showNft = async (denom: string, token: string) => {
    const t = (await getJson(`/chainmain/nft/nfts/${denom}/${token}`)).nft;
    page(`NFT ${denom}/${t.id}`,
      facts([["Token", t.id], ["Collection", link(`collection/${denom}`, denom)], ["Name", t.name], ["Owner", link(`account/${t.owner}`, t.owner)],
        ["URI", t.uri], ["Data", t.data]], "nft-facts"));
  };

  const route = async () => {
    const [kind, arg = "", arg2 = ""] = decodeURIComponent(location.hash.replace(/^#\/?/, "")).split("/");
    try {
      if (kind === "block" && /^[0-9]+$/.test(arg)) await showBlock(arg);
      else if (kind === "tx" && HASH.test(arg)) await showTx(arg.toUpperCase());
      else if (kind === "account" && arg) await showAccount(arg);
      else if (kind === "validators") await showValidators();
      else if (kind === "proposals") await showProposals();
      else if (kind === "nfts") await showCollections();
      else if (kind === "collection" && arg) await showCollection(arg);
      else if (kind === "nft" && arg && arg2) await showNft(arg, arg2);
      else {
        view.hidden = true;
        view.replaceChildren();
        $("explorer-latest").hidden = false;
      }
    } catch (e) {
      fail((e as Error).message);
    }
    $("explorer").dataset.route = location.hash;
  };
  addEventListener("hashchange", () => void route());

  $("explorer-search").addEventListener("submit", (e) => {
    e.preventDefault();
    void search(String(new FormData(e.target as HTMLFormElement).get("q") ?? "").trim());
  });
  const search = async (q: string) => {
    const out = $("explorer-search-error");
    out.textContent = "";
    const go = (r: string) => {
      if (location.hash === `#/${r}`) void route();
      else location.hash = `#/${r}`;
    };
    if (/^[0-9]+$/.test(q)) return go(`block/${BigInt(q)}`);
    if (HASH.test(q)) {
      // A tx hash first; else a block's hash (the RPC's block_by_hash).
      if (await getJson(`/cosmos/tx/v1beta1/txs/${q}`).then(() => true, () => false)) return go(`tx/${q.toUpperCase()}`);
      const b = await rpc.call("block_by_hash", { hash: `0x${q}` }).catch(() => undefined);
      if (b?.block) return go(`block/${b.block.header.height}`);
      out.textContent = `No tx or block has the hash ${q}.`;
      return;
    }
    if (/^[a-z]+1[0-9a-z]{6,}$/.test(q)) return go(`account/${q}`);
    out.textContent = "Search by a block height, a tx or block hash (64 hex digits), or an address (cro1…).";
  };

  await route();
  return { route };
}

/** A message field for the page: text as is, nested values as compact JSON, amounts exact. */
function cell(key: string, v: unknown): string {
  if (typeof v === "string") return v;
  if (Array.isArray(v) && v.every((c) => c && typeof c === "object" && "denom" in c && "amount" in c)) return coins(v as { denom: string; amount: string }[]);
  if (v && typeof v === "object" && "denom" in v && "amount" in v && key !== "value") return amount(String((v as any).amount), String((v as any).denom));
  return JSON.stringify(v);
}
