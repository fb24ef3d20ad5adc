#!/usr/bin/env bash
# Makes the Pulumi YAML language host (pulumi-language-yaml) available for the provider plugin's
# engine tests (test/plugin/*.engine.test.ts) and prints the folder that holds it (stdout is only
# that; diagnostics go to stderr).
#
# Tried in order:
#   1. a `pulumi-language-yaml` on PATH
#   2. this checkout's git-ignored .pulumi-cli/yaml-v<version>/bin (or $PULUMI_CLI_DIR), from an
#      earlier run
#   3. a build from Go modules (github.com/pulumi/pulumi-yaml/cmd/pulumi-language-yaml, served by
#      the Go module proxy) into that folder: about two minutes once with a warm Go cache
#   4. otherwise a clear error.
#
# Version: PULUMI_YAML_VERSION, default 1.38.1 (its go.mod needs pulumi pkg/sdk v3.255.0; the Go
# module proxy serves both).
set -euo pipefail

VERSION="${PULUMI_YAML_VERSION:-1.38.1}"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
LOCAL_BIN="${PULUMI_CLI_DIR:-$ROOT/.pulumi-cli}/yaml-v$VERSION/bin"

log() { echo "install-pulumi-yaml: $*" >&2; }

if found="$(command -v pulumi-language-yaml 2>/dev/null)"; then
  log "using pulumi-language-yaml on PATH at $found"
  dirname "$found"
  exit 0
fi

if [ -x "$LOCAL_BIN/pulumi-language-yaml" ]; then
  log "using pulumi-language-yaml v$VERSION (project-local, $LOCAL_BIN)"
  echo "$LOCAL_BIN"
  exit 0
fi

if ! command -v go >/dev/null 2>&1; then
  log "no pulumi-language-yaml on PATH and no Go toolchain to build it; install Go >= 1.25.11 or put pulumi-language-yaml on PATH"
  exit 1
fi

export GOFLAGS="${GOFLAGS:-} -mod=mod" GOTOOLCHAIN="${GOTOOLCHAIN:-local}"
# As in install-pulumi.sh: some checksum databases have no entry for pulumi's pkg/v3 tags.
export GONOSUMDB="${GONOSUMDB:+$GONOSUMDB,}github.com/pulumi/pulumi"
build="$(mktemp -d)"
trap 'rm -rf "$build"' EXIT
mkdir -p "$LOCAL_BIN"
log "building pulumi-language-yaml v$VERSION from Go modules into $LOCAL_BIN (first time only)"
(
  cd "$build"
  go mod init pulumi-yaml-build >/dev/null 2>&1
  go get "github.com/pulumi/pulumi-yaml@v$VERSION" >&2
  go build -trimpath -ldflags "-s -w -X github.com/pulumi/pulumi-yaml/pkg/version.Version=v$VERSION" \
    -o "$LOCAL_BIN/pulumi-language-yaml.tmp" github.com/pulumi/pulumi-yaml/cmd/pulumi-language-yaml >&2
)
mv "$LOCAL_BIN/pulumi-language-yaml.tmp" "$LOCAL_BIN/pulumi-language-yaml"
log "built pulumi-language-yaml v$VERSION into $LOCAL_BIN"
echo "$LOCAL_BIN"
