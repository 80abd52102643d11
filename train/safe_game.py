"""The safe-line game: the players draw safe lines in turn, and the one who has none left must open something.

Who makes the last safe move is what the fight for control is about (``docs/ai.md``), so the outcome of this
game with perfect play is a candidate feature for ranking safe lines (:mod:`train.ranking`). A safe line is one
whose coins all keep three strings or more (:func:`~game.ai.position.coins.safe_mask`), so the game is played on
the coins' spare strings: a coin of degree ``d`` can lose ``d - 2`` more strings to safe lines, and a line is
playable while each of its coins has one to spare. Lines that share no coin, directly or through others, are
independent games: the value of the whole is the exclusive or of their Grundy values (Sprague-Grundy), each
computed once by a memoised search over its spare counts (parts of the same shape, up to relabelling in the
order met, share a value).
"""

from __future__ import annotations

from functools import cache

from game.ai.position.coins import CoinTables, lines_of, safe_mask

Part = tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]  # (each line's coins, relabelled; each coin's spare)


def safe_game(tables: CoinTables, drawn: int, deg: list[int]) -> int:
    """The Grundy value of the safe-line game of the position ``drawn`` (0: the player to move runs out of safe
    lines first with perfect play, whatever the other does)."""
    edges = tuple(tables.line_cells[line] for line in lines_of(safe_mask(tables, drawn, deg)))
    spare = {coin: deg[coin] - 2 for edge in edges for coin in edge}
    return _nim_sum(edges, spare)


def _nim_sum(edges: tuple[tuple[int, ...], ...], spare: dict[int, int]) -> int:
    total = 0
    for part in _parts(edges):
        total ^= _grundy(*_relabelled(part, spare))
    return total


def _parts(edges: tuple[tuple[int, ...], ...]) -> list[list[tuple[int, ...]]]:
    """The lines grouped by the coins that link them (union-find on the coins)."""
    leader: dict[int, int] = {}

    def find(coin: int) -> int:
        leader.setdefault(coin, coin)
        while leader[coin] != coin:
            leader[coin] = leader[leader[coin]]
            coin = leader[coin]
        return coin

    for edge in edges:
        for coin in edge[1:]:
            leader[find(coin)] = find(edge[0])
    groups: dict[int, list[tuple[int, ...]]] = {}
    for edge in edges:
        groups.setdefault(find(edge[0]), []).append(edge)
    return list(groups.values())


def _relabelled(part: list[tuple[int, ...]], spare: dict[int, int]) -> Part:
    names: dict[int, int] = {}
    edges = tuple(sorted(tuple(names.setdefault(coin, len(names)) for coin in edge) for edge in part))
    counts = [0] * len(names)
    for coin, name in names.items():
        counts[name] = spare[coin]
    return edges, tuple(counts)


@cache
def _grundy(edges: tuple[tuple[int, ...], ...], spare: tuple[int, ...]) -> int:
    reached = set()
    for index, edge in enumerate(edges):
        left = list(spare)
        for coin in edge:
            left[coin] -= 1
        rest = tuple(other for k, other in enumerate(edges) if k != index and all(left[c] >= 1 for c in other))
        reached.add(_nim_sum(rest, dict(enumerate(left))))
    value = 0
    while value in reached:
        value += 1
    return value
