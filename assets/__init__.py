"""The game's sounds (``sounds/``, made by tools/make_assets.py) and icons (``icons/``, tools/make_icon.py).

Installed, this folder is the package ``game.assets`` (setup.py maps it there); ``game.app.assets`` finds it."""
