"""Two real Syncthing instances on loopback, driven through their REST API.

Each instance gets its own home (keys and config made by ``syncthing generate``), a
config written here: listening on 127.0.0.1 at a free port, its GUI and REST API on
127.0.0.1 with an API key, no global or local discovery, no relays, no NAT traversal,
no usage reports, no upgrades, and the other instance as its only device, at its
address.  The shared folder is scanned only when asked (no watcher, no periodic
scan), so a test decides when Syncthing sees a change.  Every wait polls the REST API
until a deadline.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any, Callable
from xml.sax.saxutils import quoteattr

FOLDER_ID = "table"
POLL = 0.1


def _die_with_parent() -> None:
    """In the child: ended when the test process ends, however it ends (Linux)."""
    try:
        import ctypes
        import signal

        ctypes.CDLL(None).prctl(1, signal.SIGTERM)   # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def program() -> str | None:
    return shutil.which("syncthing")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_for(what: str, check: Callable[[], Any], timeout: float = 30.0) -> Any:
    """Poll ``check`` until it returns something true; AssertionError after
    ``timeout`` seconds, naming ``what``."""
    deadline = time.monotonic() + timeout
    while True:
        got = check()
        if got:
            return got
        if time.monotonic() > deadline:
            raise AssertionError(f"Syncthing: {what}: not within {timeout:.0f} s")
        time.sleep(POLL)


def generate(home: Path) -> str:
    """Keys and a config in ``home``; the new device's id."""
    done = subprocess.run([program() or "syncthing", "generate", f"--home={home}",
                           "--no-default-folder"], capture_output=True, text=True,
                          timeout=60, check=True)
    found = re.search(r"Device ID:\s*([A-Z0-9-]{20,})", done.stdout + done.stderr)
    assert found, f"no device id in: {done.stdout}{done.stderr}"
    return found.group(1)


