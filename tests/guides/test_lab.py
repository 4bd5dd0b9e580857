"""The guide on counting and systems shows the lab's figures, cached as the lab computes them."""

from __future__ import annotations

from baccarat.guides.lab import SHOES, STRATEGIES, cached_lab_figures, count_row


def test_the_cache_is_this_version_s_run_of_a_study() -> None:
    figures = cached_lab_figures()
    assert [row.name for row in figures.counts] == list(STRATEGIES)
    # A study is bit-reproducible: one of the four, run again, gives the cached figures.
    assert count_row("jacobson-panda-8", SHOES) == figures.counts[2]


def test_the_cached_figures_say_what_the_guide_says() -> None:
    figures = cached_lab_figures()
    for row in figures.counts:
        assert row.low <= row.units_per_shoe <= row.high and row.units_per_shoe < 1.2
    for system in figures.systems:
        assert system.expected < 0 and system.mean < 0.5
    ruined = {system.system for system in figures.systems if system.ruin > 0}
    assert ruined >= {"martingale", "dalembert"}
