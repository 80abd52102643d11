"""The project's tools (building the site, the assets, the puzzles, mutation testing, the browser pages' drivers):
``python -m tools.<name>`` from the repository's root."""
