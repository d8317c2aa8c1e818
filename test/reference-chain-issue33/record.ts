// Records issue 33's workload (test/helpers/issue33-workload.ts) on a running chain-maind: each
// step signed by CosmJS (SIGN_MODE_DIRECT) and sent with signAndBroadcast over its RPC, its result
// printed as results.json. Usage (README.md): RPC=http://127.0.0.1:PORT node --import tsx test/reference-chain-issue33/record.ts > results.json

import { DirectSecp256k1Wallet } from "@cosmjs/proto-signing";
import { GasPrice, SigningStargateClient } from "@cosmjs/stargate";
import { devPrivateKey } from "../../host/app/genesis.js";
import { chainRegistry, chainAminoTypes } from "../helpers/cosmjs.js";
import { issue33Workload } from "../helpers/issue33-workload.js";

const rpc = process.env.RPC ?? "http://127.0.0.1:26657";
const results = [];
for (const step of issue33Workload()) {
  const wallet = await DirectSecp256k1Wallet.fromKey(devPrivateKey(step.signer), "cro");
  const [account] = await wallet.getAccounts();
  const client = await SigningStargateClient.connectWithSigner(rpc, wallet, {
    registry: chainRegistry(), aminoTypes: chainAminoTypes(), gasPrice: GasPrice.fromString("0.025basecro"),
  });
  const simulated = step.fee === "auto" ? await client.simulate(account!.address, step.messages, "") : undefined;
  const r = await client.signAndBroadcast(account!.address, step.messages, step.fee);
  const tx = (await (await fetch(`${rpc}/tx?hash=0x${r.transactionHash}`)).json()).result.tx_result;
  results.push({
    label: step.label, height: r.height, code: r.code, codespace: tx.codespace ?? "", log: r.rawLog ?? "",
    gas_wanted: `${r.gasWanted}`, gas_used: `${r.gasUsed}`, ...(simulated === undefined ? {} : { simulated: `${simulated}` }),
  });
}
console.log(JSON.stringify({ results }, null, 1));
process.exit(0);
