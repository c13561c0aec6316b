"""The cyclic garbage collector as a method saw it: searches pause it and leave it as they found it."""

import gc

import pytest


def collector_seen(owner, name, run):
    """Calls ``run()`` with the collector on, then off, checking that each time it is left as it was set; returns
    whether it was on each time ``owner.name`` was entered."""
    seen = []
    real = getattr(owner, name)

    def spying(self, *args):
        seen.append(gc.isenabled())
        return real(self, *args)

    was = gc.isenabled()
    try:
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(owner, name, spying)
            for on in (True, False):
                gc.enable() if on else gc.disable()
                run()
                assert gc.isenabled() is on
    finally:
        gc.enable() if was else gc.disable()
    return seen
