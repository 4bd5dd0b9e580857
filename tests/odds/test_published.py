"""Published figures, reproduced to every digit printed. Each test names its source.

Sources (all for an 8-deck shoe unless a test says otherwise):

- [WoO-SB]   Wizard of Odds, "Baccarat Side Bets" (wizardofodds.com/games/baccarat/side-bets/ and
             .../baccarat/appendix/5/): Dragon Bonus combinations and returns, the "4-5-6" bet.
- [WoO-EG]   Wizard of Odds, "Egalite Bets in Baccarat" (.../baccarat/side-bets/egalite/).
- [WoO-PP1]  Wizard of Odds, "Perfect Pairs (Version 1)" (.../baccarat/side-bets/perfect-pairs-ver1/).
- [WoO-PP2]  Wizard of Odds, "Perfect Pairs (Version 2)" (.../baccarat/side-bets/perfect-pairs-ver2/).
- [WoO-EZ]   Wizard of Odds, "EZ Baccarat" (wizardofodds.com/games/ez-baccarat/).
- [WoO-SUP]  Wizard of Odds, "Super Baccarat" (wizardofodds.com/games/super-baccarat/).
- [WoO-L6]   Wizard of Odds, "Card Counting the Lucky 6 Bet in Baccarat"
             (wizardofodds.com/games/baccarat/counting-lucky-6/) — see test_eor.py.
- [CE]       casinoexploit.com/baccarat.html, "Probabilities in 8deck / 6deck / 4deck Baccarat".
- [USC]      uscasinosonline.com, "Calculating the odds in different Baccarat bets".
- [EJ-S6]    Eliot Jacobson, "Card Counting the Super Six Baccarat Side Bet" (888casino.com blog).
- [EJ-PB]    Eliot Jacobson, "Computer Perfect Play Against the Baccarat Pairs Bet" (888casino.com).
- [EJ-DB]    Eliot Jacobson, "Card Counting the Dragon Bonus Baccarat Side Bet" (888casino.com).
- [EJ-DP]    Eliot Jacobson, "Card Counting the Dragon and Panda Side Bets in EZ Baccarat".
- [EJ-BT]    Eliot Jacobson, "Card Counting the Big Tiger Baccarat Side Bet"
             (advancedadvantageplay.com, 2024/07).
- [EJ-S6C]   Jacobson's Super 6 figures at 15:1 as reported by cooper-boating.com, "Countable Mines
             Games Baccarat Side Bets".
- [VF]       vegasfreedom.com, "What is Big and Small in Baccarat".
- [ISSUE]    The figures issue 4 quotes from the Wizard of Odds' baccarat page.

Where a source prints a rounded combination (the Wizard's loss rows end in ...300 or ...850, a
floating-point artefact), only the probability it prints is compared.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from baccarat.core.bets import Bet
from baccarat.core.catalogue import (
    BANKER,
    BIG,
    BIG_TIGER,
    DRAGON_7,
    DRAGON_BONUS_BANKER,
    DRAGON_BONUS_PLAYER,
    PANDA_8,
    PERFECT_PAIR,
    PERFECT_PAIR_TWO_LEVEL,
    PLAYER,
    PLAYER_PAIR,
    SMALL,
    TIE,
    egalite_bet,
)
from baccarat.core.distribution import Distribution
from baccarat.core.rules import BANKER_EZ, BANKER_NO_COMMISSION, TIE_9
from baccarat.core.summary import Winner
from baccarat.odds.composition import Composition
from baccarat.odds.exact import exact_distribution
from baccarat.odds.par import par_section
from baccarat.odds.stats import exact_bet_stats

EIGHT = exact_distribution(Composition.decks(8))


def rounded(value: Fraction, places: int) -> str:
    """``value`` rounded half-even to ``places`` decimals, as the sources print."""
    scaled = round(value * 10**places)
    sign = "-" if scaled < 0 else ""
    digits = str(abs(scaled)).rjust(places + 1, "0")
    return f"{sign}{digits[:-places]}.{digits[-places:]}"


def edge_percent(bet: Bet, places: int = 4, d: Distribution = EIGHT) -> str:
    return rounded(exact_bet_stats(bet, d).house_edge * 100, places)


def returns(bet: Bet, d: Distribution = EIGHT) -> str:
    """The expected return to six decimals, as the Wizard's tables print it."""
    return rounded(exact_bet_stats(bet, d).ev, 6)


