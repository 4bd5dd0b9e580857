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
- [WoO-L6]   Wizard of Odds, "Lucky 6" (wizardofodds.com/games/baccarat/side-bets/lucky-6/): the
             Las Vegas (12:1, 23:1) and Macau (12:1, 20:1) pay tables, combinations and returns.
- [WoO-N89]  Wizard of Odds, "Banker Natural 8 and 9" (.../baccarat/side-bets/natural-8-and-9/).
- [TW]       E. O. Thorp and W. E. Walden, "A Favorable Side Bet in Nevada Baccarat", JASA 61
             (1966), p. 317, as quoted by Eliot Jacobson's review of it (888casino.com blog).
- [EJ-N89]   Eliot Jacobson, "Card Counting the Natural 9 and Natural 8 Baccarat Side Bets"
             (888casino.com blog).
- [WoO-456]  Wizard of Odds, "Baccarat Side Bets", appendix 5, "4-5-6" (6 and 8 decks).
- [AAP]      advancedadvantageplay.com, "Baccarat Side Bets": 3 Giving 8.
- [GGR]      GGRAsia, 27 September 2024, "Macau ops eye new side bet 'Lucky 7'": its pay tables.

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
    STANDARD_BETS,
    TIE,
    egalite_bet,
)
from baccarat.core.distribution import Distribution
from baccarat.core.rules import BANKER_EZ, BANKER_NO_COMMISSION, RULE_SETS, TIE_9
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


# --- The side bets of baccarat.core.sidebets ---------------------------------------------------

SIDE = exact_distribution(
    Composition.decks(8),
    bets=[
        *STANDARD_BETS.values(),
        *RULE_SETS["naturals-8-1"].bets.values(),
        *RULE_SETS["lucky-6-macau"].bets.values(),
    ],
)


def test_lucky_6_both_pay_tables_and_the_tiger() -> None:
    # [WoO-L6]: 2-card winning Banker 6 186,173,936,904,192; 3-card 83,058,367,551,488; all other
    # 4,729,165,971,047,680; return -0.116985 (Las Vegas, 23:1) and -0.166836 (Macau, 20:1).
    # The Wizard: "The same side bet goes by the name of the Tiger on some games" (the Macau one).
    vegas = STANDARD_BETS["lucky_6"]
    macau = RULE_SETS["lucky-6-macau"].bet("lucky_6")
    for bet, ret in (
        (vegas, "-0.116985"),
        (macau, "-0.166836"),
        (STANDARD_BETS["tiger"], "-0.166836"),
    ):
        rows = par_section(bet, SIDE).rows
        assert [r.combinations for r in rows] == [
            186_173_936_904_192, 83_058_367_551_488, 4_729_165_971_047_680,
        ]  # fmt: skip
        assert [rounded(r.probability, 6) for r in rows] == ["0.037247", "0.016617", "0.946136"]
        assert returns(bet, SIDE) == ret
    assert edge_percent(vegas, 2, SIDE) == "11.70"
    assert edge_percent(macau, 2, SIDE) == "16.68"


@pytest.mark.parametrize(
    ("total", "wins", "ret", "edge_9", "edge_8", "hits"),
    [
        (8, 472_508_456_071_680, "-0.054680", "5.468", "14.921", "9.453"),
        (9, 474_361_430_409_216, "-0.050973", "5.097", "14.588", "9.490"),
    ],
)
def test_natural_8_and_9(
    total: int, wins: int, ret: str, edge_9: str, edge_8: str, hits: str
) -> None:
    # [WoO-N89] combinations and returns (Banker); [EJ-N89] the edges at 9:1 and 8:1 and the hit
    # frequency; [TW]: "the probability of a natural nine is 0.09490, a house advantage of 5.10 per
    # cent ... of a natural eight is 0.09453, a house advantage of 5.47 per cent". Player and
    # Banker naturals are alike: the first four cards are dealt alike.
    for side in ("banker", "player"):
        bet = STANDARD_BETS[f"{side}_natural_{total}"]
        rows = par_section(bet, SIDE).rows
        assert rows[0].combinations == wins
        assert returns(bet, SIDE) == ret
        assert edge_percent(bet, 3, SIDE) == edge_9
        assert edge_percent(bet, 2, SIDE) == {8: "5.47", 9: "5.10"}[total]
        assert rounded(exact_bet_stats(bet, SIDE).win, 5) == {8: "0.09453", 9: "0.09490"}[total]
        assert rounded(exact_bet_stats(bet, SIDE).win * 100, 3) == hits
        at_8 = RULE_SETS["naturals-8-1"].bet(f"{side}_natural_{total}")
        assert edge_percent(at_8, 3, SIDE) == edge_8


def test_four_five_six() -> None:
    # [WoO-456]: 8 decks 0.378868 / 0.303444 / 0.317687, returns -0.05283 / -0.089668 /
    # -0.046939; 6 decks 0.378925 / 0.303540 / 0.317535, returns -0.052688 / -0.089380 / -0.047395.
    # The returns are the printed probabilities times the pays less one, so they are compared
    # to the places where that and the exact return agree.
    names = ("four_cards", "five_cards", "six_cards")
    six = exact_distribution(Composition.decks(6))
    for d, probabilities in (
        (EIGHT, ["0.378868", "0.303444", "0.317687"]),
        (six, ["0.378925", "0.303540", "0.317535"]),
    ):
        got = [rounded(exact_bet_stats(STANDARD_BETS[n], d).win, 6) for n in names]
        assert got == probabilities
    assert [rounded(exact_bet_stats(STANDARD_BETS[n], EIGHT).ev, 5) for n in names] == [
        "-0.05283", "-0.08967", "-0.04694",
    ]  # fmt: skip
    assert rounded(exact_bet_stats(STANDARD_BETS["six_cards"], six).ev, 6) == "-0.047395"


def test_tiger_tie_is_the_egalite_6_count() -> None:
    # [WoO-EG]: a tie on 6 comes up in 96,170,001,308,416 of the 8-deck sequences.
    rows = par_section(STANDARD_BETS["tiger_tie"], EIGHT).rows
    assert rows[0].combinations == 96_170_001_308_416
    assert (
        exact_bet_stats(STANDARD_BETS["tiger_tie"], EIGHT).ev
        == 36 * Fraction(96_170_001_308_416, EIGHT.total) - 1
    )


def test_lucky_7_splits_the_player_7_count() -> None:
    # [WoO-SUP]: the Player wins with 7 in 408,043,979,470,848 sequences; [GGR]: Lucky 7 pays 6:1
    # on two cards and 15:1 on three, so its two winning rows add up to that count.
    rows = par_section(STANDARD_BETS["lucky_7"], EIGHT).rows
    assert rows[0].combinations + rows[1].combinations == 408_043_979_470_848
    assert [r.pays for r in rows[:2]] == [6, 15]


def test_three_giving_eight() -> None:
    # [AAP]: "Pays 200-to-1 ... House edge: 8.682 ... Variance: 182.715". It reads the Banker's
    # two-card total and the Player's third card: a card-level bet of the base.
    bet = STANDARD_BETS["three_giving_eight"]
    assert edge_percent(bet, 3, SIDE) == "8.682"
    assert rounded(exact_bet_stats(bet, SIDE).variance, 3) == "182.715"
