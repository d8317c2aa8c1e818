// The order x/gov's collections iterate deposits and votes in: (proposal id, address bytes).

const BECH32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";
/** `<id>/<bech32 address>` keys in the store's order: by the address's bytes (its bech32 data, 5 bits a character), not its text. */
export function byAddressBytes(a: string, b: string): number {
  const data = (k: string) => k.slice(k.lastIndexOf("1") + 1);
  const [x, y] = [data(a), data(b)];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = BECH32.indexOf(x[i]!) - BECH32.indexOf(y[i]!);
    if (d !== 0) return d;
  }
  return x.length - y.length;
}