def test_main_bets_combinations_8_6_4_decks() -> None:
    # [CE] combinations per outcome; 8 decks total 4,998,398,275,503,360 [WoO-EG].
    w8 = EIGHT.winner_counts()
    assert EIGHT.total == 4_998_398_275_503_360
    assert w8[Winner.BANKER] == 2_292_252_566_437_888
    assert w8[Winner.PLAYER] == 2_230_518_282_592_256
    assert w8[Winner.TIE] == 475_627_426_473_216
    w6 = exact_distribution(Composition.decks(6)).winner_counts()
    assert w6[Winner.BANKER] == 403_095_751_234_560
    assert w6[Winner.PLAYER] == 392_220_492_728_832
    assert w6[Winner.TIE] == 83_552_962_932_288
    w4 = exact_distribution(Composition.decks(4)).winner_counts()
    assert w4[Winner.BANKER] == 34_543_624_867_840
    assert w4[Winner.PLAYER] == 33_608_344_225_792


def test_main_bets_house_edges() -> None:
    # [ISSUE]: Banker 1.0579 %, Player 1.2351 %, Tie 8:1 14.3596 %; [USC] and [EJ-S6] print the
    # Banker's 1.0579 % and [USC] the Player's 1.2351 %.
    assert edge_percent(BANKER) == "1.0579"
    assert edge_percent(PLAYER) == "1.2351"
    assert edge_percent(TIE) == "14.3596"
    # [CE] rounds the same edges to two places for 6 decks: 1.06 %, 1.24 %, 14.44 %.
    six = exact_distribution(Composition.decks(6))
    assert [edge_percent(b, 2, six) for b in (BANKER, PLAYER, TIE)] == ["1.06", "1.24", "14.44"]


def test_tie_9_to_1_follows_from_the_published_tie_count() -> None:
    # [CE]'s tie count fixes the 9:1 edge exactly: 1 − 10 · 475,627,426,473,216 / total.
    p = Fraction(475_627_426_473_216, 4_998_398_275_503_360)
    assert exact_bet_stats(TIE_9, EIGHT).house_edge == 1 - 10 * p
    assert edge_percent(TIE_9, 3) == "4.844"


def test_commission_free_banker_variants() -> None:
    # [EJ-S6]: "Banker winning three card seven is a push. House edge = 1.0183%" and
    # "Banker winning total of six [pays 1:2]. House edge = 1.4581%"; [WoO-EZ]: return −0.010183.
    assert edge_percent(BANKER_EZ) == "1.0183"
    assert returns(BANKER_EZ) == "-0.010183"
    assert edge_percent(BANKER_NO_COMMISSION) == "1.4581"


def test_dragon_7_and_panda_8() -> None:
    # [WoO-EZ]: Dragon 7 wins 112,633,011,329,024 (return −0.076113); Panda 8 wins
    # 172,660,763,262,976 (return −0.101876). [EJ-DP]: Panda 8 edge 10.1876 %. (Jacobson prints
    # 7.6110 % for the Dragon 7; the Wizard's exact count gives 7.6113 %, which we reproduce.)
    dragon = par_section(DRAGON_7, EIGHT)
    panda = par_section(PANDA_8, EIGHT)
    assert dragon.rows[0].combinations == 112_633_011_329_024
    assert panda.rows[0].combinations == 172_660_763_262_976
    assert returns(DRAGON_7) == "-0.076113"
    assert returns(PANDA_8) == "-0.101876"
    assert edge_percent(PANDA_8) == "10.1876"
    # The EZ Banker push on a three-card 7 is exactly the Dragon 7 win.
    assert exact_bet_stats(BANKER_EZ, EIGHT).push - exact_bet_stats(TIE, EIGHT).win == Fraction(
        112_633_011_329_024, EIGHT.total
    )


DRAGON_PLAYER_ROWS = [  # [WoO-SB] Dragon Bonus — Player: pays, combinations, probability
    (1, 812_685_054_124_032, "0.162589"),  # natural win
    (0, 89_325_908_267_520, "0.017871"),  # natural tie
    (30, 18_409_431_764_992, "0.003683"),  # win by 9
    (10, 34_097_645_543_424, "0.006822"),
    (6, 89_590_261_473_280, "0.017924"),
    (4, 141_238_897_317_888, "0.028257"),
    (2, 166_169_165_987_840, "0.033244"),
    (1, 186_780_352_174_080, "0.037368"),  # win by 4
    (-1, None, "0.692242"),  # loss (printed rounded: 3,460,101,558,850,300)
]
DRAGON_BANKER_ROWS = [  # [WoO-SB] Dragon Bonus — Banker
    (1, 812_685_054_124_032, "0.162589"),
    (0, 89_325_908_267_520, "0.017871"),
    (30, 15_390_342_909_952, "0.003079"),
    (10, 28_305_092_784_128, "0.005663"),
    (6, 79_517_099_278_336, "0.015909"),
    (4, 119_200_072_366_080, "0.023848"),
    (2, 157_275_882_332_160, "0.031465"),
    (1, 201_147_167_287_296, "0.040242"),
    (-1, None, "0.699334"),
]


