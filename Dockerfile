# One image for every role (ROLE=all|api|worker); docker-compose.yml runs it as api and worker.
FROM node:20-bookworm-slim

# System tools the step executors call: ffmpeg (transcode, frames), pocketsphinx (local ASR; sphinx_fe from
# sphinxbase-utils gives it each piece's starting cepstral mean),
# tesseract (OCR), hunspell with seven dictionaries (captions' misread marks: SPELL_DICTIONARIES), flite (speech synthesis), DejaVu (with its condensed faces), Liberation and FreeFont fonts (text rendered into frames; the caption families draw with every font installed).
# gcc, pkg-config and pocketsphinx's headers build the warm speech decoder and malloc-trim.node (native/); they are
# removed after the build.
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      python3 python3-venv ffmpeg pocketsphinx pocketsphinx-en-us sphinxbase-utils tesseract-ocr tesseract-ocr-eng hunspell hunspell-en-us hunspell-es hunspell-pt-pt hunspell-pt-br hunspell-it hunspell-fr hunspell-de-de flite fonts-dejavu-core fonts-dejavu-extra fonts-liberation fonts-freefont-ttf \
      gcc libc6-dev pkg-config libpocketsphinx-dev libsphinxbase-dev \
 && rm -rf /var/lib/apt/lists/*

WORKDIR /app

# yt-dlp, pinned (keep in step with scripts/setup.sh), in /app/.venv where the service looks for it.
ARG YTDLP_VERSION=2026.08.19
RUN python3 -m venv /app/.venv \
 && /app/.venv/bin/pip install --no-cache-dir --disable-pip-version-check "yt-dlp==${YTDLP_VERSION}"

# Dependencies first: this layer is rebuilt only when the lock file changes. .npmrc carries
# legacy-peer-deps=true, without which npm ci refuses the lock (litesvm's @solana-program peers want @solana/kit 8).
COPY package.json package-lock.json .npmrc ./
# The client library is an npm workspace: its package.json is part of the dependency tree.
COPY packages/client/package.json packages/client/
# onnxruntime-node (the voice detector's runtime) ships its CPU build; skipped, its install script would fetch CUDA
# libraries from outside npm.
RUN ONNXRUNTIME_NODE_INSTALL=skip npm ci --no-audit --no-fund

# Sources, pipelines, schemas, prompts, knowledge, templates; build, then drop the dev dependencies and
# onnxruntime-node's builds for other platforms (about 250 MB of its 294).
COPY . .
RUN npm run build \
 && test -x dist/native/pocketsphinx_warm \
 && test -f dist/native/malloc-trim.node \
 && npm prune --omit=dev --no-audit --no-fund \
 && node -e "const fs = require('fs'), bin = 'node_modules/onnxruntime-node/bin/napi-v6'; for (const os of fs.readdirSync(bin)) for (const arch of fs.readdirSync(bin + '/' + os)) if (os !== process.platform || arch !== process.arch) fs.rmSync(bin + '/' + os + '/' + arch, { recursive: true })" \
 && npm cache clean --force \
 && apt-get purge -y --auto-remove gcc libc6-dev pkg-config libpocketsphinx-dev libsphinxbase-dev

# MALLOC_MMAP_THRESHOLD_ as in package.json's start script: glibc mmaps each allocation from 256 KB up (frames,
# audio, libvips images) and unmaps it when freed, where by default the threshold climbs after the first such free and
# later ones stay in its arenas, freed but resident (docs/testing.md, issue 41: the worker's peak RSS).
# NODE_OPTIONS as there too: V8's young generation held to 8 MB semi-spaces (a worker's peak RSS 25-40 MB lower).
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    MALLOC_MMAP_THRESHOLD_=262144 \
    NODE_OPTIONS=--max-semi-space-size=8
EXPOSE 3000

# The app only reads /app; job work directories go to WORK_DIR (default /tmp/vidint), writable by node.
USER node
CMD ["node", "dist/src/main.js"]
