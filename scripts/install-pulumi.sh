#!/usr/bin/env bash
# Makes the Pulumi CLI, a Node.js language host and the dynamic-provider shim
# (pulumi-resource-pulumi-nodejs) available for this repository's scripts and tests, and prints
# the folders to put first on PATH (colon-separated). Diagnostics go to stderr; stdout is only that.
#
# Tried in order; what is found is used as it is, never modified:
#   1. a `pulumi` on PATH that is new enough (>= PULUMI_MIN_VERSION, default 3.249.0)
#   2. the official cache $PULUMI_HOME/versions/<version>/bin (default ~/.pulumi), which the npm
#      `pulumi` wrapper and the Automation API share: read, never written
#   3. this checkout's own folder .pulumi-cli/v<version>/bin (git-ignored), from an earlier run
#   4. the vendor's installer, into that project-local folder (fails fast where its site is
#      unreachable)
#   5. a build from Go modules into that project-local folder: the CLI, and the official language
#      host when the module proxy serves it, else the OFFLINE STAND-IN (scripts/langhost) under the
#      name the CLI looks for. The stand-in exists only in .pulumi-cli/, so no other tool (the npm
#      wrapper, the Automation API of another project, a global PATH) ever picks it up.
#   6. otherwise a clear error saying how to install the CLI.
# Every run prints one line saying which CLI and which language host it uses. The language host
# is the official one whenever one can be had (beside the CLI, else the first new-enough one on
# PATH), else the offline stand-in. The CLI takes its language host (and the dynamic-provider
# shim) from PATH first, and warns on every command ("using pulumi-language-nodejs from $PATH at
# ... expected <its own folder>/...") when the one found is not the one beside its own
# executable. So the first folder printed holds the CLI and the host named side by side: the
# CLI's own folder when the host is beside it, else a project-local folder pairing the two
# (.pulumi-cli/v<version>/paired/<digest>: a hard link, or copy, of the CLI and symlinks to the
# host and the shim), so the host named is the host the CLI finds, without a warning.
#
# Version: the newest CLI the Go module proxy serves as a module zip (pkg/v3 v3.259.0 on
# 2026-11-22: v3.260.0's zip and 3.261+ are refused with 403, 3.249-3.254 too). Override with
# PULUMI_VERSION.
set -euo pipefail

VERSION="${PULUMI_VERSION:-3.259.0}"
MIN_VERSION="${PULUMI_MIN_VERSION:-3.249.0}"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
LOCAL_BIN="${PULUMI_CLI_DIR:-$ROOT/.pulumi-cli}/v$VERSION/bin"
OFFICIAL_CACHE_BIN="${PULUMI_HOME:-$HOME/.pulumi}/versions/$VERSION/bin"
STANDIN_MARKER=".offline-stand-in"

log() { echo "install-pulumi: $*" >&2; }

version_ge() { # $1 >= $2 ?
  [ "$(printf '%s\n%s\n' "$2" "$1" | sort -V | head -n1)" = "$2" ]
}

cli_version() { "$1" version 2>/dev/null | sed 's/^v//'; }

usable() { # $1 = path to pulumi
  local v
  v="$(cli_version "$1")" || return 1
  [ -n "$v" ] && version_ge "$v" "$MIN_VERSION"
}

# The dynamic-provider shim ships at the root of the @pulumi/pulumi npm package. It is copied into
# the project-local folder (never into a folder found on the machine).
ensure_shim() {
  if command -v pulumi-resource-pulumi-nodejs >/dev/null 2>&1 || [ -x "$LOCAL_BIN/pulumi-resource-pulumi-nodejs" ]; then return 0; fi
  local src="$ROOT/node_modules/@pulumi/pulumi/pulumi-resource-pulumi-nodejs"
  if [ ! -f "$src" ]; then
    log "warning: @pulumi/pulumi is not installed (run npm ci first); the dynamic-provider shim is missing"
    return 0
  fi
  mkdir -p "$LOCAL_BIN"
  cp "$src" "$LOCAL_BIN/" && chmod +x "$LOCAL_BIN/pulumi-resource-pulumi-nodejs"
}

