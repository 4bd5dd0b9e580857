"""The solution: the published 9/11, certified exact optima, and an independent check of the LP.

Kemeny and Snell (1957, "Game-theoretic solution of baccarat", American Mathematical Monthly 64)
solved Chemin de Fer with cards dealt with replacement (the infinite deck), each side seeing only
its own total, and the Banker free in every situation: the Player should draw on 5 with probability
9/11. (Setting as described by Ethier and Gámez, "A game-theoretic analysis of baccara chemin de
fer", Games 4 (2013) 711-737, arXiv:1305.5468.)
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from baccarat.chemin.game import BANKER_DISCRETION, CHEMIN_DE_FER, ChoiceGame, Composition
from baccarat.chemin.solve import Solution, solve, solve_chemin_de_fer
from baccarat.chemin.strategy import Strategy
from baccarat.chemin.tableau import parse_point, point_key
from baccarat.core.tableau import Tableau


def test_kemeny_snell_the_player_draws_on_five_with_probability_nine_elevenths() -> None:
    solution = solve_chemin_de_fer(Composition.infinite_deck(), BANKER_DISCRETION)
    assert solution.player.probability(parse_point("P5")) == Fraction(9, 11)
    # The only Banker situation where optimal play mixes: 6 after the Player stood.
    assert {point_key(p): q for p, q in solution.mixed_banker.items()} == {
        "B6-": Fraction(859, 2288)
    }
    assert solution.value == Fraction(-679568, 53094899)  # about -0.0128 to the Player
    assert abs(solution.lp_value - float(solution.value)) < 1e-12


def test_everywhere_else_the_free_banker_plays_the_punto_banco_table() -> None:
    """Kemeny and Snell's Banker, free everywhere, chooses the Punto Banco table except on 6 when
    the Player stood — the cell he mixes."""
    from baccarat.chemin.tableau import tableau_action
    from baccarat.core.tableau import PUNTO_BANCO, Action

    solution = solve_chemin_de_fer(Composition.infinite_deck(), BANKER_DISCRETION)
    for point, p in solution.banker.draw.items():
        if point_key(point) == "B6-":
            continue
        assert (p == 1) == (tableau_action(PUNTO_BANCO, point) is Action.DRAW), point_key(point)


def _solve_by_breakpoints(game: ChoiceGame) -> tuple[Fraction, Fraction]:
    """An independent solution for a game with one Player choice: what a probability x of drawing
    guarantees is concave and piecewise linear in x, so its maximum lies at 0, 1 or a point where
    some Banker situation changes from drawing to standing. Returns (best x, value)."""
    assert len(game.player_points) == 1
    candidates = {Fraction(0), Fraction(1)}
    for k in range(len(game.banker_points)):
        d, e = game.banker_gain[k], game.cross[0][k]
        if e and 0 < Fraction(-d, e) < 1:
            candidates.add(Fraction(-d, e))
    guarantees = {x: game.guaranteed(game.player_strategy([x])) for x in candidates}
    best = max(guarantees.values())
    return min(x for x, v in guarantees.items() if v == best), best


_SHOES = [Composition.infinite_deck(), *(Composition.decks(d) for d in (1, 2, 3, 4, 6, 8))]


@pytest.mark.parametrize("tableau", [CHEMIN_DE_FER, BANKER_DISCRETION], ids=lambda t: t.name)
@pytest.mark.parametrize("contents", _SHOES, ids=lambda c: c.describe())
def test_the_lp_solution_is_certified_and_matches_the_breakpoint_search(
    contents: Composition, tableau: Tableau
) -> None:
    solution = solve_chemin_de_fer(contents, tableau)
    game = solution.game
    # Certified: what the Player's strategy guarantees is what the Banker's concedes.
    assert game.guaranteed(solution.player) == solution.value == game.conceded(solution.banker)
    x, value = _solve_by_breakpoints(game)
    assert value == solution.value
    assert solution.player.probability(parse_point("P5")) == x


def test_under_the_chemin_de_fer_rules_the_player_should_always_draw_on_five() -> None:
    """With the Banker held to the traditional table (his only options 3 v 9 and 5 v 4), the 9/11
    mix is gone: drawing on 5 is optimal outright. The Banker draws on 3 v 9; on 5 v 4 he draws
    from three decks up, but stands with one or two (card removal tips that close call)."""
    for contents in _SHOES:
        solution = solve_chemin_de_fer(contents, CHEMIN_DE_FER)
        assert solution.player.to_data() == {"P5": "1"}
        few = contents.full_decks in (1, 2)
        assert solution.banker.to_data() == {"B3/9": "1", "B5/4": "0" if few else "1"}
        assert not solution.mixed_banker


def test_the_nine_elevenths_needs_the_banker_free_on_six_when_the_player_stood() -> None:
    """The 9/11 reappears as soon as the table leaves the Banker his choice on 6 against a Player
    who stood (the cell Kemeny and Snell's Banker mixes)."""
    with_six = Tableau.from_rows(
        "chemin-de-fer-with-6-option",
        player="DDDDDOSSSS",
        banker_player_stood="DDDDDDOSSS",
        banker={
            0: "DDDDDDDDDD",
            1: "DDDDDDDDDD",
            2: "DDDDDDDDDD",
            3: "DDDDDDDDSO",
            4: "SSDDDDDDSS",
            5: "SSSSODDDSS",
            6: "SSSSSSDDSS",
            7: "SSSSSSSSSS",
        },
    )
    solution = solve(ChoiceGame.of(Composition.infinite_deck(), with_six))
    assert solution.player.to_data() == {"P5": "9/11"}
    assert (
        solution.value == solve_chemin_de_fer(Composition.infinite_deck(), BANKER_DISCRETION).value
    )


def test_finite_shoes_move_the_mix_away_from_nine_elevenths() -> None:
    values = {
        c.describe(): solve_chemin_de_fer(c, BANKER_DISCRETION).player.probability(
            parse_point("P5")
        )
        for c in _SHOES
    }
    assert values["infinite deck"] == Fraction(9, 11)
    assert values["6 decks"] == Fraction(7631761, 9407656)
    assert values["8 decks"] == Fraction(1662203, 2044584)
    # More decks, closer to the infinite deck.
    gaps = [abs(values[f"{d} deck{'s' if d > 1 else ''}"] - Fraction(9, 11)) for d in (1, 2, 4, 8)]
    assert gaps == sorted(gaps, reverse=True)


def test_a_pure_rule_set_has_nothing_to_solve() -> None:
    from baccarat.core.tableau import PUNTO_BANCO

    solution = solve(ChoiceGame.of(Composition.decks(8), PUNTO_BANCO))
    assert solution.player.draw == {} and solution.banker.draw == {}
    assert float(solution.value) == pytest.approx(-0.012351, abs=1e-6)


def test_solution_data_is_exact_and_json_ready() -> None:
    import json

    solution = solve_chemin_de_fer(Composition.infinite_deck(), BANKER_DISCRETION)
    data = json.loads(json.dumps(solution.to_data()))
    assert data["value"] == "-679568/53094899"
    assert data["player"] == {"P5": "9/11"}
    assert data["mixed"]["B6-"]["draw"] == "859/2288"
    assert data["mixed"]["B6-"]["situation"] == "Banker on 6, the Player stood"
    assert isinstance(solution, Solution)
    assert Strategy.combine(solution.player, solution.banker).points == solution.strategy.points


def test_downton_lockwood_the_banker_deciding_on_his_cards() -> None:
    """Downton and Lockwood's game (Model B2 of Ethier and Gámez): six decks dealt without
    replacement, the Banker free everywhere and deciding on his two cards' values, the Player on
    his total. The figures are this solver's, certified exact; the paper's printed table could not
    be consulted here (see docs/chemin.md). What they must satisfy is checked alongside: the
    structure Ethier and Gámez describe (the Player mixes on 5, the Banker only on 6 = 0 + 6 after
    the Player stood) and a value below the Banker who sees only his total."""
    from baccarat.chemin.information import Information

    contents = Composition.decks(6)
    solution = solve_chemin_de_fer(contents, BANKER_DISCRETION, Information.BANKER_CARDS)
    assert solution.player.to_data() == {"P5": "477191/592524"}
    assert {point_key(p): str(q) for p, q in solution.mixed_banker.items()} == {
        "B6(0+6)-": "77143741/121269912"
    }
    assert round(float(solution.value), 6) == -0.012937
    assert solution.value < solve_chemin_de_fer(contents, BANKER_DISCRETION).value
    # Where the cards change the Banker's play: 5 against a 4 with 1 + 4 or 2 + 3, and 6 = 8 + 8
    # when the Player stood.
    banker = solution.banker.to_data()
    assert [banker[f"B5({c})/4"] for c in ("0+5", "1+4", "2+3", "6+9", "7+8")] == [
        "1",
        "0",
        "0",
        "1",
        "1",
    ]
    assert banker["B6(8+8)-"] == "1" and banker["B6(3+3)-"] == "0"


@pytest.mark.parametrize("decks", range(1, 9))
def test_downton_lockwood_solution_is_the_unique_one(decks: int) -> None:
    """Downton and Lockwood solved this game for one to eight decks, and Ethier and Gámez (2013,
    section 1) say they "found the unique solution". The paper's printed figures could not be
    consulted (docs/chemin.md), but uniqueness makes the comparison independent of them: a
    certified optimum that is provably the only one must be theirs, up to the precision they
    printed. It is the only one when, against the Player's optimal strategy, the Banker is
    indifferent at just the one point where he mixes (so every optimal Banker strategy is pinned
    everywhere else), the Player mixes strictly inside (0, 1), and the Banker's choice at that
    point moves what the Player's draw on 5 is worth (so the Player's indifference pins both
    the Banker's probability there and, by the kink it makes, the Player's own)."""
    from baccarat.chemin.information import Information

    contents = Composition.decks(decks)
    solution = solve_chemin_de_fer(contents, BANKER_DISCRETION, Information.BANKER_CARDS)
    game = solution.game
    x = game.player_vector(solution.player)
    assert len(x) == 1 and 0 < x[0] < 1
    indifferent = [
        p for p, gain in zip(game.banker_points, game.banker_draw_gain(x), strict=True) if not gain
    ]
    assert indifferent == list(solution.mixed_banker) and len(indifferent) == 1
    assert game.cross[0][game.banker_points.index(indifferent[0])] != 0
    assert game.guaranteed(solution.player) == solution.value == game.conceded(solution.banker)
