"""Each seat's look (colour, pattern, initial, name): the sheets' defaults, the players' choices, their validation."""

from __future__ import annotations

from game.play import i18n
from game.play.players import COLOURS, PATTERNS, Player, seat_looks
from game.play.settings import Seat, Settings, settings_from_data

YOU_V_COMPUTER = [(False, ""), (True, "easy")]


def test_first_seat_is_blue_with_dots_and_the_second_orange_with_stripes() -> None:
    first, second = seat_looks(YOU_V_COMPUTER, ())
    assert (first.colour, first.pattern) == (COLOURS["blue"], "dots")
    assert (second.colour, second.pattern) == (COLOURS["orange"], "stripes")


def test_against_the_computer_the_marks_are_y_and_c() -> None:
    assert [look.initial for look in seat_looks(YOU_V_COMPUTER, ())] == ["Y", "C"]
    assert [look.initial for look in seat_looks([(True, "hard"), (False, "")], ())] == ["C", "Y"]
    assert [look.name for look in seat_looks(YOU_V_COMPUTER, ())] == ["You", "Easy"]


def test_the_marks_against_the_computer_are_the_first_letters_of_you_and_computer_in_the_players_language() -> None:
    i18n.set_language("fr")
    try:
        looks = seat_looks(YOU_V_COMPUTER, ())
    finally:
        i18n.set_language("en")
    assert [(look.name, look.initial) for look in looks] == [("Vous", "V"), ("Facile", "O")]


def test_players_choose_colour_initial_and_name() -> None:
    players = (Player(name="Ada", colour="green"), Player(initial="Z", colour="blue"))
    ada, other = seat_looks([(False, ""), (False, "")], players)
    assert (ada.name, ada.initial, ada.colour, ada.pattern) == ("Ada", "A", COLOURS["green"], "dots")
    assert (other.name, other.initial, other.colour) == ("Player 2", "Z", COLOURS["blue"])


def test_a_seat_whose_colour_was_taken_gets_the_first_free_one() -> None:
    looks = seat_looks([(False, ""), (False, ""), (False, "")], (Player(colour="orange"),))
    assert [look.colour for look in looks] == [COLOURS["orange"], COLOURS["blue"], COLOURS["green"]]
    assert len({look.colour for look in looks}) == 3


def test_computers_keep_their_level_names_and_no_two_seats_look_alike() -> None:
    kinds = [(False, ""), (True, "easy"), (True, "easy"), (True, "hard")]
    looks = seat_looks(kinds, (Player(name="Bo", initial="E"),))
    assert [look.name for look in looks] == ["Bo", "Easy 2", "Easy 3", "Hard"]
    assert len({look.initial for look in looks}) == 4 and looks[0].initial == "E"
    assert len({look.colour for look in looks}) == 4
    assert [look.pattern for look in looks] == list(PATTERNS)


def test_choices_are_saved_and_read_back() -> None:
    settings = Settings(
        seats=(Seat("human"), Seat("human")),
        players=(Player("Ada", "Q", "sky"), Player("Bo", "", "pink")),
        competitive=True,
    )
    assert settings.problems() == []
    back, problems = settings_from_data(settings.to_data())
    assert problems == [] and back == settings


def test_two_players_alike_or_bad_values_are_refused_with_a_reason() -> None:
    two = (Seat("human"), Seat("human"))
    cases = {
        (Player(colour="blue"), Player(colour="blue")): "same colour",
        (Player(initial="A"), Player(initial="A")): "same initial",
        (Player(colour="red"),): "is not one of",
        (Player(initial="ab"),): "not one capital letter",
        (Player(name="x" * 13),): "up to 12",
        (Player(name="<script>"),): "up to 12",
    }
    for players, reason in cases.items():
        problems = Settings(seats=two, players=players).problems()
        assert problems and reason in problems[0], (players, problems)


def test_damaged_saved_choices_fall_back_to_defaults_with_a_message() -> None:
    data = Settings().to_data()
    for bad in ("Ada", [{"name": 3}], [{"colour": "blue"}, {"colour": "blue"}]):
        settings, problems = settings_from_data({**data, "players": bad})
        assert settings == Settings() and problems


def test_competitive_is_the_one_switch_and_a_new_timer_or_match_turns_it_on_visibly() -> None:
    assert not Settings().no_help
    assert Settings(competitive=True).no_help
    assert not Settings(timer=10).no_help and not Settings(match=True).no_help, "a casual timed game keeps help"
    casual = Settings()
    assert Settings(timer=10).help_follows(casual).competitive
    assert Settings(match=True).help_follows(casual).competitive
    timed_casual = Settings(timer=10)
    assert not Settings(timer=20).help_follows(timed_casual).competitive, "the player's casual choice stays"
    assert not Settings(timer=10, size=(4, 4)).help_follows(timed_casual).competitive


def test_names_the_game_gave_follow_the_language_shown_and_chosen_names_stay() -> None:
    from game.play.players import shown_names

    kinds = [(False, ""), (True, "easy")]
    i18n.set_language("en")
    stored_in_english = ["You", "Easy"]
    i18n.set_language("fr")
    assert shown_names(stored_in_english, kinds) == ["Vous", "Facile"]
    assert shown_names(["Léa", "Facile"], kinds) == ["Léa", "Facile"], "a chosen name is kept as typed"
    i18n.set_language("en")
    assert shown_names(["Vous", "Facile"], kinds) == ["You", "Easy"]
    two_people = [(False, ""), (False, "")]
    assert shown_names(["Joueur 1", "Sam"], two_people) == ["Player 1", "Sam"]
    assert i18n.language() == "en", "the language shown is left as it was"
