"""Keyboard use: every control of the open page is reached with Tab and shows where the focus is."""

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from .problems import Problem

# Marks every visible, enabled control (not inside a closed <details>), including elements made
# focusable with tabindex (scrolling table regions), and describes it with a CSS path; radio
# buttons count once per group (Tab enters a group, the arrow keys move inside it).
MARK_CONTROLS = """
const path = el => {
  const steps = [];
  for (let node = el; node && node.nodeType === 1 && steps.length < 5; node = node.parentElement) {
    if (node.id) { steps.unshift('#' + node.id); break; }
    const siblings = node.parentElement ? [...node.parentElement.children].filter(s => s.tagName === node.tagName) : [];
    const position = siblings.length > 1 ? ':nth-of-type(' + (siblings.indexOf(node) + 1) + ')' : '';
    steps.unshift(node.tagName.toLowerCase() + position);
  }
  return steps.join(' > ');
};
const controls = [...document.querySelectorAll(
    'a[href], button, input:not([type=hidden]), select, textarea, summary, [tabindex]:not([tabindex^="-"])')]
  .filter(el => !el.disabled && el.checkVisibility({visibilityProperty: true}));
controls.forEach((el, index) => el.setAttribute('data-keyboard-index', index));
document.activeElement && document.activeElement.blur();
window.scrollTo(0, 0);
return controls.map(el => ({
  index: el.getAttribute('data-keyboard-index'),
  group: el.type === 'radio' ? 'radio:' + el.name : 'control:' + el.getAttribute('data-keyboard-index'),
  text: path(el) + ' ' + el.outerHTML.replace(/ data-keyboard-index="[0-9]+"/, '').slice(0, 160)
}));
"""

# Records, on each focus change, which marked control has the focus and whether a person can see
# it (an outline or a shadow that is not transparent, on the element or its ::before / ::after),
# so that every Tab press of a page goes in one command and the record is read back once.
RECORD_FOCUS = """
const transparent = color => color === 'transparent' || /rgba\\([^)]*,\\s*0\\)$/.test(color);
const marked = style => (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0 && !transparent(style.outlineColor))
  || (style.boxShadow && style.boxShadow !== 'none');
if (!window.railbookFocus) {
  document.addEventListener('focusin', () => {
    const el = document.activeElement;
    if (!el || el === document.body) return;
    const visible = [null, '::before', '::after'].some(part => marked(getComputedStyle(el, part)));
    window.railbookFocus.push({index: el.getAttribute('data-keyboard-index'), visible: visible});
  }, true);
}
window.railbookFocus = [];
"""


def keyboard_problems(driver, page):
    """Tabs through the page once; names controls never reached and focus that cannot be seen."""
    controls = driver.execute_script(MARK_CONTROLS)
    driver.execute_script(RECORD_FOCUS)
    groups = {}
    for control in controls:
        groups.setdefault(control["group"], []).append(control)
    # A date field takes several Tab presses (day, month, year, picker): allow for them, pressing
    # more only while the focus has not come round to a control already reached.
    pressed, limit = 0, len(controls) * 2 + 10
    while pressed < limit:
        presses = min(len(controls) + 10 if pressed == 0 else len(controls) // 2 + 5, limit - pressed)
        ActionChains(driver).send_keys(Keys.TAB * presses).perform()
        pressed += presses
        reached, shown, round_trip = _tabbed(driver.execute_script("return window.railbookFocus;"))
        if round_trip:
            break
    problems = []
    by_index = {control["index"]: control for control in controls}
    for index in reached:
        if index not in shown:
            problems.append(Problem("keyboard", page, "focus visible (WCAG 2.4.7): no outline or shadow on focus",
                                    by_index[index]["text"]))
    for group, members in groups.items():
        if not any(member["index"] in reached for member in members):
            problems.append(Problem("keyboard", page, "reachable with Tab (WCAG 2.1.1)", members[0]["text"]))
    return problems


def _tabbed(record):
    """The controls the focus reached in order, those whose focus showed, and whether the focus came
    back to one already reached (the whole page has been tabbed through)."""
    reached, shown, previous = [], set(), None
    for focused in record:
        if focused["index"] is None:
            continue
        if focused["index"] != previous and focused["index"] in reached:
            return reached, shown, True
        if focused["index"] != previous:
            reached.append(focused["index"])
        if focused["visible"]:
            shown.add(focused["index"])
        previous = focused["index"]
    return reached, shown, False
