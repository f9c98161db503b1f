#!/usr/bin/env bash
# Makes the app's PNG icons from its own SVG art (Sources/BoxOfficeWeb/Resources/public/icons/*.svg):
# 192 and 512 for the manifest, a maskable 512 (the art inside the safe zone, full-bleed background) and the
# 180 apple-touch-icon (iOS rounds the corners itself, so it gets the full-bleed art too).
# Needs rsvg-convert (Debian: librsvg2-bin). Run it after changing the SVGs and commit the PNGs it makes.
set -euo pipefail
cd "$(dirname "$0")/../Sources/BoxOfficeWeb/Resources/public/icons"
if ! command -v rsvg-convert >/dev/null; then
  echo "make-icons: rsvg-convert is missing (apt-get install librsvg2-bin)" >&2
  exit 1
fi
render() { rsvg-convert --width "$2" --height "$2" --output "$3" "$1"; }
render icon.svg 192 icon-192.png
render icon.svg 512 icon-512.png
render icon-maskable.svg 512 icon-maskable-512.png
render icon-maskable.svg 180 apple-touch-icon.png
ls -l ./*.png
