// x/slashing's genesis (`app_state.slashing`) as the SDK v0.53 writes it: params, and an exported
// chain's signing infos with each validator's missed blocks in its window, keyed here as the
// keeper keys them (the consensus address in upper-case hex).

import { decString, durationString, timestampString } from "../../wire/gateway-json.js";
import { accountAddressBytes, encodeAddress } from "../../wire/address.js";
import {
  EPOCH_TIME, ONE, array, bool, compareBytes, decimal, duration, fail, int, object, string, timestamp, uint64, type DecParser, type Json,
} from "../../framework/genesis-json.js";
import { DEFAULT_SLASHING_PARAMS, type SigningInfo, type SlashingParams } from "./params.js";
import { FOREVER_NS, FOREVER_TEXT } from "./keeper.js";

/** x/slashing Params (SDK names): `{params: {signed_blocks_window, min_signed_per_window, downtime_jail_duration, slash_fraction_*}}`. */
export function parseSlashing(v: Json | undefined, dec: DecParser, consPrefix: string): { params: SlashingParams; infos: Map<string, SigningInfo> } {
  const path = "app_state.slashing";
  if (v === undefined) return { params: { ...DEFAULT_SLASHING_PARAMS }, infos: new Map() };
  const o = object(v, path, ["params", "signing_infos", "missed_blocks"]);
  const pp = `${path}.params`;
  const p = object(o.params ?? {}, pp, ["signed_blocks_window", "min_signed_per_window", "downtime_jail_duration", "slash_fraction_double_sign", "slash_fraction_downtime"]);
  const d = DEFAULT_SLASHING_PARAMS;
  const fraction = (key: string, def: bigint) => {
    if (p[key] === undefined) return def;
    const r = decimal(p[key], `${pp}.${key}`, dec, key.replaceAll("_", " "));
    if (r < 0n || r > ONE) fail(`${key.replaceAll("_", " ")} must be between 0 and 1: ${decString(r)}`, `${pp}.${key}`);
    return r;
  };
  const window = p.signed_blocks_window === undefined ? d.signedBlocksWindow : int(p.signed_blocks_window, `${pp}.signed_blocks_window`);
  if (window <= 0n) fail("signed blocks window must be positive", `${pp}.signed_blocks_window`);
  const jail = p.downtime_jail_duration === undefined ? d.downtimeJailDurationNs : duration(p.downtime_jail_duration, `${pp}.downtime_jail_duration`);
  if (jail <= 0n) fail("downtime jail duration must be positive", `${pp}.downtime_jail_duration`);
  const params = {
      signedBlocksWindow: window, minSignedPerWindow: fraction("min_signed_per_window", d.minSignedPerWindow), downtimeJailDurationNs: jail,
      slashFractionDoubleSign: fraction("slash_fraction_double_sign", d.slashFractionDoubleSign),
      slashFractionDowntime: fraction("slash_fraction_downtime", d.slashFractionDowntime),
  };
  return { params, infos: parseInfos(o, path, window, consPrefix) };
}

function parseInfos(o: { [k: string]: Json | undefined }, path: string, window: bigint, prefix: string): Map<string, SigningInfo> {
  const hexOf = (v: Json | undefined, at: string): string => {
    const text = string(v, at);
    try {
      return Buffer.from(accountAddressBytes(text, prefix)).toString("hex").toUpperCase();
    } catch (e) {
      return fail(`invalid consensus address: ${(e as Error).message}`, at);
    }
  };
  const infos = new Map<string, SigningInfo>();
  array(o.signing_infos ?? [], `${path}.signing_infos`).forEach((x, i) => {
    const at = `${path}.signing_infos[${i}]`;
    const e = object(x, at, ["address", "validator_signing_info"]);
    const key = hexOf(e.address, `${at}.address`);
    const ip = `${at}.validator_signing_info`;
    const s = object(e.validator_signing_info, ip, ["address", "start_height", "index_offset", "jailed_until", "tombstoned", "missed_blocks_counter"]);
    if (s.address !== undefined && hexOf(s.address, `${ip}.address`) !== key) fail("not the signing info's address", `${ip}.address`);
    infos.set(key, {
      startHeight: uint64(s.start_height ?? "0", `${ip}.start_height`), indexOffset: uint64(s.index_offset ?? "0", `${ip}.index_offset`),
      jailedUntilNs: s.jailed_until === FOREVER_TEXT ? FOREVER_NS : timestamp(s.jailed_until ?? EPOCH_TIME, `${ip}.jailed_until`), tombstoned: bool(s.tombstoned ?? false, `${ip}.tombstoned`),
      missedBlocksCounter: uint64(s.missed_blocks_counter ?? "0", `${ip}.missed_blocks_counter`), missed: [],
    });
  });
  array(o.missed_blocks ?? [], `${path}.missed_blocks`).forEach((x, i) => {
    const at = `${path}.missed_blocks[${i}]`;
    const e = object(x, at, ["address", "missed_blocks"]);
    const info = infos.get(hexOf(e.address, `${at}.address`));
    if (info === undefined) fail("missed blocks of a validator without a signing info", `${at}.address`);
    for (const [j, m] of array(e.missed_blocks ?? [], `${at}.missed_blocks`).entries()) {
      const mp = `${at}.missed_blocks[${j}]`;
      const b = object(m, mp, ["index", "missed"]);
      const index = int(b.index, `${mp}.index`);
      if (index < 0n || index >= window) fail(`index ${index} outside the window of ${window} blocks`, `${mp}.index`);
      if (bool(b.missed, `${mp}.missed`) && !info!.missed.includes(Number(index))) info!.missed.push(Number(index));
    }
    info!.missed.sort((a, b) => a - b);
  });
  return infos;
}

/** `app_state.slashing` of the keeper's signing infos. */
export function slashingJson(params: SlashingParams, infos: [string, SigningInfo][], prefix: string): Json {
  const sorted = [...infos].sort(([a], [b]) => compareBytes(Buffer.from(a, "hex"), Buffer.from(b, "hex")));
  const cons = (hex: string) => encodeAddress(prefix, Uint8Array.from(Buffer.from(hex, "hex")));
  return {
    params: {
      signed_blocks_window: `${params.signedBlocksWindow}`, min_signed_per_window: decString(params.minSignedPerWindow),
      downtime_jail_duration: durationString(params.downtimeJailDurationNs), slash_fraction_double_sign: decString(params.slashFractionDoubleSign),
      slash_fraction_downtime: decString(params.slashFractionDowntime),
    },
    signing_infos: sorted.map(([hex, i]) => ({
      address: cons(hex),
      validator_signing_info: {
        address: cons(hex), start_height: `${i.startHeight}`, index_offset: `${i.indexOffset}`, jailed_until: i.jailedUntilNs === FOREVER_NS ? FOREVER_TEXT : timestampString(i.jailedUntilNs),
        tombstoned: i.tombstoned, missed_blocks_counter: `${i.missedBlocksCounter}`,
      },
    })),
    missed_blocks: sorted.map(([hex, i]) => ({ address: cons(hex), missed_blocks: i.missed.map((index) => ({ index: `${index}`, missed: true })) })),
  };
}
