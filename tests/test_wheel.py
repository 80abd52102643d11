"""The installed game is whole: the wheel is built from a copy of the sources, installed in a fresh virtual
environment (pygame-ce from pip's cache or the index), and ``pipopipette --check`` run there, away from the source
tree, reports the icon, every sound, the backup script and the puzzles read from the installed package.

One wheel and one environment for the whole file: building and installing take a few seconds.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

from game.app.sound import NAMES
from game.puzzles import load_puzzles

pytestmark = pytest.mark.slow  # builds a wheel and installs it in a fresh virtual environment

REPO = Path(__file__).resolve().parents[1]
BUILD_INPUTS = ("pyproject.toml", "setup.py", "README.md", "LICENSE", "game", "assets")  # what the build reads
NO_CACHES = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info")


def run(command: list[str | Path], cwd: Path, env: dict[str, str] | None = None) -> str:
    result = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=300, check=False)
    assert result.returncode == 0, f"{' '.join(map(str, command))}\n{result.stdout}\n{result.stderr}"
    return result.stdout


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel built from a copy of the sources (so no build/ or egg-info is left in the repository)."""
    source = tmp_path_factory.mktemp("source")
    for name in BUILD_INPUTS:
        if (REPO / name).is_dir():
            shutil.copytree(REPO / name, source / name, ignore=NO_CACHES)
        else:
            shutil.copy(REPO / name, source / name)
    dist = tmp_path_factory.mktemp("dist")
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "--wheel-dir", dist, source], cwd=source)
    [built] = dist.glob("pipopipette-*.whl")
    return built


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtual environment (no pip of its own: this pip installs into it) holding the wheel."""
    venv = tmp_path_factory.mktemp("venv")
    run([sys.executable, "-m", "venv", "--without-pip", venv], cwd=venv)
    python = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    run([sys.executable, "-m", "pip", "--python", python, "install", "--quiet", wheel], cwd=venv)
    return venv


@pytest.fixture(scope="module")
def report(installed: Path) -> dict[str, object]:
    scripts = installed / ("Scripts" if os.name == "nt" else "bin")
    env = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "PYTHONHOME")}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    env["PIPOPIPETTE_DATA_DIR"] = str(installed / "data")  # in case anything reached for the player's data
    output = run([scripts / "pipopipette", "--check", "--json"], cwd=installed, env=env)
    assert not (installed / "data").exists(), "the check keeps the game's data in memory"
    return json.loads(output)


def test_the_wheel_holds_the_game_its_assets_and_its_data_files(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as zipped:
        names = set(zipped.namelist())
    sources = {p.relative_to(REPO).as_posix() for p in (REPO / "game").rglob("*.py") if "__pycache__" not in p.parts}
    assets = {"game/" + p.relative_to(REPO).as_posix() for p in (REPO / "assets").rglob("*") if p.is_file()}
    assert sources <= names
    assert {"game/assets/sounds/line.ogg", "game/assets/icons/icon-192.png"} <= assets <= names
    assert {"game/play/backup.js", "game/puzzles/puzzles.json", "game/py.typed"} <= names
    assert {"game/play/online/webrtc.js", "game/play/online/datachannel.sdp"} <= names
    [metadata] = {name.split("/")[0] for name in names} - {"game"}
    assert metadata.endswith(".dist-info"), "nothing but the game package and its metadata"


def test_the_installed_game_starts_and_reads_its_icon_and_sounds_from_the_package(installed: Path, report) -> None:
    assert report["missing"] == []
    assert report["frames"] == 5 and report["drawn"] >= 1
    packaged = Path(report["assets"])
    site = Path(sysconfig.get_path("purelib", vars={"base": str(installed), "platbase": str(installed)}))
    assert packaged == site / "game" / "assets", "read from the installed package, not from a source tree"
    assert report["icon"] == [192, 192]
    assert set(report["sounds"]) == set(NAMES)
    assert all(0.04 < seconds < 1.0 for seconds in report["sounds"].values()), report["sounds"]


def test_the_installed_game_has_the_backup_script_and_the_puzzles(report) -> None:
    assert report["backup_js"] == len((REPO / "game" / "play" / "backup.js").read_bytes())
    assert report["puzzles"] == len(load_puzzles())
