"""Play by link between devices, without pygame: each device a store of its own, links passed by hand. The timer,
the seats, the players' looks, three or four players and matches travel; old links still open."""

from __future__ import annotations

import base64
import random

import pytest
from link_games import SITE, legacy_link, played

from game.core import Board
from game.core.notation import check_v2
from game.play import links
from game.play.link_play import FriendGame, LinkGames, friend_fragment, players_text, read_friend
from game.play.links import LinkError, friend_session, link_text, parse_link, send_move, site_address
from game.play.match import Session, load_unfinished, unfinished_game
from game.play.players import COLOURS, Player
from game.play.settings import Seat, Settings
from game.storage import MemoryStore, Saved

PEOPLE = (Seat("human"), Seat("human"))


class Device:
    """One player's phone: its own storage and settings, and the game it shows."""

    def __init__(self, settings: Settings | None = None) -> None:
        self.saved = Saved(MemoryStore())
        self.settings = settings or Settings()
        self.session: Session | None = None
        self.rng = random.Random(7)

    def start(self, settings: Settings) -> Session:
        self.session = Session(settings, self.rng, first=0)
        return self.session

    def open(self, fragment: str) -> Session:
        friend = parse_link(fragment).friend
        assert friend is not None
        self.session = friend_session(friend, LinkGames(self.saved), self.settings, self.rng)
        return self.session

    def send(self) -> str:
        assert self.session is not None
        return send_move(self.session, LinkGames(self.saved), self.rng)

    def play_turn(self) -> None:
        """The seat to move draws lines (the first legal one each time) until the turn passes or the board ends."""
        session = self.session
        assert session is not None
        mover = session.state.to_move
        while not session.state.over and session.state.to_move == mover:
            assert session.play_human(session.state.legal_lines()[0])
            settle(session)


def settle(session: Session) -> None:
    while session.busy:
        session.update(0.5)


def test_the_move_timer_travels_and_runs_only_on_the_device_whose_seat_is_to_move() -> None:
    alice, bob = Device(), Device()
    game = alice.start(Settings(seats=PEOPLE, timer=15, competitive=True))
    alice.play_turn()
    link = alice.send()
    moves = len(game.state.moves)
    game.update(60.0)
    assert len(game.state.moves) == moves, "Alice's device draws no line for Bob when his time is up: his runs"
    assert game.timer_fraction() is None, "and shows no clock for him"

    theirs = bob.open(link)
    assert theirs.settings.timer == 15 and theirs.timer.enabled, "the timer came with the link"
    assert theirs.settings.no_help, "so did Competitive"
    assert theirs.timer_fraction() == 1.0
    theirs.update(16.0)
    assert len(theirs.state.moves) == moves + 1, "Bob's time ran out on his device: a line was drawn for him"
    assert theirs.outbox.shown() == ["Time ran out: a line was drawn for you"]


def test_each_device_plays_only_its_own_seats_and_never_undoes_a_move_sent_or_received() -> None:
    alice, bob = Device(), Device()
    game = alice.start(Settings(seats=PEOPLE, size=(3, 3)))
    alice.play_turn()
    link = alice.send()
    assert not game.accepting_input() and not game.play_human(game.state.legal_lines()[0]), "Bob's seat"
    assert not game.can_undo(), "Alice's move is on its way to Bob: it is not taken back"

    theirs = bob.open(link)
    assert theirs.here == {1} and theirs.accepting_input()
    assert not theirs.can_undo(), "Competitive off, and still Alice's move is not Bob's to undo"
    received = list(theirs.state.moves)
    assert theirs.play_human(theirs.state.legal_lines()[0])
    settle(theirs)
    assert theirs.can_undo() and theirs.undo()
    assert theirs.state.moves == received and not theirs.can_undo(), "only Bob's own move came back"
    bob.play_turn()
    assert not theirs.accepting_input() and not theirs.play_human(theirs.state.legal_lines()[0]), "Alice's seat"


