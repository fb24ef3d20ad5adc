#!/usr/bin/env bash
# Makes the OpenTofu CLI (`tofu`) available for the Terraform provider's engine tests
# (test/terraform/, which run each suite on Terraform and on OpenTofu) and prints the folder that
# holds it. stdout is only that folder; diagnostics go to stderr.
#
# Tried in order; what is found is used as it is, never modified:
#   1. a `tofu` on PATH that is new enough (>= TOFU_MIN_VERSION, default 1.11.0: the first
#      OpenTofu with write-only attributes, which the provider's secret inputs are)
#   2. this checkout's git-ignored .tofu-cli/v<version>/bin (or $TOFU_CLI_DIR/v<version>/bin),
#      from an earlier run
#   3. a build from the Go module proxy into that folder. `go install
#      github.com/opentofu/opentofu/cmd/tofu@v<version>` is refused: OpenTofu's go.mod has a
#      `replace` (go help install). So a wrapper module requires github.com/opentofu/opentofu at
#      that version and repeats its one replace, and `go build` builds cmd/tofu with the flags of
#      OpenTofu's release build (.goreleaser.yaml: CGO off, -trimpath, version.dev=no, so that
#      `tofu version` says v<version>, not v<version>-dev). Cold (empty Go caches): 255 module
#      zips (264 MB downloaded; 1.1 GB unpacked in the module cache, 1.6 GB of build cache) and
#      about 8 minutes of CPU, so 4 to 5 minutes on an idle 2-core machine (measured 2026-11-28).
#   4. otherwise a clear error saying how to install it.
#
# Version: TOFU_VERSION, default 1.12.6 (the newest the Go module proxy served on 2026-11-28).
# Another version needs its own replace line: set TOFU_HCL_REPLACE to the right-hand side of the
# `github.com/hashicorp/hcl/v2` replace in that version's go.mod (see its go.mod on the proxy).
set -euo pipefail

VERSION="${TOFU_VERSION:-1.12.6}"
MIN_VERSION="${TOFU_MIN_VERSION:-1.11.0}"
HCL_REPLACE="${TOFU_HCL_REPLACE:-github.com/opentofu/hcl/v2 v2.20.2-0.20251021132045-587d123c2828}"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
LOCAL_BIN="${TOFU_CLI_DIR:-$ROOT/.tofu-cli}/v$VERSION/bin"

log() { echo "install-tofu: $*" >&2; }

version_ge() { # $1 >= $2 ?
  [ "$(printf '%s\n%s\n' "$2" "$1" | sort -V | head -n1)" = "$2" ]
}

# The version `tofu version` reports (e.g. 1.12.6, or 1.12.6-dev for a build without the release
# flags), or nothing. A CLI configuration file that does not exist (TF_CLI_CONFIG_FILE) only warns.
cli_version() {
  local limit=()
  command -v timeout >/dev/null 2>&1 && limit=(timeout 20)
  ${limit[@]+"${limit[@]}"} "$1" version 2>/dev/null </dev/null | sed -n 's/^OpenTofu v\([0-9][^ ]*\).*/\1/p' | head -n1
}

usable() { # $1 = path to tofu
  local v
  v="$(cli_version "$1")" || return 1
  [ -n "$v" ] && version_ge "${v%%-*}" "$MIN_VERSION"
}

# 1. on PATH
if found="$(command -v tofu 2>/dev/null)"; then
  if usable "$found"; then
    log "using OpenTofu v$(cli_version "$found") found on PATH at $found"
    dirname "$found"
    exit 0
  fi
  log "ignoring $found: v$(cli_version "$found" || true) is older than $MIN_VERSION (or does not answer 'tofu version')"
fi

# 2. the project-local folder
if [ -x "$LOCAL_BIN/tofu" ] && usable "$LOCAL_BIN/tofu"; then
  log "using OpenTofu v$(cli_version "$LOCAL_BIN/tofu") (project-local, $LOCAL_BIN)"
  echo "$LOCAL_BIN"
  exit 0
fi

# 3. a build from the Go module proxy into the project-local folder
if ! command -v go >/dev/null 2>&1; then
  cat >&2 <<MSG
install-tofu: no OpenTofu >= $MIN_VERSION on PATH and no Go toolchain to build v$VERSION.
  - Install OpenTofu (https://opentofu.org/docs/intro/install/) and put tofu on PATH, or
  - install Go >= 1.26.6 and re-run this script (it builds tofu from the Go module proxy).
MSG
  exit 1
fi

export GOFLAGS="${GOFLAGS:-} -mod=mod" GOTOOLCHAIN="${GOTOOLCHAIN:-local}" CGO_ENABLED=0
build="$(mktemp -d)"
trap 'rm -rf "$build"' EXIT
mkdir -p "$LOCAL_BIN"
log "building OpenTofu v$VERSION from the Go module proxy into $LOCAL_BIN (first time only; about 5 minutes on 2 cores with cold Go caches)"
cat >"$build/go.mod" <<MOD
module flashduty.local/tofu-build

// 1.17 or later prunes the module graph (without a go line Go assumes 1.16 and reads the go.mod
// of every module version in OpenTofu's whole graph: thousands); go get raises it to OpenTofu's.
go 1.21

require github.com/opentofu/opentofu v$VERSION

// Repeated from OpenTofu's own go.mod: a dependency's replace does not apply to its requirers.
replace github.com/hashicorp/hcl/v2 v2.20.1 => $HCL_REPLACE
MOD
if (
  cd "$build"
  go get "github.com/opentofu/opentofu/cmd/tofu@v$VERSION" >&2
  go build -trimpath -ldflags "-s -w -X github.com/opentofu/opentofu/version.dev=no" \
    -o "$LOCAL_BIN/tofu.tmp" github.com/opentofu/opentofu/cmd/tofu >&2
); then
  mv "$LOCAL_BIN/tofu.tmp" "$LOCAL_BIN/tofu"
  v="$(cli_version "$LOCAL_BIN/tofu" || true)"
  if [ "$v" = "$VERSION" ]; then
    log "built OpenTofu v$v into $LOCAL_BIN"
    echo "$LOCAL_BIN"
    exit 0
  fi
  log "the build finished but '$LOCAL_BIN/tofu version' reports '${v:-nothing}', not v$VERSION"
else
  rm -f "$LOCAL_BIN/tofu.tmp"
  log "the build of OpenTofu v$VERSION failed (output above)"
fi
cat >&2 <<MSG
install-tofu: could not find or build OpenTofu v$VERSION.
  - Install OpenTofu >= $MIN_VERSION (https://opentofu.org/docs/intro/install/) and put tofu on PATH, or
  - with Go >= 1.26.6 and a Go module proxy, re-run this script.
MSG
exit 1
