"""The answers puzzledb gives, as JSON-ready dicts typed by service.answer_types, for every
front end (CLI, HTTP, page).

A front end builds a question (service.questions) from its raw text; here it is resolved once,
on one connection (its puzzle, build, frame and canonical states: user input becomes the
errors of builder.core.errors), and answered on that same connection. The lookups themselves are
db.queries. No SQL here.

A module a job: asking.py is Answers, what front ends call; resolving.py finds a question's
puzzle and build (Resolved); positions.py answers path and moves, depths.py depth, farthest and
stats; catalogue_entries.py the catalogue and health. Callers import from here.
"""

from .asking import Answers
from .catalogue_entries import catalogue_answer, health_answer, held_starts
from .resolving import Resolved

__all__ = ["Answers", "Resolved", "catalogue_answer", "health_answer", "held_starts"]
