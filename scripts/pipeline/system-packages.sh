#!/bin/sh
# Installs the Debian/Ubuntu packages the tests and the Linux packaging need, with apt-get: `.ci/run` (Debian
# bookworm) and the Linux job of .github/workflows/build.yml (GitHub's Ubuntu runner) both run this, so the list is
# written once. README's apt-get line names every one of them (test/integration/packaging/readme-commands.test.ts).
#
#   sh scripts/pipeline/system-packages.sh debian          # this project's build machines and CI
#   sh scripts/pipeline/system-packages.sh github-ubuntu   # GitHub's ubuntu-24.04 runner
#   sh scripts/pipeline/system-packages.sh <kind> --print  # the list only
#
# build-essential + python3: node-gyp builds keytar from source (no prebuilt download here).
# libsecret-1-dev: keytar's Linux backend. gnome-keyring + dbus: a real Secret Service for the keychain tests.
# xvfb + xauth: a display for GUI tests. dunst (+ dbus-daemon, dbus-bin for dunstctl): a real notification server.
# squashfs-tools: mksquashfs/unsquashfs for building an AppImage offline (test/integration/packaging/).
set -eu
common="build-essential python3 libsecret-1-dev gnome-keyring dbus dbus-daemon dbus-bin xvfb xauth dunst squashfs-tools ca-certificates fonts-noto-color-emoji"
case "${1:-}" in
  # Debian's Chromium headless shell: the browser tests' Chromium (Playwright cannot download browsers here); the
  # full chromium too, for a developer's own look (npm run dev:web) and as the tests' fallback.
  debian) packages="$common chromium chromium-headless-shell" ;;
  # Ubuntu's chromium package is a snap stub; the runner's Google Chrome stands in for it (test/support/chromium.ts).
  # rpm: electron-builder's rpm target.
  github-ubuntu) packages="$common rpm" ;;
  *)
    echo "usage: sh scripts/pipeline/system-packages.sh debian|github-ubuntu [--print]" >&2
    exit 2
    ;;
esac
if [ "${2:-}" = --print ]; then
  echo "$packages"
  exit 0
fi
as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
export DEBIAN_FRONTEND=noninteractive
as_root apt-get update -qq
# shellcheck disable=SC2086 # one word per package
as_root apt-get install -y -qq --no-install-recommends $packages >/dev/null
