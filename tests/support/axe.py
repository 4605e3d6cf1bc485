"""axe-core, the accessibility checker the page tests inject (tests/package.json, installed
by tests/install.sh), and how they run it."""

from __future__ import annotations

from pathlib import Path

AXE = Path(__file__).resolve().parents[1] / "node_modules" / "axe-core" / "axe.min.js"
#: WCAG 2.2 A and AA, the rules every page test holds the page to.
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]


def axe_violations(page) -> list:
    """axe-core's WCAG A and AA violations on the page as it is: [{id, nodes}]."""
    page.add_script_tag(path=str(AXE))
    return page.evaluate(
        "(tags) => axe.run(document, {runOnly: {type: 'tag', values: tags}})"
        ".then((r) => r.violations.map((v) => ({id: v.id, nodes: v.nodes.map((n) => n.target)})))",
        TAGS,
    )
