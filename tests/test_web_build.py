"""The browser build: tools/build_web.py run on a copy of the repository, then the site and archive checked.

The copy gets decoy folders (a virtual environment, caches, tests, docs, an egg-info) so the test proves that
pygbag.ini keeps them out of the archive. Building takes a few seconds and needs no network.
"""

from __future__ import annotations

import hashlib
import html.parser
import importlib.util
import json
import re
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pygame
import pytest

from tools import make_icon

pytestmark = pytest.mark.slow  # runs pygbag's build of the site

REPO = Path(__file__).resolve().parents[1]
COPY_IGNORE = shutil.ignore_patterns(
    ".git",
    ".venv",
    "venv",
    "build",
    "dist",
    "__pycache__",
    ".pytest_cache",
    ".ruff_cache",
    ".hypothesis",
    "*.egg-info",
    "node_modules",
)
DECOYS = [
    ".venv/lib/python3.12/site-packages/decoy.py",
    ".pytest_cache/v/cache/lastfailed",
    ".ruff_cache/0.5.0/decoy",
    ".hypothesis/examples/decoy",
    ".git/HEAD",
    "game/__pycache__/decoy.cpython-312.pyc",
    "game/core/__pycache__/decoy.cpython-312.pyc",
    "pipopipette.egg-info/PKG-INFO",
    "tests/test_decoy.py",
    "tests/app/test_decoy.py",
    "docs/decoy.md",
    "benchmarks/decoy.py",
]
VIEWPORT = "width=device-width,initial-scale=1,maximum-scale=1,user-scalable=no"
CDN = "https://pygame-web.github.io/cdn/0.9.3/"


def tree_digest(root: Path) -> dict[str, str]:
    """Hash of every file under ``root`` except the build output, bytecode caches and npm's node_modules (which the
    build fills from package-lock.json when it is missing)."""
    return {
        path.relative_to(root).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in root.rglob("*")
        if path.is_file()
        and path.relative_to(root).parts[0] not in ("build", "web_packages", "node_modules")
        and "__pycache__" not in path.parts
    }


