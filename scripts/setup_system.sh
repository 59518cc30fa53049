#!/usr/bin/env bash
# System packages the tests need, from Debian's registry: headless Chromium (HTML report and
# MLflow UI tests), bubblewrap and libseccomp2 (the code sandbox of mode=tool and its seccomp
# filter) and a PostgreSQL server (the server ledger). Idempotent; needs root (CI runs as root).
set -euo pipefail
need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium chromium-driver)
command -v bwrap >/dev/null 2>&1 || need+=(bubblewrap)
ldconfig -p | grep 'libseccomp\.so\.2 ' >/dev/null || need+=(libseccomp2)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
if ((${#need[@]})); then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -q
    apt-get install -y -q --no-install-recommends "${need[@]}"
fi
