#!/usr/bin/env bash
# Makes the clips these cases use, with ffmpeg and flite (both installed by scripts/setup.sh): a spoken ad
# over two shots, and an ad whose claim is only on screen, as a caption over a busy background.
# Idempotent; `vidint eval ad-debunk examples/eval/ad-debunk` needs it run once.
set -euo pipefail
cd "$(dirname "$0")"
mkdir -p media
font=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf

if [ ! -f media/spoken-ad.mp4 ]; then
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  # One sentence at a time with a pause after each, as a speaker pauses (flite alone barely does).
  n=0
  for sentence in "This cream removes every wrinkle in seven days." "It is clinically proven by doctors." "Order yours today."; do
    flite -voice rms -t "$sentence" -o "$tmp/s$n.wav"
    n=$((n + 1))
  done
  ffmpeg -y -v error -i "$tmp/s0.wav" -i "$tmp/s1.wav" -i "$tmp/s2.wav" -filter_complex \
    "[0:a]apad=pad_dur=0.5[a0];[1:a]apad=pad_dur=0.5[a1];[a0][a1][2:a]concat=n=3:v=0:a=1[out]" -map "[out]" "$tmp/voice.wav"
  ffmpeg -y -v error -f lavfi -i "color=c=0x2050a0:s=640x360:d=4" -f lavfi -i "color=c=0x603020:s=640x360:d=6" -i "$tmp/voice.wav" \
    -filter_complex "[0:v][1:v]concat=n=2:v=1[v]" -map "[v]" -map 2:a -shortest -r 25 -c:v libx264 -pix_fmt yuv420p -c:a aac media/spoken-ad.mp4
fi

if [ ! -f media/caption-ad.mp4 ]; then
  # A seeded grid: the same texture, and so the same reading time, on every machine.
  ffmpeg -y -v error -f lavfi -i "cellauto=s=640x360:rule=110:rate=25:seed=1" -f lavfi -i "anullsrc=r=16000:cl=mono" -t 5 \
    -vf "drawbox=y=140:w=iw:h=80:color=black@0.8:t=fill,drawtext=fontfile=$font:text='Lose 10 kg in one week':fontcolor=white:fontsize=40:x=(w-tw)/2:y=160" \
    -shortest -c:v libx264 -pix_fmt yuv420p -c:a aac media/caption-ad.mp4
fi
