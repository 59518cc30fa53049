#!/usr/bin/env bash
# The whole test suite, as CI runs it (README "Run the tests"): two xdist workers for every test
# but the embedded-model ones (each test file on one worker, so a module's server or browser is
# started once; the files with the most `slow` tests first, tests/conftest.py), then the
# `local_model` tests alone (llama.cpp slows to a crawl when other processes compete for the
# CPU). Prints the suite's wall time. Extra arguments go to both passes. Without arguments the
# second pass runs the local_model tests the first one collected (--list-local-model-tests,
# tests/conftest.py) instead of collecting the whole suite again.
set -uo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS
local_tests=$(mktemp)
trap 'rm -f "$local_tests"' EXIT
python -m pytest -q -n 2 --dist loadfile --no-loadscope-reorder -m "not local_model" \
    --list-local-model-tests="$local_tests" "$@"
shared=$?
if (($# == 0)) && [[ -s $local_tests ]]; then
    python -m pytest -q -p no:xdist -m local_model "@$local_tests"
else
    python -m pytest -q -p no:xdist -m local_model "$@"
fi
alone=$?
((alone == 5)) && alone=0  # no local_model test among the arguments
echo "test suite wall time: $((SECONDS - start)) s (two workers, then the embedded-model tests alone)"
((shared == 0)) || exit "$shared"
exit "$alone"
