#!/bin/sh
# Runs the given vitest files N times in a row beside CPU hogs, to show that they do not depend on the machine's
# speed (a test that counts real-time ticks or waits out a quiet time fails here first).
#
#   sh scripts/stress-tests.sh [-n RUNS] [-j HOGS] <test files or vitest arguments>…
#
# RUNS defaults to 5, HOGS (busy processes, one core each) to the number of cores. The hogs are this script's own
# children and are stopped when it exits, however it exits. Run it inside scripts/test-session.sh for tests that need
# the keychain or D-Bus. Exits non-zero after the first failing run.
set -eu
runs=5
hogs=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)
while getopts n:j: option; do
  case $option in
    n) runs=$OPTARG ;;
    j) hogs=$OPTARG ;;
    *) echo "usage: sh scripts/stress-tests.sh [-n RUNS] [-j HOGS] <test files>…" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
if [ $# -eq 0 ]; then
  echo "usage: sh scripts/stress-tests.sh [-n RUNS] [-j HOGS] <test files>…" >&2
  exit 2
fi

hog_pids=''
stop_hogs() {
  for pid in $hog_pids; do kill "$pid" 2>/dev/null || true; done
  for pid in $hog_pids; do wait "$pid" 2>/dev/null || true; done
  hog_pids=''
}
trap stop_hogs EXIT
trap 'stop_hogs; exit 130' INT TERM

i=0
while [ "$i" -lt "$hogs" ]; do
  yes >/dev/null &
  hog_pids="$hog_pids $!"
  i=$((i + 1))
done

run=1
while [ "$run" -le "$runs" ]; do
  echo "stress-tests: run $run of $runs beside $hogs CPU hog(s)"
  if ! npm run --silent test:unit -- "$@"; then
    echo "stress-tests: run $run of $runs failed" >&2
    exit 1
  fi
  run=$((run + 1))
done
echo "stress-tests: $runs of $runs runs passed beside $hogs CPU hog(s)"
