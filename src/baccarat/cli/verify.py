"""``baccarat verify``: recompute a provably fair shoe from its revealed seeds and check it."""

from __future__ import annotations

import json
import sys
from typing import Annotated

import typer

from baccarat.core.cards import format_cards
from baccarat.core.coup import Coup
from baccarat.core.errors import BaccaratError
from baccarat.core.shoe import ShoeRules
from baccarat.fair.verify import Claim, Verification, read_claims, verify

__all__ = ["register", "render_verification", "verify_command"]

_ROW = 13  # cards per row of the printed order: a deck's worth of ranks


def _read_coups(source: str) -> list[Claim]:
    if source == "-":
        return read_claims(sys.stdin)
    try:
        with open(source, encoding="utf-8") as handle:
            return read_claims(handle)
    except OSError as exc:
        raise BaccaratError(f"cannot read --coups {source!r}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise BaccaratError(f"cannot read --coups {source!r}: not UTF-8 text") from None


def _coup_line(number: int, coup: Coup) -> str:
    winner = coup.winner.value.capitalize()
    verdict = "Tie" if winner == "Tie" else f"{winner} wins"
    return (
        f"{number:>4}  Player {format_cards(coup.player.cards):<8} ({coup.player.total})  "
        f"Banker {format_cards(coup.banker.cards):<8} ({coup.banker.total})  {verdict}"
        + ("  (natural)" if coup.natural else "")
    )


def render_verification(result: Verification, claimed: int) -> str:
    """The verification as text: inputs, commitment, order, coups, and the verdict last."""
    rules = result.rules
    lines = [
        f"Shoe {result.shoe_number} · {rules.decks} deck{'s' if rules.decks > 1 else ''} · "
        f"cut card {rules.cut_card} from the end · {'burn' if rules.burn else 'no burn'} · "
        f"{'one more coup' if rules.one_more_coup else 'no more coups'} after the cut card",
        f"Server seed  {result.server_seed}",
        f"Client seed  {result.client_seed!r}",
        f"Commitment   {result.commitment}  (SHA-256 of the server seed's 32 bytes)",
    ]
    if result.commitment_ok is None:
        lines.append("             not checked: give --commitment to compare it with the one shown")
    elif result.commitment_ok:
        lines.append("             matches the commitment shown before the shoe")
    else:
        lines.append(f"             DIFFERS from the commitment shown: {result.commitment_given}")
    lines.append(f"Order        {len(result.order)} cards, top first")
    for start in range(0, len(result.order), _ROW):
        lines.append(f"{start + 1:>6}  {format_cards(result.order[start : start + _ROW])}")
    if result.burned:
        lines.append(
            f"Burned       {result.burned[0]} shown, then {len(result.burned) - 1} face down"
        )
    lines.append(f"Coups        {len(result.coups)} dealt from this shoe")
    lines += [_coup_line(number, coup) for number, coup in enumerate(result.coups, start=1)]
    if result.mismatch is not None:
        lines.append(f"Mismatch     {result.mismatch.message}")
    elif claimed:
        lines.append(
            f"Checked      {claimed} coup{'s' if claimed > 1 else ''} handed in: all match"
        )
    if result.ok:
        lines.append(
            "Verified: "
            + (
                "the shoe is the one committed to"
                if result.commitment_ok
                else "the shoe recomputed"
            )
            + (", and every coup handed in matches it." if claimed else ".")
        )
    else:
        failed = [
            *(["the commitment differs"] if result.commitment_ok is False else []),
            *([f"coup {result.mismatch.coup} differs"] if result.mismatch is not None else []),
        ]
        lines.append("FAILED: " + " and ".join(failed) + ".")
    return "\n".join(lines)


def verify_command(
    server_seed: Annotated[
        str,
        typer.Option(
            "--server-seed", help="The server seed revealed after the shoe (64 hex digits)."
        ),
    ],
    client_seed: Annotated[str, typer.Option("--client-seed", help="The client seed of the shoe.")],
    shoe: Annotated[int, typer.Option("--shoe", help="The shoe number (from 1).")],
    decks: Annotated[int, typer.Option(help="Decks in the shoe (1 to 8).")] = 8,
    cut_card: Annotated[int, typer.Option(help="Cards behind the cut card.")] = 14,
    burn: Annotated[bool, typer.Option(help="Whether the shoe burns cards first.")] = True,
    one_more_coup: Annotated[
        bool,
        typer.Option(help="Whether one more coup follows the coup in which the cut card came out."),
    ] = True,
    commitment: Annotated[
        str | None,
        typer.Option(help="The commitment shown before the shoe (64 hex digits), to check."),
    ] = None,
    coups: Annotated[
        str | None,
        typer.Option(
            help="A file of the coups dealt, one per line from the first: cards in shoe order "
            "(P1 B1 P2 B2, then third cards) or the JSON records of 'baccarat deal --json'; "
            "'-' reads standard input."
        ),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="The verification as one JSON object.")
    ] = False,
) -> None:
    """Recompute a provably fair shoe from its seeds; check the commitment and the coups dealt.

    Exit code 0 when everything matches, 1 when the commitment or a coup differs, 2 on bad input.
    """
    rules = ShoeRules(decks=decks, cut_card=cut_card, burn=burn, one_more_coup=one_more_coup)
    claims = _read_coups(coups) if coups is not None else []
    result = verify(server_seed, client_seed, shoe, rules, commitment=commitment, coups=claims)
    if as_json:
        typer.echo(json.dumps(result.record(), ensure_ascii=False))
    else:
        typer.echo(render_verification(result, len(claims)))
    if not result.ok:
        # Not typer.Exit: with standalone_mode=False click returns its code instead of exiting.
        raise SystemExit(1)


def register(app: typer.Typer) -> None:
    app.command("verify")(verify_command)
