"""Verification: the commitment, and every coup handed in against the coups the shoe deals."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from baccarat.core.cards import Card, full_deck
from baccarat.core.coup import Coup
from baccarat.core.shoe import ShoeRules
from baccarat.core.tableau import CHEMIN_DE_FER
from baccarat.fair.errors import ClaimError, FairError, SeedError
from baccarat.fair.seeds import commitment
from baccarat.fair.shuffle import fair_order, fair_shoe
from baccarat.fair.verify import Claim, as_claim, parse_claim, read_claims, verify
from baccarat.records import coup_record

SEED = bytes(range(32)).hex()
CLIENT = "Lucky 7!"
ONE_DECK = ShoeRules(decks=1)


def dealt(rules: ShoeRules = ONE_DECK, shoe: int = 1) -> list[Coup]:
    return list(fair_shoe(SEED, CLIENT, shoe, rules).deal_all())


def lines(coups: list[Coup]) -> list[str]:
    return [" ".join(str(card) for card in coup.cards_in_order) for coup in coups]


def records(coups: list[Coup]) -> list[dict[str, Any]]:
    # through JSON text, as a file of `baccarat deal --json` lines would be read
    return [json.loads(json.dumps(coup_record(coup))) for coup in coups]


# --- honest shoes pass --------------------------------------------------------------------


@pytest.mark.parametrize("rules", [ONE_DECK, ShoeRules(decks=8), ShoeRules(decks=6, burn=False)])
def test_an_honest_shoe_verifies_in_every_form(rules: ShoeRules) -> None:
    coups = dealt(rules)
    shown = commitment(SEED)
    for given_coups in (lines(coups), records(coups), coups, [c.cards_in_order for c in coups]):
        result = verify(SEED, CLIENT, 1, rules, commitment=shown, coups=given_coups)
        assert result.ok and result.commitment_ok is True and result.mismatch is None
        assert result.coups_checked == len(coups)
        assert list(result.coups) == coups
        assert result.order == fair_order(SEED, CLIENT, 1, rules)


def test_without_a_commitment_or_coups_the_shoe_is_recomputed() -> None:
    result = verify(SEED, CLIENT, 1, ONE_DECK)
    assert result.ok and result.commitment_ok is None and result.coups_checked == 0
    assert result.burned == result.order[: len(result.burned)]
    assert len(result.burned) == (result.order[0].value or 10) + 1
    assert list(result.coups) == dealt()


def test_a_shoe_in_progress_verifies_its_first_coups() -> None:
    coups = dealt()
    result = verify(SEED, CLIENT, 1, ONE_DECK, coups=lines(coups)[:3])
    assert result.ok and result.coups_checked == 3 and len(result.coups) == len(coups)


def test_seed_case_and_a_commitment_in_capitals_are_accepted() -> None:
    result = verify(SEED.upper(), CLIENT, 1, ONE_DECK, commitment=commitment(SEED).upper())
    assert result.ok and result.server_seed == SEED and result.commitment_given == commitment(SEED)


# --- the commitment -------------------------------------------------------------------------


def test_a_wrong_seed_fails_the_commitment_and_the_coups() -> None:
    shown = commitment(SEED)
    coups = lines(dealt())
    wrong = SEED[:-1] + "e"
    result = verify(wrong, CLIENT, 1, ONE_DECK, commitment=shown, coups=coups)
    assert result.commitment_ok is False and not result.ok
    assert result.commitment == commitment(wrong) and result.commitment_given == shown
    assert result.mismatch is not None and result.mismatch.coup == 1


def test_a_commitment_that_differs_fails_even_when_the_coups_match() -> None:
    other = commitment(SEED[:-1] + "e")
    result = verify(SEED, CLIENT, 1, ONE_DECK, commitment=other, coups=lines(dealt()))
    assert result.mismatch is None and result.commitment_ok is False and not result.ok


# --- tampered coups are caught, precisely ------------------------------------------------


def _other_card(card: Card, pick: int) -> Card:
    others = [c for c in full_deck() if c != card]
    return others[pick % len(others)]


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 5), st.integers(0, 10**6), st.booleans())
def test_a_changed_card_is_reported_at_its_coup_and_its_place_in_the_shoe(
    coup_pick: int, card_pick: int, other_pick: int, as_records: bool
) -> None:
    rules = ShoeRules(decks=2)
    result = verify(SEED, CLIENT, 1, rules)
    coups = list(result.coups)
    k = coup_pick % len(coups)
    cards = list(coups[k].cards_in_order)
    i = card_pick % len(cards)
    original = cards[i]
    cards[i] = _other_card(original, other_pick)
    claimed: list[Any] = list(lines(coups))
    claimed[k] = " ".join(map(str, cards))
    if as_records:  # the same change, made to the hand in a record
        claimed = records(coups)
        p, b = coups[k].player.cards, coups[k].banker.cards
        side, index = ("player", i // 2) if i < 4 and i % 2 == 0 else ("banker", i // 2)
        if i == 4:
            side, index = ("player", 2) if coups[k].player.drew else ("banker", 2)
        if i == 5:
            side, index = "banker", 2
        claimed[k][side]["cards"][index] = str(cards[i])
        assert (p, b) == (coups[k].player.cards, coups[k].banker.cards)
    mismatch = verify(SEED, CLIENT, 1, rules, coups=claimed).mismatch
    assert mismatch is not None
    assert (mismatch.coup, mismatch.field) == (k + 1, "cards")
    start = len(result.burned) + sum(c.cards_used for c in coups[:k])
    assert mismatch.shoe_card == start + i + 1
    assert (mismatch.found, mismatch.expected) == (str(cards[i]), str(original))
    assert f"coup {k + 1}, " in mismatch.message
    assert f"card {start + i + 1} of the shoe" in mismatch.message
    assert f"the record has {cards[i]}, the shoe deals {original}" in mismatch.message


def test_the_message_names_the_hand_and_the_card() -> None:
    coups = dealt()
    claimed = lines(coups)
    first = coups[0].cards_in_order
    claimed[0] = " ".join(map(str, (first[0], _other_card(first[1], 0), *first[2:])))
    mismatch = verify(SEED, CLIENT, 1, ONE_DECK, coups=claimed).mismatch
    assert mismatch is not None
    burned = len(verify(SEED, CLIENT, 1, ONE_DECK).burned)
    assert mismatch.message == (
        f"coup 1, the Banker's first card (card {burned + 2} of the shoe): the record has "
        f"{_other_card(first[1], 0)}, the shoe deals {first[1]}"
    )


def test_a_coup_with_a_card_too_few_or_too_many() -> None:
    coups = dealt()
    claimed = lines(coups)
    full = claimed[0].split()
    claimed[0] = " ".join(full[:-1])
    short = verify(SEED, CLIENT, 1, ONE_DECK, coups=claimed).mismatch
    assert short is not None and short.coup == 1 and short.found == ""
    assert (
        f"the record stops after {len(full) - 1} cards, the shoe deals {full[-1]}" in short.message
    )
    if len(full) < 6:
        claimed[0] = " ".join([*full, "Kc"])
        long = verify(SEED, CLIENT, 1, ONE_DECK, coups=claimed).mismatch
        assert long is not None and long.expected == ""
        assert f"but the coup is over after {len(full)} cards" in long.message


def test_more_coups_than_the_shoe_deals() -> None:
    coups = dealt()
    claimed = [*lines(coups), "Ac 2c 3c 4c"]
    result = verify(SEED, CLIENT, 1, ONE_DECK, coups=claimed)
    assert result.mismatch is not None and result.mismatch.field == "shoe_ended"
    assert result.coups_checked == len(coups)
    assert result.mismatch.message == (
        f"coup {len(coups) + 1}: the shoe ended after {len(coups)} coups, "
        f"but {len(coups) + 1} were handed in"
    )


def test_a_record_with_the_right_cards_and_a_wrong_result_is_caught() -> None:
    coups = dealt()
    claimed = records(coups)
    truth = claimed[1]["winner"]
    claimed[1]["winner"] = "player" if truth != "player" else "banker"
    mismatch = verify(SEED, CLIENT, 1, ONE_DECK, coups=claimed).mismatch
    assert mismatch is not None and (mismatch.coup, mismatch.field) == (2, "winner")
    assert mismatch.expected == json.dumps(truth)
    assert "for these cards" in mismatch.message


@pytest.mark.parametrize(
    ("path", "value"),
    [
        (("player", "total"), 10),
        (("banker", "drew"), "yes"),
        (("natural",), 1),  # an int is not a boolean
        (("cards_used",), 7),
        (("steps", 0, "reason"), "made_up"),
    ],
)
def test_every_field_of_a_record_is_checked(path: tuple[Any, ...], value: Any) -> None:
    claimed = records(dealt())
    target: Any = claimed[0]
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    mismatch = verify(SEED, CLIENT, 1, ONE_DECK, coups=claimed).mismatch
    assert mismatch is not None and mismatch.coup == 1
    assert mismatch.field == ".".join(str(p) for p in path).replace(".0.", "[0].")


def test_a_step_list_of_the_wrong_length_is_caught() -> None:
    claimed = records(dealt())
    claimed[0]["steps"].append(claimed[0]["steps"][0])
    mismatch = verify(SEED, CLIENT, 1, ONE_DECK, coups=claimed).mismatch
    assert mismatch is not None and mismatch.field == "steps (number of entries)"


def test_wording_extra_fields_and_wrappers_are_not_held_against_a_record() -> None:
    coups = dealt()
    claimed: list[Any] = []
    for number, record in enumerate(records(coups), start=1):
        for step in record["steps"]:
            step["text"] = "Le joueur tire."  # another language
        record["bets"] = {"banker": "10"}
        claimed.append({"coup": record, "number": number} if number % 2 else record)
    claimed[-1] = {"cards": [str(card) for card in coups[-1].cards_in_order]}
    assert verify(SEED, CLIENT, 1, ONE_DECK, coups=claimed).ok


# --- reading coups --------------------------------------------------------------------------


def test_reading_lines_of_cards_and_of_json() -> None:
    record = json.dumps(coup_record(Coup.from_cards(parse_claim("7c 2s Kd 3h 4c").cards)))
    claims = read_claims(["# a comment", "", "7c 2s Kd 3h 4c\n", "  " + record + "  "])
    assert [claim.cards for claim in claims] == [parse_claim("7c 2s Kd 3h 4c").cards] * 2
    assert claims[0].record is None and claims[1].record is not None


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("7c 2s Zz 3h", "line 2: unknown card 'Zz'"),
        ("{not json", "line 2: not a JSON object"),
        ('{"winner": "banker"}', "line 2: a coup record needs player.cards and banker.cards"),
        ('{"player": {"cards": "7c Kd"}, "banker": {"cards": []}}', "line 2: player.cards must be a list"),
        ('{"player": {"cards": ["7c"]}, "banker": {"cards": ["2s", "3h"]}}',
         "line 2: player.cards must hold 2 or 3 cards, got 1 ('7c')"),
        ('{"cards": [1, 2]}', "line 2: cards must be a list of card strings"),
    ],
)  # fmt: skip
def test_unreadable_lines_are_named(line: str, message: str) -> None:
    with pytest.raises(ClaimError) as info:
        read_claims(["7c 2s Kd 3h 4c", line])
    assert str(info.value).startswith(message)


def test_unreadable_coups_given_to_verify_are_bad_input() -> None:
    with pytest.raises(ClaimError, match=r"^coup 2: unknown card 'Zz'"):
        verify(SEED, CLIENT, 1, ONE_DECK, coups=["7c 2s Kd 3h", "7c 2s Zz 3h"])
    with pytest.raises(ClaimError, match=r"^coup 1: .*got \['7c', '2s'\]"):
        verify(SEED, CLIENT, 1, ONE_DECK, coups=[["7c", "2s"]])  # type: ignore[list-item]
    with pytest.raises(ClaimError, match="a coup needs its cards"):
        parse_claim("   ")


def test_claims_pass_through() -> None:
    claim = Claim(parse_claim("7c 2s Kd 3h").cards)
    assert as_claim(claim) is claim


# --- bad input ----------------------------------------------------------------------------


def test_bad_inputs_are_errors_that_quote_them() -> None:
    with pytest.raises(SeedError, match="'abc'"):
        verify("abc", CLIENT, 1)
    with pytest.raises(SeedError, match="'zz'"):
        verify(SEED, CLIENT, 1, commitment="zz")
    with pytest.raises(SeedError, match="'  '"):
        verify(SEED, "  ", 1)
    with pytest.raises(FairError, match="got -3"):
        verify(SEED, CLIENT, -3)
    with pytest.raises(FairError, match="got 12"):
        verify(SEED, CLIENT, 1, ShoeRules(decks=12))
    with pytest.raises(FairError, match="'chemin-de-fer'"):
        verify(SEED, CLIENT, 1, tableau=CHEMIN_DE_FER)


def test_the_record_is_json_ready_and_complete() -> None:
    coups = dealt()
    claimed = lines(coups)
    claimed[2] = claimed[1]
    result = verify(SEED, CLIENT, 1, ONE_DECK, commitment=commitment(SEED), coups=claimed)
    record = json.loads(json.dumps(result.record()))
    assert record["ok"] is False and record["commitment_ok"] is True
    assert record["shoe"] == 1 and record["rules"]["decks"] == 1
    assert record["order"] == [str(card) for card in fair_order(SEED, CLIENT, 1, ONE_DECK)]
    assert record["coups_in_shoe"] == len(coups) and record["coups_checked"] == 2
    assert record["mismatch"]["coup"] == 3 and record["mismatch"]["field"] == "cards"
    assert record["coups"] == records(coups)
