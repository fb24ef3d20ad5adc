#!/usr/bin/env bash
# Makes Pulumi CLI v3.248.0, its Node.js language host and the dynamic-provider shim
# (pulumi-resource-pulumi-nodejs) available, and prints the folder that holds them (add it to PATH).
#
# Tried in order:
#   1. a `pulumi` on PATH that is new enough (>= PULUMI_MIN_VERSION, default 3.139.0)
#   2. the cache $PULUMI_HOME/versions/<version>/bin (default ~/.pulumi), also used by the npm
#      `pulumi` wrapper and the Automation API
#   3. the vendor's installer (get.pulumi.com; fails fast where the site is unreachable)
#   4. a build from Go modules into that cache (needs Go >= 1.25.11 and the module proxy); when the
#      proxy refuses the official language host module, the minimal one in scripts/langhost is built
#   5. otherwise a clear error saying how to install the CLI.
# Idempotent; when the CLI is already there it returns in well under 2 s.
# Diagnostics go to stderr; stdout is only the bin folder.
set -euo pipefail

VERSION="${PULUMI_VERSION:-3.248.0}"
MIN_VERSION="${PULUMI_MIN_VERSION:-3.139.0}"
# Commit of the pkg/v3.248.0 tag: the language host module has no version tags of its own.
LANGHOST_COMMIT="${PULUMI_LANGHOST_COMMIT:-dc7edd58bc13}"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PULUMI_HOME_DIR="${PULUMI_HOME:-$HOME/.pulumi}"
CACHE_BIN="$PULUMI_HOME_DIR/versions/$VERSION/bin"

log() { echo "install-pulumi: $*" >&2; }

# The dynamic-provider shim ships at the root of the @pulumi/pulumi npm package.
shim_source() {
  local f="$ROOT/node_modules/@pulumi/pulumi/pulumi-resource-pulumi-nodejs"
  [ -f "$f" ] && echo "$f"
}

ensure_shim() { # $1 = bin dir
  local dir="$1"
  if [ ! -x "$dir/pulumi-resource-pulumi-nodejs" ] && ! command -v pulumi-resource-pulumi-nodejs >/dev/null 2>&1; then
    local src; src="$(shim_source || true)"
    if [ -z "$src" ]; then
      log "warning: @pulumi/pulumi is not installed (run npm ci first); the dynamic-provider shim is missing"
      return 0
    fi
    if [ -w "$dir" ]; then cp "$src" "$dir/" && chmod +x "$dir/pulumi-resource-pulumi-nodejs"; fi
  fi
}

version_ge() { # $1 >= $2 ?
  [ "$(printf '%s\n%s\n' "$2" "$1" | sort -V | head -n1)" = "$2" ]
}

usable() { # $1 = path to pulumi
  local v
  v="$("$1" version 2>/dev/null | sed 's/^v//')" || return 1
  [ -n "$v" ] && version_ge "$v" "$MIN_VERSION"
}

has_langhost() { # $1 = bin dir
  [ -x "$1/pulumi-language-nodejs" ] || command -v pulumi-language-nodejs >/dev/null 2>&1
}

# 1. on PATH
if p="$(command -v pulumi 2>/dev/null)" && usable "$p" && has_langhost "$(dirname "$p")"; then
  ensure_shim "$(dirname "$p")"
  dirname "$p"; exit 0
fi

# 2. the cache
if [ -x "$CACHE_BIN/pulumi" ] && usable "$CACHE_BIN/pulumi" && [ -x "$CACHE_BIN/pulumi-language-nodejs" ]; then
  ensure_shim "$CACHE_BIN"
  echo "$CACHE_BIN"; exit 0
fi

# 3. the vendor's installer
if [ "${PULUMI_SKIP_VENDOR_INSTALLER:-}" != "true" ] && command -v curl >/dev/null 2>&1; then
  log "trying the vendor's installer (get.pulumi.com)"
  if script="$(curl -fsSL --connect-timeout 5 --max-time 20 https://get.pulumi.com 2>/dev/null)"; then
    if echo "$script" | sh -s -- --version "$VERSION" --install-root "$PULUMI_HOME_DIR/versions/$VERSION" --no-edit-path >&2; then
      if [ -x "$CACHE_BIN/pulumi" ] && usable "$CACHE_BIN/pulumi"; then
        ensure_shim "$CACHE_BIN"; echo "$CACHE_BIN"; exit 0
      fi
    fi
  fi
  log "the vendor's installer is unavailable here; building from Go modules"
fi

