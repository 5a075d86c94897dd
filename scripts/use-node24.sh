#!/usr/bin/env bash
# Sourced by .ci/run: puts Node 24 (the Node inside Electron 45's main process) first on PATH.
# Where the machine's Node is older (Debian's system Node 20, end-of-life), Node 24 is installed from the npm
# registry — the `node-<platform>-<arch>` package ships the official binary — into .tmp/node24 (git-ignored).
# 24.15 at least: package.json's engines (some dependencies need ^24.15.0, and .npmrc has engine-strict).
NODE_MIN_MINOR=15
node_ok() { "${1:-node}" -e "const [a, b] = process.versions.node.split('.').map(Number); process.exit(a > 24 || (a === 24 && b >= $NODE_MIN_MINOR) ? 0 : 1)" 2>/dev/null; }
if ! node_ok; then
  n24_dir="$PWD/.tmp/node24"
  n24_pkg="node-$(node -p process.platform)-$(node -p process.arch)"
  n24_bin="$n24_dir/node_modules/$n24_pkg/bin"
  if ! node_ok "$n24_bin/node"; then
    echo "Node $(node -v) is older than 24.$NODE_MIN_MINOR: installing $n24_pkg@24 from the npm registry into .tmp/node24"
    mkdir -p "$n24_dir"
    npm install --prefix "$n24_dir" --no-save --no-package-lock --no-audit --no-fund --loglevel=error "$n24_pkg@24"
  fi
  export PATH="$n24_bin:$PATH"
fi
if ! node_ok; then
  echo "Node 24.$NODE_MIN_MINOR or later is required; found $(node -v)" >&2
  exit 1
fi
echo "Using Node $(node -v) ($(command -v node)), npm $(npm -v 2>/dev/null)"
