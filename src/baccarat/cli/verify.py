"""``baccarat verify``: recompute a provably fair shoe from its revealed seeds and check it."""

from __future__ import annotations

import io
import textwrap
from typing import TYPE_CHECKING, Annotated

import typer
from rich.cells import cell_len

from baccarat.cli.entry import deprecated
from baccarat.cli.errors import CliError
from baccarat.cli.files import read_text
from baccarat.cli.help import examples
from baccarat.cli.language import cli_translator
from baccarat.cli.limits import MAX_DECKS, Whole
from baccarat.cli.options import LangOption
from baccarat.cli.output import print_json, screen
from baccarat.core.cards import format_cards
from baccarat.core.coup import Coup
from baccarat.core.shoe import DEFAULT_CUT_CARD, DEFAULT_DECKS, ShoeRules
from baccarat.core.summary import Winner
from baccarat.core.tableau import Side
from baccarat.fair.errors import FairError
from baccarat.fair.seeds import MAX_SHOE_NUMBER, combine_client_seeds
from baccarat.fair.shuffle import MAX_DECKS as FAIR_MAX_DECKS
from baccarat.fair.verify import MISMATCH_MESSAGES, Claim, Verification, read_claims, verify
from baccarat.records import RecordType

if TYPE_CHECKING:
    from baccarat.i18n.catalogs import Translator

__all__ = ["register", "render_verification", "verify_command"]

_ROW = 13  # cards per row of the printed order: a deck's worth of ranks


def _read_coups(source: str) -> list[Claim]:
    """The coups handed in, from a file or standard input (``-``), read as text first: a file
    of coups is a few kilobytes, so anything past :data:`~baccarat.cli.limits.MAX_FILE_BYTES`
    (or a directory, a device, bytes that are not UTF-8) is refused before it is parsed."""
    text = read_text(
        source,
        "--coups-file",
        refuse=lambda path, reason: CliError("cannot_read_coups", path=path, reason=reason),
    )
    return read_claims(io.StringIO(text))


def _coup_line(number: int, coup: Coup, t: Translator) -> str:
    if coup.winner is Winner.TIE:
        verdict = t.pgettext("bet", "Tie")
    else:
        side = t.side_names[Side.PLAYER if coup.winner is Winner.PLAYER else Side.BANKER]
        verdict = t.gettext("{side} wins").format(side=side)
    natural = "  (" + t.gettext("natural") + ")" if coup.natural else ""
    player, banker = t.side_names[Side.PLAYER], t.side_names[Side.BANKER]
    return (
        f"{number:>4}  {player} {format_cards(coup.player.cards):<8} ({coup.player.total})  "
        f"{banker} {format_cards(coup.banker.cards):<8} ({coup.banker.total})  {verdict}" + natural
    )


_LABEL = 11
"""The width of the labels' column: the values start at column 14, where a seed (64 digits)
still fits an 80-column terminal."""
_PAD = " " * (_LABEL + 2)


def _field(label: str, value: str, width: int | None) -> list[str]:
    """A label and its value, the value at column 14 on every line it takes: a label wider than
    its column (in some languages) has a line of its own, and a value wrapped to ``width`` goes
    on under itself."""
    if cell_len(label) <= _LABEL:
        lines, first = [], label + " " * (_LABEL - cell_len(label)) + "  "
    else:
        lines, first = [label], _PAD
    if width is None:
        return [*lines, first + value]
    wrapped = textwrap.wrap(
        value,
        width,
        initial_indent=first,
        subsequent_indent=_PAD,
        break_long_words=False,
        break_on_hyphens=False,
    )
    return [*lines, *wrapped]


def render_verification(
    result: Verification, claimed: int, t: Translator, width: int | None = None
) -> str:
    """The verification as text: inputs, commitment, order, coups, and the verdict last; the
    labelled lines wrapped to ``width`` (none: one line each)."""
    rules = result.rules
    decks = t.ngettext("{count} deck", "{count} decks", rules.decks).format(count=rules.decks)
    more = (
        t.gettext("one more coup after the cut card")
        if rules.one_more_coup
        else t.gettext("no more coups after the cut card")
    )
    parts = [
        t.gettext("Shoe {number}").format(number=result.shoe_number),
        decks,
        t.gettext("cut card {cards} from the end").format(cards=rules.cut_card),
        t.gettext("burn") if rules.burn else t.gettext("no burn"),
        more,
    ]
    lines = [
        " · ".join(parts),
        *_field(t.gettext("Server seed"), result.server_seed, width),
        *_field(t.gettext("Client seed"), repr(result.client_seed), width),
        *_field(
            t.gettext("Commitment"),
            t.gettext("{commitment}  (SHA-256 of the server seed's 32 bytes)").format(
                commitment=result.commitment
            ),
            width,
        ),
    ]
    if result.commitment_ok is None:
        checked = t.gettext("not checked: give --commitment to compare it with the one shown")
    elif result.commitment_ok:
        checked = t.gettext("matches the commitment shown before the shoe")
    else:
        checked = t.gettext("DIFFERS from the commitment shown: {commitment}").format(
            commitment=result.commitment_given
        )
    lines += _field("", checked, width)
    lines += _field(
        # Translators: the order of the shoe's cards, as a label.
        t.gettext("Order"),
        t.gettext("{count} cards, top first").format(count=len(result.order)),
        width,
    )
    for start in range(0, len(result.order), _ROW):
        lines.append(f"{start + 1:>6}  {format_cards(result.order[start : start + _ROW])}")
    if result.burned:
        lines += _field(
            # Translators: the cards burned at the start of the shoe, as a label.
            t.gettext("Burned"),
            t.gettext("{card} shown, then {count} face down").format(
                card=result.burned[0], count=len(result.burned) - 1
            ),
            width,
        )
    lines += _field(
        t.gettext("Coups"),
        t.gettext("{count} dealt from this shoe").format(count=len(result.coups)),
        width,
    )
    lines += [_coup_line(number, coup, t) for number, coup in enumerate(result.coups, start=1)]
    if result.mismatch is not None:
        lines += _field(
            t.gettext("Mismatch"), result.mismatch.text(t.translated(MISMATCH_MESSAGES)), width
        )
    elif claimed:
        lines += _field(
            t.gettext("Checked"),
            t.ngettext(
                "{count} coup handed in: all match", "{count} coups handed in: all match", claimed
            ).format(count=claimed),
            width,
        )
    if result.ok:
        if claimed:
            verified = (
                t.gettext(
                    "Verified: the shoe is the one committed to, and every coup handed in matches it."
                )
                if result.commitment_ok
                else t.gettext(
                    "Verified: the shoe recomputed, and every coup handed in matches it."
                )
            )
        else:
            verified = (
                t.gettext("Verified: the shoe is the one committed to.")
                if result.commitment_ok
                else t.gettext("Verified: the shoe recomputed.")
            )
        lines.append(verified)
    else:
        failed = [
            *([t.gettext("the commitment differs")] if result.commitment_ok is False else []),
            *(
                [t.gettext("coup {number} differs").format(number=result.mismatch.coup)]
                if result.mismatch is not None
                else []
            ),
        ]
        lines.append(
            t.gettext("FAILED: {reasons}.").format(reasons=t.gettext(" and ").join(failed))
        )
    return "\n".join(lines)


