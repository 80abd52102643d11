"""tools/mutate.py's sample (docs/testing.md, "Mutation testing"): mutants drawn by part, the same for the same seed,
and the weighted estimate with its 95% interval."""

from __future__ import annotations

import math
import random

from tools.mutate import draw_sample, part_of, sample_estimate


def names(module: str, count: int) -> list[str]:
    return [f"{module}.x_function__mutmut_{number}" for number in range(1, count + 1)]


def test_a_mutant_s_part_is_its_module_outside_game_ai_and_its_part_of_game_ai_inside() -> None:
    assert part_of("game.storage.saved.xǁSavedǁpark__mutmut_3") == "storage.saved"
    assert part_of("game.storage.x_open_store__mutmut_1") == "storage"  # (game/storage/__init__.py)
    assert part_of("game.core.board.x_build_square__mutmut_12") == "core.board"
    assert part_of("game.ai.position.coins.x_tables_for__mutmut_1") == "ai.position"
    assert part_of("game.ai.search.paranoid.xǁParanoidǁ_node__mutmut_7") == "ai.search"
    assert part_of("game.ai.hints.x_hint__mutmut_2") == "ai.rest"


def test_a_sample_draws_as_many_of_each_module_and_the_same_for_the_same_seed() -> None:
    population = names("game.storage.saved", 90) + names("game.storage.keys", 7) + names("game.storage.history", 50)
    shuffled = random.Random(1).sample(population, len(population))
    sample = draw_sample(shuffled, 20, seed=13)
    assert list(sample) == ["storage.history", "storage.keys", "storage.saved"]
    assert {part: (size, len(drawn)) for part, (size, drawn) in sample.items()} == {
        "storage.history": (50, 20),
        "storage.keys": (7, 7),
        "storage.saved": (90, 20),
    }
    assert all(name.startswith("game.storage.saved.") for name in sample["storage.saved"][1])
    assert sample["storage.saved"][1] == sorted(random.Random(13).sample(sorted(names("game.storage.saved", 90)), 20))
    assert draw_sample(population, 20, seed=13) == sample, "the order mutmut lists them in does not matter"
    assert draw_sample(population, 20, seed=14) != sample


def test_the_estimate_weights_each_part_by_its_size_and_narrows_as_the_sample_grows() -> None:
    share, half = sample_estimate([(100, 10, 10), (300, 10, 5)])
    assert share == 0.25 * 1.0 + 0.75 * 0.5
    smoothed_all, smoothed_half = 11 / 12, 6 / 12
    variance = 0.25**2 * smoothed_all * (1 - smoothed_all) / 10 * 0.9 + 0.75**2 * smoothed_half**2 / 10 * (29 / 30)
    assert math.isclose(half, 1.96 * math.sqrt(variance))
    assert sample_estimate([(40, 40, 30)]) == (0.75, 0.0), "a part run whole is known exactly"
    assert sample_estimate([(1000, 40, 30)])[1] > sample_estimate([(1000, 400, 300)])[1] > 0
    assert sample_estimate([(100, 0, 0), (100, 10, 10)])[0] == 0.5, "a part with nothing decided adds nothing"
