"""A build as one use case, the same for every caller: plan() checks what to build and refuses
what memory cannot hold, before anything is searched; run() searches and stores each build,
tells a reporter as it goes, and turns Ctrl-C, SIGTERM and a failing database into errors that
say which builds were stored. The CLI's `build` parses its options into plan() and prints what
run() reports; a Python program builds the same way:

    from puzzledb.service.builds import plan, run
    run(plan(["eight"], db="puzzles.sqlite"))
"""

from .planning import BuildPlan, Job, plan
from .running import BUILD_SUMMARY, Outcome, Reporter, Silent, interrupted, not_at_rest, run
from .signals import BuildInterrupted, BuildSignals, HoldsCommit, stored_whatever_comes

__all__ = [
    "BUILD_SUMMARY",
    "BuildInterrupted",
    "BuildPlan",
    "BuildSignals",
    "HoldsCommit",
    "Job",
    "Outcome",
    "Reporter",
    "Silent",
    "interrupted",
    "not_at_rest",
    "plan",
    "run",
    "stored_whatever_comes",
]
