"""Work-around for a reference-count bug of PySide6 6.12 wheels on Python < 3.12.

On Python 3.11 every call of a C++ ``void`` method (QPainter.drawRect,
QRectF.setWidth, QObject.setObjectName...) drops one reference to ``None``
(the wheels are built for the 3.12+ ABI, where None is immortal and its
reference count is not kept).  After a few thousand such calls the count
reaches zero and the interpreter aborts with "Fatal Python error:
none_dealloc: deallocating None".  Painting a sheet makes thousands of
them.

:func:`top_up` adds the missing references back straight into None's
reference count (CPython keeps it in the first field of the object), so they
are never released again, not even when the interpreter shuts down.  The
renderer calls it before every page.  It does nothing on Python 3.12+ and with
PySide6 before 6.12 (pyproject pins ``<6.12``; this guard keeps a sheet printable
should 6.12 be installed anyway).
"""
from __future__ import annotations

import sys

#: Keep at least this many references to None (a page makes < 5,000 calls).
FLOOR = 1_000_000


def _affected() -> bool:
    if sys.version_info >= (3, 12) or sys.implementation.name != "cpython":
        return False
    import PySide6

    return tuple(PySide6.__version_info__[:2]) >= (6, 12)


_AFFECTED: bool | None = None


def top_up(floor: int = FLOOR) -> None:
    global _AFFECTED
    if _AFFECTED is None:
        _AFFECTED = _affected()
    if not _AFFECTED:
        return
    have = sys.getrefcount(None)
    if have < floor:
        import ctypes

        ctypes.c_ssize_t.from_address(id(None)).value += floor - have + floor
