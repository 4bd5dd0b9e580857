"""The Chemin de Fer table without a browser: the choice on 5, the hint after it, the Banker's
optimal play explained, the session's record, refusals, languages — and the exact figures the hint
quotes, checked against the exact analyzer. The table itself (its lock, its record, its shoe) is
tested without the web in tests/chemin/test_table.py."""

from __future__ import annotations

import random
import re
from fractions import Fraction
from html.parser import HTMLParser

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

import baccarat.web.context
import baccarat.web.routers.chemin
from baccarat.chemin import solve_chemin_de_fer
from baccarat.chemin.practice import draw_advantage, reach_probability
from baccarat.chemin.table import CheminTables
from baccarat.chemin.tableau import parse_point, resolve
from baccarat.core.cards import parse_cards
from baccarat.core.coup import deal_coup
from baccarat.core.summary import Winner
from baccarat.core.tableau import BANKER_DISCRETION, CHEMIN_DE_FER, Action
from baccarat.odds import Composition, exact_distribution
from support.chemin import BURN, NO_CHOICE, PLAYER_5, stacked

from .conftest import started_ago
from .test_i18n import _pseudo_translator, _untranslated


def use(app: FastAPI, *prefixes: str, seed: int = 1) -> CheminTables:
    tables = CheminTables(random.Random(seed), shuffle=stacked(*prefixes))
    app.state.chemin_tables = tables
    return tables


def _text(html: str) -> str:
    """The visible text of a page, in one line."""
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    text = re.sub(r"<[^>]+>", " ", html).replace("&#39;", "'").replace("&quot;", '"')
    return re.sub(r"\s+", " ", text)


class _Element(HTMLParser):
    """The text of the element with a given id, nested elements included."""

    VOID = frozenset({"br", "input", "link", "meta", "img", "hr"})

    def __init__(self, ident: str) -> None:
        super().__init__()
        self.ident, self.depth, self.found, self.parts = ident, 0, False, list[str]()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.depth:
            self.depth += tag not in self.VOID
        elif ("id", self.ident) in attrs:
            self.found, self.depth = True, 1

    def handle_endtag(self, tag: str) -> None:
        if self.depth:
            self.depth -= 1

    def handle_data(self, data: str) -> None:
        if self.depth:
            self.parts.append(data)


def _section(html: str, ident: str) -> str:
    parser = _Element(ident)
    parser.feed(re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S))
    assert parser.found, ident
    return re.sub(r"\s+", " ", " ".join(parser.parts))


def _token(html: str) -> str:
    found = re.search(r'name="coup" value="([^"]+)"', html)
    assert found
    return found.group(1)


def _deal(client: TestClient) -> str:
    response = client.post("/chemin/deal")
    assert response.status_code == 200, response.text
    return str(response.text)


def _choose(client: TestClient, html: str, choice: str) -> str:
    response = client.post("/chemin/choose", data={"coup": _token(html), "choice": choice})
    assert response.status_code == 200, response.text
    return str(response.text)


# --- the pages ----------------------------------------------------------------------------------


def test_the_table_needs_the_gate(client: TestClient) -> None:
    for method, path in (("get", "/chemin"), ("post", "/chemin/deal"), ("post", "/chemin/choose")):
        response = getattr(client, method)(path, follow_redirects=False)
        assert response.status_code == 303 and response.headers["location"] == "/gate"


def test_a_first_visit_shows_the_table_the_strategy_and_no_points(
    app: FastAPI, player: TestClient
) -> None:
    use(app, BURN + " " + PLAYER_5)
    html = player.get("/chemin").text
    assert 'href="/chemin"' in html  # the footer links the table
    assert "Chemin de Fer" in html and "6 decks" in html
    assert "No points are staked at this table" in _section(html, "no-points")
    assert 'id="deal"' in html and 'id="choice"' not in html
    strategy = _section(html, "strategy")
    assert "Optimal play for the Player: always draw on 5." in strategy
    assert "always draw on 3 against a third card of 9" in strategy
    assert "always draw on 5 against a third card of 4" in strategy  # six decks
    assert "Player's expectation is −1.237%" in strategy  # −0.012374 with six decks (docs)
    # The option cells of the draw table say so, in letters as well as colour.
    assert 'id="cell-p-5" class="act-option"' in html and "= the hand chooses" in html