def test_the_seats_played_here_and_the_moves_settled_survive_a_reload() -> None:
    alice, bob = Device(), Device()
    alice.start(Settings(seats=PEOPLE))
    alice.play_turn()
    received = len(bob.open(alice.send()).state.moves)
    bob.play_turn()
    assert bob.session is not None
    bob.saved.save_unfinished(unfinished_game(bob.session))
    back = load_unfinished(bob.saved)
    assert back is not None and back.link_id == bob.session.link_id
    assert back.here == {1} and back.settled == received, "Bob's own move, not sent yet, can still be taken back"
    assert not back.accepting_input(), "Alice's turn, on the reloaded page too"


def test_names_initials_and_colours_travel_and_a_new_seat_takes_its_player_s_look() -> None:
    alice = Device()
    bob = Device(Settings(players=(Player("Bob", "B", "green"),)))
    alice.start(Settings(seats=PEOPLE, players=(Player("Léa", "L", "green"),)))
    alice.play_turn()
    theirs = bob.open(alice.send())
    assert theirs.names == ["Léa", "Bob"]
    assert [look.initial for look in theirs.looks] == ["L", "B"]
    assert theirs.looks[0].colour == COLOURS["green"], "Léa's green"
    assert theirs.looks[1].colour != theirs.looks[0].colour, "Bob's green is Léa's already: his seat keeps its own"
    bob.play_turn()
    back = alice.open(bob.send())
    assert back.names == ["Léa", "Bob"] and [look.initial for look in back.looks] == ["L", "B"]


def _players_field(raw: str) -> str:
    return base64.urlsafe_b64encode(raw.encode()).decode().rstrip("=")


def _link_with_players(field: str, moves: int = 3) -> str:
    body = f"p.ABCDEFGH.0.0.{field}.1"
    code = friend_fragment(FriendGame("ABCDEFGH", (played(Board.square(3, 3), moves),))).rsplit(".", 6)
    return f"{SITE}#{body}.{check_v2(body)}.{'.'.join(code[1:])}"


def test_players_from_a_link_pass_the_outside_text_gate() -> None:
    raw = "/".join(["2LA\u202eda\u200b", "9ZSomeone with a very long name", "3Xmore seats"])
    friend = parse_link(_link_with_players(_players_field(raw))).friend
    assert friend is not None
    assert friend.players == (Player("Ada", "L", "green"), Player("", "Z", "")), (
        "bidi and zero-width characters are taken out; a name longer than 12 letters and an unknown colour are left "
        "out; no more players than seats"
    )
    twins = parse_link(_link_with_players(_players_field("2LAda/2Lbo\x00b"))).friend
    assert twins is not None and twins.players[1] == Player("bob", "", ""), "a colour and an initial taken go"
    with pytest.raises(LinkError, match="damaged"):
        parse_link(_link_with_players("A" * 201))


def test_a_colour_written_in_another_scripts_digit_is_left_out() -> None:
    # "²" passed isdigit() and int("²") raised; "٢" and "２" read as 2 (green) with int()
    friend = parse_link(_link_with_players(_players_field("²LAda/٢Bbob/２Ccy"))).friend
    assert friend is not None and [player.colour for player in friend.players] == ["", ""]
    assert [player.initial for player in friend.players] == ["L", "B"]


def test_three_players_on_three_devices_each_get_the_link_on_their_turn() -> None:
    three = (Seat("human"),) * 3
    ann, ben, cat = Device(), Device(), Device()
    ann.start(Settings(seats=three, size=(3, 3)))
    ann.play_turn()
    to_ben = ann.send()
    ben.open(to_ben)
    ben.play_turn()
    to_cat = ben.send()
    assert cat.open(to_cat).here == {2}
    cat.play_turn()
    to_ann = cat.send()
    for wrong in (ben, Device()):  # Ben, and a fourth phone
        with pytest.raises(LinkError, match="for Player 1's move, and Player 1 plays on another device"):
            wrong.open(to_ann)
    game = ann.open(to_ann)
    assert game.here == {0} and game.accepting_input()
    assert game.state.moves == parse_link(to_ann).state.moves


