#!/usr/bin/env bash
# Usage: with_progress.sh LABEL COMMAND [ARG...]
# Runs COMMAND; while it runs, prints "LABEL: still working (N min elapsed; compiling: M compiler
# processes running)" -- or "installing: no compiler running" when nothing compiles (a wheel pip
# cached) -- to stderr every GRALGO_PROGRESS_EVERY_S seconds (default 30), so a quiet compile
# (pip prints nothing while llama-cpp-python builds) is not taken for a hang, and a quiet
# install is not called a compile. Exits with COMMAND's status and leaves no background process.
set -uo pipefail
label=$1
shift
every=${GRALGO_PROGRESS_EVERY_S:-30}
started=$(date +%s)
(
  while sleep "$every"; do
    compilers=$(pgrep -c -x 'cc1plus|cc1' || true)
    if [ "${compilers:-0}" -gt 0 ]; then
      doing="compiling: $compilers compiler processes running"
    else
      doing="installing: no compiler running"
    fi
    echo "$label: still working ($(( ($(date +%s) - started) / 60 )) min elapsed; $doing)" >&2
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
