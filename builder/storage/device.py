"""This device: its id and readable name, the stamping of new ids with them, and the
durable undo of an entry (withdrawn, never deleted).

The device id is made once and kept in the user's state folder (``device.json``,
never in a shared folder), so the entries this machine writes can be told from those
of another laptop at the table.  The name is the machine's host name unless
``CHARACTER_BUILDER_DEVICE_NAME`` or the ``name`` in ``device.json`` says otherwise.
"""
from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any, Mapping, MutableMapping

from builder.rules import entry_ids
from builder.storage import jsonio
from builder.storage.paths import state_dir

ENV_NAME = "CHARACTER_BUILDER_DEVICE_NAME"
FILE_NAME = "device.json"


def device_file() -> Path:
    return state_dir() / FILE_NAME


def _host() -> str:
    import socket  # here: only writing an entry needs it

    try:
        return socket.gethostname() or "this device"
    except OSError:
        return "this device"


def _read() -> dict[str, Any]:
    try:
        data = jsonio.loads(device_file().read_bytes())
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _create(device_id: str) -> str | None:
    """Keep a new device id: the file is created only if no other process made it
    first (None: it exists, or the state folder cannot be written)."""
    path = device_file()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "x", encoding="utf-8") as fh:
            fh.write(jsonio.dumps({"id": device_id, "name": _host()}))
            fh.flush()
            os.fsync(fh.fileno())
    except OSError:
        return None
    return device_id


def device() -> tuple[str, str]:
    """(this device's id, its readable name); the id is made and kept on first use
    (when the state folder cannot be written, one made of the host name)."""
    data = _read()
    device_id = data.get("id")
    if not isinstance(device_id, str) or not device_id:
        device_id = _create(entry_ids.ulid(int(time.time() * 1000), os.urandom(10)))
        data = _read() if device_id is None else data
        device_id = data.get("id") if device_id is None else device_id
        if not isinstance(device_id, str) or not device_id:
            device_id = entry_ids.ulid(0, bytes.fromhex(entry_ids.digest(_host()))[:10])
    name = os.environ.get(ENV_NAME) or data.get("name")
    return device_id, name if isinstance(name, str) and name.strip() else _host()


def new_id() -> str:
    """A new id for a file or an entry: now, and random."""
    return entry_ids.ulid(int(time.time() * 1000), os.urandom(10))


def stamp_entry(doc: MutableMapping[str, Any], entry: MutableMapping[str, Any]) -> None:
    """Stamp a new ledger entry, about to be appended to ``doc``'s ledger, with its id,
    this device and its place in causal order (:func:`builder.rules.entry_ids.stamp`)."""
    from builder.storage import device_log

    device_id, name = device()
    entry_ids.stamp(doc, entry, device=device_id, device_name=name,
                    now_ms=int(time.time() * 1000), randomness=os.urandom(10))
    device_log.wrote(doc, entry)     # logged outside the folder once the file is written


def withdraw(doc: dict[str, Any], entry: Mapping[str, Any]) -> dict[str, Any]:
    """Undo ``entry`` of ``doc`` durably (:func:`builder.rules.merge.withdraw`: kept in
    the file as withdrawn, so a merge does not bring it back); the device log keeps
    the undo too, once the file is written."""
    from builder.rules import merge
    from builder.storage import device_log

    entry_ids.ensure_ids(doc)        # an old file's entries get their ids first
    taken = merge.withdraw(doc, entry)
    device_log.withdrew(doc, taken)
    return taken
