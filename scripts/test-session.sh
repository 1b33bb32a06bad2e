#!/bin/sh
# Runs the given command inside a throwaway D-Bus session with a throwaway, unlocked gnome-keyring, so tests never
# touch the developer's real keychain or notification daemon. Started by scripts/test-session.ts, which decides
# where it applies (Linux with dbus-run-session and gnome-keyring-daemon) and runs the command as is elsewhere.
set -eu
scratch=$(mktemp -d "${TMPDIR:-/tmp}/ntfy-tray-test-session.XXXXXX")
trap 'rm -rf "$scratch"' EXIT INT TERM
export NTFY_TRAY_TEST_SESSION=1 XDG_DATA_HOME="$scratch/data" XDG_RUNTIME_DIR="$scratch/run"
mkdir -p "$XDG_DATA_HOME" "$XDG_RUNTIME_DIR"
chmod 700 "$XDG_RUNTIME_DIR"
dbus-run-session -- sh -c 'printf %s throwaway | gnome-keyring-daemon --unlock --components=secrets >/dev/null && exec "$@"' sh "$@"
