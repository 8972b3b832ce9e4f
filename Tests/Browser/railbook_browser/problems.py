"""A problem found on a page, said so that a person can find and fix it."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    """What check failed, on which page, by which rule, at which element."""
    check: str      # "validator", "axe", "keyboard" or "journey"
    page: str       # the request or journey step that produced the page
    rule: str       # the validator message, the axe rule id, the keyboard rule
    element: str    # a selector, a line and the markup around it
    detail: str = ""

    def __str__(self):
        lines = [f"[{self.check}] {self.page}", f"  rule: {self.rule}", f"  element: {self.element}"]
        if self.detail:
            lines.append(f"  detail: {self.detail}")
        return "\n".join(lines)