def test_a_two_board_match_is_played_by_link_to_the_end() -> None:
    alice, bob = Device(), Device()
    alice.start(Settings(seats=PEOPLE, size=(2, 2), match=True))
    devices = {0: alice, 1: bob}
    mover = alice
    for _ in range(200):
        session = mover.session
        assert session is not None
        if session.finished:
            break
        if session.state.over:
            session.update(5.0)
            if session.between:
                session.next_board()
            continue
        if session.plays_here(session.state.to_move):
            mover.play_turn()
            continue
        link = mover.send()
        mover = devices[parse_link(link).state.to_move]
        mover.open(link)
    last = mover.session
    assert last is not None and last.finished and len(last.games) == 2
    other = devices[1] if mover is devices[0] else devices[0]
    ended = other.open(mover.send())
    assert [g.moves for g in ended.games] == [g.moves for g in last.games], "the last move reached the friend"
    assert ended.state.over and ended.match.over


def test_links_of_the_first_version_open_and_the_sender_s_seat_stays_theirs() -> None:
    state = played(Board.square(3, 3), 4, seed=3)
    bob = Device()
    game = bob.open(legacy_link(SITE, state, "OLDGAME1"))
    assert game.here == {state.to_move} and game.settings.timer == 0
    assert not game.can_undo(), "the friend's moves are not undone"


@pytest.mark.parametrize(
    ("mangle", "reason"),
    [
        (lambda link: link.replace(".0...1.", ".0.0..1."), "changed on the way"),
        (lambda link: link.split("~")[0].rsplit(".", 7)[0], "not whole"),
        (lambda link: link[:-1] + ("A" if link[-1] != "A" else "B"), "changed on the way"),
    ],
    ids=["taken", "cut", "code"],
)
def test_damaged_links_are_refused_with_a_reason(mangle, reason: str) -> None:
    link = f"{SITE}#" + friend_fragment(FriendGame("ABCDEFGH", (played(Board.square(3, 3), 4),)))
    with pytest.raises(LinkError, match=reason):
        parse_link(mangle(link))


def test_a_link_from_a_later_version_with_a_timer_this_one_lacks_says_so() -> None:
    body = "p.ABCDEFGH.45c.0..1"
    code = friend_fragment(FriendGame("ABCDEFGH", (played(Board.square(3, 3), 4),))).split(".", 7)[7]
    with pytest.raises(LinkError, match="another version of the game"):
        read_friend(f"{body}.{check_v2(body)}.{code}")


def test_players_text_is_empty_when_nobody_chose_a_look() -> None:
    assert players_text((Player(), Player())) == ""
    assert players_text((Player("Zoë"), Player())) != ""


# -- where links point -------------------------------------------------------------------------------------------------
class FakeMetadata:
    def __init__(self, urls: list[str]) -> None:
        self.urls = urls

    def get_all(self, name: str) -> list[str]:
        return self.urls if name == "Project-URL" else []


def test_the_desktop_links_to_the_published_site_else_gives_a_code_to_paste(monkeypatch) -> None:
    monkeypatch.delenv(links.SITE_VARIABLE, raising=False)
    monkeypatch.setattr(links.metadata, "metadata", lambda name: FakeMetadata(["Source, https://git.example/p"]))
    assert site_address(None) is None, "no site known: not localhost"
    state = played(Board.square(3, 3), 3)
    code = link_text(site_address(None), friend_fragment(FriendGame("ABCDEFGH", (state,))))
    assert code.startswith("p.ABCDEFGH.") and parse_link(code).state.moves == state.moves, "a code to paste"
    published = ["Play, https://play.example.org/pipopipette/"]
    monkeypatch.setattr(links.metadata, "metadata", lambda name: FakeMetadata(published))
    assert site_address(None) == "https://play.example.org/pipopipette/"
    monkeypatch.setenv(links.SITE_VARIABLE, "https://mine.example/")
    assert site_address(None) == "https://mine.example/", "the environment overrides the metadata"


def test_a_link_that_changes_the_timer_of_a_game_under_way_is_refused() -> None:
    alice, bob = Device(), Device()
    alice.start(Settings(seats=PEOPLE, timer=10))
    alice.play_turn()
    bob.open(alice.send())
    bob.play_turn()
    friend = parse_link(bob.send()).friend
    assert friend is not None
    untimed = friend_fragment(FriendGame(friend.game_id, friend.games, 0, taken=friend.taken))
    with pytest.raises(LinkError, match="different board or rules"):
        alice.open(untimed)
    assert alice.open(friend_fragment(friend)).settings.timer == 10