def run_build(root: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tools.build_web", "--timeout", "240"],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    if importlib.util.find_spec("pygbag") is None:
        # A failure, not a skip: `make test` installs the [web] extra, so CI always builds the site.
        pytest.fail("the browser build needs pygbag, which is not installed: pip install -e '.[web]'", pytrace=False)
    root = tmp_path_factory.mktemp("repo") / "pipopipette"
    shutil.copytree(REPO, root, ignore=COPY_IGNORE)
    if (REPO / "node_modules").is_dir():  # npm's packages as installed here (else the build runs npm ci in the copy)
        (root / "node_modules").symlink_to(REPO / "node_modules")
    for decoy in DECOYS:
        (root / decoy).parent.mkdir(parents=True, exist_ok=True)
        (root / decoy).write_text("decoy\n")
    before = tree_digest(root)
    first = run_build(root)
    assert first.returncode == 0, first.stdout + first.stderr
    (root / "build" / "web" / "stale.txt").write_text("from an earlier build")
    second = run_build(root)
    assert second.returncode == 0, second.stdout + second.stderr
    return {"root": root, "web": root / "build" / "web", "before": before, "runs": [first.stdout, second.stdout]}


class PageParser(html.parser.HTMLParser):
    """Collects the tags of a page with their attributes, and the text of each script."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str]]] = []
        self.scripts: list[tuple[dict[str, str], str]] = []
        self._script: dict[str, str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = {name: value or "" for name, value in attrs}
        self.tags.append((tag, attributes))
        if tag == "script":
            self._script = attributes
            self.scripts.append((attributes, ""))

    def handle_data(self, data: str) -> None:
        if self._script is not None:
            attributes, text = self.scripts[-1]
            self.scripts[-1] = (attributes, text + data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._script = None

    def find(self, tag: str, **wanted: str) -> list[dict[str, str]]:
        return [a for t, a in self.tags if t == tag and all(a.get(k.replace("_", "-")) == v for k, v in wanted.items())]


@pytest.fixture(scope="module")
def page(built: dict[str, object]) -> tuple[str, PageParser]:
    text = (built["web"] / "index.html").read_text(encoding="utf-8")
    parser = PageParser()
    parser.feed(text)
    return text, parser


def archive_names(web: Path) -> list[str]:
    [archive] = web.glob("*.tar.gz")
    with tarfile.open(archive, "r:gz") as tar:
        return sorted(member.name for member in tar.getmembers() if member.isfile())


def test_build_reports_and_writes_nothing_outside_build(built: dict[str, object]) -> None:
    assert all("pipopipette.tar.gz" in stdout for stdout in built["runs"])
    assert tree_digest(built["root"]) == built["before"]


def test_rebuild_starts_clean_and_keeps_the_cache_version_of_unchanged_sources(built: dict[str, object]) -> None:
    assert not (built["web"] / "stale.txt").exists()
    versions = [re.search(r"cache version ([0-9a-f]{12})", stdout).group(1) for stdout in built["runs"]]
    assert versions[0] == versions[1]


def test_page_has_one_mobile_viewport(page: tuple[str, PageParser]) -> None:
    _, parser = page
    viewports = parser.find("meta", name="viewport")
    assert viewports == [{"name": "viewport", "content": VIEWPORT}]


def test_page_is_filled_in_and_has_no_browserfs_nor_leave_prompt(page: tuple[str, PageParser]) -> None:
    text, parser = page
    assert "{{" not in text and "cookiecutter" not in text
    assert "browserfs" not in text.lower()
    assert "onbeforeunload" not in text
    assert re.search(r"ume_block:\s*0,", text)
    assert re.search(r"can_close:\s*1,", text)
    assert re.search(r'archive:\s*"pipopipette",', text)
    assert parser.find("canvas", id="canvas")
    assert parser.find("title")


def test_page_starts_pygbag_with_our_site_code(page: tuple[str, PageParser]) -> None:
    _, parser = page
    modules = [(attrs, text) for attrs, text in parser.scripts if attrs.get("type") == "module"]
    attrs, code = modules[0]
    assert attrs["src"] == CDN + "pythons.js"
    assert attrs["data-python"] == "python3.12"
    assert "vtx" not in attrs["data-os"].split(",")
    assert code.startswith("#<!--") and code.rstrip().endswith("# -->")
    assert "async def custom_site()" in code and "asyncio.run(custom_site())" in code
    assert 'BUNDLE = "pipopipette"' in code
    assert "random.seed(os.urandom(" in code
    compile(code, "site", "exec")


def test_page_registers_the_worker_and_links_manifest_and_icons(page: tuple[str, PageParser]) -> None:
    text, parser = page
    assert 'navigator.serviceWorker.register("./sw.js")' in text
    assert parser.find("link", rel="manifest", href="manifest.webmanifest")
    assert parser.find("link", rel="apple-touch-icon", href="icon-180.png")
    assert parser.find("meta", name="theme-color")
    assert parser.find("meta", name="mobile-web-app-capable", content="yes")
    assert parser.find("meta", name="apple-mobile-web-app-capable", content="yes")


def test_page_forbids_scroll_zoom_and_selection(page: tuple[str, PageParser]) -> None:
    text, _ = page
    style = text[text.index("<style>") : text.index("</style>")]
    rule = style[style.index("html, body, canvas {") : style.index("}")]
    for declaration in ("touch-action: none", "overscroll-behavior: none", "user-select: none", "overflow: hidden"):
        assert declaration in rule


def test_worker_is_stamped_and_lists_files_that_exist(built: dict[str, object]) -> None:
    web = built["web"]
    worker = (web / "sw.js").read_text(encoding="utf-8")
    assert "@@" not in worker
    assert re.search(r'const BUILD = "[0-9a-f]{12}";', worker)
    assert 'const ARCHIVE = "pipopipette.tar.gz";' in worker
    assert "const CDN = `${CDN_ROOT}0.9.3/`;" in worker and 'CDN_ROOT = "https://pygame-web.github.io/cdn/"' in worker
    site_files = re.search(r"const SITE_FILES = \[(.*?)\];", worker, re.S).group(1)
    names = re.findall(r'"([^"]+)"', site_files)
    assert "index.html" in names and "manifest.webmanifest" in names
    assert "ARCHIVE" in site_files and (web / "pipopipette.tar.gz").is_file()
    for name in names:
        assert (web / name.replace("./", "index.html")).is_file(), name
    assert "clients.claim()" in worker
    assert "browserfs" not in worker and "empty.html" not in worker


def test_the_relays_mqtt_client_is_bundled_beside_the_page(built: dict[str, object]) -> None:
    bundle = (built["web"] / "relay-mqtt.js").read_text(encoding="utf-8")
    assert "window.pipopipetteMqtt" in bundle and 100_000 < len(bundle) < 1_000_000  # mqtt.js, minified
    assert not any(name.startswith(("node_modules", "tools/")) for name in archive_names(built["web"]))


def test_manifest_and_its_icons(built: dict[str, object]) -> None:
    web = built["web"]
    manifest = json.loads((web / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["name"] and manifest["short_name"] == "Pipopipette"
    assert manifest["start_url"] == "."
    assert manifest["display"] in ("standalone", "fullscreen")
    assert manifest["orientation"] == "any"
    sizes = set()
    for icon in manifest["icons"]:
        image = pygame.image.load(str(web / icon["src"]))
        assert f"{image.get_width()}x{image.get_height()}" == icon["sizes"]
        sizes.add(icon["sizes"])
    assert {"192x192", "512x512"} <= sizes


def test_archive_holds_the_game_only(built: dict[str, object]) -> None:
    root, web = built["root"], built["web"]
    names = archive_names(web)
    assert all(name.startswith("assets/") for name in names)
    packed = {name[len("assets/") :] for name in names}
    sources = {p.relative_to(root).as_posix() for p in (root / "game").rglob("*.py") if "__pycache__" not in p.parts}
    game_assets = {p.relative_to(root).as_posix() for p in (root / "assets").rglob("*") if p.is_file()}
    assert "main.py" in packed
    assert sources and sources <= packed
    assert game_assets <= packed
    assert {"game/puzzles/puzzles.json", "game/play/backup.js"} <= packed, "data files the game reads at run time"
    assert {"game/play/online/webrtc.js", "game/play/online/datachannel.sdp"} <= packed, "the online rooms' too"
    assert {"game/ai/wasm/core.wasm", "game/ai/wasm/core_page.js", "game/ai/wasm/core_worker.js"} <= packed, "the core"
    assert {"web_packages/segno/__init__.py", "web_packages/segno/encoder.py"} <= packed, "the QR code's encoder"
    assert packed == {"main.py"} | sources | game_assets | {
        n for n in packed if n.startswith(("game/", "web_packages/"))
    }
    for name in packed:
        first = name.split("/")[0]
        assert first in ("main.py", "game", "assets", "web_packages"), name
        assert "__pycache__" not in name and not name.endswith(".pyc") and "decoy" not in name


def test_apk_has_the_same_files(built: dict[str, object]) -> None:
    web = built["web"]
    [apk] = web.glob("*.apk")
    with zipfile.ZipFile(apk) as zipped:
        assert sorted(zipped.namelist()) == archive_names(web)


def test_build_without_main_py_fails_with_a_clear_message(tmp_path: Path) -> None:
    root = tmp_path / "pipopipette"
    shutil.copytree(REPO / "tools", root / "tools", ignore=COPY_IGNORE)
    result = run_build(root)
    assert result.returncode == 1
    assert "main.py is missing" in result.stderr


def test_icons_are_valid_pngs_of_the_drawing(tmp_path: Path) -> None:
    written = make_icon.write_icons(tmp_path)
    assert sorted(p.name for p in written) == sorted(make_icon.SIZES)
    image = pygame.image.load(str(tmp_path / "icon-512.png"))
    assert image.get_size() == (512, 512)
    assert tuple(image.get_at((4, 4)))[:3] == make_icon.BACKGROUND
    first_box = int((make_icon.GRID[0] + make_icon.GRID[1]) / 2 * 512)
    second_box = int((make_icon.GRID[1] + make_icon.GRID[2]) / 2 * 512)
    assert tuple(image.get_at((first_box, first_box)))[:3] == make_icon.PLAYER_ONE
    assert tuple(image.get_at((second_box, second_box)))[:3] == make_icon.PLAYER_TWO
    dot = int(make_icon.GRID[0] * 512)
    assert tuple(image.get_at((dot, dot)))[:3] == make_icon.DOT
    again = tmp_path / "again"
    make_icon.write_icons(again)
    assert (again / "icon-192.png").read_bytes() == (tmp_path / "icon-192.png").read_bytes()