# 4. build from Go modules
if command -v go >/dev/null 2>&1; then
  build="$(mktemp -d)"
  trap 'rm -rf "$build"' EXIT
  mkdir -p "$CACHE_BIN" "$build/cli" "$build/langhost"
  export GOFLAGS="${GOFLAGS:-} -mod=mod" GOTOOLCHAIN="${GOTOOLCHAIN:-local}"
  # The checksum database behind some module proxies has no entry for pulumi's pkg/v3 tags
  # (a 404 on lookup); the proxy's own hashes still apply to every module, and the sumdb still
  # checks everything else.
  export GONOSUMDB="${GONOSUMDB:+$GONOSUMDB,}github.com/pulumi/pulumi"
  ldflags="-s -w -X github.com/pulumi/pulumi/sdk/v3/go/common/version.Version=v$VERSION"

  # pkg/v3's go.mod has replace directives, so `go install pkg@version` refuses it: build from a
  # wrapper module that requires pkg/v3 and sdk/v3 at the same version. Skipped when an earlier run
  # already built it (e.g. only the language host was missing).
  if [ -x "$CACHE_BIN/pulumi" ] && usable "$CACHE_BIN/pulumi"; then
    log "pulumi v$VERSION is already in $CACHE_BIN"
  else
    log "building pulumi v$VERSION from Go modules (first time only; several minutes)"
    (
      cd "$build/cli"
      go mod init pulumi-cli-build >/dev/null 2>&1
      go get "github.com/pulumi/pulumi/pkg/v3@v$VERSION" "github.com/pulumi/pulumi/sdk/v3@v$VERSION" >&2
      go get "github.com/pulumi/pulumi/pkg/v3/cmd/pulumi@v$VERSION" >&2
      go build -trimpath -ldflags "$ldflags" -o "$CACHE_BIN/pulumi.tmp" github.com/pulumi/pulumi/pkg/v3/cmd/pulumi >&2
    )
    mv "$CACHE_BIN/pulumi.tmp" "$CACHE_BIN/pulumi"
  fi

  if [ ! -x "$CACHE_BIN/pulumi-language-nodejs" ]; then
    # The official language host first; some module proxies refuse it (403 for every version).
    log "building pulumi-language-nodejs at $LANGHOST_COMMIT"
    if (
      cd "$build/langhost" &&
        go mod init pulumi-langhost-build >/dev/null 2>&1 &&
        go get "github.com/pulumi/pulumi/sdk/nodejs/cmd/pulumi-language-nodejs/v3@$LANGHOST_COMMIT" >&2 &&
        go build -trimpath -ldflags "$ldflags" -o "$CACHE_BIN/pulumi-language-nodejs.tmp" \
          github.com/pulumi/pulumi/sdk/nodejs/cmd/pulumi-language-nodejs/v3 >&2
    ); then
      mv "$CACHE_BIN/pulumi-language-nodejs.tmp" "$CACHE_BIN/pulumi-language-nodejs"
    elif [ -f "$ROOT/scripts/langhost/main.go" ]; then
      # Fallback: the minimal host in scripts/langhost (needs only sdk/v3; see its README.md).
      # Built from a copy so a read-only checkout (or package folder) is never written to.
      log "the official language host is unavailable; building the minimal one from scripts/langhost"
      rm -f "$CACHE_BIN/pulumi-language-nodejs.tmp"
      mkdir -p "$build/langhost-lite"
      cp "$ROOT/scripts/langhost/main.go" "$ROOT/scripts/langhost/go.mod" "$ROOT/scripts/langhost/go.sum" "$build/langhost-lite/"
      (
        cd "$build/langhost-lite"
        go build -trimpath -ldflags "-s -w -X main.version=$VERSION" -o "$CACHE_BIN/pulumi-language-nodejs.tmp" . >&2
      )
      mv "$CACHE_BIN/pulumi-language-nodejs.tmp" "$CACHE_BIN/pulumi-language-nodejs"
    else
      log "the official language host is unavailable and scripts/langhost is missing"
    fi
  fi
  ensure_shim "$CACHE_BIN"
  if [ ! -x "$CACHE_BIN/pulumi-language-nodejs" ]; then
    log "warning: $CACHE_BIN has no pulumi-language-nodejs; Node.js programs cannot run"
  fi
  if usable "$CACHE_BIN/pulumi"; then echo "$CACHE_BIN"; exit 0; fi
  log "the build finished but '$CACHE_BIN/pulumi version' does not report v$VERSION"
fi

# 5. give up clearly
cat >&2 <<MSG
install-pulumi: could not find or install the Pulumi CLI v$VERSION.
  - With internet access: curl -fsSL https://get.pulumi.com | sh -s -- --version $VERSION
  - Offline with Go >= 1.25.11 and a Go module proxy: re-run this script (it builds from source)
  - Or put a pulumi >= $MIN_VERSION with pulumi-language-nodejs on PATH.
MSG
exit 1