@pytest.mark.parametrize(
    ("bet", "rows", "ret", "edge"),
    [
        (DRAGON_BONUS_PLAYER, DRAGON_PLAYER_ROWS, "-0.026517", "2.652"),
        (DRAGON_BONUS_BANKER, DRAGON_BANKER_ROWS, "-0.093731", "9.373"),
    ],
)
def test_dragon_bonus(
    bet: Bet, rows: list[tuple[int, int | None, str]], ret: str, edge: str
) -> None:
    # [WoO-SB] every row and the total return; [EJ-DB] the edges 2.652 % and 9.373 %.
    section = par_section(bet, EIGHT)
    got = [(int(r.pays), r.combinations, rounded(r.probability, 6)) for r in section.rows]
    assert [(p, c if expected is not None else None, q)
            for (p, c, q), (_, expected, _) in zip(got, rows, strict=True)] == rows  # fmt: skip
    assert returns(bet) == ret
    assert edge_percent(bet, 3) == edge


def test_pairs_bet() -> None:
    # [EJ-PB]: "The house edge is 10.361%", "The hit frequency is 7.470%".
    stats = exact_bet_stats(PLAYER_PAIR, EIGHT)
    assert rounded(stats.house_edge * 100, 3) == "10.361"
    assert rounded(stats.win * 100, 3) == "7.470"


def test_perfect_pair_both_versions() -> None:
    # [WoO-PP1] counts unordered two-card hands per side: 246,848,784 wins of 7,379,583,120
    # (probability 0.033450, return −0.130294 at 25:1). The ratio is exactly ours.
    one = exact_bet_stats(PERFECT_PAIR, EIGHT)
    assert one.win == Fraction(246_848_784, 7_379_583_120)
    assert returns(PERFECT_PAIR) == "-0.130294"
    # [WoO-PP2] 250:1 for both, 25:1 for one: 2,101,008 and 244,747,776 of 7,379,583,120,
    # return −0.066235.
    rows = par_section(PERFECT_PAIR_TWO_LEVEL, EIGHT).rows
    assert rows[0].probability == Fraction(2_101_008, 7_379_583_120)
    assert rows[1].probability + rows[2].probability == Fraction(244_747_776, 7_379_583_120)
    assert returns(PERFECT_PAIR_TWO_LEVEL) == "-0.066235"


EGALITE = {  # [WoO-EG] Individual Egalite Bets: total → (pays, combinations, return)
    9: (80, 55_146_054_060_032, "-0.106348"),
    8: (80, 54_879_416_675_072, "-0.110669"),
    7: (45, 101_717_538_899_968, "-0.063899"),
    6: (45, 96_170_001_308_416, "-0.114952"),
    5: (110, 39_684_046_743_808, "-0.118732"),
    4: (120, 36_294_133_463_040, "-0.121401"),
    3: (200, 22_250_510_129_408, "-0.105243"),
    2: (225, 20_006_606_104_576, "-0.095412"),
    1: (215, 20_499_217_668_352, "-0.114150"),
    0: (150, 28_979_901_420_544, "-0.124527"),
}


@pytest.mark.parametrize("total", sorted(EGALITE))
def test_egalite(total: int) -> None:
    pays, combinations, ret = EGALITE[total]
    bet = egalite_bet(total)
    assert bet.top_pay == pays
    assert par_section(bet, EIGHT).rows[0].combinations == combinations
    assert returns(bet) == ret


