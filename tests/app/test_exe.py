"""The standalone executable: built once per session, then run the way a player's machine would.

A player has no Python, starts the program from wherever they saved it, and expects it to keep
its files in their own config, data and log folders.  So the smoke runs use an empty working
folder, a temporary HOME (and XDG folders, and TMPDIR, where the one-file build unpacks), an
environment built from nothing with an empty PATH, and SDL's dummy drivers; afterwards every
file left anywhere in that sandbox must be the screenshot or sit in a ``tavolo`` user folder.

The build goes to a pytest temporary folder, so testing never dirties the checkout.  It takes
a minute or two: PyInstaller analyses the whole app and compresses about 35 MB.
"""

from __future__ import annotations

import asyncio
import importlib.util
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(
    sys.platform != "linux", reason="the smoke runs check Linux's XDG user folders"
)


def _load_make_exe() -> ModuleType:
    """build/make_exe.py by path: ``build`` is not a package (and is a PyPI name)."""
    spec = importlib.util.spec_from_file_location("tavolo_make_exe", ROOT / "build" / "make_exe.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


make_exe = _load_make_exe()


@pytest.fixture(scope="module")
def exe(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The one-file executable, built from this checkout into a temporary folder."""
    if importlib.util.find_spec("PyInstaller") is None:
        if os.environ.get("CI"):
            pytest.fail("PyInstaller is not installed, but CI must build the executable")
        pytest.skip("PyInstaller is not installed (pip install -e '.[test]')")
    out = tmp_path_factory.mktemp("pyinstaller")
    return make_exe.build(distpath=out / "dist", workpath=out / "work")


class Sandbox:
    """An empty run folder, HOME, TMPDIR and PATH for one launch, and what was left behind."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.run_dir = root / "run"
        self.home = root / "home"
        self.tmp = root / "tmp"
        self.bin = root / "bin"  # the whole PATH: an empty folder, so no python anywhere
        for d in (self.run_dir, self.home, self.tmp, self.bin):
            d.mkdir()
        self.env = make_exe.headless_env(self.home, str(self.bin))
        self.env["TMPDIR"] = str(self.tmp)
        self.user_dirs = [
            Path(self.env[key]) / "tavolo"
            for key in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME")
        ]

    def run(self, exe: Path, *args: str) -> subprocess.CompletedProcess[str]:
        assert shutil.which("python", path=self.env["PATH"]) is None
        assert shutil.which("python3", path=self.env["PATH"]) is None
        return subprocess.run(
            [str(exe), *args],
            cwd=self.run_dir,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=180,
        )

    def files(self, folder: Path) -> list[Path]:
        return sorted(p for p in folder.rglob("*") if p.is_file() or p.is_symlink())

    def stray_home_files(self) -> list[Path]:
        """Files under HOME that are not inside one of Tavolo's user folders."""
        return [
            p for p in self.files(self.home) if not any(p.is_relative_to(d) for d in self.user_dirs)
        ]

    def log_text(self) -> str:
        logs = [p for d in self.user_dirs for p in d.rglob("*.log")]
        return "\n".join(p.read_text(encoding="utf-8", errors="replace") for p in logs)


@pytest.fixture
def sandbox(tmp_path: Path) -> Sandbox:
    return Sandbox(tmp_path)


def _check_clean_run(sb: Sandbox, proc: subprocess.CompletedProcess[str], exe: Path) -> None:
    detail = f"exit {proc.returncode}\nstderr:\n{proc.stderr}\nlog:\n{sb.log_text()}"
    assert proc.returncode == 0, detail
    assert "Traceback" not in proc.stderr, detail
    assert "Traceback" not in sb.log_text(), detail
    assert [p.name for p in sb.files(sb.run_dir)] == ["shot.png"], "left in the run folder"
    assert sb.stray_home_files() == [], "written outside the user folders"
    assert sb.files(sb.tmp) == [], "the one-file build did not clean up its unpack folder"
    assert sb.files(sb.bin) == []
    assert sorted(p.name for p in exe.parent.iterdir()) == [exe.name], "wrote beside the program"


def _check_screenshot(path: Path, size: tuple[int, int]) -> None:
    from PIL import Image

    with Image.open(path) as img:
        img.load()
        assert img.format == "PNG"
        assert img.size == size
        colours = img.convert("RGB").getcolors(maxcolors=1 << 20)
    assert colours is None or len(colours) > 200, "the screenshot is (nearly) one flat colour"


def test_bundle_holds_the_assets_and_not_the_test_tools(exe: Path) -> None:
    from PyInstaller.archive.readers import pkg_archive_contents

    names = set(pkg_archive_contents(str(exe)))
    assets = ROOT / "assets"
    wanted = {
        "assets/" + p.relative_to(assets).as_posix()
        for p in assets.rglob("*")
        if p.is_file() and p.relative_to(assets).parts[0] != "preview"
    }
    assert wanted - names == set(), "assets missing from the executable"
    assert not any(n.startswith("assets/preview") for n in names)
    for folder in ("cards/french", "cards/italian", "cards/backs", "fonts", "icon", "sounds"):
        assert any(n.startswith(f"assets/{folder}/") for n in names), folder
    assert "game.app" in names and "game.resources" in names
    from game.catalog import modules

    missing = [m for m in modules() if m not in names]
    assert missing == [], "modules the catalogue imports on first use were not bundled"
    top_level = {n.split(".")[0] for n in names}
    for unwanted in ("tkinter", "numpy", "pytest", "_pytest", "hypothesis", "unittest", "PIL"):
        assert unwanted not in top_level, f"{unwanted} was bundled"


def test_bundle_holds_the_compiled_catalogues(exe: Path) -> None:
    """Every .po of the checkout is in the executable compiled, where game.i18n reads it."""
    from PyInstaller.archive.readers import pkg_archive_contents

    names = set(pkg_archive_contents(str(exe)))
    sources = sorted((ROOT / "game" / "locale").glob("*/LC_MESSAGES/*.po"))
    assert sources
    for po in sources:
        mo = po.with_suffix(".mo").relative_to(ROOT).as_posix()
        assert mo in names, f"{mo} is not in the executable"


def test_bundle_holds_the_fitted_evaluations(exe: Path) -> None:
    """Every learned evaluation of the checkout is in the executable, where the search reads
    it (a strong seat without it would play every playout out, slower than its budget)."""
    from PyInstaller.archive.readers import pkg_archive_contents

    names = set(pkg_archive_contents(str(exe)))
    weights = sorted((ROOT / "game" / "ai" / "weights").glob("*.json"))
    assert weights
    for path in weights:
        assert path.relative_to(ROOT).as_posix() in names, f"{path.name} is not in the executable"


def test_bundle_holds_the_cldr_locales_of_its_languages_only(exe: Path) -> None:
    """Babel's data for the languages' numbers and dates (and the locales they inherit from),
    not its thousand others."""
    from PyInstaller.archive.readers import pkg_archive_contents

    names = set(pkg_archive_contents(str(exe)))
    cldr = {Path(n).stem for n in names if n.startswith("babel/locale-data/")}
    assert cldr == {"root", "en", "en_001", "en_GB", "it", "fr"}
    assert "babel/global.dat" in names


@pytest.mark.parametrize(
    ("lang", "name"), [("it_IT.UTF-8", "Italiano"), ("fr_FR.UTF-8", "Français")]
)
def test_executable_starts_in_the_system_language(
    exe: Path, sandbox: Sandbox, lang: str, name: str
) -> None:
    """A first start (no settings) on an Italian or French system shows Tavolo in that
    language: the log says which catalogue it uses, and a title drawn in it differs; its line
    of a saved match says when it was saved the language's way (Babel's data is bundled)."""
    from game.engine import new_game
    from game.ui.savegame import MatchSetup, save_match

    state = new_game("scopa", players=2, seed=3)
    state.play(state.legal_moves()[0])
    slot = Path(sandbox.env["XDG_DATA_HOME"]) / "tavolo" / "match-scopa.json"
    slot.parent.mkdir(parents=True)
    assert save_match(state, MatchSetup("scopa", 2, ["human", "rules"]), slot) is None
    sandbox.env["LANG"] = lang
    proc = sandbox.run(exe, "--size", "1024x640", "--frames", "5", "--screenshot", "shot.png")
    _check_clean_run(sandbox, proc, exe)
    assert f"texts in {name}" in sandbox.log_text()


def test_executable_is_under_the_size_target(exe: Path) -> None:
    mb = exe.stat().st_size / 1e6
    assert mb < make_exe.SIZE_TARGET_MB, f"{mb:.1f} MB"


def test_autoplay_smoke_run_headless_without_python(exe: Path, sandbox: Sandbox) -> None:
    """The CI check of issue 5: a 4-player autoplayed Capodama, screenshot, nothing left over."""
    from game.ui.settings import Settings

    proc = sandbox.run(
        exe, "--game", "capodama", "--players", "4", "--autoplay", "--frames", "300",
        "--screenshot", "shot.png",
    )  # fmt: skip
    _check_clean_run(sandbox, proc, exe)
    _check_screenshot(sandbox.run_dir / "shot.png", Settings().window)


@pytest.mark.parametrize(
    "args",
    [
        ["--game", "capodama", "--players", "1", "--autoplay", "--size", "1024x640"],
        ["--game", "capodama", "--players", "4", "--deck", "italian", "--size", "1024x640"],
        ["--size", "1024x640"],  # the title screen, as a double-click opens it
        ["--game", "scopa", "--players", "2", "--autoplay", "--size", "1024x640"],
        ["--game", "tressette", "--players", "3", "--autoplay", "--size", "1024x640"],
        ["--game", "cattura", "--players", "3", "--autoplay", "--size", "1024x640"],
    ],
    ids=["solitaire", "italian-deck", "title", "scopa", "tressette", "cattura"],
)
def test_other_starts_run_headless(exe: Path, sandbox: Sandbox, args: list[str]) -> None:
    proc = sandbox.run(exe, *args, "--frames", "90", "--screenshot", "shot.png")
    _check_clean_run(sandbox, proc, exe)
    _check_screenshot(sandbox.run_dir / "shot.png", (1024, 640))


async def _host_and_watch(port: int, join: Callable[[str], subprocess.Popen[str]]) -> bool:
    """Connect to a server on loopback (retrying while it starts), create a Scopa table with an
    open seat, have ``join`` start a client for its code, and say whether it took the seat."""
    import websockets

    for _ in range(300):
        try:
            ws = await websockets.connect(f"ws://127.0.0.1:{port}/", open_timeout=5)
        except OSError:
            await asyncio.sleep(0.2)
            continue
        async with ws:
            await ws.send(json.dumps({"type": "hello", "version": 1, "name": "Host"}))
            seats = ["human", "open"]
            await ws.send(
                json.dumps({"type": "create", "game": "scopa", "players": 2, "seats": seats})
            )
            bot = None
            try:
                while True:
                    reply = json.loads(await asyncio.wait_for(ws.recv(), 60))
                    if reply["type"] == "welcome":
                        bot = join(reply["code"])
                    elif reply["type"] == "table" and reply["seats"][1]["connected"]:
                        return True
                    elif reply["type"] == "error":
                        return False
            finally:
                if bot is not None:
                    bot.terminate()
                    bot.communicate(timeout=60)
    raise AssertionError("the server never listened")


def test_the_frozen_server_and_bot_meet_and_stop_on_sigterm(exe: Path, sandbox: Sandbox) -> None:
    """``tavolo serve`` and ``tavolo bot`` from the one file: online play's server, its client
    and their WebSocket library (with the ssl, http and urllib modules it imports) are in the
    bundle, the bot takes the open seat, and SIGTERM stops the server cleanly."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    data = sandbox.tmp.parent / "serve-data"
    args = ["serve", "--host", "127.0.0.1", "--port", str(port), "--data", str(data)]
    pipes = {"stdout": subprocess.PIPE, "stderr": subprocess.PIPE, "text": True}
    server = subprocess.Popen([str(exe), *args], cwd=sandbox.run_dir, env=sandbox.env, **pipes)

    def join(code: str) -> subprocess.Popen[str]:
        bot = ["bot", "--server", f"ws://127.0.0.1:{port}", "--code", code, "--level", "easy"]
        return subprocess.Popen([str(exe), *bot], cwd=sandbox.run_dir, env=sandbox.env, **pipes)

    try:
        seated = asyncio.run(_host_and_watch(port, join))
    finally:
        server.send_signal(signal.SIGTERM)
        _, err = server.communicate(timeout=60)
    assert seated, "the frozen bot never took the open seat"
    assert server.returncode == 0, err
    assert "Traceback" not in err, err


@pytest.mark.parametrize("args", [["--frobnicate"], ["--players", "9"], ["--size", "big"]])
def test_bad_flags_exit_2_with_usage_and_no_traceback(
    exe: Path, sandbox: Sandbox, args: list[str]
) -> None:
    proc = sandbox.run(exe, *args)
    assert proc.returncode == 2, proc.stderr
    assert "usage: tavolo" in proc.stderr
    assert "Traceback" not in proc.stderr
    assert sandbox.files(sandbox.run_dir) == []
    assert sandbox.files(sandbox.tmp) == []


#: Files the player's desktop writes itself when a menu entry or an icon comes or goes
#: (update-desktop-database's MIME index, gtk-update-icon-cache's index): they belong to the
#: desktop, index every application of the folder, and the install script leaves them alone.
DESKTOP_CACHES = {
    Path(".local/share/applications/mimeinfo.cache"),
    Path(".local/share/icons/hicolor/icon-theme.cache"),
}

#: What packaging/install-linux.sh runs, besides shell built-ins.
SCRIPT_TOOLS = ("sh", "dirname", "mkdir", "install", "sed", "chmod", "rm", "touch")


def _path_without_desktop_tools(tmp_path: Path) -> str:
    """A PATH holding only the tools the script needs: no update-desktop-database on it."""
    bin_dir = tmp_path / "bare-bin"
    bin_dir.mkdir()
    for tool in SCRIPT_TOOLS:
        found = shutil.which(tool)
        assert found, f"{tool} is needed to run the install script"
        (bin_dir / tool).symlink_to(found)
    return str(bin_dir)


def _path_with_desktop_tools(tmp_path: Path) -> str:
    """The system PATH, with update-desktop-database on it: Debian's desktop-file-utils when
    installed, else a stand-in that writes the same MIME cache the real one does."""
    if shutil.which("update-desktop-database", path="/usr/bin:/bin"):
        return "/usr/bin:/bin"
    bin_dir = tmp_path / "desktop-bin"
    bin_dir.mkdir()
    tool = bin_dir / "update-desktop-database"
    tool.write_text(
        '#!/bin/sh\nfor d; do case $d in -*) ;; *) printf "[MIME Cache]\\n" > "$d/mimeinfo.cache";;'
        " esac; done\n",
        encoding="utf-8",
    )
    tool.chmod(0o755)
    return f"{bin_dir}:/usr/bin:/bin"


@pytest.mark.parametrize("desktop_tools", [True, False], ids=["desktop-tools", "no-desktop-tools"])
def test_linux_install_script_puts_tavolo_in_the_menu(tmp_path: Path, desktop_tools: bool) -> None:
    """The README's menu install: exe, .desktop and icons go in, and all come out again, with
    or without the desktop's tools; only the desktop's own caches may stay.  The script copies
    whatever executable it is given, so a stand-in file is enough here (the real build is
    tested above)."""
    exe = tmp_path / "dist" / "tavolo"
    exe.parent.mkdir()
    exe.write_bytes(b"#!/bin/sh\necho tavolo\n")
    home = tmp_path / "home"
    home.mkdir()
    path = (
        _path_with_desktop_tools(tmp_path)
        if desktop_tools
        else _path_without_desktop_tools(tmp_path)
    )
    env = {"HOME": str(home), "PATH": path}
    script = ROOT / "packaging" / "install-linux.sh"
    sh = shutil.which("sh")
    assert sh
    subprocess.run([sh, str(script), str(exe)], env=env, check=True, capture_output=True)

    installed = home / ".local" / "bin" / "tavolo"
    assert os.access(installed, os.X_OK)
    assert installed.read_bytes() == exe.read_bytes()
    entry = (home / ".local/share/applications/tavolo.desktop").read_text(encoding="utf-8")
    keys = dict(line.split("=", 1) for line in entry.splitlines() if "=" in line)
    assert keys["Exec"] == f'"{installed}"'
    assert keys["Icon"] == "tavolo" and keys["Type"] == "Application"
    assert keys["StartupWMClass"] == "tavolo" and "Game;" in keys["Categories"]
    for n in (16, 32, 48, 64, 128, 256, 512):
        icon = home / f".local/share/icons/hicolor/{n}x{n}/apps/tavolo.png"
        assert icon.read_bytes() == (ROOT / "assets" / "icon" / f"tavolo-{n}.png").read_bytes()

    subprocess.run([sh, str(script), "--uninstall"], env=env, check=True, capture_output=True)
    left = {p.relative_to(home) for p in home.rglob("*") if p.is_file()}
    assert left <= DESKTOP_CACHES, f"the uninstall left {sorted(map(str, left - DESKTOP_CACHES))}"
    if desktop_tools:  # the desktop's MIME index was refreshed, and it stays the desktop's
        assert Path(".local/share/applications/mimeinfo.cache") in left
