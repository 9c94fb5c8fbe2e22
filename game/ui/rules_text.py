"""Each game's rules from game/content/rules/<game-id>.md, split into pages for the Rules screen.

Format: `# Title`, pages that start with `## Page title`, paragraphs separated by blank lines,
and `- ` bullets. Anything before the first page heading becomes an opening page.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

RULES_DIR = Path(__file__).resolve().parents[1] / "content" / "rules"


@dataclass
class RulesPage:
    title: str
    blocks: list[tuple[str, str]] = field(default_factory=list)  # ("para" | "bullet", text)


@dataclass
class RulesDoc:
    title: str
    pages: list[RulesPage]
    complete: bool = True  # False when the game's rules file has not landed yet


def parse_rules(text: str, fallback_title: str = "Rules") -> RulesDoc:
    title = fallback_title
    pages: list[RulesPage] = []
    current: RulesPage | None = None
    paragraph: list[str] = []

    def flush() -> None:
        nonlocal paragraph
        if paragraph:
            target = current if current is not None else _opening()
            target.blocks.append(("para", " ".join(paragraph)))
            paragraph = []

    def _opening() -> RulesPage:
        nonlocal current
        current = RulesPage("Overview")
        pages.append(current)
        return current

    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith("## "):
            flush()
            current = RulesPage(line[3:].strip())
            pages.append(current)
        elif line.startswith("# "):
            flush()
            title = line[2:].strip()
        elif line.startswith(("- ", "* ")):
            flush()
            target = current if current is not None else _opening()
            target.blocks.append(("bullet", line[2:].strip()))
        elif not line:
            flush()
        elif paragraph == [] and current is not None and current.blocks and current.blocks[-1][0] == "bullet" \
                and raw.startswith(("  ", "\t")):
            kind, prev = current.blocks[-1]
            current.blocks[-1] = (kind, f"{prev} {line}")  # a wrapped bullet line
        else:
            paragraph.append(line.replace("**", ""))
    flush()
    pages = [p for p in pages if p.blocks or p.title]
    return RulesDoc(title, pages or [RulesPage("Rules", [("para", "This rules file is empty.")])])


DEFAULT_PAGE_KEYS = "Q or E (LB or RB on a gamepad)"  # written so in the rules; read as bound


def with_bound_keys(doc: RulesDoc) -> RulesDoc:
    """`doc` with the default page keys it names replaced by the bound ones (the rules said "Q or E"
    whatever the bindings, while the tables' hints follow them)."""
    from game.ui.hint_glyphs import page_keys_words

    said = page_keys_words()
    if said != DEFAULT_PAGE_KEYS:
        for page in doc.pages:
            page.blocks = [(kind, text.replace(DEFAULT_PAGE_KEYS, said)) for kind, text in page.blocks]
    return doc


def load_rules(game_id: str, title: str, pitch: str) -> RulesDoc:
    path = RULES_DIR / f"{game_id}.md"
    try:
        return with_bound_keys(parse_rules(path.read_text(encoding="utf-8"), title))
    except (OSError, UnicodeDecodeError):
        page = RulesPage(title, [("para", pitch), ("para", "Full rules arrive with the game.")])
        return RulesDoc(title, [page], complete=False)
