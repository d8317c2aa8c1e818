#!/usr/bin/env bash
# Build the reference chain-maind (crypto-org-chain/chain-main 1ac014c6) from source, as
# /work/shared/reference-chain/BUILD.md describes: chain-main and cronos-store from git mirrors (the
# Go proxy refuses the crypto-org-chain forks), upstream cosmos-sdk v0.53.6 from the Go proxy with
# two shims (cosmos-sdk-v0.53.6-shims.patch), `replace` directives to the local copies.
set -euo pipefail

CHAIN_MAIN_COMMIT=1ac014c621801719e62f8c1d0b13d897dfbf8550
CRONOS_STORE_COMMIT=c998a90e2881741d4d19c1dd9d1873d060400e47
SDK_VERSION=v0.53.6
# Blobs the chain-main snapshot lacks (go:embed'ed swagger UI only): 1-byte placeholders.
PLACEHOLDERS=(app/docs/swagger-ui/swagger-ui-bundle.js.map app/docs/swagger-ui/swagger-ui-es-bundle.js.map)

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$HERE/../.." && pwd)"
PATCH="$HERE/cosmos-sdk-v0.53.6-shims.patch"

usage() {
  cat <<EOF
Usage: scripts/reference-chain/build.sh [options]

Builds .tools/chain-maind/bin/chain-maind: crypto-org-chain/chain-main ${CHAIN_MAIN_COMMIT:0:8} with
cronos-store ${CRONOS_STORE_COMMIT:0:7} and upstream cosmos-sdk $SDK_VERSION (+ shims), as BUILD.md says.

Options (or the environment variable in brackets):
  --chain-main DIR    git dir of a chain-main mirror holding $CHAIN_MAIN_COMMIT  [CHAIN_MAIN_GIT]
  --cronos-store DIR  git dir of a cronos-store mirror holding $CRONOS_STORE_COMMIT [CRONOS_STORE_GIT]
  --out DIR           output folder (default: <repo>/.tools/chain-maind)          [OUT]
  --clean             delete the extracted sources first (the Go build cache is kept)
  --src-only          extract and patch the sources, write go.mod replaces; do not compile
  --nice N            niceness of the compile (default 19)                        [NICE]
  -h, --help          this text

Mirrors: the agent tool 'fetch github:crypto-org-chain/chain-main' (and cronos-store) prints them,
e.g. /work/.mirror/crypto-org-chain+chain-main/repo. Needs go (GOTOOLCHAIN=local, >= 1.25.8), git, patch,
a C compiler (CGO), and the Go module proxy. The first compile takes 15-45 min on 2 cores.
EOF
}

CHAIN_MAIN_GIT="${CHAIN_MAIN_GIT:-}"
CRONOS_STORE_GIT="${CRONOS_STORE_GIT:-}"
OUT="${OUT:-$REPO/.tools/chain-maind}"
NICE="${NICE:-19}"
CLEAN=0
SRC_ONLY=0
while [ $# -gt 0 ]; do
  case "$1" in
    --chain-main) CHAIN_MAIN_GIT="$2"; shift 2 ;;
    --cronos-store) CRONOS_STORE_GIT="$2"; shift 2 ;;
    --out) OUT="$2"; shift 2 ;;
    --nice) NICE="$2"; shift 2 ;;
    --clean) CLEAN=1; shift ;;
    --src-only) SRC_ONLY=1; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "unknown argument: $1 (see --help)" >&2; exit 2 ;;
  esac
done
[ -n "$CHAIN_MAIN_GIT" ] || { echo "no chain-main mirror: pass --chain-main DIR or CHAIN_MAIN_GIT" >&2; exit 2; }
[ -n "$CRONOS_STORE_GIT" ] || { echo "no cronos-store mirror: pass --cronos-store DIR or CRONOS_STORE_GIT" >&2; exit 2; }

log() { echo "[build.sh $(date -u +%H:%M:%S)] $*" >&2; }

SRC="$OUT/src"
[ "$CLEAN" = 1 ] && { log "removing $SRC"; chmod -R u+w "$SRC" 2>/dev/null || true; rm -rf "$SRC"; }
mkdir -p "$SRC" "$OUT/bin"

is_placeholder() { local p; for p in "${PLACEHOLDERS[@]}"; do [ "$1" = "$p" ] && return 0; done; return 1; }

# extract GITDIR COMMIT DEST [ALLOW_PLACEHOLDERS]: the commit's tree, file by file (git archive aborts
# on the missing blobs even when a pathspec excludes them); gitlinks (submodules) are skipped.
extract() {
  local gitdir="$1" commit="$2" dest="$3" allow="${4:-0}"
  if [ -f "$dest/.extracted" ] && [ "$(cat "$dest/.extracted")" = "$commit" ]; then
    log "$dest already holds $commit"; return
  fi
  git --git-dir="$gitdir" cat-file -e "$commit^{commit}" || { echo "$gitdir lacks commit $commit" >&2; exit 1; }
  log "extracting $commit from $gitdir into $dest"
  chmod -R u+w "$dest" 2>/dev/null || true; rm -rf "$dest"; mkdir -p "$dest"
  local n=0 mode type sha path
  while IFS=$'\t' read -r -d '' meta path; do
    read -r mode type sha <<<"$meta"
    [ "$type" = blob ] || continue
    mkdir -p "$dest/$(dirname "$path")"
    if ! git --git-dir="$gitdir" cat-file -e "$sha" 2>/dev/null; then
      if [ "$allow" = 1 ] && is_placeholder "$path"; then
        printf '\n' >"$dest/$path"; log "placeholder (1 byte) for missing blob $path"; continue
      fi
      echo "blob $sha of $path is missing from $gitdir" >&2; exit 1
    fi
    if [ "$mode" = 120000 ]; then
      ln -s "$(git --git-dir="$gitdir" cat-file blob "$sha")" "$dest/$path"
    else
      git --git-dir="$gitdir" cat-file blob "$sha" >"$dest/$path"
      [ "$mode" = 100755 ] && chmod +x "$dest/$path"
    fi
    n=$((n + 1))
  done < <(git --git-dir="$gitdir" ls-tree -r -z "$commit")
  echo "$commit" >"$dest/.extracted"
  log "extracted $n files"
}

