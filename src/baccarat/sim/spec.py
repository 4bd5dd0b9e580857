"""What a simulation run is: its mode, shoe, rules and seed, and the data its kernels read.

A run is defined independently of how it is computed: *the first* ``coups`` *coups of shoe 0,
shoe 1, shoe 2, …*, shoe ``i`` being shuffled from its own random stream (see
:mod:`baccarat.sim.kernels`). Workers, chunks, Dask partitions and the GPU only decide who deals
which shoes, so the same seed gives bit-identical tallies everywhere.

>>> spec = SimulationSpec(coups=1000, seed=7)
>>> spec.mode.value, spec.shoe.decks, spec.key()
('shoe', 8, (16920295385781661272, 610735763742393210))
>>> SimulationSpec(coups=0)
Traceback (most recent call last):
...
baccarat.sim.spec.SimulationError: --coups must be a whole number of at least 1, got 0
"""

from __future__ import annotations

import enum
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from baccarat.core.cardspace import CardSignature
from baccarat.core.coup import Chooser
from baccarat.core.errors import TemplatedError
from baccarat.core.shoe import ShoeRules
from baccarat.core.tableau import PUNTO_BANCO, Tableau
from baccarat.sim.config import INFINITE_UNIT, KERNEL_MAX_DECKS

if TYPE_CHECKING:
    from baccarat.sim.cards import CardTally

__all__ = ["MAX_DECKS", "KernelPlan", "Mode", "SimulationError", "SimulationSpec"]

MAX_DECKS = KERNEL_MAX_DECKS
"""The largest shoe the kernels deal (:data:`baccarat.sim.config.KERNEL_MAX_DECKS`)."""


class SimulationError(TemplatedError):
    """A simulation that cannot be run as asked (bad arguments, missing backend)."""

    templates: ClassVar[Mapping[str, str]] = {
        "simulation_coups": "--coups must be a whole number of at least 1, got {coups!r}",
        "simulation_dask_address": (
            "--dask expects 'local' or a scheduler address such as tcp://HOST:8786, got {address!r}"
        ),
        "simulation_dask_died": (
            "Dask workers died {times} times running the same task (the last one: "
            "{worker!r}): their logs say why"
        ),
        "simulation_dask_kernels": "the simulator's kernels fail on Dask worker {worker!r}: {reason}",
        "simulation_dask_lost": "lost the Dask scheduler at {address!r} during the run: {reason}",
        "simulation_dask_no_baccarat": (
            "{count} of the {total} Dask workers cannot import baccarat ({worker}: "
            "{reason}): install baccarat {version} on every worker"
        ),
        "simulation_dask_no_workers": (
            "the Dask scheduler at {address!r} has no workers after {seconds} s: start "
            "some (dask worker {address}) or wait longer (--dask-wait)"
        ),
        "simulation_dask_tallies": (
            "Dask worker {worker!r} deals other tallies than this machine for shoes 0 to "
            "{last}: its kernels do not compute what this machine's compute"
        ),
        "simulation_dask_unreachable": "cannot reach the Dask scheduler at {address!r}: {reason}",
        "simulation_dask_version": (
            "Dask worker {worker!r} runs baccarat {theirs}, this command runs {ours}: "
            "install the same baccarat on every worker"
        ),
        "simulation_dask_workers_gone": (
            "every Dask worker of the scheduler at {address!r} left during the simulation and none "
            "came back within {seconds} s (--dask-wait)"
        ),
        "simulation_decks": "the simulator deals shoes of up to {most} decks, got {decks}",
        "simulation_gpu_card_level": (
            "--backend gpu tallies the summary and pair classes only: bets that read the cards "
            "({bets}) are simulated with --backend cpu"
        ),
        "simulation_gpu_unusable": "--backend gpu found no usable CUDA GPU: {reason}",
        "simulation_interrupted": "the simulation was interrupted before any coup was dealt",
        "simulation_no_cupy": (
            "--backend gpu needs CuPy and an NVIDIA GPU: pip install 'baccarat[gpu]' (CuPy "
            "could not be imported: {reason})"
        ),
        "simulation_no_gpu": "--backend gpu found no CUDA GPU on this machine",
        "simulation_seed": "--seed must be a whole number of at least 0, got {seed!r}",
    }


