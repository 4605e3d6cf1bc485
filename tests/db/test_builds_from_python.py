"""A Python program builds as the CLI does, without it (issue 30, point 1): plan() checks and
refuses what the command refuses, with the same errors; run() stores what the answers read."""

from __future__ import annotations

import json
import signal

import pytest

from puzzledb.builder.core.errors import Interrupted, MalformedInput, TooLarge
from puzzledb.builder.search.progress import Progress
from puzzledb.db.connection import reader
from puzzledb.service.answers import Answers
from puzzledb.service.builds import BuildPlan, Silent, plan, run


def test_a_small_puzzle_built_from_python_is_answered(empty_db):
    outcome = run(plan(["seven"], db=empty_db))
    assert outcome.database == empty_db and outcome.warnings == []
    assert [(b["name"], b["goal"], b["states"]) for b in outcome.built] == [
        ("seven", "12345670", 20_160)
    ]
    answers = Answers(reader(empty_db))
    assert answers.path("seven", "07214365")["depth"] == 36
    assert answers.stats("seven")["states"] == 20_160


def test_a_plan_is_plain_data_checked_before_anything_is_built(empty_db):
    planned = plan("seven", db=empty_db, all_goals=True, radius="3")
    assert isinstance(planned, BuildPlan)
    assert [(job.puzzle.name, job.goal) for job in planned.jobs] == [
        ("seven", "12345670"),
        ("seven", "10234567"),
    ]
    assert planned.radius == 3 and planned.database == empty_db and planned.cluster is None
    with pytest.raises(MalformedInput, match="--goal needs exactly one puzzle name"):
        plan(["seven", "eight"], goal="12345670", db=empty_db)
    assert not empty_db.exists()


def test_a_plan_too_large_is_refused_as_the_cli_refuses_it(cli, empty_db):
    with pytest.raises(TooLarge) as refused:
        plan(["eight", "fifteen"], db=empty_db)
    said = json.loads(cli("build", "eight", "fifteen", "--db", empty_db, "--json").stdout)
    assert said == {"error": {"code": refused.value.code, "message": refused.value.message}}
    assert "--radius" in refused.value.message
    assert not empty_db.exists()  # eight was not built either: the plan failed first


class Heard(Silent):
    """A caller's reporter: the progress it was asked for and the builds it was told of, and
    Ctrl-C as the second build starts."""

    def __init__(self):
        self.asked, self.told = [], []

    def progress(self, name: str) -> Progress:
        self.asked.append(name)
        if len(self.asked) == 2:
            raise KeyboardInterrupt
        return Progress()

    def built(self, summary, database):
        self.told.append(summary["name"])


def test_ctrl_c_in_a_run_from_python_is_an_error_naming_what_was_stored(empty_db):
    before = signal.getsignal(signal.SIGINT)
    heard = Heard()
    with pytest.raises(Interrupted) as stopped:
        run(plan(["seven", "nooff"], db=empty_db), heard)
    assert stopped.value.signum == signal.SIGINT
    assert stopped.value.message.startswith("interrupted (SIGINT); stored: seven toward 12345670")
    assert "not stored: nooff toward LLNOOFF_" in stopped.value.message
    assert heard.asked == ["seven", "nooff"] and heard.told == ["seven"]
    assert signal.getsignal(signal.SIGINT) is before  # the caller's handler is back
    assert Answers(reader(empty_db)).stats("seven")["states"] == 20_160
