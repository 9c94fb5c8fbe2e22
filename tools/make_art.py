"""Render Tabletime's committed pictures (logo, game-picker tiles, card backs) with pygame.

Deterministic: the same code writes the same PNGs. The card faces themselves are drawn at run
time by game/ui/look/cards_*.py; `--sheet` renders a contact sheet of everything to look at.
    python tools/make_art.py            # writes art/logo.png, art/tiles/*.png, art/backs/*.png
    python tools/make_art.py --sheet /tmp/sheet.png
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import tomllib
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.ui.look import cards_labyrinth, cards_lost_cities, cards_lost_in_time, cards_time_after_time  # noqa: E402
from game.ui.look import palette as P  # noqa: E402
from game.ui.look.draw import aa_circle, outlined_text, radial_alpha, rounded_rect, surface, vgradient  # noqa: E402
from game.ui.look.fonts import font, text_surface  # noqa: E402
from game.ui.look.paths import ART_DIR, GAME_IDS  # noqa: E402
from game.ui.look.table import card_shadow, felt  # noqa: E402

LOGO_SIZE = (1200, 360)
TILE_SIZE = (480, 300)
BACK_WIDTH = 250

SAMPLE_LT_CARDS = [
    {"id": "s1", "title": "First Olympic Games", "year": -776, "era": "antiquity", "kind": "event", "arrow": "past",
     "chips": 1, "caption": "Olympia crowns the winner of the only race."},
    {"id": "s2", "title": "Printing press", "year": 1450, "era": "renaissance", "kind": "event", "arrow": "future",
     "chips": 0, "caption": "Gutenberg sets type in Mainz."},
    {"id": "s3", "title": "Moon landing", "year": 1969, "era": "modern", "kind": "event", "arrow": "future",
     "chips": 2, "caption": "One small step."},
]


def _placed(target: pygame.Surface, card: pygame.Surface, centre: tuple[float, float], angle: float) -> None:
    """Blit a card rotated by `angle` degrees with a soft shadow under it."""
    shadow = card_shadow(card.get_size())
    rotated_shadow = pygame.transform.rotate(shadow, angle)
    target.blit(rotated_shadow, rotated_shadow.get_rect(center=(round(centre[0] + 5), round(centre[1] + 9))))
    rotated = pygame.transform.rotozoom(card, angle, 1.0)
    target.blit(rotated, rotated.get_rect(center=(round(centre[0]), round(centre[1]))))


def _title_band(tile: pygame.Surface, title: str, accent: P.Colour) -> None:
    w, h = tile.get_size()
    band = surface((w, 78))
    band.blit(vgradient((w, 78), [(0.0, (0, 0, 0)), (1.0, (0, 0, 0))]), (0, 0))
    fade = surface((w, 78))
    for y in range(78):
        pygame.draw.line(fade, (0, 0, 0, round(200 * (y / 77) ** 0.8)), (0, y), (w, y))
    tile.blit(fade, (0, h - 78))
    px = 52
    while px > 20 and font("display", px).size(title)[0] > w - 40:
        px -= 2
    text = outlined_text(title, "display", px, P.IVORY, (0, 0, 0), 2)
    tile.blit(text, text.get_rect(bottomleft=(20, h - 10)))
    pygame.draw.rect(tile, accent, (20, h - 12, min(w - 40, text.get_width() - 4), 3))


def tile_lost_cities() -> pygame.Surface:
    tile = felt(TILE_SIZE, "green").copy()
    for i, letter in enumerate(P.LC_COLOUR_ORDER[:5]):
        _placed(tile, cards_lost_cities.card_face(f"lc-{letter}-{(3, 5, 7, 9, 10)[i]:02d}", 104), (90 + i * 76, 118), 10 - i * 5)
    _placed(tile, cards_lost_cities.card_face("lc-p-w1", 104), (410, 150), -14)
    _title_band(tile, "LOST CITIES", P.LC_YELLOW)
    return tile


def tile_lost_in_time() -> pygame.Surface:
    tile = felt(TILE_SIZE, "burgundy").copy()
    vortex = radial_alpha(420, P.BRASS, 60, 1.4)
    tile.blit(vortex, vortex.get_rect(center=(240, 120)))
    for i, card in enumerate(SAMPLE_LT_CARDS):
        _placed(tile, cards_lost_in_time.card_face(card, 118), (120 + i * 118, 125 + abs(i - 1) * 8), 12 - i * 12)
    _placed(tile, cards_lost_in_time.chronos("future", 92), (420, 112), -8)
    _title_band(tile, "LOST IN TIME", P.LT_ARROW_FUTURE)
    return tile


def tile_time_after_time() -> pygame.Surface:
    tile = felt(TILE_SIZE, "midnight").copy()
    hours = [7, 11, 15, 18, 21]
    for i, hour in enumerate(hours):
        _placed(tile, cards_time_after_time.card_face(f"tt-{hour:02d}-a", 96), (62 + i * 86, 118), 0)
    _placed(tile, cards_time_after_time.card_face("tt-ghost-1", 96), (420, 150), -12)
    _title_band(tile, "TIME AFTER TIME", P.TT_GHOST_GLOW)
    return tile


def tile_labyrinth() -> pygame.Surface:
    tile = felt(TILE_SIZE, "umber").copy()
    glow = radial_alpha(460, P.LA_TORCH, 70, 1.5)
    tile.blit(glow, glow.get_rect(center=(240, 120)))
    rooms = [
        ((150, 70), {"number": 1, "title": "Entrance hall", "description": "hall with torches and a corridor",
                     "arrows": {"e": 2}, "hero": True}),
        ((330, 70), {"number": 2, "title": "The pool", "description": "dark water and a statue", "arrows": {"w": 1}}),
    ]
    for centre, card in rooms:
        _placed(tile, cards_labyrinth.scenery_face(card, 176), centre, 0)
    _placed(tile, cards_labyrinth.scenery_back({"number": 3, "arrows": {"n": 1}}, 176), (150, 196), 0)
    _placed(tile, cards_labyrinth.prophecy({"number": 4}, 84, "sealed"), (330, 190), -6)
    for i in range(3):
        token = cards_labyrinth.favour_token(i < 2, 44)
        tile.blit(token, (386 + i * 28, 136 + (i % 2) * 22))
    _title_band(tile, "THE LABYRINTH", P.LA_TORCH)
    return tile


TILES = {
    "lost-cities": tile_lost_cities,
    "lost-in-time": tile_lost_in_time,
    "time-after-time": tile_time_after_time,
    "labyrinth": tile_labyrinth,
}
BACKS = {
    "lost-cities": cards_lost_cities.card_back,
    "lost-in-time": cards_lost_in_time.card_back,
    "time-after-time": cards_time_after_time.card_back,
    "labyrinth": cards_labyrinth.card_back,
}


def logo() -> pygame.Surface:
    """The wordmark: TABLETIME in Bebas, brass gradient, a card with a clock face for the first I."""
    w, h = LOGO_SIZE
    out = surface((w, h))
    px = 300
    face = font("display", px)
    words = [("TABLE", 0), ("TIME", 1)]
    widths = [face.size(word)[0] for word, _ in words]
    emblem_w = 170
    gap = 26
    total = sum(widths) + emblem_w + 2 * gap
    x = (w - total) / 2
    baseline_y = h / 2 + 10

    def brass_word(word: str) -> pygame.Surface:
        mask = face.render(word, True, (255, 255, 255))
        grad = vgradient(mask.get_size(), [(0.0, P.BRASS_LIGHT), (0.55, P.BRASS), (1.0, P.BRASS_DARK)])
        word_img = surface(mask.get_size())
        word_img.blit(grad, (0, 0))
        alpha = surface(mask.get_size())
        alpha.blit(mask, (0, 0))
        word_img.blit(face.render(word, True, (255, 255, 255)), (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        del alpha
        return word_img

    def placed_word(word: str, left: float) -> None:
        img = brass_word(word)
        shadow = face.render(word, True, (0, 0, 0))
        shadow.set_alpha(120)
        rect = img.get_rect(midleft=(round(left), round(baseline_y)))
        out.blit(shadow, rect.move(6, 8))
        edge = face.render(word, True, P.shade(P.BRASS_DARK, -0.5))
        for dx, dy in ((-3, 0), (3, 0), (0, -3), (0, 3), (-2, -2), (2, 2), (-2, 2), (2, -2)):
            out.blit(edge, rect.move(dx, dy))
        out.blit(img, rect)

    placed_word("TABLE", x)
    x += widths[0] + gap
    # the emblem: a tilted ivory card with a clock face
    card = surface((emblem_w, round(emblem_w * 1.4)))
    rounded_rect(card, card.get_rect(), (*P.IVORY, 255), 16)
    rounded_rect(card, card.get_rect().inflate(-14, -14), (*P.BRASS, 255), 11, 4)
    cx, cy, r = emblem_w / 2, emblem_w * 0.7, emblem_w * 0.34
    aa_circle(card, (cx, cy), r, (*P.FELT, 255))
    aa_circle(card, (cx, cy), r, (*P.BRASS, 255), 6)
    for i in range(12):
        a = i * math.pi / 6
        pygame.draw.line(card, (*P.BRASS_LIGHT, 255), (cx + math.sin(a) * r * 0.72, cy - math.cos(a) * r * 0.72),
                         (cx + math.sin(a) * r * 0.86, cy - math.cos(a) * r * 0.86), 4 if i % 3 == 0 else 2)
    pygame.draw.line(card, (*P.IVORY, 255), (cx, cy), (cx, cy - r * 0.7), 6)
    pygame.draw.line(card, (*P.IVORY, 255), (cx, cy), (cx + r * 0.45, cy + r * 0.1), 7)
    aa_circle(card, (cx, cy), 7, (*P.ERROR, 255))
    for sx, sy, col in ((0.2, 0.12, P.LC_RED), (0.8, 0.12, P.LC_BLUE), (0.2, 0.88, P.LC_YELLOW), (0.8, 0.88, P.LC_GREEN)):
        aa_circle(card, (emblem_w * sx, card.get_height() * sy), 9, (*col, 255))
    tilted = pygame.transform.rotozoom(card, -8, 1.0)
    shadow = card_shadow(card.get_size())
    tilted_shadow = pygame.transform.rotate(shadow, -8)
    centre = (x + emblem_w / 2, baseline_y - 4)
    out.blit(tilted_shadow, tilted_shadow.get_rect(center=(round(centre[0] + 6), round(centre[1] + 10))))
    out.blit(tilted, tilted.get_rect(center=(round(centre[0]), round(centre[1]))))
    x += emblem_w + gap
    placed_word("TIME", x)
    tagline = text_surface("FOUR CARD GAMES · ONE TABLE", "ui-bold", 30, P.IVORY)
    out.blit(tagline, tagline.get_rect(midtop=(w // 2, round(h - 52))))
    return out


def write_assets() -> list[Path]:
    written = []
    (ART_DIR / "tiles").mkdir(parents=True, exist_ok=True)
    (ART_DIR / "backs").mkdir(parents=True, exist_ok=True)
    pygame.image.save(logo(), ART_DIR / "logo.png")
    written.append(ART_DIR / "logo.png")
    for game_id in GAME_IDS:
        path = ART_DIR / "tiles" / f"{game_id}.png"
        pygame.image.save(TILES[game_id](), path)
        written.append(path)
        path = ART_DIR / "backs" / f"{game_id}.png"
        back = BACKS[game_id](BACK_WIDTH)
        pygame.image.save(back, path)
        written.append(path)
    return written


def contact_sheet() -> pygame.Surface:
    """Everything on one sheet: logo, tiles, backs and a sample of every card kind."""
    sheet = felt((2000, 2400), "green").copy()
    sheet.blit(logo(), (20, 0))
    for i, game_id in enumerate(GAME_IDS):
        sheet.blit(TILES[game_id](), (20 + i * 495, 370))
        sheet.blit(BACKS[game_id](160), (20 + i * 170, 690))
    x = 720
    for i, letter in enumerate(P.LC_COLOUR_ORDER):
        sheet.blit(cards_lost_cities.card_face(f"lc-{letter}-{i + 4:02d}", 140), (x + i * 150, 690))
    y = 930
    for i, hour in enumerate(range(6, 23, 2)):
        sheet.blit(cards_time_after_time.card_face(f"tt-{hour:02d}-a", 140), (20 + i * 150, y))
    sheet.blit(cards_time_after_time.card_face("tt-ghost-1", 140), (20 + 9 * 150, y))
    sheet.blit(cards_time_after_time.slot_well(140), (20 + 10 * 150, y))
    y = 1170
    deck_path = ROOT / "game" / "content" / "lost_in_time_deck.toml"
    lt_cards = SAMPLE_LT_CARDS
    if deck_path.exists():
        deck = tomllib.loads(deck_path.read_text())["card"]
        by_kind: dict[tuple[str, str], dict] = {}
        for card in deck:
            by_kind.setdefault((card["era"] if card["kind"] == "event" else card["kind"], ""), card)
        lt_cards = list(by_kind.values())
    for i, card in enumerate(lt_cards[:9]):
        sheet.blit(cards_lost_in_time.card_face(card, 180), (20 + i * 190, y))
    sheet.blit(cards_lost_in_time.chronos("past", 180), (20 + 9 * 190, y))
    y = 1440
    rooms = [("Entrance hall", "A hall with torches and a corridor."), ("The pool", "Dark water, a statue."),
             ("Old stairs", "Stairs up to a door."), ("Rope bridge", "A bridge across a chasm.")]
    for i, (title, text) in enumerate(rooms):
        card = {"number": i + 1, "title": title, "description": text, "arrows": {"n": 9, "e": i + 2}, "dots": 2}
        sheet.blit(cards_labyrinth.scenery_face(card, 300), (20 + i * 310, y))
        sheet.blit(cards_labyrinth.scenery_back(card, 300), (20 + i * 310, y + 225))
    y = 1900
    sheet.blit(cards_labyrinth.interaction_back({"number": 12, "dots": 2, "needs": 1}, 200), (20, y))
    sheet.blit(cards_labyrinth.item_card({"letter": "K", "number": 1, "name": "Bronze key"}, 200), (230, y))
    prophecy = {"number": 3, "title": "The Sleeper", "text": "Who wakes the sleeper shall find the way out."}
    for i, state in enumerate(cards_labyrinth.PROPHECY_STATES):
        sheet.blit(cards_labyrinth.prophecy(prophecy, 200, state), (440 + i * 210, y))
    sheet.blit(cards_labyrinth.favour_token(True, 100), (1080, y))
    sheet.blit(cards_labyrinth.favour_token(False, 100), (1190, y))
    return sheet


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sheet", type=Path, help="write a contact sheet PNG here instead of the assets")
    args = parser.parse_args(argv)
    pygame.init()
    if args.sheet:
        pygame.image.save(contact_sheet(), args.sheet)
        print(args.sheet)
        return 0
    for path in write_assets():
        print(path.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
