// The dashboard's dev tools (dev mode): the faucet form (POST /dev/faucet; the amount typed in CRO
// and sent as exact basecro) and the Keplr button, which suggests this chain to the Keplr extension
// with GET /dev/keplr-chain-info and fills the faucet's address with the Keplr account.

import { formatTokens, parseTokens } from "../format.js";
import { h, link } from "./dom.js";

interface Keplr {
  experimentalSuggestChain(info: unknown): Promise<void>;
  enable(chainId: string): Promise<void>;
  getKey(chainId: string): Promise<{ bech32Address: string; name?: string }>;
}

/** Whether the node runs in dev mode: its dev routes answer (a production node has none: 501). */
export async function devMode(): Promise<{ on: boolean; chainInfo?: any; error?: string }> {
  const r = await fetch("/dev/keplr-chain-info", { headers: { accept: "application/json" } });
  if (r.status === 501 || r.status === 404) return { on: false };
  const body = await r.json().catch(() => null);
  return r.ok ? { on: true, chainInfo: body } : { on: true, error: (body as { message?: string } | null)?.message ?? `HTTP ${r.status}` };
}

export function startDevTools(o: { chainInfo?: any; chainInfoError?: string }): void {
  const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;
  const form = $<HTMLFormElement>("faucet");
  const out = $("faucet-status");
  const button = $<HTMLButtonElement>("faucet-send");
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const data = new FormData(form);
    const address = String(data.get("address") ?? "").trim();
    let units: bigint;
    try {
      units = parseTokens(String(data.get("amount") ?? ""));
      if (units === 0n) throw new RangeError("must be positive");
    } catch (err) {
      out.replaceChildren(h("span", { class: "error" }, `Amount: ${(err as Error).message}`));
      return;
    }
    button.disabled = true;
    out.textContent = "Sending…";
    try {
      const r = await fetch("/dev/faucet", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ address, amount: `${units}basecro` }) });
      const body = (await r.json()) as { txhash?: string; height?: string; message?: string };
      if (!r.ok) throw new Error(body.message ?? `HTTP ${r.status}`);
      out.replaceChildren(`Sent ${formatTokens(units)} CRO to `, link(`accounts/${address}`, address), ` in block ${body.height}: `, link(`txs/${body.txhash}`, "the transaction"), ".");
      out.dataset.txhash = body.txhash ?? "";
    } catch (err) {
      out.replaceChildren(h("span", { class: "error" }, `The faucet failed: ${(err as Error).message}`));
    } finally {
      button.disabled = false;
    }
  });

  const keplrButton = $<HTMLButtonElement>("keplr-add");
  const keplrOut = $("keplr-status");
  const keplr = (globalThis as { keplr?: Keplr }).keplr;
  if (!o.chainInfo) {
    keplrButton.disabled = true;
    keplrOut.textContent = `Keplr cannot be set up: ${o.chainInfoError ?? "no chain info"}`;
    return;
  }
  if (!keplr) {
    keplrButton.disabled = true;
    keplrOut.replaceChildren("Keplr was not found in this browser. Its settings are at ", h("a", { href: "/dev/keplr-chain-info" }, "/dev/keplr-chain-info"), ".");
    return;
  }
  keplrButton.addEventListener("click", async () => {
    keplrOut.textContent = "Asking Keplr…";
    try {
      await keplr.experimentalSuggestChain(o.chainInfo);
      await keplr.enable(o.chainInfo.chainId);
      const key = await keplr.getKey(o.chainInfo.chainId);
      $<HTMLInputElement>("faucet-address").value = key.bech32Address;
      keplrOut.replaceChildren(`Keplr has ${o.chainInfo.chainId}; its account `, link(`accounts/${key.bech32Address}`, key.bech32Address), " is in the faucet's address field.");
    } catch (err) {
      keplrOut.textContent = `Keplr refused: ${(err as Error).message}`;
    }
  });
}
