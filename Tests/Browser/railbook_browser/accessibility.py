"""axe-core at WCAG 2.1 AA (plus its best practices: landmarks, heading order) on the open page."""

import json

from axe_selenium_python import Axe

from .problems import Problem

# WCAG 2.0 and 2.1, levels A and AA, and axe's best practices (landmarks, heading order, regions).
AXE_OPTIONS = json.dumps({
    "runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]},
    "resultTypes": ["violations"],
})


def axe_problems(driver, page):
    """Every axe violation on the page open in `driver`, one Problem per element."""
    axe = Axe(driver)
    axe.inject()
    results = axe.run(options=AXE_OPTIONS)
    problems = []
    for violation in results["violations"]:
        for node in violation["nodes"]:
            reasons = [check["message"] for kind in ("any", "all", "none") for check in node.get(kind, [])]
            problems.append(Problem(
                check="axe",
                page=page,
                rule=f"{violation['id']} ({violation['impact']}): {violation['help']}",
                element=f"{' '.join(node['target'])} {node['html'][:200]}",
                detail="; ".join(reasons)[:400],
            ))
    return problems
