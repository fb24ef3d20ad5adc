#!/usr/bin/env bash
# Makes actionlint (the GitHub Actions workflow linter) available for the repository test that
# lints .github/workflows/ (test/repository/releaseWorkflow.test.ts) and prints the folder that
# holds it (stdout is only that; diagnostics go to stderr).
#
# Tried in order:
#   1. an `actionlint` on PATH
#   2. this checkout's git-ignored .pulumi-cli/actionlint-v<version>/bin (or $PULUMI_CLI_DIR), from
#      an earlier run
#   3. a build from Go modules (github.com/rhysd/actionlint/cmd/actionlint, served by the Go module
#      proxy) into that folder: well under a minute once, less with a warm Go cache
#   4. otherwise a clear error.
#
# actionlint runs shellcheck on `run:` scripts when a `shellcheck` is on PATH, and skips that check
# silently otherwise; this script does not install shellcheck.
#
# Version: ACTIONLINT_VERSION, default 1.7.12 (the newest v1.7.x the Go module proxy serves; its
# go.mod needs Go >= 1.25.0).
set -euo pipefail

VERSION="${ACTIONLINT_VERSION:-1.7.12}"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
LOCAL_BIN="${PULUMI_CLI_DIR:-$ROOT/.pulumi-cli}/actionlint-v$VERSION/bin"

log() { echo "install-actionlint: $*" >&2; }

if found="$(command -v actionlint 2>/dev/null)"; then
  log "using actionlint on PATH at $found"
  dirname "$found"
  exit 0
fi

if [ -x "$LOCAL_BIN/actionlint" ]; then
  log "using actionlint v$VERSION (project-local, $LOCAL_BIN)"
  echo "$LOCAL_BIN"
  exit 0
fi

if ! command -v go >/dev/null 2>&1; then
  log "no actionlint on PATH and no Go toolchain to build it; install Go >= 1.25.0 or put actionlint on PATH"
  exit 1
fi

export GOFLAGS="${GOFLAGS:-} -mod=mod" GOTOOLCHAIN="${GOTOOLCHAIN:-local}"
build="$(mktemp -d)"
trap 'rm -rf "$build"' EXIT
mkdir -p "$LOCAL_BIN"
log "building actionlint v$VERSION from Go modules into $LOCAL_BIN (first time only)"
# `go install module/pkg@version` builds outside any module, with the module's own go.mod; GOBIN
# is a scratch folder so that a failed build never leaves a half-written binary in LOCAL_BIN.
if ! (
  cd "$build"
  GOBIN="$build/bin" go install -trimpath -ldflags "-s -w" \
    "github.com/rhysd/actionlint/cmd/actionlint@v$VERSION" >&2
); then
  log "could not build actionlint v$VERSION with $(go version 2>/dev/null || echo 'go'); is the Go module proxy reachable? Set ACTIONLINT_VERSION to a version it serves (go list -m -versions github.com/rhysd/actionlint)"
  exit 1
fi
mv "$build/bin/actionlint" "$LOCAL_BIN/actionlint"
log "built actionlint v$VERSION into $LOCAL_BIN"
echo "$LOCAL_BIN"