class Mode(enum.Enum):
    """How coups are dealt."""

    SHOE = "shoe"
    """Coups one after another to the cut card, then one more; shoe after shoe."""
    FIRST_COUP = "first-coup"
    """Only the first coup of each freshly shuffled shoe (after the burn): the exact analyzer's case."""
    INFINITE = "infinite"
    """Independent cards, each uniform over one deck (an infinite shoe)."""

    @property
    def kernel_code(self) -> int:
        return {Mode.SHOE: 0, Mode.FIRST_COUP: 1, Mode.INFINITE: 2}[self]


@dataclass(frozen=True)
class SimulationSpec:
    """One run. ``seed=None`` draws a fresh 64-bit seed (reported, so the run can be repeated)."""

    coups: int
    shoe: ShoeRules = field(default_factory=ShoeRules)
    mode: Mode = Mode.SHOE
    seed: int | None = None
    tableau: Tableau = PUNTO_BANCO
    choose: Chooser | None = field(default=None, compare=False)
    """The fixed strategy where ``tableau`` leaves a hand a choice."""
    signatures: tuple[CardSignature, ...] = ()
    """The card classes to tally as well, for card-level bets (their signatures)."""

    def __post_init__(self) -> None:
        if isinstance(self.coups, bool) or not isinstance(self.coups, int) or self.coups < 1:
            raise SimulationError("simulation_coups", coups=self.coups)
        if self.shoe.decks > MAX_DECKS:
            raise SimulationError("simulation_decks", most=MAX_DECKS, decks=self.shoe.decks)
        if self.seed is None:
            object.__setattr__(self, "seed", secrets.randbits(64))
        elif isinstance(self.seed, bool) or not isinstance(self.seed, int) or self.seed < 0:
            raise SimulationError("simulation_seed", seed=self.seed)

    @property
    def resolved_seed(self) -> int:
        """The seed in use (drawn at construction when none was given)."""
        assert self.seed is not None
        return self.seed

    def key(self) -> tuple[int, int]:
        """The 128-bit stream key: NumPy's ``SeedSequence(seed)`` state as two 64-bit words."""
        import numpy as np

        words = np.random.SeedSequence(self.resolved_seed).generate_state(2, np.uint64)
        return int(words[0]), int(words[1])

    def plan(self) -> KernelPlan:
        """The data the kernels read for this run."""
        from baccarat.sim.cards import card_tally
        from baccarat.sim.tables import canonical_shoe, coup_table

        decks = 1 if self.mode is Mode.INFINITE else self.shoe.decks
        k0, k1 = self.key()
        return KernelPlan(
            mode=self.mode.kernel_code,
            k0=k0,
            k1=k1,
            template=canonical_shoe(decks),
            table=coup_table(self.tableau, self.choose),
            cut_index=self.shoe.size - self.shoe.cut_card,
            burn=self.shoe.burn,
            one_more=self.shoe.one_more_coup,
            cards=card_tally(self.signatures),
        )


@dataclass(frozen=True, eq=False)
class KernelPlan:
    """Everything a kernel call needs besides the range of shoes: small and picklable, so it
    travels to Dask workers as it is."""

    mode: int
    k0: int
    k1: int
    template: Any  # uint8 card codes of the canonical shoe
    table: Any  # uint16 coup table
    cut_index: int
    burn: bool
    one_more: bool
    cards: CardTally | None = None
    """The card classes tallied as well (:mod:`baccarat.sim.cards`), or None."""

    @property
    def unit_coups(self) -> int | None:
        """Coups per stream when fixed (first-coup: 1, infinite: 1024); None for whole shoes."""
        return {0: None, 1: 1, 2: INFINITE_UNIT}[self.mode]
