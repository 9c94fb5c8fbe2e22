"""The colours of ART.md as constants, so every screen and card draws from one palette."""

from __future__ import annotations

Colour = tuple[int, int, int]
ColourA = tuple[int, int, int, int]


def hex_colour(code: str) -> Colour:
    """`"#1F4D3A"` -> `(31, 77, 58)`."""
    code = code.lstrip("#")
    return (int(code[0:2], 16), int(code[2:4], 16), int(code[4:6], 16))


def mix(a: Colour, b: Colour, t: float) -> Colour:
    """Linear blend from `a` (t=0) to `b` (t=1), clamped."""
    t = 0.0 if t < 0 else 1.0 if t > 1 else t
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


def shade(c: Colour, amount: float) -> Colour:
    """Darken (amount < 0, towards black) or lighten (amount > 0, towards white)."""
    return mix(c, (0, 0, 0), -amount) if amount < 0 else mix(c, (255, 255, 255), amount)


def with_alpha(c: Colour, alpha: int) -> ColourA:
    return (c[0], c[1], c[2], alpha)


# --- Table and interface -------------------------------------------------------------------
FELT: Colour = hex_colour("#1F4D3A")
FELT_EDGE: Colour = hex_colour("#0E2A20")
LAMP: Colour = hex_colour("#FFE2A8")  # warm lamp light glowing at the centre of the table
IVORY: Colour = hex_colour("#F4EBD9")
IVORY_DIM: Colour = hex_colour("#BDB4A3")  # secondary text on dark panels
INK: Colour = hex_colour("#1B1B22")
INK_ALPHA: ColourA = (27, 27, 34, 217)  # panels, 85 % opaque
BRASS: Colour = hex_colour("#C9A24A")
BRASS_LIGHT: Colour = hex_colour("#F0D58A")
BRASS_DARK: Colour = hex_colour("#7A5E22")
GOOD: Colour = hex_colour("#5CB85C")
WARNING: Colour = hex_colour("#E0A030")
# ART.md's error red #D9534F lifted 8 % towards white: 4.5:1 as text on the ink panels over every
# table tone, and ink text on it (badges, the toast mark) 4.8:1; the same red to the eye.
ERROR: Colour = hex_colour("#DC615D")
SHADOW: ColourA = (0, 0, 0, 110)
FOCUS_GLOW: ColourA = (201, 162, 74, 90)  # brass glow under a focused thing (never colour alone: + outline)

# Table tones: (centre, edge). `table.felt(size, tone)` takes the key.
TABLE_TONES: dict[str, tuple[Colour, Colour]] = {
    "green": (FELT, FELT_EDGE),
    "burgundy": (hex_colour("#5A2130"), hex_colour("#240B12")),
    "midnight": (hex_colour("#22305A"), hex_colour("#0B1024")),
    "umber": (hex_colour("#4A3A2A"), hex_colour("#17110B")),
}
GAME_TABLE_TONE: dict[str, str] = {
    "lost-cities": "green",
    "lost-in-time": "burgundy",
    "time-after-time": "midnight",
    "labyrinth": "umber",
}

# --- Lost Cities --------------------------------------------------------------------------
LC_YELLOW: Colour = hex_colour("#E8C547")
LC_BLUE: Colour = hex_colour("#3D7DD8")
LC_WHITE: Colour = hex_colour("#EDEDED")
LC_GREEN: Colour = hex_colour("#4CAF50")
LC_RED: Colour = hex_colour("#D64541")
LC_PURPLE: Colour = hex_colour("#8E5BC2")
LC_COLOURS: dict[str, Colour] = {
    "y": LC_YELLOW,
    "b": LC_BLUE,
    "w": LC_WHITE,
    "g": LC_GREEN,
    "r": LC_RED,
    "p": LC_PURPLE,
}
LC_COLOUR_ORDER: tuple[str, ...] = ("y", "b", "w", "g", "r", "p")
LC_NAMES: dict[str, str] = {"y": "Desert", "b": "Sea", "w": "Mountains", "g": "Jungle", "r": "Volcano", "p": "Caves"}
LC_SYMBOLS: dict[str, str] = {"y": "sun", "b": "wave", "w": "peak", "g": "leaf", "r": "flame", "p": "crystal"}

