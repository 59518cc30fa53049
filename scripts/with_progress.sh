#!/usr/bin/env bash
# Usage: with_progress.sh LABEL COMMAND [ARG...]
# Runs COMMAND; while it runs, prints "LABEL: still working (N min elapsed; M compiler processes
# running)" to stderr every GRALGO_PROGRESS_EVERY_S seconds (default 30), so a quiet compile
# (pip prints nothing while llama-cpp-python builds) is not taken for a hang. Exits with
# COMMAND's status and leaves no background process behind.
set -uo pipefail
label=$1
shift
every=${GRALGO_PROGRESS_EVERY_S:-30}
started=$(date +%s)
(
  while sleep "$every"; do
    compilers=$(pgrep -c -f 'cc1plus|cc1 ' || true)
    echo "$label: still working ($(( ($(date +%s) - started) / 60 )) min elapsed;" \
      "${compilers:-0} compiler processes running)" >&2
  done
) &
progress=$!
trap 'kill "$progress" 2>/dev/null || true' EXIT
"$@"
status=$?
kill "$progress" 2>/dev/null || true
wait "$progress" 2>/dev/null || true
echo "$label: done in $(( ($(date +%s) - started) / 60 )) min (exit status $status)" >&2
exit "$status"
