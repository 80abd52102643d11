"""Session logic without pygame or the loop: who wins (misère included), a computer that runs out of time, resuming
a saved game (and the exact reason when it cannot be), undo, hints and the decider board."""

from __future__ import annotations

import random
import re
from datetime import UTC, datetime, timedelta

import pytest

from game.core import Board, CodeError, GameState, Rules, decode
from game.play.i18n.phrases import tie_note
from game.play.match import (
    DECIDER,
    GAME,
    Animation,
    Move,
    Session,
    resume_session,
    save_point,
    score_curves,
    unfinished_game,
)
from game.play.notices import storage_words
from game.play.players import Player
from game.play.settings import Seat, Settings, settings_from_data
from game.play.thinking import hint_seconds
from game.storage import RecordError, UnfinishedGame

PEOPLE = (Seat("human"), Seat("human"))


def finished(settings: Settings, lines: list[int]) -> Session:
    session = Session(settings, random.Random(0), first=0)
    for line in lines:
        session.state.play(line)
    assert session.state.over
    return session


# 1x2 boxes: top lines 0, 1, bottom lines 2, 3, verticals 4, 5, 6 from left to right; box 0 is (0, 2, 4, 5) and box
# 1 is (1, 3, 5, 6). Players alternate on 0, 2, 4 (box 0 now has three sides: the next player could take it, but)
# 1, 3, 6 (so does box 1), then player 0 draws 5, the side the two boxes share, and takes both.
ONE_BY_TWO = Settings(shape="square", size=(1, 2), seats=PEOPLE)
PLAYER_0_TAKES_BOTH = [0, 2, 4, 1, 3, 6, 5]


@pytest.mark.parametrize(("misere", "winner"), [(False, 0), (True, 1)])
def test_the_player_with_fewer_boxes_wins_a_misere_game(misere: bool, winner: int) -> None:
    session = finished(ONE_BY_TWO.with_(misere=misere), PLAYER_0_TAKES_BOTH)
    assert session.totals() == [2, 0]
    assert session.winners() == [winner]
    assert session.record().winners == (winner,)


class Undecided:
    """A computer player whose search never finishes: only the move timer can make it move."""

    def __init__(self) -> None:
        self.steps = 0

    def think(self, state):  # noqa: ANN001, ANN201 - the session asks for a search with step() and best
        self.best = state.legal_lines()[-1]
        return self

    def step(self, seconds: float) -> bool:
        self.steps += 1
        return False


def test_a_computer_that_has_not_decided_moves_when_its_timer_runs_out() -> None:
    settings = Settings(seats=(Seat("computer", "easy"), Seat("human")), timer=10, animation="fast")
    session = Session(settings, random.Random(0), first=0)
    undecided = Undecided()
    session.players[0] = undecided
    while session.now < 9.9:
        session.update(0.1)
    assert session.state.moves == [] and undecided.steps > 90, "it thought all along without moving"
    session.update(0.2)
    assert len(session.state.moves) == 1, "at 10 s a line is drawn for it, as for a person out of time"
    assert session.movers == [[0]]


# -- resuming a saved game: each damaged part gets its own exact reason -------------------------------------------
TWO_PEOPLE = Settings(seats=PEOPLE, animation="fast")


def saved(game: Settings = TWO_PEOPLE, lines: tuple[int, ...] = (0, 5), first: int = 1, **changes) -> dict:
    """A save of a game of ``game`` with ``lines`` drawn, with ``changes`` made to the saved value."""
    session = Session(game, random.Random(1), first=first)
    for line in lines:
        session.play_line(line)
    return {**unfinished_game(session).to_data(), **changes}


def resumed(data: object, rng: random.Random | None = None) -> tuple[Session | None, str]:
    """What the app does with a stored value: storage's schema (Saved.unfinished), then the game's meaning."""
    try:
        stored = UnfinishedGame.from_data(data)
    except RecordError as error:
        return None, storage_words(str(error))
    return resume_session(stored, rng)


def reason(data: object) -> str:
    session, why = resumed(data)
    assert session is None
    return why


def test_a_save_of_another_version_or_form_is_refused_with_its_reason() -> None:
    for data in (None, []):
        assert reason(data) == "it is not a saved game"
    assert reason(saved(version=2)) == "the saved game is not in a form this version reads"


def test_impossible_saved_settings_are_named() -> None:
    bad = saved(settings={**TWO_PEOPLE.to_data(), "timer": 7})
    assert reason(bad) == "the saved game's settings are impossible: a 7 s move timer is not offered"


