"""Pyodide's asyncio loop without stack switching, so a page can run for hours.

On Pyodide 0.29 (the browser harness's stand-in for pygbag), when the browser has WebAssembly stack switching
(JSPI, on by default in Chromium since 137), every callback of its asyncio loop is called through
``callPyObjectKwargsPromising``, which takes 16 bytes of the 5 MiB WebAssembly stack and never gives them back
(pyodide/pyodide#6249). The game's loop runs about 200 callbacks a second (each frame's await, the Worker's
polls), so after about 25 minutes the stack runs into the memory below it and Pyodide stops with "function
signature mismatch" or "memory access out of bounds" (``tools/browser/stack_leak.js`` shows it without the game;
docs/web.md, "A page that runs for hours"). The game never suspends Python for a JavaScript promise (pygbag has
no stack switching either), so turning Pyodide's stack switching off costs it nothing: the callbacks then take
Pyodide's plain call, which leaves the stack as it found it. pygbag's runtime has no ``pyodide_js``: nothing to do.
"""

from __future__ import annotations

from typing import Any


def plain_calls() -> bool:
    """Turns off Pyodide's stack switching for the page's loop; True if it was on (False elsewhere)."""
    try:
        import pyodide_js  # type: ignore[import-not-found]  # Pyodide's JS API: only there
    except ImportError:
        return False
    runtime: Any = pyodide_js
    try:
        module = runtime._module
        was_on = bool(module.jspiSupported)
        module.jspiSupported = False
    except AttributeError:  # a Pyodide without this switch
        return False
    return was_on