class Instance:
    """One Syncthing: its home, its shared folder, its ports and API key."""

    def __init__(self, root: Path, name: str):
        self.name = name
        self.home = root / f"syncthing-{name}"
        self.folder = root / f"shared-{name}"
        self.folder.mkdir(parents=True)
        self.device_id = generate(self.home)
        self.listen = free_port()
        self.gui = free_port()
        self.api_key = f"test-key-{name}-{os.getpid()}"
        self.process: subprocess.Popen[bytes] | None = None
        self.log = root / f"syncthing-{name}.log"

    @property
    def short_id(self) -> str:
        """The 7 characters Syncthing puts in a conflict copy's name."""
        return self.device_id[:7]

    def configure(self, other: Instance) -> None:
        devices = "".join(
            f'<device id="{d.device_id}" name="{d.name}" compression="metadata" '
            f'introducer="false"><address>{address}</address><paused>false</paused>'
            f'<autoAcceptFolders>false</autoAcceptFolders></device>'
            for d, address in ((self, "dynamic"), (other, f"tcp://127.0.0.1:{other.listen}")))
        members = "".join(f'<device id="{d.device_id}"></device>' for d in (self, other))
        config = f"""<configuration version="36">
    <folder id="{FOLDER_ID}" label="table" path={quoteattr(str(self.folder))} type="sendreceive"
            rescanIntervalS="0" fsWatcherEnabled="false" fsWatcherDelayS="1"
            ignorePerms="false" autoNormalize="true">
        <filesystemType>basic</filesystemType>
        {members}
        <minDiskFree unit="%">0</minDiskFree>
        <maxConflicts>-1</maxConflicts>
        <markerName>.stfolder</markerName>
    </folder>
    {devices}
    <gui enabled="true" tls="false" debugging="false">
        <address>127.0.0.1:{self.gui}</address>
        <apikey>{self.api_key}</apikey>
    </gui>
    <options>
        <listenAddress>tcp://127.0.0.1:{self.listen}</listenAddress>
        <globalAnnounceEnabled>false</globalAnnounceEnabled>
        <localAnnounceEnabled>false</localAnnounceEnabled>
        <relaysEnabled>false</relaysEnabled>
        <natEnabled>false</natEnabled>
        <startBrowser>false</startBrowser>
        <urAccepted>-1</urAccepted>
        <crashReportingEnabled>false</crashReportingEnabled>
        <autoUpgradeIntervalH>0</autoUpgradeIntervalH>
        <reconnectionIntervalS>1</reconnectionIntervalS>
        <minHomeDiskFree unit="%">0</minHomeDiskFree>
        <setLowPriority>false</setLowPriority>
    </options>
</configuration>
"""
        (self.home / "config.xml").write_text(config, encoding="utf-8")

    # -- the process -------------------------------------------------------------------
    def start(self) -> None:
        env = dict(os.environ, STNOUPGRADE="1", STNORESTART="1", STNODEFAULTFOLDER="1",
                   HOME=str(self.home))
        with open(self.log, "ab") as log:
            self.process = subprocess.Popen(
                [program() or "syncthing", "serve", f"--home={self.home}", "--no-browser",
                 "--no-restart", "--no-upgrade", "--skip-port-probing"],
                stdout=log, stderr=subprocess.STDOUT, env=env, preexec_fn=_die_with_parent)
        wait_for(f"{self.name}'s REST API answering", self._answers)

    def _answers(self) -> bool:
        if self.process is not None and self.process.poll() is not None:
            raise AssertionError(f"syncthing {self.name} exited: {self.log.read_text()[-2000:]}")
        try:
            return bool(self.rest("GET", "/rest/system/ping").get("ping"))
        except (OSError, ValueError):
            return False

    def stop(self) -> None:
        if self.process is None:
            return
        try:
            self.rest("POST", "/rest/system/shutdown")
        except (OSError, ValueError):
            self.process.terminate()
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=10)
        self.process = None

    # -- REST ---------------------------------------------------------------------------
    def rest(self, method: str, path: str, body: Any = None) -> Any:
        data = None if body is None else json.dumps(body).encode("utf-8")
        request = urllib.request.Request(f"http://127.0.0.1:{self.gui}{path}", data=data,
                                         method=method, headers={"X-API-Key": self.api_key})
        with urllib.request.urlopen(request, timeout=10) as response:
            text = response.read().decode("utf-8")
        return json.loads(text) if text.strip() else {}

    def status(self) -> dict[str, Any]:
        return dict(self.rest("GET", f"/rest/db/status?folder={FOLDER_ID}"))

    def connected(self, other: Instance) -> bool:
        found = self.rest("GET", "/rest/system/connections")["connections"]
        return bool(found.get(other.device_id, {}).get("connected"))

    def pause(self, other: Instance) -> None:
        self.rest("POST", f"/rest/system/pause?device={other.device_id}")

    def resume(self, other: Instance) -> None:
        self.rest("POST", f"/rest/system/resume?device={other.device_id}")

    def scan(self) -> None:
        """Make Syncthing look at the folder now; returns once the scan is done."""
        self.rest("POST", f"/rest/db/scan?folder={FOLDER_ID}")
        wait_for(f"{self.name} idle after a scan", lambda: self.status()["state"] == "idle")

    def in_sync_with(self, other: Instance) -> bool:
        """Idle, nothing to pull, and the other device has everything of ours."""
        status = self.status()
        if status["state"] != "idle" or status["needTotalItems"]:
            return False
        done = self.rest("GET", f"/rest/db/completion?folder={FOLDER_ID}"
                                f"&device={other.device_id}")
        return done["completion"] >= 100 and not done["needItems"] and not done["needDeletes"]

    def versions(self, name: str) -> tuple[Any, Any]:
        """(this device's version of a file, the global version it knows), as version
        vectors (None: the file is unknown here)."""
        try:
            info = self.rest("GET", f"/rest/db/file?folder={FOLDER_ID}"
                                    f"&file={urllib.parse.quote(name)}")
        except urllib.error.HTTPError as error:
            if error.code == 404:
                return None, None
            raise
        local, found = info.get("local") or {}, info.get("global") or {}
        return (local.get("version"), local.get("deleted")), \
            (found.get("version"), found.get("deleted"))

    def files(self) -> dict[str, bytes]:
        """The folder's files (not Syncthing's own marker folder, nor what the folder's
        ignore patterns keep local: names ending in .tmp or .lock), name -> bytes."""
        return {p.name: p.read_bytes() for p in sorted(self.folder.iterdir())
                if p.is_file() and not p.name.endswith((".tmp", ".lock"))}


def in_sync(a: Instance, b: Instance, also: tuple[str, ...] = (), timeout: float = 45.0) -> None:
    """Until both are idle with nothing to pull, hold the same files, and agree on the
    version of every one of them (and of the files named in ``also``, which may be
    deleted): each has the other's index, so no change is still on its way."""
    def agreed() -> bool:
        if not (a.in_sync_with(b) and b.in_sync_with(a)):
            return False
        files = a.files()
        if files != b.files():
            return False
        for name in sorted(set(files) | set(also)):
            (a_local, a_global), (b_local, b_global) = a.versions(name), b.versions(name)
            if not (a_local == a_global == b_global == b_local):
                return False
        return True

    wait_for("both sides in sync", agreed, timeout)