go_env() {
  export GOFLAGS="${GOFLAGS:-} -mod=mod" GOTOOLCHAIN="${GOTOOLCHAIN:-local}"
  # The checksum database behind some module proxies has no entry for pulumi's pkg/v3 tags (a 404
  # on lookup); the proxy's own hashes still apply, and the sumdb still checks everything else.
  export GONOSUMDB="${GONOSUMDB:+$GONOSUMDB,}github.com/pulumi/pulumi"
}

# Digest of the stand-in's sources: the marker file records it, so a changed scripts/langhost is
# rebuilt on the next run.
standin_digest() {
  cat "$ROOT"/scripts/langhost/*.go "$ROOT/scripts/langhost/go.mod" "$ROOT/scripts/langhost/go.sum" 2>/dev/null | sha256sum | cut -c1-16
}

# Builds the offline stand-in language host (scripts/langhost) into the project-local folder under
# the name the CLI looks for, with a marker file so every run can say which host it uses.
build_standin() {
  command -v go >/dev/null 2>&1 || { log "no Go toolchain to build the offline stand-in language host"; return 1; }
  [ -f "$ROOT/scripts/langhost/main.go" ] || { log "scripts/langhost is missing"; return 1; }
  go_env
  local build; build="$(mktemp -d)"
  # Built from a copy so a read-only checkout is never written to.
  cp "$ROOT"/scripts/langhost/*.go "$ROOT/scripts/langhost/go.mod" "$ROOT/scripts/langhost/go.sum" "$build/"
  mkdir -p "$LOCAL_BIN"
  log "building the offline stand-in language host from scripts/langhost"
  (cd "$build" && go build -trimpath -ldflags "-s -w -X main.version=$VERSION" -o "$LOCAL_BIN/pulumi-language-nodejs.tmp" . >&2)
  rm -rf "$build"
  mv "$LOCAL_BIN/pulumi-language-nodejs.tmp" "$LOCAL_BIN/pulumi-language-nodejs"
  echo "scripts/langhost (offline stand-in for the official pulumi-language-nodejs) $(standin_digest)" >"$LOCAL_BIN/$STANDIN_MARKER"
}

# The host's version as it reports it (`pulumi-language-nodejs -version`, e.g. v3.259.0), without
# the leading v; nothing when it does not answer (the offline stand-in does not: it is told apart
# by its marker file instead).
host_version() {
  local out limit=()
  command -v timeout >/dev/null 2>&1 && limit=(timeout 10)
  out="$(${limit[@]+"${limit[@]}"} "$1" -version 2>/dev/null </dev/null | head -n1)" || return 1
  out="${out#v}"
  [[ "$out" =~ ^[0-9]+\.[0-9]+\.[0-9]+ ]] && echo "$out"
}

# Whether folder $1 holds the offline stand-in (of this checkout or another one).
is_standin_dir() { [ -f "$1/$STANDIN_MARKER" ]; }

# Prints the first folder on PATH holding an official pulumi-language-nodejs new enough
# (>= PULUMI_MIN_VERSION, asked with -version), or nothing. Stand-ins (marker file) are skipped,
# and so, with a log line, are hosts that are too old or do not answer.
official_host_on_path() {
  local dir v IFS=:
  for dir in $PATH; do
    [ -n "$dir" ] && [ -x "$dir/pulumi-language-nodejs" ] && [ ! -d "$dir/pulumi-language-nodejs" ] || continue
    is_standin_dir "$dir" && continue
    if ! v="$(host_version "$dir/pulumi-language-nodejs")"; then
      log "ignoring $dir/pulumi-language-nodejs: it does not answer -version"
    elif ! version_ge "$v" "$MIN_VERSION"; then
      log "ignoring $dir/pulumi-language-nodejs: v$v is older than $MIN_VERSION"
    else
      echo "$dir"
      return 0
    fi
  done
  return 0
}

# Whether the stand-in in the project-local folder was built from the current scripts/langhost.
standin_current() { grep -q " $(standin_digest)\$" "$LOCAL_BIN/$STANDIN_MARKER" 2>/dev/null; }

# The first folder of the colon-separated list $1 holding an executable named $2, or nothing: the
# folder the CLI takes it from (it looks up its language host and plugins on PATH first).
first_on() {
  local dir IFS=:
  for dir in $1; do
    if [ -n "$dir" ] && [ -x "$dir/$2" ] && [ ! -d "$dir/$2" ]; then echo "$dir"; return 0; fi
  done
  return 0
}

# Replaces $2 with a symlink to $1 unless it already is one (a rename, so a CLI running from the
# folder never sees the name missing).
link_to() {
  [ -L "$2" ] && [ "$(readlink "$2")" = "$1" ] && return 0
  ln -sfn "$1" "$2.tmp.$$" && mv -f "$2.tmp.$$" "$2"
}

# Makes (or reuses) the project-local folder in which the CLI $1/pulumi runs beside the host
# $2/pulumi-language-nodejs and the shim $3/pulumi-resource-pulumi-nodejs, and prints it. The CLI
# finds the plugins it bundles beside its own executable (os.Executable, symlinks resolved), so
# `pulumi` there is a hard link to the CLI (a copy where the link cannot be made: another file
# system), refreshed when the CLI changes; the host and the shim are symlinks. A host that is the
# offline stand-in brings its marker along. Returns 1, with a log line, if the folder cannot be
# written (a read-only PULUMI_CLI_DIR).
pair_dir() {
  local cli host shim dir
  cli="$(readlink -f "$1/pulumi")"
  host="$(readlink -f "$2/pulumi-language-nodejs")"
  shim="$(readlink -f "$3/pulumi-resource-pulumi-nodejs")"
  dir="$(dirname "$LOCAL_BIN")/paired/$(printf '%s\n%s\n%s\n' "$cli" "$host" "$shim" | sha256sum | cut -c1-16)"
  if ! {
    mkdir -p "$dir" &&
      if [ ! "$dir/pulumi" -ef "$cli" ] && ! cmp -s "$cli" "$dir/pulumi"; then
        rm -f "$dir/pulumi.tmp.$$"
        if ! ln "$cli" "$dir/pulumi.tmp.$$" 2>/dev/null; then
          log "copying $cli into $dir (it cannot be hard-linked there)"
          cp "$cli" "$dir/pulumi.tmp.$$"
        fi && mv -f "$dir/pulumi.tmp.$$" "$dir/pulumi"
      fi &&
      link_to "$host" "$dir/pulumi-language-nodejs" &&
      link_to "$shim" "$dir/pulumi-resource-pulumi-nodejs" &&
      if is_standin_dir "$2"; then cp "$2/$STANDIN_MARKER" "$dir/$STANDIN_MARKER"; else rm -f "$dir/$STANDIN_MARKER"; fi &&
      printf 'pulumi: %s\npulumi-language-nodejs: %s\npulumi-resource-pulumi-nodejs: %s\n' "$cli" "$host" "$shim" >"$dir/PAIRED"
  }; then
    log "could not write $dir to run the CLI beside its language host"
    return 1
  fi
  echo "$dir"
}

# Says which CLI (folder $1, found as $2) and which Node.js language host are used, and prints the
# PATH fragment that makes the CLI find exactly that host, beside it (so it does not warn): the
# CLI's folder when the host is there, else the folder pairing them (pair_dir); then the
# project-local folder (the dynamic-provider shim), whose stand-in is shadowed by then. The host,
# in order of preference:
#   1. the one beside the CLI (the official host of that install), unless it is the stand-in;
#   2. an official host on PATH, new enough;
#   3. the project-local one (the stand-in, rebuilt when scripts/langhost changed), built if missing.
finish() {
  local cli_dir="$1" source="$2" host_dir="" kind="official pulumi-language-nodejs"
  if [ -x "$cli_dir/pulumi-language-nodejs" ] && ! is_standin_dir "$cli_dir"; then
    host_dir="$cli_dir"
  else
    host_dir="$(official_host_on_path)"
    if [ -n "$host_dir" ] && is_standin_dir "$cli_dir" && [ -x "$host_dir/pulumi" ]; then
      # The CLI's folder holds the stand-in, so the host's folder must come first; it holds another
      # pulumi, which would then shadow ours. Use that install's CLI if it is usable, else the stand-in.
      if usable "$host_dir/pulumi"; then
        cli_dir="$host_dir"
        source="beside the official language host on PATH"
      else
        log "not using the official host in $host_dir: the pulumi beside it is older than $MIN_VERSION"
        host_dir=""
      fi
    fi
  fi
  if [ -z "$host_dir" ]; then
    if is_standin_dir "$cli_dir" && [ "$cli_dir" != "$LOCAL_BIN" ]; then
      # Another checkout's CLI folder on PATH, with its stand-in: the CLI takes that one.
      host_dir="$cli_dir"
    elif [ -x "$LOCAL_BIN/pulumi-language-nodejs" ] && { ! is_standin_dir "$LOCAL_BIN" || standin_current; }; then
      host_dir="$LOCAL_BIN"
    else
      is_standin_dir "$LOCAL_BIN" && log "scripts/langhost changed since the offline stand-in was built"
      build_standin || { log "error: no Node.js language host for $cli_dir/pulumi"; exit 1; }
      host_dir="$LOCAL_BIN"
    fi
  fi
  ensure_shim
  is_standin_dir "$host_dir" && kind="offline stand-in (scripts/langhost; see its README.md)"
  local version; version="$(host_version "$host_dir/pulumi-language-nodejs" || true)"
  local run_dir="$cli_dir" paired=""
  if [ "$host_dir" != "$cli_dir" ]; then
    # The shim the CLI would take: the one it bundles, else the host's install's, else PATH's, else ours.
    local shim_dir; shim_dir="$(first_on "$cli_dir:$host_dir:$PATH:$LOCAL_BIN" pulumi-resource-pulumi-nodejs)"
    if [ -n "$shim_dir" ] && run_dir="$(pair_dir "$cli_dir" "$host_dir" "$shim_dir")"; then
      paired="; run together from $run_dir"
    else
      run_dir=""
    fi
  fi
  # A host reached through a symlink (a paired folder found on PATH) is named with its target.
  local at="$host_dir" target; target="$(readlink -f "$host_dir/pulumi-language-nodejs")"
  [ "$target" = "$host_dir/pulumi-language-nodejs" ] || at="$host_dir (-> $target)"
  log "using Pulumi CLI v$(cli_version "$cli_dir/pulumi") ($source, $cli_dir); Node.js language host: $kind${version:+ v$version} at $at$paired"

  local out expect_cli expect_host
  if [ -n "$run_dir" ]; then
    out="$run_dir" expect_cli="$run_dir" expect_host="$run_dir"
  else
    # No paired folder could be written: the CLI's and the host's folders, the CLI warning on every
    # command that its host is not beside it. A CLI folder holding the stand-in must not come
    # before the official host's folder.
    log "warning: the CLI will warn that its language host is not beside it"
    if is_standin_dir "$cli_dir"; then out="$host_dir:$cli_dir"; else out="$cli_dir:$host_dir"; fi
    expect_cli="$cli_dir" expect_host="$host_dir"
  fi
  # Last, the project-local folder (the dynamic-provider shim): its stand-in is shadowed by then.
  if [ -d "$LOCAL_BIN" ] && [[ ":$out:" != *":$LOCAL_BIN:"* ]]; then out="$out:$LOCAL_BIN"; fi
  # What the CLI will find with this fragment first on PATH must be what was just named.
  local found_cli found_host
  found_cli="$(first_on "$out:$PATH" pulumi)"
  found_host="$(first_on "$out:$PATH" pulumi-language-nodejs)"
  if [ "$found_cli" != "$expect_cli" ] || [ "$found_host" != "$expect_host" ] ||
    [ "$(readlink -f "$found_host/pulumi-language-nodejs")" != "$(readlink -f "$host_dir/pulumi-language-nodejs")" ]; then
    log "error: with $out first on PATH the CLI would be $found_cli/pulumi and the host $found_host/pulumi-language-nodejs"
    exit 1
  fi
  echo "$out"
  exit 0
}

# 1. on PATH
if p="$(command -v pulumi 2>/dev/null)" && usable "$p"; then finish "$(dirname "$p")" "found on PATH"; fi

# 2. the official cache, used as it is
if [ -x "$OFFICIAL_CACHE_BIN/pulumi" ] && usable "$OFFICIAL_CACHE_BIN/pulumi"; then finish "$OFFICIAL_CACHE_BIN" "official cache"; fi

# 3. the project-local folder
if [ -x "$LOCAL_BIN/pulumi" ] && usable "$LOCAL_BIN/pulumi"; then finish "$LOCAL_BIN" "project-local"; fi

# 4. the vendor's installer, into the project-local folder
if [ "${PULUMI_SKIP_VENDOR_INSTALLER:-}" != "true" ] && command -v curl >/dev/null 2>&1; then
  log "trying the vendor's installer (get.pulumi.com)"
  if script="$(curl -fsSL --connect-timeout 5 --max-time 20 https://get.pulumi.com 2>/dev/null)"; then
    if echo "$script" | sh -s -- --version "$VERSION" --install-root "$(dirname "$LOCAL_BIN")" --no-edit-path >&2 &&
      [ -x "$LOCAL_BIN/pulumi" ] && usable "$LOCAL_BIN/pulumi"; then
      finish "$LOCAL_BIN" "vendor's installer"
    fi
  fi
  log "the vendor's installer is unavailable here; building from Go modules"
fi

# 5. build from Go modules into the project-local folder
if command -v go >/dev/null 2>&1; then
  go_env
  build="$(mktemp -d)"
  trap 'rm -rf "$build"' EXIT
  mkdir -p "$LOCAL_BIN" "$build/cli" "$build/langhost"
  ldflags="-s -w -X github.com/pulumi/pulumi/sdk/v3/go/common/version.Version=v$VERSION"
  # pkg/v3's go.mod has replace directives, so `go install pkg@version` refuses it: build from a
  # wrapper module that requires pkg/v3 and sdk/v3 at the same version.
  log "building pulumi v$VERSION from Go modules into $LOCAL_BIN (first time only; several minutes)"
  (
    cd "$build/cli"
    go mod init pulumi-cli-build >/dev/null 2>&1
    go get "github.com/pulumi/pulumi/pkg/v3@v$VERSION" "github.com/pulumi/pulumi/sdk/v3@v$VERSION" >&2
    go get "github.com/pulumi/pulumi/pkg/v3/cmd/pulumi@v$VERSION" >&2
    go build -trimpath -ldflags "$ldflags" -o "$LOCAL_BIN/pulumi.tmp" github.com/pulumi/pulumi/pkg/v3/cmd/pulumi >&2
  )
  mv "$LOCAL_BIN/pulumi.tmp" "$LOCAL_BIN/pulumi"

  if [ ! -x "$LOCAL_BIN/pulumi-language-nodejs" ]; then
    # The official language host first (it has no version tags of its own: the pkg/v3 tag's
    # commit); some module proxies refuse it at every version (403).
    commit="$(go list -m -json "github.com/pulumi/pulumi/pkg/v3@v$VERSION" 2>/dev/null | sed -n 's/.*"Hash": *"\([0-9a-f]\{12\}\).*/\1/p' | head -n1 || true)"
    log "trying the official pulumi-language-nodejs module${commit:+ at $commit}"
    if [ -n "$commit" ] && (
      cd "$build/langhost" &&
        go mod init pulumi-langhost-build >/dev/null 2>&1 &&
        go get "github.com/pulumi/pulumi/sdk/nodejs/cmd/pulumi-language-nodejs/v3@$commit" >/dev/null 2>&1 &&
        go build -trimpath -ldflags "$ldflags" -o "$LOCAL_BIN/pulumi-language-nodejs.tmp" \
          github.com/pulumi/pulumi/sdk/nodejs/cmd/pulumi-language-nodejs/v3 >&2
    ); then
      mv "$LOCAL_BIN/pulumi-language-nodejs.tmp" "$LOCAL_BIN/pulumi-language-nodejs"
    else
      log "the module proxy does not serve the official language host"
      build_standin || true
    fi
  fi
  if usable "$LOCAL_BIN/pulumi"; then finish "$LOCAL_BIN" "built from Go modules"; fi
  log "the build finished but '$LOCAL_BIN/pulumi version' does not report v$VERSION"
fi

# 6. give up clearly
cat >&2 <<MSG
install-pulumi: could not find or install the Pulumi CLI v$VERSION.
  - With internet access: curl -fsSL https://get.pulumi.com | sh
  - Offline with Go >= 1.25.11 and a Go module proxy: re-run this script (it builds from source)
  - Or put a pulumi >= $MIN_VERSION with pulumi-language-nodejs on PATH.
MSG
exit 1
