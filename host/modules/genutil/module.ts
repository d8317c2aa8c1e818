// x/genutil: a new chain's gentxs (genesis.ts), which InitChain delivers after every module's
// InitGenesis (app/genesis-init.ts); its export has none (the validators are the staking section's).

import type { AppModule } from "../../framework/module.js";

export const genutilModule: AppModule<unknown> = {
  name: "genutil",
  genesis: { export: () => ({ gen_txs: [] }) },
};