@pytest.mark.parametrize(("part", "value"), [("codes", "abc"), ("current", "0"), ("starter", None)])
def test_a_save_missing_any_part_is_incomplete(part: str, value: object) -> None:
    assert reason(saved(**{part: value})) == "the saved game is incomplete"


def test_a_first_player_who_does_not_exist_is_refused() -> None:
    assert reason(saved(starter=2)) == "the saved game's first player does not exist"


@pytest.mark.parametrize(("part", "value"), [("codes", []), ("current", 1), ("current", -1)])
def test_a_save_with_the_wrong_boards_is_refused(part: str, value: object) -> None:
    assert reason(saved(**{part: value})) == "the saved game has the wrong number of boards"


def test_unreadable_moves_are_refused_with_what_is_wrong() -> None:
    with pytest.raises(CodeError) as error:
        decode("nonsense")
    assert reason(saved(codes=["nonsense"])) == f"the saved game's moves cannot be read: {error.value}"


def test_moves_of_another_board_are_refused() -> None:
    other = unfinished_game(Session(TWO_PEOPLE.with_(size=(2, 2)), random.Random(1), first=0))
    assert reason(saved(codes=list(other.codes))) == "the saved game's boards do not match its settings"


def test_a_resumed_game_keeps_its_first_player_purpose_and_dice() -> None:
    rng = random.Random(5)
    for purpose, expected in ((GAME, GAME), (DECIDER, DECIDER), ("something else", GAME)):
        session, why = resumed(saved(first=1, purpose=purpose), rng)
        assert why == "" and session is not None
        assert session.starter == 1 and session.state.first == 1
        assert session.purpose == expected
        assert session.rng is rng


# -- undo --------------------------------------------------------------------------------------------------------
def test_undo_takes_back_the_last_line_and_says_so() -> None:
    session = Session(TWO_PEOPLE, random.Random(0), first=0)
    for line in (0, 5, 9):
        session.play_line(line)
    session.update(5.0)  # the last line's animation is over
    assert session.glow(9) == 0.0
    made = save_point(session)[0]
    session.outbox.clear()
    assert session.undo() is True
    assert session.state.moves == [0, 5]
    assert session.outbox.sounds() == ["undo"]
    assert save_point(session)[0] == made + 1, "the autosave sees the change"
    assert session.undo() is True and session.undo() is True
    assert session.state.moves == [] and session.undo() is False


def test_undo_right_after_resuming_works() -> None:
    """A resumed game knows no drawing times for its old lines; undo takes them back all the same."""
    session, _ = resumed(saved(lines=(0, 5, 9), first=0))
    assert session is not None
    assert session.undo() is True
    assert session.state.moves == [0, 5]


def test_undo_forgets_a_hint_being_searched() -> None:
    session = Session(TWO_PEOPLE, random.Random(0), first=0)
    session.play_line(0)
    session.update(5.0)
    assert session.request_hint() is True
    assert session.request_hint() is False, "one hint search at a time"
    assert session.undo() is True
    assert session.hint_search is None and session.hint is None


def test_the_hint_search_gets_more_time_on_bigger_boards_up_to_a_limit() -> None:
    assert hint_seconds(40) == pytest.approx(0.3)  # 0.2 s and 1/400 s a line
    assert hint_seconds(80) == pytest.approx(0.4)
    assert hint_seconds(100) == pytest.approx(0.45)
    assert hint_seconds(500) == pytest.approx(0.45)


# -- the decider board after a tie ----------------------------------------------------------------------------
def test_the_decider_is_started_by_the_next_player_and_can_be_saved_and_resumed() -> None:
    three = Settings(seats=(*PEOPLE, Seat("human")), size=(2, 2))
    rng = random.Random(3)
    session = Session(three, rng, first=2)
    decider = session.decider()
    assert decider.starter == 0 and decider.state.first == 0, "after player 3 started, player 1 starts"
    assert Session(three, rng, first=0).decider().starter == 1
    assert decider.purpose == DECIDER and decider.rng is rng
    assert len(decider.games) == 1 and decider.board.num_cells % 2 == 1
    resumed, why = resume_session(unfinished_game(decider))
    assert why == "" and resumed is not None and resumed.purpose == DECIDER


# -- a match between people: the next board is theirs to start ----------------------------------------------------
def play_out(session: Session) -> None:
    while not session.state.over:
        session.play_line(session.state.legal_lines()[0])
    session.update(10.0)  # past the last line's animation and the pause on the finished board


