#!/usr/bin/env bash
# The one set-up command: system packages the service uses (when missing), npm packages, build.
# Idempotent: run it again at any time. Needs Debian (apt) and Node.js 20.19 or newer.
set -euo pipefail
cd "$(dirname "$0")/.."

PACKAGES=(python3-venv ffmpeg redis-server redis-sentinel pocketsphinx pocketsphinx-en-us sphinxbase-utils gcc libc6-dev pkg-config libpocketsphinx-dev libsphinxbase-dev tesseract-ocr tesseract-ocr-eng hunspell hunspell-en-us hunspell-es hunspell-pt-pt hunspell-pt-br hunspell-it hunspell-fr hunspell-de-de flite espeak-ng fonts-dejavu-core fonts-dejavu-extra fonts-liberation fonts-freefont-ttf chromium)

# 20.19: require() of an ES module without a flag (src/steps/shared/language.ts loads lande so).
node -e 'const [a, b] = process.versions.node.split(".").map(Number); process.exit(a > 20 || (a === 20 && b >= 19) ? 0 : 1)' \
  || { echo "setup: Node.js 20.19 or newer is required (found $(node --version))" >&2; exit 1; }

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "setup: installing system packages: ${missing[*]}"
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  # policy-rc.d-free containers: do not let package scripts start services (npm test starts Redis itself).
  DEBIAN_FRONTEND=noninteractive RUNLEVEL=1 $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  # redis-sentinel's package enables a service on port 26379 watching 127.0.0.1:6379; the failover tests start
  # Sentinels of their own on free ports, so the one set up here is stopped and disabled.
  if [[ " ${missing[*]} " == *" redis-sentinel "* ]] && [ -d /run/systemd/system ]; then
    $SUDO systemctl disable --now redis-sentinel >/dev/null 2>&1 || true
  fi
fi

# The lock lists every optional platform package (scripts/complete-lock.mjs), so npm ci accepts it as
# the Dockerfile does: a lock that npm ci refuses fails here, not first in a deployment. onnxruntime-node (the voice
# detector's runtime) ships its CPU build; its install script would fetch CUDA libraries from outside npm.
ONNXRUNTIME_NODE_INSTALL=skip npm ci --no-audit --no-fund

# yt-dlp, pinned, in a project-local virtual environment: Debian's package is too old for today's platforms.
YTDLP_VERSION=2026.08.19
if [ "$(.venv/bin/yt-dlp --version 2>/dev/null)" != "$YTDLP_VERSION" ]; then
  echo "setup: installing yt-dlp $YTDLP_VERSION into .venv"
  [ -x .venv/bin/pip ] || python3 -m venv .venv
  .venv/bin/pip install --quiet --disable-pip-version-check "yt-dlp==$YTDLP_VERSION"
fi

npm run build
bash scripts/fetch-test-photos.sh
echo "setup: done"
