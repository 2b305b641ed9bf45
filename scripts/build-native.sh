#!/usr/bin/env bash
# Compiles the native helpers into dist/native where a C compiler is there (scripts/setup.sh and the Dockerfile
# install one):
#  - the warm speech decoder (native/pocketsphinx-warm.c), with pocketsphinx's headers. Without it the speech engine
#    starts a pocketsphinx_continuous process per piece, with the same words, slower;
#  - malloc-trim.node (native/malloc-trim.c), with Node's own headers (node-addon-api's copy where Node ships none).
#    Without it a worker keeps the memory its jobs freed, resident (src/engines/process/freed-memory.ts).
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v cc >/dev/null; then
  echo "build-native: no C compiler: neither the warm decoder nor malloc-trim.node is built" >&2
  exit 0
fi
mkdir -p dist/native
if pkg-config --exists pocketsphinx sphinxbase 2>/dev/null; then
  # shellcheck disable=SC2046 # pkg-config's flags are words
  cc -O2 -Wall -o dist/native/pocketsphinx_warm native/pocketsphinx-warm.c $(pkg-config --cflags --libs pocketsphinx sphinxbase)
else
  echo "build-native: no pocketsphinx headers (libpocketsphinx-dev): the warm decoder is not built" >&2
fi
node_headers="$(dirname "$(dirname "$(command -v node)")")/include/node"
[ -f "$node_headers/node_api.h" ] || node_headers=node_modules/node-addon-api/external-napi
if [ -f "$node_headers/node_api.h" ]; then
  cc -O2 -Wall -shared -fPIC -I"$node_headers" -o dist/native/malloc-trim.node native/malloc-trim.c
else
  echo "build-native: no node_api.h: malloc-trim.node is not built" >&2
fi