def test_a_5_stops_for_the_choice_without_showing_the_banker(
    app: FastAPI, player: TestClient
) -> None:
    use(app, BURN + " " + PLAYER_5)
    response = player.post("/chemin/deal", follow_redirects=False)
    assert response.status_code == 303 and response.headers["location"] == "/chemin#choice"
    html = player.get("/chemin").text
    choice = _section(html, "choice")
    assert "You hold 5, and the rules leave the choice to you: draw or stand?" in choice
    assert "Player: Two of diamonds. Player total 2." in choice
    assert "Banker: a card face down." in choice
    assert "Player: Three of hearts. Player total 5." in choice
    assert re.search(r'<button type="submit" name="choice" value="draw" id="choose-draw"', html)
    assert re.search(r'<button type="submit" name="choice" value="stand" id="choose-stand"', html)
    assert 'aria-label="A card face down"' in html
    # Neither the Banker's cards nor those to come reach the browser, and there is no hint yet.
    for card in ("9d", "8s", "4c", "Kd"):
        assert f'data-code="{card}"' not in html
    assert "Nine of diamonds" not in html and 'id="hint"' not in html
    assert _token(html) == "1-1"  # the form names the coup, not its cards
    assert 'id="deal"' not in html  # no second deal while the choice waits
    assert 'id="cell-p-5"' in html and "#cell-p-5 {" in html  # the cell is marked


def test_standing_on_5_is_explained_and_the_hint_follows(app: FastAPI, player: TestClient) -> None:
    use(app, BURN + " " + PLAYER_5)
    html = _choose(player, _deal(player), "stand")
    coup = _section(html, "last-coup")
    assert "Player has 5, where the rules leave a choice: the Player's hand chose to stand." in coup
    assert "your choice" in coup
    assert "The Player stood; Banker has 7" in coup and "Banker wins, 7 to 5." in coup
    hint = _section(html, "hint")
    assert "Optimal play for the Player: always draw on 5." in hint
    assert "You stood: standing here gives the Banker an edge." in hint
    # 546971813/14681426452 with six decks (the exact figure is checked below).
    assert "drawing on 5 is worth 3.73% of the stake more than standing" in hint
    assert 'data-advantage="546971813/14681426452"' in html
    assert "hint-differs" in html
    record = _section(html, "record")
    assert re.search(r"Coups 1 Player wins 0 Banker wins 1 Ties 0", record)
    assert re.search(r"Your choices on 5 1 You drew 0 .* 1 Choices that agree .* 0", record)
    assert "Shoe 1, coup 1 5–7 Banker stand always no" in record
    assert 'id="deal"' in html


def test_drawing_on_5_agrees_with_optimal_play(app: FastAPI, player: TestClient) -> None:
    use(app, BURN + " " + PLAYER_5)
    html = _choose(player, _deal(player), "draw")
    coup = _section(html, "last-coup")
    assert "the Player's hand chose to draw." in coup
    assert "Player: Four of clubs. Player total 9." in coup  # the card that was next
    assert "Player wins, 9 to 7." in coup
    assert "Your choice agrees with optimal play." in _section(html, "hint")
    assert "hint-agrees" in html


