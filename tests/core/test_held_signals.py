"""A signal held while Qt works (transaction.signals_held): noted, not raised inside the
work, acted on at the next safe place or when the block ends; the handlers before it are
back after it."""
from __future__ import annotations

import os
import signal

import pytest

from builder.storage import transaction


def _interrupt() -> None:
    os.kill(os.getpid(), signal.SIGINT)


def test_a_held_ctrl_c_waits_for_the_next_safe_place():
    before = signal.getsignal(signal.SIGINT)
    done = []
    with pytest.raises(KeyboardInterrupt):
        with transaction.signals_held():
            _interrupt()
            done.append("the work went on")           # not raised here
            done.append(sum(range(1000)))
            transaction.check_signals()               # ... but here
            done.append("never")
    assert done == ["the work went on", 499500]
    assert signal.getsignal(signal.SIGINT) is before


def test_a_held_ctrl_c_is_acted_on_when_the_block_ends():
    done = []
    with pytest.raises(KeyboardInterrupt):
        with transaction.signals_held():
            _interrupt()
            done.append("finished")
    assert done == ["finished"]
    transaction.check_signals()                       # nothing left waiting


def test_outside_a_held_block_a_safe_place_does_nothing():
    transaction.check_signals()
    with transaction.signals_held():
        transaction.check_signals()                   # nothing came

