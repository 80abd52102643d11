"""Builds ``core.wasm`` from ``core.c`` with the ``ziglang`` package (``make wasm``; ``--check`` compares instead).

The command is pinned here and nowhere else, so the committed module, ``make wasm`` and the test that rebuilds it
agree byte for byte (zig's builds are deterministic for one version of ``ziglang``, pinned in ``pyproject.toml``).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).parent
SOURCE = HERE / "core.c"
MODULE = HERE / "core.wasm"
FLAGS = (
    "-target",
    "wasm32-freestanding",
    "-O3",
    "-nostdlib",
    "-mbulk-memory",  # memset-like loops become memory.fill, not a call into a libc there is none of
    "-Wall",
    "-Wextra",
    "-Werror",
    "-Wl,--no-entry",
    "-Wl,-z,stack-size=1048576",  # 1 MB: the recursion is as deep as the lines left, a few hundred bytes a level
)


def build(output: Path) -> None:
    """Compiles ``core.c`` into ``output``; raises CalledProcessError with zig's message on failure."""
    where = f"-ffile-prefix-map={HERE.resolve()}=."  # the folder's path is not in the module: any checkout builds it
    command = [sys.executable, "-m", "ziglang", "cc", *FLAGS, where, "-o", str(output), SOURCE.name]
    subprocess.run(command, cwd=HERE, check=True, capture_output=True, text=True)


def rebuilt_bytes() -> bytes:
    """The module the source builds to now."""
    with tempfile.TemporaryDirectory() as folder:
        output = Path(folder) / "core.wasm"
        build(output)
        return output.read_bytes()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--check", action="store_true", help="fail if core.wasm is not what core.c builds to")
    args = parser.parse_args()
    if args.check:
        if rebuilt_bytes() != MODULE.read_bytes():
            print(f"{MODULE} is not what {SOURCE.name} builds to: run `make wasm` and commit it", file=sys.stderr)
            return 1
        print(f"{MODULE.name} matches {SOURCE.name}")
        return 0
    build(MODULE)
    print(f"built {MODULE} ({MODULE.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
