#!/usr/bin/env bash
# Writes the provider plugin's SDKs (Go, Python, Node.js) from plugin/schema.json with Pulumi's
# code generators (plugin/sdkgen), at the npm package's version, into the folder given (default:
# the committed sdks/ of this checkout). Prints that folder on stdout; diagnostics go to stderr.
#
#   bash scripts/gen-sdks.sh            # regenerate sdks/ after a schema or version change
#   bash scripts/gen-sdks.sh /tmp/x     # somewhere else (test/plugin/sdks.test.ts compares it with sdks/)
#
# plugin/sdkgen is built once per source digest into the git-ignored .pulumi-cli/sdkgen/<digest>/
# (or under $PULUMI_CLI_DIR), from a copy, so a read-only checkout is never written to. Needs Go
# >= 1.25.11 and the Go module proxy (or a module cache holding github.com/pulumi/pulumi/pkg/v3
# v3.259.0, which building the Pulumi CLI fills).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="${1:-$ROOT/sdks}"
SRC="$ROOT/plugin/sdkgen"

log() { echo "gen-sdks: $*" >&2; }

command -v go >/dev/null 2>&1 || { log "no Go toolchain (Go >= 1.25.11 builds plugin/sdkgen)"; exit 1; }
digest="$(cat "$SRC/main.go" "$SRC/go.mod" "$SRC/go.sum" | sha256sum | cut -c1-16)"
BIN_DIR="${PULUMI_CLI_DIR:-$ROOT/.pulumi-cli}/sdkgen/$digest"
if [ ! -x "$BIN_DIR/sdkgen" ]; then
  export GOFLAGS="${GOFLAGS:-} -mod=mod" GOTOOLCHAIN="${GOTOOLCHAIN:-local}"
  # As in install-pulumi.sh: some checksum databases have no entry for pulumi's pkg/v3 tags.
  export GONOSUMDB="${GONOSUMDB:+$GONOSUMDB,}github.com/pulumi/pulumi"
  build="$(mktemp -d)"
  trap 'rm -rf "$build"' EXIT
  cp "$SRC/main.go" "$SRC/go.mod" "$SRC/go.sum" "$build/"
  mkdir -p "$BIN_DIR"
  log "building plugin/sdkgen into $BIN_DIR (once per change of its sources)"
  (cd "$build" && go build -trimpath -o "$BIN_DIR/sdkgen.tmp" . >&2)
  mv "$BIN_DIR/sdkgen.tmp" "$BIN_DIR/sdkgen"
fi
version="$(node -p 'require(process.argv[1]).version' "$ROOT/package.json")"
mkdir -p "$OUT"
"$BIN_DIR/sdkgen" -schema "$ROOT/plugin/schema.json" -version "$version" -out "$OUT"
log "wrote the SDKs of version $version into $OUT"
echo "$OUT"
