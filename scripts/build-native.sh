#!/usr/bin/env bash
# Compiles the warm speech decoder (native/pocketsphinx-warm.c) into dist/native, where a C compiler and
# pocketsphinx's headers are there (scripts/setup.sh and the Dockerfile install them). Without them the build goes
# on: the speech engine then starts a pocketsphinx_continuous process per piece, with the same words, slower.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v cc >/dev/null || ! pkg-config --exists pocketsphinx sphinxbase 2>/dev/null; then
  echo "build-native: no C compiler or no pocketsphinx headers (libpocketsphinx-dev): the warm decoder is not built" >&2
  exit 0
fi
mkdir -p dist/native
# shellcheck disable=SC2046 # pkg-config's flags are words
cc -O2 -Wall -o dist/native/pocketsphinx_warm native/pocketsphinx-warm.c $(pkg-config --cflags --libs pocketsphinx sphinxbase)
