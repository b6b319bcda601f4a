"""Benchmark: bringing the drawn chain up to date after a change (issue 4).

For the largest character (every Class held at 7 with traits spread, every
Skill trained), time what follows a change: the pure chain (options, reasons,
ordering) plus updating every item in place, and render the view once.  The
floor, measured in the same run, is one offscreen render of a bare scene
holding the same number of plain rectangles.

Goal: within one 60 Hz frame (16 ms).   Run:  python benchmarks/bench_chain.py
"""
from __future__ import annotations

import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def median_ms(fn, repeat=15):
    runs = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        runs.append(time.perf_counter() - start)
    return statistics.median(runs) * 1000


def main() -> dict:
    os.environ.setdefault("CHARACTER_BUILDER_DATA", tempfile.mkdtemp())
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtWidgets import QApplication, QGraphicsScene

    from builder.rulesets.story_points.rules.chain import build_chain
    from builder.app.characters import create_from_baseline
    from builder.storage.rulesets import load_ruleset
    from builder.ui.chain.view import ChainWidget
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
    floor = median_ms(lambda: render(bare))
    update = median_ms(after_change)
    update_render = median_ms(lambda: (after_change(), render(widget.scene)))
    rebuild = median_ms(lambda: widget.scene._build(build_chain(doc.cf.ruleset, doc.cf.state)),
                        repeat=5)
    doc.stop_watching()
    result = {"update_ms": update, "update_render_ms": update_render, "rebuild_ms": rebuild,
              "floor_ms": floor, "ratio": update_render / floor, "items": n_items}
    print(f"chain after a change ({n_items} items): update {update:.1f} ms, "
          f"update + full render {update_render:.1f} ms (goal < 16 ms; "
          f"{result['ratio']:.1f}x a bare scene render of {floor:.1f} ms); "
          f"full rebuild {rebuild:.1f} ms")
    return result


if __name__ == "__main__":
    main()