def test_people_start_a_match_s_next_board_and_there_is_none_after_the_last() -> None:
    session = Session(ONE_BY_TWO.with_(match=True), random.Random(0), first=0)
    assert session.next_board() is False, "the first board is not over"
    play_out(session)
    assert session.between and session.current == 0
    session.outbox.clear()
    assert session.next_board() is True
    assert session.current == 1 and not session.between and session.outbox.sounds() == ["board"]
    play_out(session)
    assert session.finished
    assert session.next_board() is False and session.current == 1


def test_a_bad_seat_in_stored_settings_is_named() -> None:
    for seat, problem in (({"kind": 5}, "kind should be text, not 5"), ({"level": []}, "level should be text, not []")):
        assert settings_from_data({"seats": [seat, seat]}) == (Settings(), [problem])


def test_a_stored_seat_without_a_kind_or_level_is_a_person_or_an_easy_computer() -> None:
    settings, problems = settings_from_data({"seats": [{}, {"kind": "computer"}]})
    assert problems == []
    assert settings.seats == (Seat("human", "easy"), Seat("computer", "easy"))


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        ({"misere": "yes"}, "misere should be yes or no, not 'yes'"),
        ({"shape": 4}, "shape should be text, not 4"),
        ({"timer": True}, "timer should be a whole number, not True"),
        ({"first": 1.5}, "first should be a whole number, not 1.5"),
        ({"size": [3, "3"]}, "size should be a whole number, not '3'"),
        ({"size": 3}, "size should be a list, not 3"),
        ({"seats": "two"}, "seats should be a list, not 'two'"),
        ({"players": {}}, "players should be a list, not {}"),
    ],
)
def test_a_stored_setting_of_the_wrong_type_is_named(data: dict, problem: str) -> None:
    assert settings_from_data(data) == (Settings(), [problem])


@pytest.mark.parametrize(
    ("settings", "problems"),
    [
        (Settings(shape="moon"), ["unknown board shape 'moon'"]),
        (Settings(size=(3, 99)), ["a square board of size [3, 99] is not offered"]),
        (Settings(seats=(Seat("human"),) * 5), ["5 players: a game has 2 to 4"]),
        (Settings(seats=(Seat("human"), Seat("robot"))), ["player 2 is 'robot' at level 'easy'"]),
        (Settings(seats=(Seat("computer", "genius"), Seat("human"))), ["player 1 is 'computer' at level 'genius'"]),
    ],
)
def test_impossible_settings_are_named(settings: Settings, problems: list[str]) -> None:
    assert settings.problems() == problems


def test_the_decider_after_a_tied_match_is_one_board() -> None:
    match = Session(TWO_PEOPLE.with_(match=True, size=(2, 2)), random.Random(0), first=0)
    assert len(match.games) == 2
    decider = match.decider()
    assert len(decider.games) == 1 and not decider.settings.match
    assert decider.board.num_cells == 9, "after 2x2 boxes: 3x3, the nearest offered board with an odd count"


def test_a_resumed_link_game_keeps_its_id_and_a_damaged_id_is_dropped() -> None:
    for link, expected in (("k3x9", "k3x9"), (5, None)):
        session, why = resumed(saved(link=link))
        assert why == "" and session is not None and session.link_id == expected


def test_a_stored_player_that_is_not_named_values_and_a_first_player_out_of_range_are_named() -> None:
    assert settings_from_data({"seats": ["x", "y"]}) == (Settings(), ["a player should be named values, not 'x'"])
    assert Settings(first=2).problems() == ["player 3 cannot start a game of 2"]


def test_every_problem_of_impossible_settings_is_named_in_the_order_of_the_settings_scene() -> None:
    settings = Settings(seats=(Seat("human"),), timer=7, first=5, animation="warp", language="de")
    assert settings.problems() == [
        "1 players: a game has 2 to 4",
        "a 7 s move timer is not offered",
        "player 6 cannot start a game of 1",
        "animation speed 'warp' is not offered",
        "language 'de' is not offered",
    ]


def test_more_than_four_players_looks_and_an_unknown_start_are_named() -> None:
    assert Settings(players=(Player(),) * 5).problems() == ["5 players' looks: a game has at most 4 players"]
    assert Settings(start="bogus").problems() == ["start must be one of normal, swedish, icelandic, not 'bogus'"]
    assert Settings(seats=(Seat("human"),) * 5, start="bogus").problems() == ["5 players: a game has 2 to 4"], (
        "the rules are checked against the board only when everything else is right"
    )


