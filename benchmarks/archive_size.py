"""Build the browser version and print the size of what a player downloads from us (not pygbag's runtime).

Usage: python -m benchmarks.archive_size [--no-build]   (--no-build measures the existing build/web/)
"""

from __future__ import annotations

import sys
import tarfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "build" / "web"

from tools.build_web import build  # noqa: E402


def measure() -> None:
    [archive] = WEB.glob("*.tar.gz")
    with tarfile.open(archive, "r:gz") as tar:
        files = [member for member in tar.getmembers() if member.isfile()]
    folders = Counter(member.name.split("/")[1] if member.name.count("/") > 1 else "(root)" for member in files)
    site = sum(path.stat().st_size for path in WEB.iterdir() if path.is_file() and path.suffix != ".apk")
    print(f"archive {archive.name}: {archive.stat().st_size} bytes compressed")
    print(f"archive contents: {len(files)} files, {sum(m.size for m in files)} bytes uncompressed")
    for folder, count in sorted(folders.items()):
        print(f"  {folder}: {count} files")
    for path in sorted(WEB.iterdir()):
        print(f"  build/web/{path.name}: {path.stat().st_size} bytes")
    print(f"site download (everything in build/web/ but the .apk): {site} bytes")


def main(argv: list[str]) -> int:
    if "--no-build" not in argv:
        result = build(timeout=300)
        print(f"build time: {result['seconds']} s")
    measure()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