def test_small_and_big() -> None:
    # [WoO-SB] "4-5-6": 8 decks, 4 cards 0.378868 (at 3:2, return −0.05283), 5 cards 0.303444,
    # 6 cards 0.317687; 6 decks, 4 cards 0.378925 (return −0.052688).
    assert rounded(exact_bet_stats(SMALL, EIGHT).win, 6) == "0.378868"
    assert rounded(exact_bet_stats(SMALL, EIGHT).ev, 5) == "-0.05283"
    assert rounded(EIGHT.frequency("cards_5"), 6) == "0.303444"
    assert rounded(EIGHT.frequency("cards_6"), 6) == "0.317687"
    six = exact_distribution(Composition.decks(6))
    assert rounded(exact_bet_stats(SMALL, six).win, 6) == "0.378925"
    # Its return, −0.052688, is 2.5 × 0.378925 − 1 = −0.0526875 from the rounded probability;
    # the exact return is −0.0526874…, so it is compared to the five places both agree on.
    assert rounded(exact_bet_stats(SMALL, six).ev, 5) == "-0.05269"
    # [VF]: "the house edge for the small bet is 5.27%, while the house edge for the big bet is
    # 4.35%" — the Big figure is the 8-deck one (its Small figure is the 6-deck one above).
    assert edge_percent(BIG, 2) == "4.35"
    assert edge_percent(SMALL, 2, six) == "5.27"


def test_big_tiger() -> None:
    # [EJ-BT]: house edge 15.2533 %, standard deviation 6.519, variance 42.503, hits 1.662 %.
    stats = exact_bet_stats(BIG_TIGER, EIGHT)
    assert edge_percent(BIG_TIGER) == "15.2533"
    assert f"{stats.sd:.3f}" == "6.519"
    assert rounded(stats.variance, 3) == "42.503"
    assert rounded(stats.win * 100, 3) == "1.662"


def test_super_6_at_15_to_1_defined_in_toml() -> None:
    # [EJ-S6C]: a Super 6 paying 15:1 has a house edge of 13.82 % and hits 5.39 % of coups.
    # The bet is user-defined data, read the way a TOML rule set is.
    bet = Bet.from_data(
        "super_6_15",
        {"rules": [{"when": {"winner": "banker", "banker_total": 6}, "pays": "15:1"}]},
    )
    assert edge_percent(bet, 2) == "13.82"
    assert rounded(exact_bet_stats(bet, EIGHT).win * 100, 2) == "5.39"


SUPER_BACCARAT_PLAYER = {  # [WoO-SUP] "Super Baccarat — Player Bets": total → pays, combinations
    9: (6, 613_074_020_540_416, "-0.141421"),
    8: (6, 555_823_197_134_848, "-0.221598"),
    7: (9, 408_043_979_470_848, "-0.183651"),
    6: (11, 312_658_895_192_064, "-0.249378"),
    5: (30, 122_838_277_197_824, "-0.238159"),
    4: (45, 86_165_771_096_064, "-0.207021"),
    3: (60, 62_946_423_310_336, "-0.231808"),
    2: (90, 44_328_525_111_296, "-0.192962"),
    1: (160, 24_639_193_538_560, "-0.206364"),
}
SUPER_BACCARAT_BANKER = {  # [WoO-SUP] "Super Baccarat — Banker Bets"
    9: (6, 586_850_279_002_112, "-0.178146"),
    8: (7, 529_914_458_673_152, "-0.151865"),
    7: (9, 384_279_324_919_808, "-0.231195"),
    5: (17, 216_715_928_915_968, "-0.219573"),
}


@pytest.mark.parametrize(
    ("side", "total"),
    [("player", t) for t in SUPER_BACCARAT_PLAYER] + [("banker", t) for t in SUPER_BACCARAT_BANKER],
)
def test_user_defined_winning_total_bets(side: str, total: int) -> None:
    # Bets a user could write in TOML: "this side wins with this total".
    pays, combinations, ret = (
        SUPER_BACCARAT_PLAYER if side == "player" else SUPER_BACCARAT_BANKER
    )[total]
    bet = Bet.from_data(
        f"{side}_{total}",
        {"rules": [{"when": {"winner": side, f"{side}_total": total}, "pays": str(pays)}]},
    )
    assert par_section(bet, EIGHT).rows[0].combinations == combinations
    assert returns(bet) == ret


def test_seed_guide_frequency_table() -> None:
    # Seed 000 (24 million coups, 8 decks): at least one natural 34.3 %, Player draws 50.3 %,
    # Banker draws 43.5 %, both draw 31.8 %, 4.94 cards per coup.
    f = EIGHT.frequencies()
    assert rounded(f["natural"] * 100, 1) == "34.3"
    assert rounded(f["player_draws"] * 100, 1) == "50.3"
    assert rounded(f["banker_draws"] * 100, 1) == "43.5"
    assert rounded(f["both_draw"] * 100, 1) == "31.8"
    assert rounded(f["cards_per_coup"], 2) == "4.94"
