#!/bin/sh
# Runs the given command inside a throwaway D-Bus session with a throwaway, unlocked gnome-keyring where the
# machine has them (Linux), so tests never touch the developer's real keychain or notification daemon.
# Elsewhere (macOS, Windows, Linux without dbus-run-session) the command runs as is.
set -eu
if [ -n "${NTFY_TRAY_TEST_SESSION:-}" ] || ! command -v dbus-run-session >/dev/null 2>&1 \
  || ! command -v gnome-keyring-daemon >/dev/null 2>&1; then
  exec "$@"
fi
scratch=$(mktemp -d "${TMPDIR:-/tmp}/ntfy-tray-test-session.XXXXXX")
trap 'rm -rf "$scratch"' EXIT INT TERM
export NTFY_TRAY_TEST_SESSION=1 XDG_DATA_HOME="$scratch/data" XDG_RUNTIME_DIR="$scratch/run"
mkdir -p "$XDG_DATA_HOME" "$XDG_RUNTIME_DIR"
chmod 700 "$XDG_RUNTIME_DIR"
dbus-run-session -- sh -c 'printf %s throwaway | gnome-keyring-daemon --unlock --components=secrets >/dev/null && exec "$@"' sh "$@"