# --- Lost in Time -------------------------------------------------------------------------
LT_ERA_COLOURS: dict[str, Colour] = {
    "antiquity": hex_colour("#E3B93B"),
    "middle-ages": hex_colour("#C23B37"),
    "renaissance": hex_colour("#8451B8"),
    "enlightenment": hex_colour("#E5822E"),
    "modern": hex_colour("#3A78D0"),
}
LT_ERA_NAMES: dict[str, str] = {
    "antiquity": "Antiquity",
    "middle-ages": "Middle Ages",
    "renaissance": "Renaissance",
    "enlightenment": "Enlightenment",
    "modern": "Modern Times",
}
LT_GREY: Colour = hex_colour("#8A8D93")  # VIP and Disaster rim
LT_VIP_GREEN: Colour = hex_colour("#227642")  # a VIP's title on paper (story text): >= 4.5:1
LT_DISASTER_RED: Colour = hex_colour("#BD342D")  # ivory badge text on it and the title on paper: >= 4.5:1
LT_ARROW_PAST: Colour = hex_colour("#D8403A")  # red: travel to the past
LT_ARROW_FUTURE: Colour = hex_colour("#3A7FE0")  # blue: travel to the future
# The same arrows as words and outlines on the burgundy felt ("TO THE PAST", "NEXT: TO THE FUTURE"):
# lighter tints that keep 4.5:1 there (the saturated ones above are for badges on the cards).
LT_ARROW_PAST_TEXT: Colour = shade(LT_ARROW_PAST, 0.38)
LT_ARROW_FUTURE_TEXT: Colour = shade(LT_ARROW_FUTURE, 0.3)
LT_PAPER: Colour = hex_colour("#F3E7CF")

# --- Time After Time ----------------------------------------------------------------------
# Sky keyframes by hour, so the order of the hour cards reads at a glance (ART.md).
TT_SKY: dict[int, tuple[Colour, Colour]] = {  # hour -> (top of sky, horizon)
    6: (hex_colour("#8A6FB0"), hex_colour("#F7A8B8")),  # dawn pink
    8: (hex_colour("#6FA2E0"), hex_colour("#FFD3A6")),
    10: (hex_colour("#3E8EE8"), hex_colour("#A9DBFF")),
    12: (hex_colour("#1F7FEA"), hex_colour("#8FD3FF")),  # bright blue noon
    14: (hex_colour("#2A84E0"), hex_colour("#A6DAFF")),
    16: (hex_colour("#4A7FCF"), hex_colour("#FFD79A")),
    18: (hex_colour("#B5507A"), hex_colour("#FF9A3C")),  # sunset orange
    20: (hex_colour("#3A2E72"), hex_colour("#C0607A")),
    22: (hex_colour("#0E0C2E"), hex_colour("#2A2466")),  # deep indigo
}
TT_WELL: Colour = hex_colour("#12131C")
TT_GHOST: Colour = hex_colour("#E9F7EF")
TT_GHOST_GLOW: Colour = hex_colour("#5CFF9D")
TT_CLOCK_FACE: Colour = hex_colour("#FBF6EA")

# --- Lost in Adventure: The Labyrinth ------------------------------------------------------
LA_PARCHMENT: Colour = hex_colour("#EAD9B0")
LA_PARCHMENT_DARK: Colour = hex_colour("#C9AE78")
LA_SEPIA: Colour = hex_colour("#5B3A1E")  # ink on parchment
LA_STONE: Colour = hex_colour("#6B6A6E")
LA_STONE_DARK: Colour = hex_colour("#3C3B40")
LA_TORCH: Colour = hex_colour("#FFB347")  # torch-amber light
LA_ARROW_RED: Colour = hex_colour("#C8322B")
LA_WATER: Colour = hex_colour("#3F7FA8")
LA_WOOD: Colour = hex_colour("#7A4E2A")
LA_FAVOUR_LIT: Colour = hex_colour("#FF9E2C")
LA_FAVOUR_DARK: Colour = hex_colour("#4A4650")
