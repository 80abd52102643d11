"""The game as played, without pygame: one game's seats, pacing, undo, hints and timer (``session``), settings and
players, links and play by link, backup, stats, the How to play lessons, the puzzles in words (``puzzle_words``),
storage notices in words, and the language catalogue (``i18n``). ``game.app`` draws it; the tests and the
browser's WebAssembly CPython run it as it is."""
