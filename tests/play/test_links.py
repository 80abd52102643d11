"""Share links and play by link as text: reading and writing them, refusing damaged or foreign ones, and the
games kept by id (no pygame)."""

from __future__ import annotations

import random

import pytest
from link_games import SITE, finished, friend_link, legacy_link, played

from game.core import Board, GameState, Rules
from game.play.links import (
    LinkError,
    LinkGames,
    new_game_id,
    parse_link,
    position_link,
)
from game.storage import LINK_GAMES, MemoryStore, Saved


# -- links as text ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "state",
    [
        played(Board.square(3, 3), 7),
        finished(Board.square(2, 3)),
        played(Board.triangle(5), 9, rules=Rules(misere=True, no_extra=True)),
        played(Board.hexagon(2), 30, rules=Rules(start="swedish", players=3)),
    ],
    ids=["square", "finished", "triangle misere", "hex 3 players"],
)
def test_position_links_round_trip(state: GameState) -> None:
    link = position_link(SITE, state)
    assert link.startswith(SITE + "#2.")
    back = parse_link(link).state
    assert (back.board, back.rules, back.first, back.moves) == (state.board, state.rules, state.first, state.moves)
    assert parse_link(link).game_id is None


def test_links_of_the_first_version_still_open_as_the_friend_s_turn() -> None:
    state = played(Board.square(3, 3), 5)
    game_id = new_game_id(random.Random(4))
    link = legacy_link(SITE, state, game_id)
    assert f"#f.{game_id}.5.2." in link
    opened = parse_link(link)
    assert opened.game_id == game_id and opened.state.moves == state.moves
    assert opened.friend is not None and opened.friend.taken == {1 - state.to_move}, "the sender's seat is taken"
    assert (opened.friend.timer, opened.friend.players) == (0, ())


def test_a_pasted_link_with_percent_escapes_and_spaces_still_opens() -> None:
    state = played(Board.square(3, 3), 4)
    link = position_link(SITE, state).replace(".", "%2E")
    assert parse_link(f"  {link}\n").state.moves == state.moves


@pytest.mark.parametrize(
    ("mangle", "reason"),
    [
        (lambda link: link.split("#")[0] + "#", "nothing follows"),
        (lambda link: link[:-3], "not whole: part of it was lost"),
        (lambda link: link.replace(".2.0.", ".2.7."), "changed on the way"),
        (lambda link: link[:-1] + ("A" if link[-1] != "A" else "B"), "changed on the way"),
        (lambda link: link + "x" * 4000, "too long"),
    ],
    ids=["empty", "cut", "first player", "check", "long"],
)
def test_damaged_position_links_are_refused_with_a_reason(mangle, reason: str) -> None:
    link = position_link(SITE, played(Board.square(3, 3), 6))
    with pytest.raises(LinkError, match=reason):
        parse_link(mangle(link))


@pytest.mark.parametrize(
    ("mangle", "reason"),
    [
        (lambda link: link.replace(".6.2.", ".5.2."), "says 5 moves but holds 6"),
        (lambda link: link.replace("#f.ABCDEFGH.", "#f.ABC.", 1), "damaged"),
        (lambda link: link.replace("#f.ABCDEFGH.6.", "#f.ABCDEFGH.six.", 1), "damaged"),
        (lambda link: link.split(".s3x3")[0], "not whole"),
    ],
    ids=["count", "id", "count text", "cut"],
)
def test_damaged_first_version_links_are_refused_with_a_reason(mangle, reason: str) -> None:
    link = legacy_link(SITE, played(Board.square(3, 3), 6), "ABCDEFGH")
    with pytest.raises(LinkError, match=reason):
        parse_link(mangle(link))


def test_a_friend_link_must_continue_the_game_kept_under_its_id() -> None:
    store = Saved(MemoryStore())
    games = LinkGames(store)
    full = played(Board.square(3, 3), 9, seed=2)
    mine = played(Board.square(3, 3), 6, seed=2)
    games.remember(parse_link(friend_link(SITE, mine, "ABCDEFGH")).friend, frozenset({0}))
    assert LinkGames(store).refusal(parse_link(friend_link(SITE, full, "ABCDEFGH")).friend) is None
    assert LinkGames(store).refusal(parse_link(friend_link(SITE, mine, "ABCDEFGH")).friend) is None, (
        "the same game again"
    )
    older = played(Board.square(3, 3), 4, seed=2)
    assert "older than your game: it stops after move 4, yours goes on to move 6" in LinkGames(store).refusal(
        parse_link(friend_link(SITE, older, "ABCDEFGH")).friend
    )
    other = played(Board.square(3, 3), 9, seed=3)
    assert "move 1 is not the one you played" in LinkGames(store).refusal(
        parse_link(friend_link(SITE, other, "ABCDEFGH")).friend
    )
    bigger = played(Board.square(4, 4), 9, seed=2)
    assert "different board" in LinkGames(store).refusal(parse_link(friend_link(SITE, bigger, "ABCDEFGH")).friend)
    assert LinkGames(store).refusal(parse_link(friend_link(SITE, other, "ZZZZZZZZ")).friend) is None, "a new game id"


def test_link_games_keep_the_latest_twenty() -> None:
    store = MemoryStore()
    games = LinkGames(Saved(store))
    state = played(Board.square(3, 3), 2)
    for number in range(25):
        games.remember(parse_link(friend_link(SITE, state, f"GAME{number:04d}")).friend, frozenset())
    kept = store.get(LINK_GAMES)
    assert len(kept) == 20 and "GAME0024" in kept and "GAME0004" not in kept