def verify_command(
    server_seed: Annotated[
        str,
        typer.Option(
            "--server-seed",
            metavar="HEX",
            help="The server seed revealed after the shoe (64 hex digits).",
        ),
    ],
    shoe: Annotated[
        int,
        typer.Option(
            "--shoe",
            click_type=Whole(
                MAX_SHOE_NUMBER,
                too_large=lambda value: FairError(
                    "shoe_number", most=MAX_SHOE_NUMBER, number=value
                ),
            ),
            help="The shoe number (from 1).",
        ),
    ],
    client_seed: Annotated[
        str | None,
        typer.Option("--client-seed", metavar="SEED", help="The client seed of the shoe."),
    ] = None,
    contributions: Annotated[
        list[str] | None,
        typer.Option(
            "--contribution",
            metavar="SEED",
            help="A room's shoe: a client seed contributed to it, once per seed (its client seed "
            "combines them all, in any order; instead of --client-seed).",
        ),
    ] = None,
    decks: Annotated[
        int, typer.Option(click_type=Whole(FAIR_MAX_DECKS), help="Decks in the shoe (1 to 8).")
    ] = DEFAULT_DECKS,
    cut_card: Annotated[
        int, typer.Option(click_type=Whole(MAX_DECKS * 52), help="Cards behind the cut card.")
    ] = DEFAULT_CUT_CARD,
    burn: Annotated[bool, typer.Option(help="Whether the shoe burns cards first.")] = True,
    one_more_coup: Annotated[
        bool,
        typer.Option(help="Whether one more coup follows the coup in which the cut card came out."),
    ] = True,
    commitment: Annotated[
        str | None,
        typer.Option(
            metavar="HEX", help="The commitment shown before the shoe (64 hex digits), to check."
        ),
    ] = None,
    coups_file: Annotated[
        str | None,
        typer.Option(
            "--coups-file",
            metavar="FILE",
            help="A file of the coups dealt, one per line from the first: cards in shoe order "
            "(P1 B1 P2 B2, then third cards) or the JSON records of 'baccarat deal --json'; "
            "'-' reads standard input.",
        ),
    ] = None,
    coups: Annotated[
        str | None,
        typer.Option(
            "--coups", metavar="FILE", hidden=True, help="The same as --coups-file (deprecated)."
        ),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="The verification as one JSON object.")
    ] = False,
    lang: LangOption = None,
) -> None:
    """Recompute a provably fair shoe from its seeds; check the commitment and the coups dealt.

    Exit code 0 when everything matches, 1 when the commitment or a coup differs, 2 on bad input.
    """
    t = cli_translator(lang)
    if coups is not None:
        # --coups is a count everywhere else; a file of coups is --coups-file.
        if coups_file is not None:
            raise CliError("not_both", first="--coups-file", second="--coups")
        deprecated("--coups", "--coups-file")
        coups_file = coups
    if client_seed is not None and contributions:
        raise CliError("not_both", first="--client-seed", second="--contribution")
    if contributions:
        client_seed = combine_client_seeds(contributions)
    elif client_seed is None:
        raise CliError("one_of", first="--client-seed", second="--contribution")
    rules = ShoeRules(decks=decks, cut_card=cut_card, burn=burn, one_more_coup=one_more_coup)
    claims = _read_coups(coups_file) if coups_file is not None else []
    result = verify(server_seed, client_seed, shoe, rules, commitment=commitment, coups=claims)
    if as_json:
        print_json(RecordType.VERIFICATION, result.record())
    else:
        out = screen()
        out.paragraph(render_verification(result, len(claims), t, out.width))
    if not result.ok:
        # Not typer.Exit: with standalone_mode=False click returns its code instead of exiting.
        raise SystemExit(1)


def register(app: typer.Typer) -> None:
    app.command(
        "verify",
        epilog=examples(
            "baccarat verify --server-seed SEED --client-seed mine --shoe 1",
            "baccarat verify --server-seed SEED --client-seed mine --shoe 1 \\",
            "    --commitment HASH --coups-file coups.txt",
            "baccarat verify --server-seed SEED --shoe 3 \\",
            "    --contribution 7f3a --contribution q42",
        ),
    )(verify_command)
