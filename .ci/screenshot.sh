#!/usr/bin/env bash
# CI: start the app in a real X window under Xvfb on a sample character and take
# screenshots: the app's own grab of its window, and ImageMagick's grab of that
# native X window from the X server (proof the window really appeared).
# Fails if the window never appears or a PNG is missing.
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
  if [ -n "$APP_PID" ]; then kill "$APP_PID" 2>/dev/null || true; fi
  kill "$XVFB_PID" 2>/dev/null || true
}
trap cleanup EXIT
for _ in $(seq 100); do
  [ -e "/tmp/.X11-unix/X${DISPLAY_NUM#:}" ] && break
  sleep 0.1
done
export DISPLAY=$DISPLAY_NUM QT_QPA_PLATFORM=xcb

SAMPLE=$("$PY" -m builder new story-points "Senna" --set sp=16 --set vital.Cognition=3 \
  --set skill.Medicine=3 --set class.Cleric=3 --set "trait.Cleric.Restoring Grace=3")

# The app prints the painted window's id, keeps it up for the delay, grabs itself, exits.
CHARACTER_BUILDER_SCREENSHOT_DELAY=3000 "$PY" -m builder --no-restore \
  --screenshot "$OUT/app-window.png" "$SAMPLE" 2>"$WORK/app.log" &
APP_PID=$!

wid=""
for _ in $(seq 300); do
  wid=$(sed -n 's/.*window painted, id \(0x[0-9a-f]*\), platform xcb.*/\1/p' "$WORK/app.log")
  [ -n "$wid" ] && break
  kill -0 "$APP_PID" 2>/dev/null || break
  sleep 0.1
done
if [ -z "$wid" ]; then
  echo "screenshot: the main window never appeared on $DISPLAY" >&2
  cat "$WORK/app.log" >&2
  exit 1
fi
sleep 0.5
import -window "$wid" "$OUT/x-window.png"
wait "$APP_PID"
APP_PID=""
for png in "$OUT/app-window.png" "$OUT/x-window.png"; do
  if [ ! -s "$png" ]; then
    echo "screenshot: $png was not written" >&2
    exit 1
  fi
done
echo "screenshot: window $wid shown on $DISPLAY; pictures in $OUT"
