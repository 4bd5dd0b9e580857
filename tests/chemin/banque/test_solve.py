"""Banque: the Banker's best reply to both Player hands, his exact edge, bets, and simulation."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest

from baccarat.chemin.banque.deal import BanqueChoicePoint, BanqueCoup, HandView, Seat
from baccarat.chemin.banque.solve import (
    VIEWS,
    BanqueBanker,
    BanqueGame,
    banque_net,
    banque_situations,
    player_chooser,
    settle_banque,
    simulate_banque,
    situation_key,
)
from baccarat.chemin.game import BANKER_DISCRETION, Composition
from baccarat.chemin.solve import solve_chemin_de_fer
from baccarat.chemin.strategy import StrategyError
from baccarat.core.cards import parse_cards
from baccarat.core.coup import ChoicePoint
from baccarat.core.tableau import Action, Side

KS = Fraction(9, 11)
GAME = BanqueGame.of({Seat.RIGHT: KS, Seat.LEFT: KS})


def test_the_banker_chooses_in_every_situation_but_two_naturals() -> None:
    situations = banque_situations()
    assert len(situations) == 8 * (12 * 12 - 1)
    assert situation_key(BanqueChoicePoint(5, HandView(third=4), HandView())) == "B5 R4 L-"


def test_playing_one_hand_as_in_chemin_de_fer_gives_the_chemin_de_fer_value() -> None:
    """A Banker who looks only at the right hand and plays Kemeny and Snell's optimal strategy
    against it concedes, on that hand, exactly minus the value of their game — two independent
    exact computations of the same number."""
    solution = solve_chemin_de_fer(Composition.infinite_deck(), BANKER_DISCRETION)
    draw = {}
    for point in banque_situations():
        right = point.right
        draw[point] = (
            Fraction(0)
            if right.natural
            else solution.banker.probability(ChoicePoint(Side.BANKER, point.total, right.third))
        )
    for left in (Fraction(0), Fraction(1, 3), Fraction(1)):
        game = BanqueGame.of({Seat.RIGHT: KS, Seat.LEFT: left})
        assert game.banker_edge(BanqueBanker(draw))[Seat.RIGHT] == -solution.value


def test_the_best_reply_is_best_against_both_hands_together() -> None:
    banker = GAME.banker_best_reply()
    best = sum(GAME.banker_edge(banker).values(), Fraction(0))
    # Changing the reply in any one situation cannot raise the Banker's total edge.
    rng = random.Random(4)
    for point in rng.sample(banque_situations(), 12):
        flipped = dict(banker.draw)
        flipped[point] = 1 - flipped[point]
        assert sum(GAME.banker_edge(BanqueBanker(flipped)).values(), Fraction(0)) <= best
    # And it leaves the Banker an edge.
    assert best > 0


def test_equal_stakes_treat_the_hands_alike_and_unequal_stakes_favour_the_bigger() -> None:
    equal = GAME.banker_edge(GAME.banker_best_reply())
    assert equal[Seat.RIGHT] == equal[Seat.LEFT]
    assert float(equal[Seat.RIGHT]) == pytest.approx(0.008680, abs=1e-6)
    tilted = GAME.banker_edge(
        GAME.banker_best_reply({Seat.RIGHT: Fraction(3), Seat.LEFT: Fraction(1)})
    )
    assert tilted[Seat.RIGHT] > equal[Seat.RIGHT] > tilted[Seat.LEFT]


def test_the_decision_depends_on_both_hands() -> None:
    """Banker 5, right hand drew a 4 (he would draw against it alone): whether he draws depends on
    what the left hand shows."""
    banker = GAME.banker_best_reply()
    right = HandView(third=4)
    choices = {left.key: banker.probability(BanqueChoicePoint(5, right, left)) for left in VIEWS}
    assert choices["-"] == 1 and choices["0"] == 0


def test_the_view_probabilities_add_up() -> None:
    for seat in (Seat.RIGHT, Seat.LEFT):
        assert sum(GAME.tables[seat].probability.values()) == 1


@pytest.mark.parametrize("seed", [5])
def test_the_exact_edge_matches_a_simulation(seed: int) -> None:
    banker = GAME.banker_best_reply()
    edge = GAME.banker_edge(banker)
    run = simulate_banque(GAME, banker, 60_000, random.Random(seed))
    for seat in (Seat.RIGHT, Seat.LEFT):
        assert abs(run.z(seat, edge[seat])) < 4


def test_bets_on_either_hand_and_on_both() -> None:
    # Right 8 natural (beats the Banker's two-card 6); left 2 draws a 3 to 5 and loses to 6.
    coup = BanqueCoup.from_cards(
        parse_cards("8c 2d 3h Kc Kh 3s 3c"),
        player_chooser({Seat.RIGHT: Fraction(1), Seat.LEFT: Fraction(1)}),
        lambda point: Action.STAND,
    )
    assert [banque_net(coup, b) for b in ("right", "left", "both")] == [1, -1, 0]
    assert settle_banque(coup, {"right": 1000, "left": 500, "both": 300}) == {
        "right": 1000,
        "left": -500,
        "both": 0,
    }
    # A tie on one hand and a win on the other: "both" wins half.
    tie_win = BanqueCoup.from_cards(
        parse_cards("6c 7d 6h Kc Kh Ks"),
        player_chooser(dict.fromkeys(Seat, Fraction(0))),
        lambda point: Action.STAND,
    )
    assert [tie_win.result(s).value for s in Seat] == ["tie", "player"]
    assert banque_net(tie_win, "both") == Fraction(1, 2)
    with pytest.raises(ValueError, match="unknown Banque bet 'middle'"):
        banque_net(coup, "middle")
    with pytest.raises(ValueError, match="positive whole number"):
        settle_banque(coup, {"right": 0})


def test_strategies_are_checked() -> None:
    with pytest.raises(StrategyError, match="probability 0-1"):
        BanqueBanker({banque_situations()[0]: Fraction(3, 2)})
    with pytest.raises(StrategyError, match="no choice for B0 RN L-"):
        BanqueBanker({}).probability(banque_situations()[0])
    with pytest.raises(StrategyError, match="needs a random source"):
        BanqueBanker({banque_situations()[0]: Fraction(1, 2)}).chooser()
    with pytest.raises(StrategyError, match="it needs a rng"):
        player_chooser({Seat.RIGHT: Fraction(1, 2)})(Seat.RIGHT, ChoicePoint(Side.PLAYER, 5))
    with pytest.raises(StrategyError, match="probability of drawing"):
        BanqueGame.of({Seat.RIGHT: Fraction(2), Seat.LEFT: Fraction(0)})


def test_a_mixed_banker_edge_is_the_mix_of_the_pure_edges() -> None:
    point = BanqueChoicePoint(6, HandView(), HandView())
    base = dict(GAME.banker_best_reply().draw)
    edges = []
    for q in (Fraction(0), Fraction(1), Fraction(2, 5)):
        base[point] = q
        edges.append(GAME.banker_edge(BanqueBanker(base))[Seat.LEFT])
    assert edges[2] == Fraction(3, 5) * edges[0] + Fraction(2, 5) * edges[1]
    assert list(itertools.islice(iter(VIEWS), 2)) == [HandView(natural=True), HandView()]


def test_a_banque_coup_record_is_json_ready() -> None:
    import json

    from baccarat.chemin.banque.solve import banque_coup_record

    coup = BanqueCoup.from_cards(
        parse_cards("2c 2d Kh 3s 3d 4h 5c 6c"),
        player_chooser({Seat.RIGHT: Fraction(1), Seat.LEFT: Fraction(0)}),
        lambda point: Action.STAND,
    )
    record = json.loads(json.dumps(banque_coup_record(coup)))
    assert record["right"]["cards"] == ["2c", "3s", "5c"]
    assert record["results"] == {"right": "banker", "left": "player"}
    assert [(s["seat"], s["reason"]) for s in record["steps"]] == [
        ("right", "player_option"),
        ("left", "player_option"),
        (None, "banker_option"),
    ]
    assert record["steps"][1]["params"]["choice"] == "stand"
    assert record["steps"][0]["text"].startswith("Right hand: Player has 5")


def test_ctrl_c_keeps_the_coups_dealt_whole() -> None:
    from baccarat.chemin.banque.solve import PROGRESS_EVERY

    banker = GAME.banker_best_reply()
    told: list[int] = []

    def stop_at_the_first_report(done: int, total: int) -> None:
        told.append(done)
        raise KeyboardInterrupt

    run = simulate_banque(GAME, banker, 10**9, random.Random(2), progress=stop_at_the_first_report)
    assert told == [PROGRESS_EVERY] and run.interrupted and run.coups == PROGRESS_EVERY
    whole = simulate_banque(GAME, banker, PROGRESS_EVERY, random.Random(2))
    assert (run.banker_net, run.decisive) == (whole.banker_net, whole.decisive)
    assert not whole.interrupted
