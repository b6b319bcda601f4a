"""Benchmark: bringing the drawn chain up to date after a change.

For the largest character (every Class held at 7 with traits spread, every
Skill trained), time what follows a change: the pure chain (options, reasons,
ordering) plus updating every item in place, and render the view once.  The
floor, measured in the same run, is one offscreen render of a bare scene
holding the same number of plain rectangles.

A and B are called alternately (benchmarks/paired.py): the median of the pair
ratios with their min and max, never two medians taken at different times.

Goal: within one 60 Hz frame (16 ms).
Run:  python benchmarks/bench_chain.py [--runs 15]     (CI: --quick, 3 pairs)
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from paired import CallPairs  # noqa: E402


def main() -> dict:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=15, help="pairs per comparison")
    parser.add_argument("--quick", action="store_true", help="CI: 3 pairs")
    args = parser.parse_args()
    runs = 3 if args.quick else args.runs
    os.environ.setdefault("CHARACTER_BUILDER_DATA", tempfile.mkdtemp())
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtWidgets import QApplication, QGraphicsScene

    from builder.rulesets.story_points.rules.chain import build_chain
    from builder.app.characters import create_from_baseline
    from builder.storage.rulesets import load_ruleset
    from builder.rulesets.story_points.ui.chain_page import ChainWidget
    from builder.ui.document import CharacterDocument

    _app = QApplication.instance() or QApplication([])  # kept alive for the run
    rs = load_ruleset("story-points")
    d = rs.d
    sets = [("sp", "500")] + [(f"vital.{v}", "9") for v in d.vitals]
    sets += [(f"skill.{s}", "8") for s in d.skills]
    for cname, info in d.classes.items():
        traits = list(info.traits)
        sets.append((f"class.{cname}", "7"))
        for i, t in enumerate(traits[:4]):
            sets.append((f"trait.{cname}.{t}", str([3, 2, 1, 1][i])))
    baseline = rs.baseline_from_sets(sets, rng=random.Random(0))
    assert rs.validate_baseline(baseline) == [], rs.validate_baseline(baseline)
    path = create_from_baseline(rs, "Largest", baseline)
    doc = CharacterDocument.open(path)
    widget = ChainWidget(doc)
    widget.resize(1280, 800)
    image = QImage(1280, 800, QImage.Format.Format_ARGB32_Premultiplied)

    def render(scene):
        painter = QPainter(image)
        scene.render(painter)
        painter.end()

    def after_change():
        chain = build_chain(doc.cf.ruleset, doc.cf.state)
        widget.scene.set_chain(chain)

    n_items = len(widget.scene.nodes) + len(widget.scene.edges)
    bare = QGraphicsScene()
    for i in range(n_items):
        bare.addRect(QRectF((i % 4) * 300, (i // 4) * 60, 190, 50))
    floor = lambda: render(bare)  # noqa: E731
    update = CallPairs(floor, after_change, runs)
    update_render = CallPairs(floor, lambda: (after_change(), render(widget.scene)), runs)
    rebuild = CallPairs(floor, lambda: widget.scene._build(
        build_chain(doc.cf.ruleset, doc.cf.state)), max(3, runs // 3))
    doc.stop_watching()
    result = {"update_ms": update.b_ms, "update_render_ms": update_render.b_ms,
              "rebuild_ms": rebuild.b_ms, "floor_ms": update_render.a_ms,
              "ratio": update_render.ratio, "items": n_items}
    floor_name = f"a bare scene of {n_items} rectangles rendered (floor)"
    print("A and B alternating, ratio B/A per pair: median (min-max)")
    print(update.line(floor_name, f"chain updated in place after a change ({n_items} items)"))
    print(update_render.line(floor_name, "update + full render"))
    print(f"  goal update + render < 16 ms: "
          f"{'met' if update_render.b_ms < 16 else 'NOT met'} (median "
          f"{update_render.b_ms:.1f} ms, slowest pair {update_render.b_max_ms:.1f} ms)")
    print(rebuild.line(floor_name, "full rebuild of the scene"))
    return result


if __name__ == "__main__":
    main()
