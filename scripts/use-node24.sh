#!/usr/bin/env bash
# Sourced by .ci/run: puts Node 24 (the Node inside Electron 45's main process) first on PATH.
# Where the machine's Node is older (Debian's system Node 20, end-of-life), Node 24 is installed from the npm
# registry — the `node-<platform>-<arch>` package ships the official binary — into .tmp/node24 (git-ignored).
node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }
if [ "$(node_major)" -lt 24 ]; then
  n24_dir="$PWD/.tmp/node24"
  n24_pkg="node-$(node -p process.platform)-$(node -p process.arch)"
  n24_bin="$n24_dir/node_modules/$n24_pkg/bin"
  if [ ! -x "$n24_bin/node" ]; then
    echo "Node $(node -v) is older than 24: installing $n24_pkg@24 from the npm registry into .tmp/node24"
    mkdir -p "$n24_dir"
    npm install --prefix "$n24_dir" --no-save --no-package-lock --no-audit --no-fund --loglevel=error "$n24_pkg@24"
  fi
  export PATH="$n24_bin:$PATH"
fi
if [ "$(node_major)" -lt 24 ]; then
  echo "Node 24 is required; found $(node -v)" >&2
  exit 1
fi
echo "Using Node $(node -v) ($(command -v node)), npm $(npm -v 2>/dev/null)"