def test_when_the_rules_decide_there_is_no_choice(app: FastAPI, player: TestClient) -> None:
    # Shoe 1: a Player natural. The page then deals a new shoe for each later test shoe.
    use(app, BURN + " 9c 2d Kh 3s")
    response = player.post("/chemin/deal", follow_redirects=False)
    assert response.headers["location"] == "/chemin#last-coup"
    html = player.get("/chemin").text
    assert "A natural decided this coup: nobody chose." in _section(html, "no-choice")
    assert 'id="hint"' not in html
    use(app, BURN + " 3c 2d Kh 3s 4d 5h")  # Player 3 draws, whatever anyone thinks
    html = _deal(player)
    assert "The rules decided the Player's hand on 3: no choice to make." in _text(html)
    assert "Choices that agree with optimal play 0" in _section(html, "record")


def test_the_banker_s_options_are_explained(app: FastAPI, player: TestClient) -> None:
    # Player 2 + 3 = 5 draws a 4; Banker 2 + 3 = 5 against a 4: the Banker's option (draws).
    use(app, BURN + " 2d 2h 3h 3s 4c 9d")
    html = _choose(player, _deal(player), "draw")
    coup = _section(html, "last-coup")
    assert "Banker has 5, where the rules leave a choice: the Banker's hand chose to draw." in coup
    assert "Optimal play for the Banker: always draw on 5 against a third card of 4." in coup
    assert 'data-side="banker" data-action="draw"' in html


def test_the_free_banker_mixes_and_standing_is_as_good(app: FastAPI, player: TestClient) -> None:
    use(app, BURN + " 2d 6d 3h Ks 4c 8d")  # Player 5 against Banker 6: stood → the mixed cell
    response = player.post("/chemin/new", data={"decks": "8", "banker": "free"})
    assert response.status_code == 200
    html = player.get("/chemin").text
    assert "8 decks" in html and "free to draw or stand everywhere" in html
    strategy = _section(html, "strategy")
    assert "Optimal play for the Player: draw on 5 with probability 81.30%, stand otherwise." in (
        strategy
    )
    assert "draw on 6 when the Player stood with probability 37.79%" in strategy
    html = _choose(player, _deal(player), "stand")
    coup = _section(html, "last-coup")
    assert "Banker has 6, where the rules leave a choice" in coup
    assert "Optimal play for the Banker: draw on 6 when the Player stood with probability" in coup
    hint = _section(html, "hint")
    assert "Standing is part of optimal play" in hint
    assert "drawing and standing on 5 are worth exactly the same" in hint
    assert 'data-probability="1662203/2044584"' in html and 'data-advantage="0"' in html


def test_a_whole_shoe_with_a_new_one_after_it(app: FastAPI, player: TestClient) -> None:
    app.state.chemin_tables = CheminTables(random.Random(7))
    player.post("/chemin/new", data={"decks": "1", "banker": "free"})
    coups = choices = 0
    html = player.get("/chemin").text
    while "Shoe 2, coup 1" not in html:
        html = _deal(player)
        if 'id="choice"' in html:
            choices += 1
            html = _choose(player, html, random.Random(coups).choice(["draw", "stand"]))
        coups += 1
        assert coups < 30
    assert "A new shoe was shuffled for this coup." in html
    assert f"Coups {coups} " in _section(html, "record")
    assert f"Your choices on 5 {choices} " in _section(html, "record")
    assert "Shoe 2" in _section(html, "shoe-panel")


# --- dealing until the learner has a choice ------------------------------------------------------


def _coups_today(client: TestClient) -> int:
    return int(client.get("/api/me/limits").json()["limits"]["coups_today"])


def _limits(client: TestClient, reality: int = 60, daily: int | None = None) -> None:
    limits = {
        "reality_check_minutes": reality,
        "session_limit_minutes": None,
        "daily_coup_limit": daily,
    }
    assert client.put("/api/me/limits", json=limits).status_code == 200


