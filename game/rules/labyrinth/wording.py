"""How the Labyrinth's texts name things in a sentence: one rule for the engine's log lines, the
tables' pages and the hint companion's advice ("the Bone key", but "Hester's map")."""

from __future__ import annotations


ARTICLES = ("the ", "a ", "an ")


def takes_article(name: str) -> bool:
    """Whether an item's name wants "the" before it in a sentence. A name that begins with a
    possessive ("Hester's map", "Keeper's logbook", "Poets' quill") is already made definite by it,
    as is one that brings its own article ("The Queen's ring") or one that is a proper name throughout
    (every word capitalised: "Old Tom"); every other name ("Bone key", "Flask of lamp oil") takes it."""
    words = name.split()
    if not words:
        return False
    first = words[0].rstrip(",.;:")
    if first.endswith(("'s", "’s", "s'", "s’")):
        return False
    if name.lower().startswith(ARTICLES):
        return False
    return not (len(words) > 1 and all(w[:1].isupper() for w in words if w.isalpha() or w[:1].isalpha()))


def item_phrase(name: str) -> str:
    """An item's name as a sentence says it: "the Bone key", but "Hester's map"."""
    return f"the {name}" if takes_article(name) else name


def items_phrase(names: list[str]) -> str:
    """Several items, each with its own article: "the Shed key and Hester's map"."""
    return " and ".join(item_phrase(n) for n in names)


def capitalised(text: str) -> str:
    """A sentence's first letter up ("the Bone key is…" -> "The Bone key is…")."""
    return text[:1].upper() + text[1:]


def discarded_sentence(name: str) -> str:
    """'The Bone key is discarded.', but 'The Hedge shears are discarded.' (a name ending in a plural
    -s; 'Hourglass' and 'Compass' stay one thing)."""
    last = name.split()[-1].lower() if name.split() else ""
    plural = last.endswith("s") and not last.endswith(("ss", "us", "is"))
    return f"{capitalised(item_phrase(name))} {'are' if plural else 'is'} discarded."
