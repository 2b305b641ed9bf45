#!/usr/bin/env bash
# Public-domain face photos the tests use, taken from a Debian package (not installed: only unpacked):
# facedetect's examples/grace_hopper_512x512.jpg. Idempotent; run by scripts/setup.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
dest=test-artifacts/photos
[ -f "$dest/grace_hopper.jpg" ] && exit 0
mkdir -p "$dest"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ -f /usr/share/doc/facedetect/examples/grace_hopper_512x512.jpg ]; then
  cp /usr/share/doc/facedetect/examples/grace_hopper_512x512.jpg "$dest/grace_hopper.jpg"
  exit 0
fi
(cd "$tmp" && apt-get download facedetect >/dev/null 2>&1) || { [ "$(id -u)" -eq 0 ] || SUDO=sudo; ${SUDO:-} apt-get update -qq && (cd "$tmp" && apt-get download facedetect >/dev/null); }
dpkg -x "$tmp"/facedetect_*.deb "$tmp/x"
cp "$tmp/x/usr/share/doc/facedetect/examples/grace_hopper_512x512.jpg" "$dest/grace_hopper.jpg"
echo "setup: test photo unpacked to $dest/grace_hopper.jpg"
