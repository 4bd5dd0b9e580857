"""Ctrl-C between chunks: the first press is noted and raised where the run asks, the second at
once; Python's handler comes back afterwards, and a program's own handler is left alone."""

from __future__ import annotations

import signal
import threading
from types import FrameType

import pytest

from baccarat.sim.stopping import CtrlC, between_chunks


@pytest.mark.usefixtures("python_handles_ctrl_c")
def test_the_first_ctrl_c_waits_for_the_check() -> None:
    with between_chunks() as ctrl_c:
        signal.raise_signal(signal.SIGINT)
        assert ctrl_c.pressed  # noted, and the block went on
        with pytest.raises(KeyboardInterrupt):
            ctrl_c.check()
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


@pytest.mark.usefixtures("python_handles_ctrl_c")
def test_the_second_ctrl_c_interrupts_at_once() -> None:
    with between_chunks() as ctrl_c:
        signal.raise_signal(signal.SIGINT)
        with pytest.raises(KeyboardInterrupt):
            signal.raise_signal(signal.SIGINT)
        assert ctrl_c.pressed
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


@pytest.mark.usefixtures("python_handles_ctrl_c")
def test_pythons_handler_comes_back_when_the_block_raises() -> None:
    with pytest.raises(RuntimeError), between_chunks():
        raise RuntimeError("the backend failed")
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_a_programs_own_handler_is_left_alone() -> None:
    presses: list[int] = []

    def own(number: int, frame: FrameType | None) -> None:
        presses.append(number)

    previous = signal.signal(signal.SIGINT, own)
    try:
        with between_chunks() as ctrl_c:
            assert signal.getsignal(signal.SIGINT) is own
            signal.raise_signal(signal.SIGINT)
        assert presses == [signal.SIGINT] and not ctrl_c.pressed
        assert signal.getsignal(signal.SIGINT) is own
    finally:
        signal.signal(signal.SIGINT, previous)


@pytest.mark.usefixtures("python_handles_ctrl_c")
def test_outside_the_main_thread_nothing_is_set() -> None:
    # Only the main thread may set a handler; a run in another thread goes on as before.
    seen: list[object] = []

    def run() -> None:
        with between_chunks() as ctrl_c:
            seen.append(signal.getsignal(signal.SIGINT))
            ctrl_c.check()
            seen.append(ctrl_c.pressed)

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    assert seen == [signal.default_int_handler, False]


def test_a_ctrl_c_never_pressed_checks_out() -> None:
    ctrl_c = CtrlC()
    ctrl_c.check()
    assert not ctrl_c.pressed
