#!/usr/bin/env bash
# CometBFT v0.38.22 with one line changed, into .tools/bin/cometbft-flushfix (the released build stays
# .tools/bin/cometbft): its ABCI socket client's flush timer is made with `flushThrottleMS = 20`, an
# untyped constant taken as 20 ns, and when it fires while the client's send routine is busy it re-arms
# itself every 20 ns, a goroutine each time: 21-37 % of every testnet CometBFT's CPU under load
# (docs/performance.md, "The 4-validator network's time"). Here it is 20 µs. Not the build the chain
# pins: opt-in, e.g. BENCH_NETWORK_COMETBFT=.tools/bin/cometbft-flushfix npm run bench -- network.
# Needs Go and the Go module proxy (or the module in Go's cache).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
version=v0.38.22
go mod download -x "github.com/cometbft/cometbft@${version}" >/dev/null 2>&1 || true
src="$(go env GOMODCACHE)/github.com/cometbft/cometbft@${version}"
[ -d "$src" ] || { echo "error: $src not found (go mod download github.com/cometbft/cometbft@${version})" >&2; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp -r "$src/." "$work/" && chmod -R u+w "$work"
file="$work/abci/client/socket_client.go"
grep -qE '^\s*flushThrottleMS = 20 ' "$file" || { echo "error: $file has no 'flushThrottleMS = 20' line to change" >&2; exit 1; }
sed -i -E 's/^(\s*)flushThrottleMS = 20 .*/\1flushThrottleMS = 20 * time.Microsecond \/\/ was 20: an untyped constant, 20 ns as a time.Duration/' "$file"
mkdir -p "$root/.tools/bin"
(cd "$work" && GOFLAGS=-mod=mod go build -o "$root/.tools/bin/cometbft-flushfix" ./cmd/cometbft)
echo "$root/.tools/bin/cometbft-flushfix ($("$root/.tools/bin/cometbft-flushfix" version), flush timer 20 µs)"
