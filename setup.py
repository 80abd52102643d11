"""What pyproject.toml cannot say about the wheel: the game's sounds and icons stay in ``assets/`` at the top of the
repository (where pygbag packs them beside ``game/`` for the browser) and go into the wheel as the package
``game.assets`` (its files are listed under package-data in pyproject.toml), which ``game.app.assets`` reads
through importlib.resources."""

from setuptools import find_namespace_packages, setup

setup(
    packages=[
        *find_namespace_packages(include=["game", "game.*"], exclude=["*.__pycache__"]),
        *("game.assets", "game.assets.sounds", "game.assets.icons"),
    ],
    package_dir={"game.assets": "assets"},
)
