#!/usr/bin/env bash
# CI: the install a user gets.  Build the wheel, install it (not editable) into a fresh
# venv and, from a folder outside the checkout with its own data folder, run every kind
# of command and open a character in the window (offscreen).  Any exit other than the
# expected one, or a Python traceback on stderr, fails.  Then validate the desktop files.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$WORK/run"

# A stale build/lib from an earlier setuptools build would end up in the wheel.
rm -rf build/lib build/bdist.*
python3 -m venv "$WORK/venv"
"$WORK/venv/bin/pip" wheel -q --no-deps -w "$WORK/wheel" "$ROOT"
"$WORK/venv/bin/pip" install -q "$WORK"/wheel/*.whl
"$WORK/venv/bin/python" - "$WORK"/wheel/*.whl <<'PY'
import sys, zipfile
names = zipfile.ZipFile(sys.argv[1]).namelist()
for wanted in ("builder/rulesets/story_points/data/story-points.json",
               "builder/rulesets/vogelfrei/data/vogelfrei-equipment.json",
               "builder/rulesets/ability_bonuses/schema/ruleset-ability-bonuses.schema.json",
               "builder/data/schema/character.schema.json",
               "builder/data/icons/character-builder.svg"):
    assert wanted in names, f"the wheel lacks {wanted}"
PY

CB="$WORK/venv/bin/character-builder"
cd "$WORK/run"
export CHARACTER_BUILDER_DATA="$WORK/data" XDG_CONFIG_HOME="$WORK/config"
export QT_QPA_PLATFORM=offscreen
unset PYTHONPATH

step() {  # step EXPECTED_EXIT COMMAND...: run it, check its exit, no traceback
  local expected=$1; shift
  local code=0
  "$@" >"$WORK/out" 2>"$WORK/err" || code=$?
  if [ "$code" != "$expected" ] || grep -q "Traceback" "$WORK/err"; then
    echo "install check: '$*' exited $code (expected $expected)" >&2
    cat "$WORK/out" "$WORK/err" >&2
    exit 1
  fi
}

step 0 "$CB" rulesets --json
"$WORK/venv/bin/python" - "$WORK/out" <<'PY'
import json, sys
ids = {row["id"] for row in json.load(open(sys.argv[1]))}
assert ids >= {"story-points", "vogelfrei", "ability-bonuses"}, ids
PY
step 0 "$CB" new story-points Senna -o senna.json --set sp=16 --set vital.Cognition=3 \
  --set skill.Medicine=3 --set class.Cleric=3 --set "trait.Cleric.Restoring Grace=3"
step 0 "$CB" new vogelfrei Hans -o hans.json --seed 7
step 0 "$CB" new ability-bonuses Ann -o ann.json --random --seed 7
for file in senna.json hans.json ann.json; do
  step 0 "$CB" show "$file" --json
  step 0 "$CB" check "$file"
done
step 0 "$CB" do senna.json raise-vital Cognition
step 0 "$CB" export-pdf senna.json hans.json ann.json -o party.pdf
head -c 5 party.pdf | grep -q "%PDF-"
step 0 "$CB" xp 3 L2 --treasure 100 --json
step 0 "$CB" campaign new Coast --ruleset story-points --member senna.json
step 0 "$CB" campaign list
grep -q Coast "$WORK/out"
step 2 "$CB" show missing.json
step 0 "$CB" senna.json --quit-when-ready --no-restore --screenshot window.png
head -c 8 window.png | grep -q PNG
step 2 "$CB" missing.json --quit-when-ready --no-restore
echo "install check: the wheel installs and runs from $WORK/run"

cd "$ROOT"
if command -v desktop-file-validate >/dev/null 2>&1; then
  desktop-file-validate packaging/character-builder.desktop
fi
if command -v appstreamcli >/dev/null 2>&1; then
  appstreamcli validate --no-net packaging/*.metainfo.xml
fi