def test_deal_until_a_choice_deals_the_coups_without_one_and_stops_at_it(
    app: FastAPI, player: TestClient
) -> None:
    use(app, f"{BURN} {NO_CHOICE} {PLAYER_5}")
    first = player.get("/chemin").text
    assert re.search(
        r'<button type="submit" id="deal-until-choice" formaction="/chemin/deal-until-choice"',
        first,
    )
    response = player.post("/chemin/deal-until-choice", follow_redirects=False)
    assert response.status_code == 303
    assert response.headers["location"] == "/chemin?dealt=3&stop=choice#choice"
    html = player.get(response.headers["location"]).text
    choice = _section(html, "choice")
    assert "Shoe 1, coup 3" in choice
    assert "2 coups were dealt before this one, none with a choice for you" in choice
    assert "You hold 5, and the rules leave the choice to you: draw or stand?" in choice
    assert _token(html) == "1-3" and 'id="deal-until-choice"' not in html
    # Each coup was dealt, settled, recorded and counted as the deal button does it.
    counts = _section(html, "record-counts")
    assert counts.split() == [
        "Coups",
        "2",
        "Player",
        "wins",
        "1",
        "Banker",
        "wins",
        "1",
        "Ties",
        "0",
    ]
    assert _coups_today(player) == 3
    # The choice is the learner's as after any deal; the note goes with it.
    played = _choose(player, html, "draw")
    assert "Player wins, 9 to 7." in played and 'id="auto-note"' not in played


def test_deal_until_a_choice_when_the_first_coup_is_one(app: FastAPI, player: TestClient) -> None:
    use(app, BURN + " " + PLAYER_5)
    response = player.post("/chemin/deal-until-choice", follow_redirects=False)
    assert response.headers["location"] == "/chemin?dealt=1&stop=choice#choice"
    html = player.get(response.headers["location"]).text
    assert 'id="choice"' in html and 'id="auto-note"' not in html  # nothing dealt before it


