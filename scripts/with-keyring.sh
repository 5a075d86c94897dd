#!/usr/bin/env bash
# Run a command against a real, unlocked GNOME Keyring on a private D-Bus session bus.
#
#   bash scripts/with-keyring.sh npx vitest run --project keychain
#
# A temporary HOME (and XDG_* dirs under it) keeps the test keyring away from the user's own
# keyring; it is removed afterwards. The command's exit code is passed through.
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: $0 CMD [ARGS...]" >&2
  exit 2
fi

for tool in dbus-run-session gnome-keyring-daemon; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "with-keyring: '$tool' not found (install dbus and gnome-keyring)" >&2
    exit 127
  fi
done

# Inside the private bus: unlock a fresh keyring, then run the command.
if [ "${WITH_KEYRING_INNER:-}" = "1" ]; then
  unset WITH_KEYRING_INNER
  # --unlock reads the password from stdin and creates the 'login' keyring on first use.
  echo -n pass | gnome-keyring-daemon --unlock --components=secrets >/dev/null
  # The daemon outlives the bus, so remember exactly which process it is and stop it afterwards.
  keyring_pid="$(dbus-send --session --print-reply --dest=org.freedesktop.DBus / \
    org.freedesktop.DBus.GetConnectionUnixProcessID string:org.freedesktop.secrets 2>/dev/null |
    awk '/uint32/ {print $2}')" || keyring_pid=""
  set +e
  "$@"
  rc=$?
  if [ -n "$keyring_pid" ]; then kill "$keyring_pid" 2>/dev/null; fi
  exit "$rc"
fi

tmp_home="$(mktemp -d "${TMPDIR:-/tmp}/lookup-tray-keyring.XXXXXX")"
cleanup() { rm -rf "$tmp_home"; }
trap cleanup EXIT

mkdir -p "$tmp_home/.config" "$tmp_home/.local/share" "$tmp_home/.cache" "$tmp_home/.run"
chmod 700 "$tmp_home/.run"

set +e
env HOME="$tmp_home" \
  XDG_CONFIG_HOME="$tmp_home/.config" \
  XDG_DATA_HOME="$tmp_home/.local/share" \
  XDG_CACHE_HOME="$tmp_home/.cache" \
  XDG_RUNTIME_DIR="$tmp_home/.run" \
  WITH_KEYRING_INNER=1 \
  dbus-run-session -- bash "$0" "$@"
rc=$?
set -e
exit "$rc"