extract "$CHAIN_MAIN_GIT" "$CHAIN_MAIN_COMMIT" "$SRC/chain-main" 1
extract "$CRONOS_STORE_GIT" "$CRONOS_STORE_COMMIT" "$SRC/cronos-store"
for p in "${PLACEHOLDERS[@]}"; do [ -f "$SRC/chain-main/$p" ] || printf '\n' >"$SRC/chain-main/$p"; done

export GOTOOLCHAIN=local GOFLAGS=-mod=mod

# cosmos-sdk v0.53.6 from the Go proxy, copied writable, with the shims.
SDK="$SRC/cosmos-sdk"
if [ ! -f "$SDK/.shimmed" ]; then
  log "go mod download github.com/cosmos/cosmos-sdk@$SDK_VERSION"
  SDK_DIR="$(cd "$SRC" && go mod download -json "github.com/cosmos/cosmos-sdk@$SDK_VERSION" |
    sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')"
  [ -d "$SDK_DIR" ] || { echo "go mod download gave no Dir for cosmos-sdk@$SDK_VERSION" >&2; exit 1; }
  chmod -R u+w "$SDK" 2>/dev/null || true; rm -rf "$SDK"
  cp -r "$SDK_DIR" "$SDK"; chmod -R u+w "$SDK"
  log "applying $(basename "$PATCH")"
  patch -p1 -d "$SDK" --forward --quiet <"$PATCH"
  grep -q 'func (k Keeper) GetParams(ctx context.Context) (types.Params, error)' "$SDK/x/mint/keeper/keeper.go"
  grep -q 'completionTime time.Time, unbondingID uint64, err error' "$SDK/x/staking/keeper/delegation.go"
  echo "$SDK_VERSION+shims" >"$SDK/.shimmed"
fi

# replace directives: the SDK and all three cronos-store modules to the local copies.
cd "$SRC/chain-main"
go mod edit \
  -replace "github.com/cosmos/cosmos-sdk=../cosmos-sdk" \
  -replace "github.com/crypto-org-chain/cronos-store/memiavl=../cronos-store/memiavl" \
  -replace "github.com/crypto-org-chain/cronos-store/store=../cronos-store/store" \
  -replace "github.com/crypto-org-chain/cronos-store/versiondb=../cronos-store/versiondb"
log "go.mod replaces:"; grep -E '^replace .*(cosmos-sdk|cronos-store)' go.mod >&2 || true
[ "$SRC_ONLY" = 1 ] && { log "--src-only: sources ready in $SRC"; exit 0; }

# Version strings as the Makefile sets them (`chain-maind version` is empty without them), naming the stand-in SDK.
DESCRIBE="$(git --git-dir="$CHAIN_MAIN_GIT" describe --tags "$CHAIN_MAIN_COMMIT" 2>/dev/null || echo "${CHAIN_MAIN_COMMIT:0:8}")"
V="github.com/cosmos/cosmos-sdk/version"
LDFLAGS="-X $V.Name=crypto-org-chain-chain -X $V.AppName=chain-maind -X $V.Version=${DESCRIBE#v}-ref-sdk-$SDK_VERSION"
LDFLAGS="$LDFLAGS -X $V.Commit=$CHAIN_MAIN_COMMIT -X $V.BuildTags=netgo"
log "compiling (nice -n $NICE; CGO_ENABLED=${CGO_ENABLED:-default}); go $(go env GOVERSION)"
start=$(date +%s)
nice -n "$NICE" go build -tags netgo -trimpath -ldflags "$LDFLAGS" -o "$OUT/bin/chain-maind" ./cmd/chain-maind
log "built in $(( $(date +%s) - start )) s: $OUT/bin/chain-maind"

{
  echo "chain-main   $CHAIN_MAIN_COMMIT ($DESCRIBE) from $CHAIN_MAIN_GIT"
  echo "cronos-store $CRONOS_STORE_COMMIT from $CRONOS_STORE_GIT"
  echo "cosmos-sdk   $SDK_VERSION (Go proxy) + $(basename "$PATCH") sha256 $(sha256sum "$PATCH" | cut -d' ' -f1)"
  echo "go           $(go env GOVERSION) $(go env GOOS)/$(go env GOARCH) CGO_ENABLED=$(go env CGO_ENABLED)"
  echo "command      GOTOOLCHAIN=local GOFLAGS=-mod=mod go build -tags netgo -trimpath -ldflags '$LDFLAGS' ./cmd/chain-maind"
  echo "binary       sha256 $(sha256sum "$OUT/bin/chain-maind" | cut -d' ' -f1)"
  echo "version      $("$OUT/bin/chain-maind" version 2>&1)"
} >"$OUT/bin/PROVENANCE.txt"
cat "$OUT/bin/PROVENANCE.txt"