def test_deal_until_a_choice_is_bounded(
    app: FastAPI, player: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    use(app, f"{BURN} {NO_CHOICE} {PLAYER_5}")
    monkeypatch.setattr(baccarat.web.routers.chemin, "AUTO_DEALS", 2)
    response = player.post("/chemin/deal-until-choice", follow_redirects=False)
    assert response.headers["location"] == "/chemin?dealt=2&stop=most#last-coup"
    html = player.get(response.headers["location"]).text
    assert "No choice came in 2 coups, the most dealt at one click" in _section(html, "auto-note")
    assert "Shoe 1, coup 2" in _section(html, "last-coup") and 'id="choice"' not in html
    assert _coups_today(player) == 2
    # The next click goes on from there.
    response = player.post("/chemin/deal-until-choice", follow_redirects=False)
    assert response.headers["location"] == "/chemin?dealt=1&stop=choice#choice"


def test_deal_until_a_choice_stops_at_a_refusal_and_shows_it(
    app: FastAPI, player: TestClient
) -> None:
    use(app, f"{BURN} {NO_CHOICE} {PLAYER_5}")
    _limits(player, daily=2)
    refused = player.post("/chemin/deal-until-choice")
    assert refused.status_code == 403
    assert "your own limit of 2 coups for today" in _section(refused.text, "error")
    assert "Dealing stopped after 2 coups: the next one was refused." in _section(
        refused.text, "auto-note"
    )
    assert "Shoe 1, coup 2" in _section(refused.text, "last-coup")
    assert _coups_today(player) == 2
    # Refused before its first coup, it says only why, as the deal button does.
    again = player.post("/chemin/deal-until-choice")
    assert again.status_code == 403 and 'id="auto-note"' not in again.text
    assert _coups_today(player) == 2


def test_deal_until_a_choice_stops_for_a_due_reality_check(
    app: FastAPI, player: TestClient
) -> None:
    use(app, f"{BURN} {NO_CHOICE} {PLAYER_5}")
    _limits(player, reality=5)
    started_ago(app, player, 10)
    response = player.post("/chemin/deal-until-choice", follow_redirects=False)
    assert response.headers["location"] == "/chemin?dealt=0&stop=halted#last-coup"
    html = player.get(response.headers["location"]).text
    assert "Dealing stopped after 0 coups: a reality check is due." in _section(html, "auto-note")
    assert 'id="reality-check-due"' in html
    assert _coups_today(player) == 0


def test_the_note_after_dealing_until_a_choice_cannot_be_forged(
    app: FastAPI, player: TestClient
) -> None:
    use(app, BURN + " " + PLAYER_5)
    for query in (
        "dealt=x&stop=most",
        "dealt=201&stop=most",
        "dealt=3&stop=refused",
        "dealt=3&stop=choice",
    ):
        # Nonsense, or a note that does not fit the table as it is (no coup waits): no note.
        response = player.get(f"/chemin?{query}")
        assert response.status_code == 200 and 'id="auto-note"' not in response.text, query


# --- refusals -------------------------------------------------------------------------------------


def test_refusals_are_visible_and_change_nothing(app: FastAPI, player: TestClient) -> None:
    use(app, BURN + " " + PLAYER_5)
    response = player.post("/chemin/choose", data={"coup": "1-1", "choice": "draw"})
    assert response.status_code == 409
    assert "No coup is waiting for a choice: deal a coup first." in _section(response.text, "error")
    assert 'role="alert"' in response.text
    html = _deal(player)
    token = _token(html)
    for data, status, message in (
        ({"coup": token, "choice": "hit"}, 422, "Choose draw or stand (got “hit”)."),
        ({"coup": token}, 422, "Choose draw or stand (got “”)."),
        ({"coup": "1-7", "choice": "draw"}, 409, "That choice was for a coup that is over"),
    ):
        response = player.post("/chemin/choose", data=data)
        assert response.status_code == status and message in response.text, data
        assert 'id="choice"' in response.text  # the coup still waits
    response = player.post("/chemin/deal")
    assert response.status_code == 409
    assert "A coup is waiting for your choice: draw or stand first." in response.text
    for data, message in (
        ({"decks": "3", "banker": "rules"}, "Choose 1, 2, 4, 6 or 8 decks (got “3”)."),
        ({"decks": "six", "banker": "rules"}, "Choose 1, 2, 4, 6 or 8 decks (got “six”)."),
        ({"decks": "6", "banker": "house"}, "Choose how the Banker plays (got “house”)."),
    ):
        response = player.post("/chemin/new", data=data)
        assert response.status_code == 422 and message in response.text, data
    # After all that, the same coup is decided as it was dealt.
    html = _choose(player, player.get("/chemin").text, "draw")
    assert "Player wins, 9 to 7." in html


def test_a_stale_form_cannot_decide_the_next_coup(app: FastAPI, player: TestClient) -> None:
    use(app, BURN + " 2d 9d 3h 8s 4c 2h 9s 3d 8c")  # two coups at 5 in a row (the first draws)
    first = _deal(player)
    _choose(player, first, "draw")
    second = _deal(player)
    assert _token(second) == "1-2"
    response = player.post("/chemin/choose", data={"coup": _token(first), "choice": "stand"})
    assert response.status_code == 409


# --- the figures the hint quotes ----------------------------------------------------------------------


@pytest.mark.parametrize("decks", [1, 6, 8])
def test_the_advantage_of_drawing_on_5_is_the_exact_analyzer_s(decks: int) -> None:
    """Resolve the rules game with the Banker's optimal (pure) choices and the Player drawing or
    standing on 5: the exact analyzer's Player expectations differ by the advantage times how often
    the Player holds 5, and that share is the difference in how often the Player draws."""
    solution = solve_chemin_de_fer(Composition.decks(decks), CHEMIN_DE_FER)
    p5 = parse_point("P5")
    banker = {p: solution.banker.action(p) for p in solution.banker.points}
    contents = Composition.decks(decks)
    outcome = {}
    for action in (Action.DRAW, Action.STAND):
        distribution = exact_distribution(contents, resolve(CHEMIN_DE_FER, {p5: action, **banker}))
        shares = distribution.outcomes()
        outcome[action] = (
            shares[Winner.PLAYER] - shares[Winner.BANKER],
            distribution.frequency("player_draws"),
        )
    reach = outcome[Action.DRAW][1] - outcome[Action.STAND][1]
    assert reach == reach_probability(contents, CHEMIN_DE_FER, 5)
    advantage = draw_advantage(solution, p5)
    assert outcome[Action.DRAW][0] - outcome[Action.STAND][0] == advantage * reach
    assert Fraction(37, 1000) < advantage < Fraction(39, 1000)


def test_how_often_the_player_holds_5_on_the_infinite_deck() -> None:
    value = [Fraction(4, 13)] + [Fraction(1, 13)] * 9  # tens and court cards are worth 0
    two = [sum(value[a] * value[(t - a) % 10] for a in range(10)) for t in range(10)]
    expected = two[5] * (1 - two[8] - two[9])
    assert reach_probability(Composition.infinite_deck(), CHEMIN_DE_FER, 5) == expected
    assert reach_probability(Composition.infinite_deck(), CHEMIN_DE_FER, 8) == 0


def test_how_often_the_player_holds_5_by_brute_force_on_a_small_shoe() -> None:
    import itertools

    shoe = parse_cards("Ac 2d 3h 4s 5c 6d 7h 8s 9c Kd Qh 5s")
    contents = Composition.from_cards(shoe)
    hits = total = 0
    for p1, b1, p2, b2 in itertools.permutations(shoe, 4):
        total += 1
        player, banker = (p1.value + p2.value) % 10, (b1.value + b2.value) % 10
        hits += player == 5 and banker < 8
    assert reach_probability(contents, CHEMIN_DE_FER, 5) == Fraction(hits, total)


def test_the_free_banker_leaves_the_player_indifferent_on_any_shoe() -> None:
    for decks in (1, 8):
        solution = solve_chemin_de_fer(Composition.decks(decks), BANKER_DISCRETION)
        assert draw_advantage(solution, parse_point("P5")) == 0


def test_the_engine_agrees_on_the_stacked_coup() -> None:
    """The page tests' stacked coup is what the engine deals (draw on 5 here)."""
    cards = iter(parse_cards(PLAYER_5))
    coup = deal_coup(cards.__next__, CHEMIN_DE_FER, lambda point: Action.DRAW)
    assert (coup.player.total, coup.banker.total, coup.winner) == (9, 7, Winner.PLAYER)


# --- languages --------------------------------------------------------------------------------------


def test_vietnamese_and_hungarian(app: FastAPI, player: TestClient) -> None:
    use(app, BURN + " " + PLAYER_5)
    html = _deal(player)
    vi = player.get("/chemin?lang=vi").text
    assert "Con" in _section(vi, "choice") and "rút bài" in _section(vi, "choice")
    html = _choose(player, html, "stand")
    assert "Cái" in _section(html, "last-coup") and 'id="hint"' in html
    hu = player.get("/chemin?lang=hu").text
    assert "Játékos" in _section(hu, "last-coup") and "megáll" in _section(hu, "hint")


def test_every_chemin_page_is_translated(
    app: FastAPI, player: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    use(app, BURN + " 2d 2h 3h 3s 4c 9d")
    pseudo = _pseudo_translator()
    monkeypatch.setattr(baccarat.web.context, "get_translator", lambda _language: pseudo)
    pages = {"first": player.get("/chemin").text, "choice": _deal(player)}
    pages["refused"] = player.post("/chemin/deal").text
    pages["auto note"] = player.get("/chemin?dealt=3&stop=choice").text
    pages["played"] = _choose(player, pages["choice"], "stand")
    pages["free"] = player.post("/chemin/new", data={"decks": "1", "banker": "free"}).text
    use(app, BURN + " 2d 6d 3h Ks 4c 8d")
    player.post("/chemin/new", data={"decks": "8", "banker": "free"})
    pages["free played"] = _choose(player, _deal(player), "draw")
    leaks = {name: _untranslated(html) for name, html in pages.items()}
    assert {name: found for name, found in leaks.items() if found} == {}
