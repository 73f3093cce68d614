#!/bin/sh
# Generates the demo lesson videos under api/media/videos/ (committed; run again only to
# change them). WebM (VP8 video, Opus audio) so Debian's Chromium plays them; a moving test
# pattern with the playback time burnt in, so a viewer (or a screenshot) shows where the
# player is. Needs Debian's ffmpeg with libvpx, libopus and drawtext (libfreetype).
set -eu
out="$(dirname "$0")/../media/videos"
mkdir -p "$out"
font=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
make_video() { # name seconds fps
  ffmpeg -hide_banner -loglevel error -y \
    -f lavfi -i "testsrc2=size=320x180:rate=$3" \
    -f lavfi -i "sine=frequency=440:sample_rate=48000" \
    -t "$2" \
    -vf "drawtext=fontfile=$font:text='Yaoshi demo lesson  %{pts\\:hms}':x=10:y=150:fontsize=16:fontcolor=white:box=1:boxcolor=black@0.6" \
    -c:v libvpx -b:v 24k -crf 40 -g 50 -threads 1 \
    -c:a libopus -b:a 6k -ac 1 \
    "$out/$1.webm"
}
make_video lesson-30s 30 10
make_video lesson-90s 90 5
make_video lesson-180s 180 1
ls -l "$out"
