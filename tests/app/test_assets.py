"""The game finds its sounds and icons in a source tree as in an installed package, and ``--check`` says so."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from game.app import check as check_module
from game.app.check import check
from game.app.sound import NAMES

REPO = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_a_source_tree_reads_the_assets_beside_game() -> None:
    """As in pygbag's archive: the repository on the path, no installed package (-S: no .pth, so no editable
    install's finder), pygame from site-packages."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(REPO), sysconfig.get_path("purelib")]))
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    code = "import importlib.util as u; from game.app.assets import ASSETS; print(u.find_spec('game.assets'), ASSETS)"
    result = subprocess.run(
        [sys.executable, "-S", "-c", code], cwd=REPO / "tools", env=env, capture_output=True, text=True, check=True
    )
    assert result.stdout.split() == ["None", str(REPO / "assets")]


def test_the_check_reports_the_icon_and_every_sound(capsys) -> None:
    assert check(as_json=True) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["missing"] == [] and report["icon"] == [192, 192]
    assert set(report["sounds"]) == set(NAMES) and min(report["sounds"].values()) > 0.04
    assert Path(report["assets"]) == REPO / "assets"  # an editable install maps game.assets there; a checkout reads it


def test_the_check_fails_when_the_icon_is_missing(capsys, monkeypatch, tmp_path) -> None:
    monkeypatch.setattr(check_module, "ICON", tmp_path / "icon-192.png")
    assert check(as_json=True) == 1
    report = json.loads(capsys.readouterr().out)
    assert "icon" not in report
    assert [line.split(":")[0] for line in report["missing"]] == ["icon icon-192.png"]
    assert check() == 1
    words = capsys.readouterr().out.splitlines()
    assert words[:2] == ["Pipopipette is missing some of its files:", f"  missing: {report['missing'][0]}"]
    assert not any(line.startswith(("{", "Window icon")) for line in words), "words for a person, no icon read"


def test_the_check_says_in_words_that_the_game_is_whole(capsys) -> None:
    assert check() == 0
    words = capsys.readouterr().out.splitlines()
    assert words[0] == "Pipopipette is installed whole."
    assert "Window icon: 192x192 pixels." in words and words[-1].endswith("for scripts.)")
