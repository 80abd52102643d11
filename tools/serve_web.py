"""Serve build/web/ on http://localhost:8000 for playing the browser build.

Usage: python -m tools.serve_web [--port 8000] [--bind 127.0.0.1]

A plain static server would break one thing: when the page's address starts with "http://localhost:8", pygbag
0.9.3 asks for its pygame-ce wheel at "http://localhost:8000/cdn/..." instead of its CDN. This server redirects
every /cdn/ request to https://pygame-web.github.io/cdn/, so the game starts whether opened as localhost or
127.0.0.1. It also serves the web manifest with its proper type and asks the browser not to keep stale copies.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import sys
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

WEB = Path(__file__).resolve().parents[1] / "build" / "web"
CDN_ROOT = "https://pygame-web.github.io/cdn/"


class WebBuildHandler(SimpleHTTPRequestHandler):
    """Static files from build/web/, with /cdn/... redirected to pygbag's CDN."""

    extensions_map = {
        **SimpleHTTPRequestHandler.extensions_map,
        ".webmanifest": "application/manifest+json",
        ".wasm": "application/wasm",
        ".apk": "application/zip",
    }

    def do_GET(self) -> None:  # noqa: N802 - the names http.server calls
        if not self.redirect_cdn():
            super().do_GET()

    def do_HEAD(self) -> None:  # noqa: N802
        if not self.redirect_cdn():
            super().do_HEAD()

    def redirect_cdn(self) -> bool:
        """Answer a /cdn/... request with a redirect to pygbag's CDN; False for any other path."""
        if not self.path.startswith("/cdn/"):
            return False
        self.send_response(302)
        self.send_header("Location", CDN_ROOT + self.path[len("/cdn/") :])
        self.end_headers()
        return True

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.strip().splitlines()[0])
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--bind", default="127.0.0.1")
    args = parser.parse_args(argv)
    if not (WEB / "index.html").is_file():
        print("serve_web: build/web/index.html is missing; run `make web` first", file=sys.stderr)
        return 1
    handler = functools.partial(WebBuildHandler, directory=str(WEB))
    with ThreadingHTTPServer((args.bind, args.port), handler) as server:
        print(f"Serving {WEB} on http://localhost:{args.port}/ (Ctrl+C to stop)")
        with contextlib.suppress(KeyboardInterrupt):
            server.serve_forever()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