@pytest.mark.parametrize(
    "settings",
    [
        Settings(first=-1),  # a random first player
        Settings(seats=(Seat("human"),) * 4, first=3, players=(Player(),) * 4),
        Settings(language="fr", animation="slow", timer=10),
        Settings(language="auto", animation="fast", start="swedish", shape="hex", size=(1,)),
    ],
)
def test_settings_at_the_edges_of_what_is_offered_can_be_played(settings: Settings) -> None:
    assert settings.problems() == []
    assert settings_from_data(settings.to_data()) == (settings, [])


@pytest.mark.parametrize(("first", "players"), [(-2, 2), (2, 2), (4, 4)])
def test_a_first_player_just_outside_the_seats_is_refused(first: int, players: int) -> None:
    settings = Settings(seats=(Seat("human"),) * players, first=first)
    assert settings.problems() == [f"player {first + 1} cannot start a game of {players}"]


def test_a_hint_search_gets_the_time_of_its_board_s_size(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[tuple[object, float]] = []

    def think_hint(state: object, seconds: float = 99.0) -> object:
        asked.append((state, seconds))
        return object()

    monkeypatch.setattr("game.ai.think_hint", think_hint)
    session = Session(TWO_PEOPLE, random.Random(0), first=0)  # 3x3 boxes: 24 lines
    assert session.request_hint() is True
    assert asked == [(session.state, pytest.approx(0.26))], "0.2 s and 1/400 s a line"


# -- what is saved: the history entry and the autosave, field by field -------------------------------------------
def test_a_finished_game_s_history_entry_holds_every_field() -> None:
    settings = ONE_BY_TWO.with_(seats=(Seat("human"), Seat("computer", "hard")), misere=True)
    session = Session(settings, random.Random(0), first=1)
    for line in PLAYER_0_TAKES_BOTH:  # the computer (seat 1) starts here, so it draws the shared side 5
        session.state.play(line)
    before = datetime.now(UTC).replace(microsecond=0)
    entry = session.record().to_data()
    date = datetime.fromisoformat(entry.pop("date"))
    assert re.fullmatch("[0-9a-f]{16}", entry.pop("id")), "a random id: two games alike in all are two games"
    assert before <= date <= datetime.now(UTC) and date.utcoffset() == timedelta(0) and date.microsecond == 0
    assert entry == {
        "board": "s1x2",
        "rules": "2m",
        "seats": [{"kind": "human", "level": "easy"}, {"kind": "computer", "level": "hard"}],
        "names": ["You", "Hard"],
        "scores": [0, 2],
        "winners": [0],  # misère: fewer boxes win
        "moves": ["2.s1x2.2m.1.ACEBDGF.I9"],  # lines 0, 2, 4, 1, 3, 6, 5 as letters A-G, player 2 (1) first
        "boards": [[0, 2]],
        "decider": False,
        "rated": True,  # one person against the computer, no undo or hint, on an empty board
    }
    assert session.decider().record().decider is True


def test_an_autosave_holds_the_settings_boards_timer_purpose_and_link() -> None:
    settings = TWO_PEOPLE.with_(size=(2, 2), match=True, timer=10)
    session = Session(settings, random.Random(0), first=1)
    session.play_line(3)
    session.update(0.5)  # the line's animation (0.18 s at the fast pace) ends within this frame, which the clock runs
    assert unfinished_game(session).to_data() == {
        "version": 1,
        "settings": settings.to_data(),
        "starter": 1,
        "codes": ["2.s2x2.2.1.D.7x", "2.s2x2.2.0..7D"],  # the match's second board starts with the other player
        "current": 0,
        "timer_left": 9.5,
        "purpose": GAME,
    }
    session.link_id = "k3x9"
    assert unfinished_game(session).to_data()["link"] == "k3x9"
    assert unfinished_game(Session(TWO_PEOPLE, random.Random(0), first=0)).timer_left is None


def test_settings_are_stored_as_plain_values() -> None:
    settings = Settings(seats=(Seat("human"), Seat("computer", "hard")), players=(Player(name="Ann", colour="pink"),))
    assert settings.to_data() == {
        "shape": "square",
        "size": [3, 3],
        "seats": [{"kind": "human", "level": "easy"}, {"kind": "computer", "level": "hard"}],
        "misere": False,
        "start": "normal",
        "no_extra": False,
        "must_capture": False,
        "timer": 0,
        "first": 0,
        "sound": True,
        "patterns": True,
        "animation": "normal",
        "match": False,
        "decider": False,
        "competitive": False,
        "players": [{"name": "Ann", "initial": "", "colour": "pink"}],
        "language": "auto",
        "theme": "auto",
        "stun": ["stun:stun.l.google.com:19302", "stun:stun.cloudflare.com:3478"],
        "relays": [
            "wss://broker.emqx.io:8084/mqtt",
            "wss://broker.hivemq.com:8884/mqtt",
            "wss://test.mosquitto.org:8081/mqtt",
        ],
        "values_told": False,
    }
    assert settings_from_data({**settings.to_data(), "values_told": True})[0].values_told, "told once, kept"


@pytest.mark.parametrize(("stored", "left"), [(7, 7.0), (2.5, 2.5), (0, 0.0), (float("inf"), 15.0), ("7", 15.0)])
def test_a_resumed_timed_game_goes_on_with_the_time_it_had_left(stored: object, left: float) -> None:
    session, why = resumed(saved(TWO_PEOPLE.with_(timer=15), timer_left=stored))
    assert why == "" and session is not None
    assert session.timer.remaining() == left, "a value that is not a finite number of seconds leaves a fresh clock"


@pytest.mark.parametrize("data", [None, [], "settings", 3])
def test_stored_settings_that_are_not_named_values_are_refused_with_the_reason(data: object) -> None:
    assert settings_from_data(data) == (Settings(), ["the saved settings are not a set of named values"])


# -- what the board scene reads: the animation's progress, the timer's bar, the lines the timer drew ---------------
def test_a_line_is_drawn_then_the_boxes_it_closed_are_filled() -> None:
    capture = Animation(line=5, cells=(0, 1), player=0, start=10.0, line_seconds=0.25, fill_seconds=0.5)
    assert [capture.line_progress(t) for t in (9.0, 10.0, 10.125, 10.25, 11.0)] == [0.0, 0.0, 0.5, 1.0, 1.0]
    assert [capture.fill_progress(t) for t in (10.0, 10.25, 10.375, 10.75, 12.0)] == [0.0, 0.0, 0.25, 1.0, 1.0]
    assert [capture.done(t) for t in (10.25, 10.74, 10.75)] == [False, False, True]
    plain = Animation(line=5, cells=(), player=0, start=10.0, line_seconds=0.25, fill_seconds=0.5)
    assert plain.fill_progress(10.0) == 1.0, "nothing to fill"
    assert [plain.done(t) for t in (10.24, 10.25)] == [False, True], "no wait for a fill"


def test_the_timer_bar_shows_the_time_left_while_a_player_is_to_move() -> None:
    assert Session(TWO_PEOPLE, random.Random(0), first=0).timer_fraction() is None, "no timer"
    session = Session(ONE_BY_TWO.with_(timer=10), random.Random(0), first=0)
    assert session.timer_fraction() == 1.0
    session.update(2.5)
    assert session.timer_fraction() == 0.75
    for line in PLAYER_0_TAKES_BOTH:
        session.state.play(line)
    assert session.timer_fraction() is None, "the board is over"


def test_the_lines_the_timer_drew_are_known_board_by_board() -> None:
    session = Session(TWO_PEOPLE.with_(timer=5), random.Random(0), first=0)
    session.play_line(0)
    session.play_line(9, forced=True)
    session.play_line(3)
    assert session.timed_out_lines() == {9}
    assert session.forced == [{1}]


def test_you_are_the_one_person_playing_computers() -> None:
    one = Session(Settings(seats=(Seat("computer"), Seat("human"))), random.Random(0))
    assert [one.is_you(seat) for seat in (0, 1)] == [False, True]
    two = Session(TWO_PEOPLE, random.Random(0))
    assert [two.is_you(seat) for seat in (0, 1)] == [False, False], "two people are Player 1 and Player 2"


# -- pacing: how long a finished board stays up, and how long a computer seems to think -------------------------
def people_finish(settings: Settings, at: float) -> Session:
    """Two people play PLAYER_0_TAKES_BOTH on 1x2 boxes; the last line is drawn at ``at`` s on the session's clock."""
    session = Session(settings, random.Random(0), first=0)
    for line in PLAYER_0_TAKES_BOTH[:-1]:
        session.state.play(line)
    session.update(at)
    session.play_line(PLAYER_0_TAKES_BOTH[-1])
    session.outbox.clear()
    return session


def test_a_finished_game_stays_on_the_board_for_1_2_seconds_counted_from_its_last_line() -> None:
    session = people_finish(ONE_BY_TWO, at=4.0)
    session.update(1.0)
    assert not session.finished, "1 s after the last line (drawn at 4 s)"
    session.update(1.0)
    assert session.finished and session.outbox.sounds() == ["win"]
    exact = people_finish(ONE_BY_TWO, at=0.0)
    exact.update(1.2)
    assert exact.finished, "at exactly 1.2 s"


def test_the_pause_on_a_finished_board_follows_the_animation_speed() -> None:
    session = people_finish(ONE_BY_TWO.with_(animation="slow"), at=0.0)  # 1.2 s x 1.6 = 1.92 s
    session.update(1.5)
    assert not session.finished
    session.update(0.5)
    assert session.finished


def test_computers_start_a_match_s_next_board_4_2_seconds_after_the_last_line() -> None:
    computers = (Seat("computer"), Seat("computer"))
    for animation, before, after in (("normal", 4.0, 0.2), ("slow", 6.7, 0.03)):  # (1.2 + 3.0) s x 1 and x 1.6
        session = Session(ONE_BY_TWO.with_(seats=computers, match=True, animation=animation), random.Random(0))
        for line in PLAYER_0_TAKES_BOTH:
            session.play_line(line)
        session.update(before)
        assert session.current == 0 and not session.between, "the first board's result is still up"
        session.update(after)
        assert session.current == 1, f"{animation}: the next board starts by itself"


class Instant:
    """A computer player that knows its moves at once: only the session's pacing makes it wait."""

    def __init__(self, lines: list[int]) -> None:
        self.lines = lines

    def think(self, state):  # noqa: ANN001, ANN201 - the session asks for a search with step() and best
        self.best = self.lines.pop(0)
        return self

    def step(self, seconds: float) -> bool:
        return True


def test_a_computer_seems_to_think_half_a_second_and_goes_on_sooner_after_a_capture() -> None:
    settings = ONE_BY_TWO.with_(seats=(Seat("computer"), Seat("computer")), animation="slow")  # pace 1.6
    session = Session(settings, random.Random(0), first=0)
    for line in (0, 2, 4):  # box 0 has three sides, and the second computer is to move
        session.state.play(line)
    session.players[1] = Instant([5, 1])  # it takes box 0 with 5, then draws 1
    waits = []
    while len(session.state.moves) < 5:
        count = len(session.state.moves)
        session.update(0.01)
        if len(session.state.moves) > count:
            waits.append(session.now - session.thinker.started)
    assert 0.8 - 1e-9 <= waits[0] < 0.8 + 0.011, "0.5 s x 1.6 before its first line"
    assert 0.672 - 1e-9 <= waits[1] < 0.672 + 0.011, "0.42 s x 1.6 before the line after its capture"


def test_score_curves_follow_each_player_s_score_move_by_move() -> None:
    state = finished(ONE_BY_TWO, PLAYER_0_TAKES_BOTH).state
    assert score_curves(state) == [[0, 0, 0, 0, 0, 0, 0, 2], [0, 0, 0, 0, 0, 0, 0, 0]]
    three = GameState(Board.square(1, 2), Rules(players=3), first=2)
    for line in PLAYER_0_TAKES_BOTH:  # players 2, 0, 1, 2, 0, 1, then 2 takes both
        three.play(line)
    assert score_curves(three) == [[0] * 8, [0] * 8, [0, 0, 0, 0, 0, 0, 0, 2]]
    swedish = GameState(Board.square(1, 2), Rules(start="swedish"), first=0)  # only the shared side is not drawn
    swedish.play(5)
    assert score_curves(swedish) == [[0, 2], [0, 0]]


def test_a_computer_s_line_comes_at_exactly_its_thinking_time() -> None:
    session = Session(ONE_BY_TWO.with_(seats=(Seat("computer"), Seat("human"))), random.Random(0), first=0)
    session.players[0] = Instant([3])
    for _ in range(2):
        session.update(0.25)  # it starts thinking at 0.25 s
    assert session.state.moves == []
    session.update(0.25)
    assert session.state.moves == [3], "0.5 s after it started"


class Endless:
    """A search that never finishes on its own: only the Expert's time budget ends it."""

    best = 4

    def step(self, seconds: float) -> bool:
        return False


def test_the_expert_s_line_comes_a_tenth_of_a_second_before_its_time_is_up_in_wall_time() -> None:
    session = Session(ONE_BY_TWO.with_(seats=(Seat("computer", "expert"), Seat("human"))), random.Random(0), first=0)
    expert = session.players[0]
    assert expert is not None
    expert.seconds = 0.6
    expert.think = lambda state: Endless()  # type: ignore[method-assign]
    wall = [0.0]
    session.thinker.wall = lambda: wall[0]
    session.update(0.01)  # it starts thinking at wall time 0
    wall[0] = 0.25
    session.update(0.01)
    assert session.state.moves == []
    wall[0] = 0.5
    session.update(0.01)
    assert session.state.moves == [4], "at 0.6 - 0.1 s"


def test_a_person_s_line_is_refused_while_one_is_drawn_and_when_it_is_taken() -> None:
    session = Session(TWO_PEOPLE, random.Random(0), first=0)
    assert session.play_human(0) is True
    assert session.play_human(1) is False and session.state.moves == [0], "the first line is still being drawn"
    session.update(1.0)
    assert session.play_human(0) is False and session.state.moves == [0], "taken"
    assert session.play_human(1) is True and session.state.moves == [0, 1]


def test_each_line_is_animated_at_the_game_s_pace_and_sounds_by_what_it_did() -> None:
    session = Session(ONE_BY_TWO.with_(animation="slow"), random.Random(0), first=0)  # pace 1.6
    for line in PLAYER_0_TAKES_BOTH[:-1]:
        session.play_line(line)
        session.update(2.0)
    assert session.outbox.sounds() == ["line"] * 6
    session.play_line(5)
    animation = session.animation
    assert animation is not None
    assert (animation.line, sorted(animation.cells), animation.player, animation.start) == (5, [0, 1], 0, 12.0)
    assert animation.line_seconds == pytest.approx(0.288), "0.18 s x 1.6"
    assert animation.fill_seconds == pytest.approx(0.48), "0.3 s x 1.6"
    assert session.outbox.sounds()[-1] == "capture"


def test_the_save_point_changes_even_when_two_changes_come_in_one_frame() -> None:
    """The board scene autosaves once a frame when save_point() differs from the last one it saved: an undo and a
    new line, or a match's next board and its first line, in the same frame still change it; so does a next board
    that is the second change since the game was resumed."""
    session = Session(TWO_PEOPLE, random.Random(0), first=0)
    session.play_human(0)
    session.update(1.0)
    point = save_point(session)
    assert session.undo() and session.play_human(0)
    assert save_point(session) != point
    match = Session(ONE_BY_TWO.with_(match=True), random.Random(0), first=0)
    play_out(match)
    point = save_point(match)
    assert match.next_board()
    match.play_line(0)
    assert save_point(match) != point
    back, _ = resumed(saved(TWO_PEOPLE.with_(size=(2, 2), match=True), lines=tuple(range(11)), first=0))
    assert back is not None
    back.play_line(11)  # the 2x2 board's last line: its first change since it was resumed
    back.update(10.0)
    point = save_point(back)
    assert back.next_board()
    assert save_point(back) != point, "the next board is a change of its own"


def test_a_new_line_glows_while_it_is_drawn_then_fades_over_0_9_seconds() -> None:
    session = Session(TWO_PEOPLE.with_(animation="slow"), random.Random(0), first=0)  # drawn in 0.18 s x 1.6
    session.update(2.0)
    session.play_line(0)
    assert session.glow(0) == 1.0 and session.glow(1) == 0.0, "line 1 is not drawn"
    session.update(0.288)
    assert session.glow(0) == pytest.approx(1.0)
    session.update(0.45)
    assert session.glow(0) == pytest.approx(0.5), "half of the 0.9 s fade"
    session.update(0.46)
    assert session.glow(0) == 0.0


def test_once_a_hint_is_found_the_game_goes_on_and_another_can_be_asked_for() -> None:
    session = Session(ONE_BY_TWO, random.Random(0), first=0)
    assert session.request_hint()
    while session.hint is None:
        session.update(0.05)
    line, reason = session.hint
    assert not session.state.is_drawn(line) and reason
    session.update(0.05)
    assert session.hint == (line, reason), "it stays shown until a line is drawn"
    assert session.request_hint() is True


def test_the_board_is_shown_for_the_first_person_before_anyone_moves_and_among_computers_for_the_one_to_move() -> None:
    against = Session(Settings(seats=(Seat("computer"), Seat("computer"), Seat("human"))), random.Random(0), first=0)
    assert against.viewer() == 2, "a computer is to move and nobody has moved: the person"
    computers = Session(Settings(seats=(Seat("computer"), Seat("computer"))), random.Random(0), first=1)
    assert computers.viewer() == 1
    for line in range(computers.board.num_lines):
        computers.state.play(line)
    assert computers.viewer() == 0, "the board is over: nobody is to move"


def test_the_default_settings_are_a_person_against_an_easy_computer_on_3x3_boxes() -> None:
    settings = Settings()
    assert settings.seats == (Seat("human", "easy"), Seat("computer", "easy"))
    assert settings.problems() == []
    assert settings.board() is Board.square(3, 3)
    assert settings.rules() == Rules(players=2, misere=False, no_extra=False, start="normal")


def test_the_settings_make_the_board_and_rules_they_name() -> None:
    settings = Settings(
        shape="triangle", size=(4,), seats=(Seat("human"),) * 3, misere=True, no_extra=True, start="icelandic"
    )
    assert settings.board() is Board.triangle(4) and settings.board().num_cells == 9
    assert settings.rules() == Rules(players=3, misere=True, no_extra=True, start="icelandic")


def test_the_first_player_is_the_chosen_one_or_drawn_by_lot_among_every_seat() -> None:
    three = Settings(seats=(Seat("human"),) * 3)
    assert {Session(three.with_(first=1), random.Random(seed)).starter for seed in range(30)} == {1}
    drawn = [Session(three.with_(first=-1), random.Random(seed)) for seed in range(30)]
    assert {session.starter for session in drawn} == {0, 1, 2}
    assert all(session.state.first == session.starter for session in drawn)


def test_only_computer_seats_have_a_computer_player() -> None:
    session = Session(Settings(seats=(Seat("human"), Seat("computer", "medium"), Seat("human"))), random.Random(0))
    assert session.players[0] is None and session.players[2] is None
    assert session.players[1] is not None and session.players[1].level == "medium"


def test_a_session_with_the_same_dice_replays_the_same_game_between_computers() -> None:
    def game(seed: int) -> list[int]:
        session = Session(Settings(seats=(Seat("computer"), Seat("computer")), size=(3, 3)), random.Random(seed))
        while not session.state.over:
            session.update(0.1)
        return session.state.moves

    first = game(11)
    assert game(11) == first
    assert game(12) != first, "other dice, another game"


def test_captures_compulsory_is_a_setting_of_the_rules_that_a_person_cannot_break() -> None:
    settings, problems = settings_from_data({**TWO_PEOPLE.to_data(), "must_capture": True})
    assert problems == [] and settings.rules().must_capture
    session = Session(settings.with_(size=(1, 2)), random.Random(0), first=0)
    state = session.state
    for line in (0, 2, 4):  # the left box's top, bottom and left sides (players 0, 1, 0)
        assert session.play_human(line)
        session.update(5.0)
    closes, elsewhere = 5, 1
    assert state.capture_lines() == [closes]
    assert not session.play_human(elsewhere) and not state.is_drawn(elsewhere), "refused, nothing drawn"
    assert session.play_human(closes) and state.owner[0] == 1


def test_the_settings_say_whether_a_tie_is_possible() -> None:
    assert [tie_note(Board.triangle(n), 2) for n in (5, 6, 7)] == [
        "a tie is possible",  # 16 triangles
        "no tie possible",  # 25
        "a tie is possible",  # 36
    ]
    assert tie_note(Board.square(3), 3) == "a tie is possible" and tie_note(Board.square(3), 2) == "no tie possible"


def test_the_analysis_board_pauses_a_casual_game_and_counts_as_help() -> None:
    session = Session(TWO_PEOPLE.with_(size=(2, 2)), random.Random(0), first=0)
    assert session.can_analyse() and not session.unrated
    assert session.analyse() and session.paused and session.unrated
    competitive = Session(TWO_PEOPLE.with_(size=(2, 2), competitive=True), random.Random(0), first=0)
    assert not competitive.can_analyse() and not competitive.analyse() and not competitive.paused
    three = Session(TWO_PEOPLE.with_(seats=(Seat("human"),) * 3), random.Random(0), first=0)
    assert not three.can_analyse()
    hinted = Session(TWO_PEOPLE.with_(size=(2, 2)), random.Random(0), first=0)
    assert hinted.request_hint() and not hinted.can_analyse(), "one search at a time: not while a hint is sought"


def test_a_move_for_a_seat_not_to_move_is_refused_and_changes_nothing() -> None:
    session = Session(ONE_BY_TWO, random.Random(0), first=0)
    with pytest.raises(ValueError, match="seat 1"):
        session.apply(Move(0, 1))
    assert session.state.moves == [] and session.outbox.sounds() == []
    session.apply(Move(0, 0))
    assert session.state.moves == [0] and session.movers[0] == [0] and session.outbox.sounds() == ["line"]
