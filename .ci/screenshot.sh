#!/usr/bin/env bash
# CI: start the app in a real X window under Xvfb on a sample character and take
# screenshots (the app's own grab, and ImageMagick's grab of the X root window).
# Fails if the window never appears or no PNG is written.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-.venv/bin/python}
[ -x "$PY" ] || PY=python3
OUT=${CI_ARTIFACTS:-$(mktemp -d)}
mkdir -p "$OUT"
WORK=$(mktemp -d)
export CHARACTER_BUILDER_DATA="$WORK/data" XDG_CONFIG_HOME="$WORK/config"
export PYTHONPATH="$PWD${PYTHONPATH:+:$PYTHONPATH}"

DISPLAY_NUM=:${XVFB_DISPLAY:-97}
Xvfb "$DISPLAY_NUM" -screen 0 1280x800x24 -nolisten tcp >"$WORK/xvfb.log" 2>&1 &
XVFB_PID=$!
APP_PID=""
cleanup() {
  [ -n "$APP_PID" ] && kill "$APP_PID" 2>/dev/null || true
  kill "$XVFB_PID" 2>/dev/null || true
}
trap cleanup EXIT
for _ in $(seq 50); do
  xdpyinfo -display "$DISPLAY_NUM" >/dev/null 2>&1 && break
  xwininfo -display "$DISPLAY_NUM" -root >/dev/null 2>&1 && break
  sleep 0.1
done
export DISPLAY=$DISPLAY_NUM QT_QPA_PLATFORM=xcb

SAMPLE=$("$PY" -m builder new story-points "Senna" --set sp=16 --set vital.Cognition=3 \
  --set skill.Medicine=3 --set class.Cleric=3 --set "trait.Cleric.Restoring Grace=3")

# Keep the window up long enough for the X-level screenshot below.
CHARACTER_BUILDER_SCREENSHOT_DELAY=2500 "$PY" -m builder --no-restore \
  --screenshot "$OUT/app-window.png" "$SAMPLE" &
APP_PID=$!

found=""
for _ in $(seq 300); do
  if xwininfo -root -tree 2>/dev/null | grep -q "Character Builder"; then
    found=yes
    break
  fi
  kill -0 "$APP_PID" 2>/dev/null || break
  sleep 0.1
done
if [ -z "$found" ]; then
  echo "screenshot: the main window never appeared on $DISPLAY" >&2
  exit 1
fi
sleep 1
import -window root "$OUT/x-root.png"
wait "$APP_PID"
APP_PID=""
for png in "$OUT/app-window.png" "$OUT/x-root.png"; do
  if [ ! -s "$png" ]; then
    echo "screenshot: $png was not written" >&2
    exit 1
  fi
done
echo "screenshot: window shown; pictures in $OUT"
