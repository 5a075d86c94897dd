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
  # --unlock returns before the daemon has taken its name on the bus (tens of ms later on a loaded machine). A Secret
  # Service call in that gap makes the bus start a second, locked daemon from its .service file ("No system keychain
  # found", or a call that waits until the test gives up), and the pid below would not be found (the daemon left
  # running); and a keyring client writes to the default keyring, which must exist and be unlocked (else it asks a
  # prompter there is none of). So wait, bounded, until the name is owned (asking the bus itself: that starts
  # nothing) and the default keyring ('login') answers through it, unlocked.
  bus() { dbus-send --session --print-reply "$@" 2>/dev/null || true; }
  ready=""
  for _ in $(seq 1 600); do
    owned="$(bus --dest=org.freedesktop.DBus / org.freedesktop.DBus.NameHasOwner string:org.freedesktop.secrets)"
    if [[ "$owned" == *"boolean true"* ]]; then
      locked="$(bus --dest=org.freedesktop.secrets /org/freedesktop/secrets/aliases/default \
        org.freedesktop.DBus.Properties.Get string:org.freedesktop.Secret.Collection string:Locked)"
      if [[ "$locked" == *"boolean false"* ]]; then
        ready=1
        break
      fi
    fi
    sleep 0.05
  done
  # The daemon outlives the bus, so remember exactly which process it is and stop it afterwards.
  keyring_pid="$(bus --dest=org.freedesktop.DBus / \
    org.freedesktop.DBus.GetConnectionUnixProcessID string:org.freedesktop.secrets |
    awk '/uint32/ {print $2}')"
  if [ -z "$ready" ]; then
    echo "with-keyring: the keyring's Secret Service did not answer on the private bus within 30 s" >&2
    if [ -n "$keyring_pid" ]; then kill "$keyring_pid" 2>/dev/null; fi
    exit 1
  fi
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
