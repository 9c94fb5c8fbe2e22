"""Lost in Adventure: The Labyrinth — the table scene.

The map fills the left and centre: placed scenery at its grid squares (face-down cards show their
number and red arrows), interaction cards standing beside their scenery, the hero meeple sliding
from card to card; the camera zooms to fit as the map grows (wheel to zoom, drag to pan). On the
right the reading panel tells the story as it is read — the heart of the game. Along the bottom:
the items held, the prophecies as scrolls, the log and the buttons; the eight favours burn as
flames at the top right.

Actions: tap a lit scenery to move the hero there (or drag the hero onto it); tap an interaction
card to turn it over (cards that want items: pick 1 or 2 items, then Use, or drop an item on the
card); Undo when offered; End turn when playing in turns. Every device works alone: arrows/d-pad
move a brass focus over everything, confirm acts, back cancels a choice, Q/E (LB/RB) page the story.

The scene never decides rules: targets light up from `self.legal`, texts come from the view and the
events (ruling LA-7), and refused moves come back as errors.
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable

import pygame

from game.core.types import Action, Event
from game.session.base import Session, Update
from game.ui.input import Intent
from game.ui.labyrinth_map import (
    BASE_TILE_H, BASE_TILE_W, Camera, InteractionOnMap, Tile, grid_centre, interaction_slots, meeple,
    reach_outline, veil,
)
from game.ui.labyrinth_overlays import DiscardBrowser, StorySheet, rank_table
from game.ui.labyrinth_reading import Journal, block_kind_for_key, describe_items
from game.ui.look import palette as P
from game.ui.look.cards_labyrinth import card_back, favour_token, interaction_back, item_card, prophecy
from game.ui.look.draw import (aa_circle, clip_round, noise_tile, outlined_text, radial_alpha, rounded_rect,
                               surface as alpha_surface, tile_over, vgradient)
from game.ui.look.fonts import text_surface, wrap
from game.ui.sprites import TRANSFORMS, CardSprite, row_layout
from game.ui.table_base import TableSceneBase
from game.ui.tables import register_table
from game.ui.tween import MOTION, Animated, ease_in_quad, ease_out_back, ease_out_cubic
from game.ui.widgets import panel_surface

GAME_ID = "labyrinth"
Pos = tuple[float, float]
Target = tuple[str, str]  # (kind, key): tile/number, inter/card, item/card, prophecy/card, button/name, page/prev|next

MAP_RECT = pygame.Rect(16, 96, 1216, 612)
INFO_RECT = pygame.Rect(16, 716, 1216, 98)
READ_RECT = pygame.Rect(1248, 96, 656, 718)
ITEM_AREA = pygame.Rect(16, 824, 836, 248)
PROPHECY_AREA = pygame.Rect(864, 824, 368, 248)
LOG_RECT = pygame.Rect(1248, 824, 656, 124)
BUTTON_ROW = pygame.Rect(1248, 958, 656, 104)
MENU_RECT = pygame.Rect(16, 14, 116, 70)
ITEM_W = 150  # ART.md: cards held >= 140 px wide at 1080p
PROPHECY_W = 112
FAVOUR_PX = 58
FAVOUR_LEFT = 1904 - 8 * 64
STAGE = (1000.0, 340.0)  # where an interaction card is turned over and read
STAGE_W = 190
DISCARD_POS = (BUTTON_ROW.right - 110.0, BUTTON_ROW.centery)
LOG_LINES = 3
ENDING_AUTO_SECONDS = 4.0  # with nobody at this screen (bots, spectators) the ending moves on by itself
MOVE_SECONDS = 0.26
THEIR_MOVE_SECONDS = 0.4

BUTTON_LABELS = {"use": "Use", "cancel": "Cancel", "undo": "Undo", "end_turn": "End turn", "discard": "Discards"}


@dataclass
class Drag:
    kind: str  # item | hero | pan | read
    key: str
    start: Pos
    pos: Pos
    home: Pos = (0.0, 0.0)


@dataclass
class Smoke:
    x: float
    y: float
    vx: float
    vy: float
    life: float
    size: float


def look_of(entry: dict[str, Any]) -> dict[str, Any]:
    """The drawing-relevant part of a scenery card dict, the same whether it came from the view
    or from events (so the look kit's cache keys agree)."""
    keys = ("number", "arrows", "cover", "next_to", "min_favours", "hero")
    look = {k: entry.get(k) for k in keys}
    look["arrows"] = dict(entry.get("arrows") or {})
    look["next_to"] = list(entry["next_to"]) if entry.get("next_to") else None
    look["min_favours"] = int(entry.get("min_favours") or 0)
    look["hero"] = bool(entry.get("hero"))
    look["face"] = entry.get("face", "down")
    if look["face"] == "up":
        look.update(title=entry.get("title", ""), picture=entry.get("picture") or entry.get("text", ""),
                    dots=int(entry.get("dots") or 0))
    return look


@lru_cache(maxsize=512)
def wrapped(text: str, role: str, px: int, width: int) -> tuple[str, ...]:
    """Word-wrapped lines, cached: the caption and the log are drawn every frame."""
    return tuple(wrap(text, role, px, width))


def item_look(entry: dict[str, Any]) -> dict[str, Any]:
    """An item as the look kit draws it: a bare letter has no number (the view sends 0)."""
    return {"letter": entry.get("letter", "?"), "number": entry.get("number") or None, "name": entry.get("name", "")}


@lru_cache(maxsize=32)
def interaction_front(number: int, dots: int, width: int) -> pygame.Surface:
    """The face of an interaction card while it is read: parchment, its number, and ink lines
    standing for the text that the reading panel shows in full."""
    w, h = width, round(width * 1.4)
    out = alpha_surface((w, h))  # per-pixel alpha, so the rounded corners stay clear when it tilts
    out.blit(vgradient((w, h), [(0.0, P.shade(P.LA_PARCHMENT, 0.12)), (1.0, P.LA_PARCHMENT_DARK)]), (0, 0))
    tile_over(out, noise_tile(64, 11, 16))
    seal = outlined_text(str(number), "display", round(w * 0.32), P.LA_ARROW_RED, P.shade(P.LA_PARCHMENT, 0.3), 2)
    out.blit(seal, (round(w * 0.08), round(w * 0.05)))
    for i in range(dots):
        aa_circle(out, (w * 0.62 + i * w * 0.08, w * 0.17), w * 0.025, (*P.LA_SEPIA, 255))
    y = w * 0.48
    for i in range(9):
        length = 0.78 if i % 4 != 3 else 0.45
        pygame.draw.line(out, (*P.shade(P.LA_SEPIA, 0.35), 255), (w * 0.11, y), (w * (0.11 + length), y), 2)
        y += w * 0.09
    rounded_rect(out, out.get_rect().inflate(-round(w * 0.08), -round(w * 0.08)), (*P.LA_SEPIA, 200),
                 round(w * 0.05), max(1, round(w * 0.012)))
    return clip_round(out, max(3, round(w * 0.06)))


@lru_cache(maxsize=64)
def smoke_puff(size: int) -> pygame.Surface:
    """A soft grey puff of a flame going out (cached per size; alpha set at blit time)."""
    return radial_alpha(max(4, size * 2), (150, 146, 140), 200, 1.4)


class LabyrinthTable(TableSceneBase):
    tone = "umber"

    def __init__(self, app: Any, session: Session, viewer: int | None = None) -> None:
        super().__init__(app, session, viewer)
        from game.core.registry import find_game

        self.engine = find_game(GAME_ID)
        self.camera = Camera(MAP_RECT)
        self.journal = Journal(READ_RECT)
        self.tiles: dict[int, Tile] = {}
        self.inters: dict[str, InteractionOnMap] = {}
        self.item_sprites: dict[str, CardSprite] = {}
        self.item_entries: dict[str, dict[str, Any]] = {}
        self.item_order: list[str] = []
        self.prophecy_sprites: dict[str, CardSprite] = {}
        self.prophecy_entries: dict[str, dict[str, Any]] = {}
        self.favour_light = [Animated(1.0) for _ in range(8)]
        self.favour_pulse = [Animated(0.0) for _ in range(8)]
        self.hero_pos = Animated((0.0, 0.0))
        self.hero_number: int | None = None
        self.stage: CardSprite | None = None
        self.stage_card: str | None = None
        self.flying: list[CardSprite] = []
        self.smoke: list[Smoke] = []
        self.log: deque[str] = deque(maxlen=40)
        self.selected: str | None = None
        self.chosen: list[str] = []
        self.focus: Target | None = None
        self.hover: Target | None = None
        self.pressed: Target | None = None
        self.pointer: Pos = (960.0, 540.0)
        self.drag: Drag | None = None
        self.built = False
        self.intro_pending = True
        self.ending_shown = False
        self.ending_played = False  # the ending (or the stall) happened at this table, not before it opened
        self.page_update: int | None = None
        self.update_ending: str | None = None
        self.prophecy_ids: set[str] = set()
        self.timers: list[list[Any]] = []
        self.time = 0.0
        self.pages_added = 0

    # --- small helpers ------------------------------------------------------------------------------
    def play(self, name: str, volume: float = 1.0) -> None:
        if self.app is not None:
            self.app.assets.play(name, volume)

    def after(self, seconds: float, callback: Callable[[], None]) -> None:
        self.timers.append([MOTION.duration(seconds), callback])

    def seconds(self, value: float) -> float:
        """An animation's length as the player's motion settings have it."""
        return MOTION.duration(value)

    def legal_of(self, kind: str) -> list[Action]:
        return [a for a in self.legal if a.kind == kind]

    def move_targets(self) -> set[int]:
        return {int(a["to"]) for a in self.legal_of("move")} if self.can_act else set()

    def interaction_needs(self, card: str) -> int:
        inter = self.inters.get(card)
        return int(inter.entry.get("needs", 0)) if inter is not None else 0

    def legal_interaction(self, card: str, items: list[str]) -> Action | None:
        for action in self.legal_of("interact"):
            if action["card"] == card and sorted(action["items"] or []) == sorted(items):  # type: ignore[arg-type]
                return action
        return None

    def usable_cards(self) -> set[str]:
        return {str(a["card"]) for a in self.legal_of("interact")} if self.can_act else set()

    def item_name(self, card: str) -> str:
        entry = self.item_entries.get(card)
        return str(entry.get("name", card)) if entry else card

    # --- building from the view ---------------------------------------------------------------------
    def on_view(self, update: Update) -> None:
        view = update.view
        if not view:
            return
        self.prophecy_ids = {str(p["card"]) for p in view.get("prophecies", [])}
        first = not self.built
        self.reconcile(view, immediate=first)
        if first:
            self.built = True
            self.start_journal(view, update.version)
        if self.selected is not None and (self.selected not in self.inters or not self.can_act):
            self.clear_selection()
        self.chosen = [c for c in self.chosen if c in self.item_entries]
        if self.focus is None or not self.target_rect(self.focus):
            self.focus = self.default_focus()

    def start_journal(self, view: dict[str, Any], version: int) -> None:
        """The first pages: the intro and what the setup read; on a resumed game, the story so far as
        the view still shows it (cards read, in the order they were discarded) and the last reading."""
        scenario = view.get("scenario", {})
        ending = view.get("ending") or {}
        self.journal.new_page(str(scenario.get("title", "The Labyrinth")))
        if scenario.get("intro"):
            self.journal.add("say", str(scenario["intro"]), animate=False)
        if version > 0:
            for entry in view.get("discard", []):
                texts = [str(t) for t in entry.get("texts", [])]
                if entry.get("deck") == "interaction" and entry.get("face") == "up" and texts:
                    self.journal.new_page("Read earlier")
                    for text in texts:
                        self.journal.add("story", text, animate=False)
            if view.get("last"):
                self.journal.new_page("Where you left off")
        for entry in view.get("last", []):
            kind = block_kind_for_key(str(entry.get("key", "")), self.prophecy_ids, ending.get("id"))
            self.journal.add(kind, str(entry.get("text", "")), animate=False)
        self.log.append("The adventure begins." if version == 0 else "The adventure goes on where you left it.")
        self.journal.scroll.set(0.0)  # a first page is read from its top

    def reconcile(self, view: dict[str, Any], immediate: bool = False) -> None:
        """Make the table match the view: create what events did not, drop what left, slide the rest."""
        seen: set[int] = set()
        for square in view.get("map", []):
            number = int(square["number"])
            seen.add(number)
            look = look_of(square["stack"][-1])
            tile = self.tiles.get(number)
            if tile is None or tile.removed:
                tile = self.tiles[number] = Tile(number, int(square["x"]), int(square["y"]), look)
                if not immediate:
                    tile.drop_in()
            elif tile.entry != look:
                if immediate or tile.busy:
                    tile.set_entry(look)
                else:
                    tile.turn_to(look)
        for number in [n for n in self.tiles if n not in seen]:
            del self.tiles[number]
        in_play: dict[str, dict[str, Any]] = {}
        for cards in view.get("interactions", {}).values():
            for entry in cards:
                in_play[str(entry["card"])] = entry
        for card, entry in in_play.items():
            inter = self.inters.get(card)
            if inter is None:
                inter = self.inters[card] = InteractionOnMap(entry)
                if not immediate:
                    inter.alpha.set(0.0)
                    inter.alpha.to(255.0, 0.2)
            inter.entry = dict(entry)
            if self.stage_card != card:
                inter.hidden = False
        for card in [c for c in self.inters if c not in in_play]:
            del self.inters[card]
        self.layout_interactions(immediate)
        self.reconcile_items(view.get("items", []), immediate)
        self.reconcile_prophecies(view.get("prophecies", []), immediate)
        tokens = view.get("favours", {}).get("tokens", [True] * 8)
        for i, lit in enumerate(tokens[:8]):
            target = 1.0 if lit else 0.0
            if float(self.favour_light[i].target) != target:  # type: ignore[arg-type]
                if immediate:
                    self.favour_light[i].set(target)
                else:
                    self.favour_light[i].to(target, 0.4)
        hero = view.get("hero")
        number = int(hero["number"]) if hero else None
        if number != self.hero_number or immediate:
            self.place_hero(number, immediate)
        self.refit(immediate)

    def reconcile_items(self, items: list[dict[str, Any]], immediate: bool) -> None:
        order = [str(i["card"]) for i in items]
        for entry in items:
            card = str(entry["card"])
            self.item_entries[card] = dict(entry)
            if card not in self.item_sprites:
                sprite = CardSprite(card, item_card(item_look(entry), ITEM_W), card_back(ITEM_W), (ITEM_AREA.centerx, 1240))
                self.item_sprites[card] = sprite
        for card in [c for c in self.item_sprites if c not in order]:
            del self.item_sprites[card]
            self.item_entries.pop(card, None)
        self.item_order = order
        self.layout_items(immediate)

    def layout_items(self, immediate: bool = False) -> None:
        centre = (ITEM_AREA.centerx, ITEM_AREA.y + 136)
        for card, pos in zip(self.item_order, row_layout(len(self.item_order), centre, ITEM_W, 16,
                                                          ITEM_AREA.width - 40)):
            sprite = self.item_sprites[card]
            if self.drag is not None and self.drag.kind == "item" and self.drag.key == card:
                continue
            lift = -26.0 if card in self.chosen else 0.0
            target = (pos[0], pos[1] + lift)
            if immediate:
                sprite.pos.set(target)
            elif sprite.pos.target != target:
                sprite.slide_to(target, 0.22)

    def reconcile_prophecies(self, entries: list[dict[str, Any]], immediate: bool) -> None:
        for entry in entries:
            card = str(entry["card"])
            face = prophecy(entry, self.scroll_width(len(entries)), self.scroll_state(entry))
            sprite = self.prophecy_sprites.get(card)
            old = self.prophecy_entries.get(card)
            self.prophecy_entries[card] = dict(entry)
            if sprite is None:
                self.prophecy_sprites[card] = CardSprite(card, face, face, (0, 0))
            elif old is None or self.scroll_state(old) != self.scroll_state(entry) or sprite.face is not face:
                if immediate:
                    sprite.face = sprite.back = face
                else:
                    sprite.back, sprite.face, sprite.face_up = sprite.image(), face, False
                    sprite.flip(True)
        order = [str(e["card"]) for e in entries]
        count = len(order)
        width = PROPHECY_AREA.width - 20
        scroll_w = self.scroll_width(count)
        step = min(scroll_w + 12, (width - scroll_w) / max(1, count - 1)) if count > 1 else 0
        total = step * (count - 1)
        for i, card in enumerate(order):
            pos = (PROPHECY_AREA.centerx - total / 2 + i * step, PROPHECY_AREA.y + 136)
            sprite = self.prophecy_sprites[card]
            if immediate:
                sprite.pos.set(pos)
            elif sprite.pos.target != pos:
                sprite.slide_to(pos, 0.22)

    @staticmethod
    def scroll_width(count: int) -> int:
        """Scrolls as wide as the tray allows: two side by side are large, ten overlap."""
        return 150 if count <= 2 else 128 if count <= 3 else PROPHECY_W

    @staticmethod
    def scroll_state(entry: dict[str, Any]) -> str:
        return {"hidden": "sealed"}.get(str(entry.get("state")), str(entry.get("state")))

    def layout_interactions(self, immediate: bool = False) -> None:
        groups: dict[int, list[InteractionOnMap]] = {}
        for inter in self.inters.values():
            groups.setdefault(inter.number, []).append(inter)
        for number, group in groups.items():
            tile = self.tiles.get(number)
            centre = tile.centre if tile is not None else grid_centre(0, 0)
            for inter, slot in zip(group, interaction_slots(centre, len(group))):
                if immediate or inter.slot.current == (0.0, 0.0):
                    inter.slot.set(slot)
                elif inter.slot.target != slot:
                    inter.slot.to(slot, 0.22)

    def hero_spot(self, number: int) -> Pos:
        tile = self.tiles.get(number)
        cx, cy = tile.centre if tile is not None else (0.0, 0.0)
        return (cx - BASE_TILE_W * 0.26, cy + BASE_TILE_H * 0.1)

    def place_hero(self, number: int | None, immediate: bool, seconds: float = MOVE_SECONDS) -> None:
        self.hero_number = number
        if number is None:
            return
        spot = self.hero_spot(number)
        if immediate:
            self.hero_pos.set(spot)
        else:
            self.hero_pos.to(spot, seconds, ease_out_cubic)

    def map_bounds(self) -> tuple[float, float, float, float]:
        boxes = [t.box() for t in self.tiles.values() if not t.removed]
        if not boxes:
            return (-BASE_TILE_W / 2, -BASE_TILE_H / 2, BASE_TILE_W / 2, BASE_TILE_H / 2)
        return (min(b[0] for b in boxes) - 20, min(b[1] for b in boxes) - 20, max(b[2] for b in boxes) + 20,
                max(b[3] for b in boxes) + 20)

    def refit(self, immediate: bool = False) -> None:
        if self.camera.manual and not immediate:
            return
        self.camera.fit(self.map_bounds(), 0.0 if immediate else 0.35)

    # --- events -------------------------------------------------------------------------------------
    def animate_event(self, event: Event, update: Update) -> float:
        if self.page_update != id(update):
            self.page_update = id(update)
            self.begin_update(update)
        if event.kind != "text":
            line = self.log_line(event)
            if line:
                self.log.append(line)
        handler = getattr(self, "on_" + event.kind, None)
        if handler is None:
            return 0.0
        return float(handler(event, update) or 0.0)

    def log_line(self, event: Event) -> str:
        """The engine's log line, with card ids put in the words the table shows (card numbers, item
        names); the engine's own `describe` for everything else."""
        kind = event.kind
        number = event.get("number")
        if kind == "interaction_turned":
            items = [self.item_name(str(i)) for i in event.get("items") or []]
            return f"Card {number} is turned over" + (f" with the {' and '.join(items)}." if items else ".")
        if kind == "interaction_returned":
            return f"Card {number} is turned back over and stays in play."
        if kind == "interaction_discarded":
            return f"Card {number} is discarded" + ("." if event.get("read") else " unread.")
        if kind == "interaction_placed":
            return f"A card comes into play beside scenery #{number}."
        if kind == "no_match":
            inter = self.inters.get(str(event["card"]))
            items = " and ".join(self.item_name(str(i)) for i in event.get("items") or [])
            return f"No match: card {inter.number if inter else ''} goes back face down; you keep the {items}."
        if kind == "item_discarded":
            return f"The {self.item_name(str(event['card']))} is discarded."
        if kind == "removed_from_deck":
            return f"A {event.get('deck', '')} card is removed from its deck unseen."
        if kind == "turn":
            return f"{self.name_of(int(event['seat']))}'s turn."
        return self.engine.describe(event, self.viewer)

    def begin_update(self, update: Update) -> None:
        """A new action's events: open a journal page named after what happened first."""
        self.update_ending = next((str(e["ending"]) for e in update.events if e.kind == "ending_reached"), None)
        title = ""
        for event in update.events:
            if event.kind == "interaction_turned":
                items = [self.item_entries.get(str(i), {"name": str(i)}) for i in event.get("items") or []]
                title = f"Card {event['number']}" + (f" · with {describe_items(items)}" if items else "")
                break
            if event.kind == "scenery_discovered":
                title = f"#{event['number']} · {event['title']}"
                break
            if event.kind == "no_match":
                title = "Nothing happens"
                break
        storytelling = {"text", "scenery_discovered", "item_taken", "no_match", "favour_lost", "stalled"}
        if any(e.kind in storytelling for e in update.events):
            self.journal.new_page(title)
            self.pages_added += 1
            self.play("page", 0.5)

    def other(self, update: Update) -> bool:
        return update.actor is not None and update.actor != self.viewer

    def on_text(self, event: Event, update: Update) -> float:
        kind = block_kind_for_key(str(event.get("key") or ""), self.prophecy_ids, self.update_ending)
        self.journal.add(kind, str(event["text"]))
        return self.seconds(0.22)

    def on_hero_moved(self, event: Event, update: Update) -> float:
        to = event.get("to")
        seconds = THEIR_MOVE_SECONDS if self.other(update) else MOVE_SECONDS
        self.place_hero(int(to) if to is not None else None, False, seconds)
        self.play("slide", 0.8)
        return self.seconds(seconds)

    def on_scenery_placed(self, event: Event, update: Update) -> float:
        number = int(event["number"])
        arrows = {str(d): int(n) for d, n in (event.get("arrows") or [])}
        existing = self.tiles.get(number)
        cover = existing.entry.get("cover") if existing is not None else None
        look = look_of({"number": number, "arrows": arrows, "cover": number if event.get("covers") else cover,
                        "min_favours": event.get("min_favours", 0), "hero": event.get("hero", False),
                        "face": "down"})
        if existing is not None and not existing.removed:
            existing.turn_to(look)
            existing.drop_in()
        else:
            tile = self.tiles[number] = Tile(number, int(event["x"]), int(event["y"]), look)
            tile.drop_in()
        self.layout_interactions()
        self.refit()
        self.play("place", 0.9)
        return self.seconds(0.16)

    def on_scenery_discovered(self, event: Event, update: Update) -> float:
        number = int(event["number"])
        tile = self.tiles.get(number)
        if tile is not None:
            look = dict(tile._next or tile.entry)
            look.update(face="up", title=event.get("title", ""), picture=event.get("picture") or event.get("text", ""),
                        dots=int(event.get("dots") or 0))
            tile.turn_to(look, 0.2)
        self.journal.add("heading", f"#{number} · {event['title']}")
        self.journal.add("scenery", str(event.get("text", "")))
        self.play("flip")
        return self.seconds(0.34)

    def on_scenery_removed(self, event: Event, update: Update) -> float:
        tile = self.tiles.get(int(event["number"]))
        if tile is not None:
            tile.alpha.to(0.0, 0.25)
        self.play("slide", 0.6)
        return self.seconds(0.25)

    def on_interaction_placed(self, event: Event, update: Update) -> float:
        card = str(event["card"])
        entry = {"card": card, "number": int(event["number"]), "dots": int(event.get("dots") or 0),
                 "needs": int(event.get("needs") or 0), "immediate": bool(event.get("immediate")), "tried": []}
        inter = self.inters.get(card)
        if inter is None:
            inter = self.inters[card] = InteractionOnMap(entry)
            tile = self.tiles.get(inter.number)
            centre = tile.centre if tile is not None else (0.0, 0.0)
            inter.slot.set((centre[0] + BASE_TILE_W * 0.8, centre[1] - BASE_TILE_H * 0.8))
            inter.alpha.set(0.0)
            inter.alpha.to(255.0, 0.15)
        self.layout_interactions()
        self.play("deal", 0.7)
        return self.seconds(0.06)

    def on_interaction_turned(self, event: Event, update: Update) -> float:
        card = str(event["card"])
        inter = self.inters.get(card)
        entry = inter.entry if inter is not None else {"number": event["number"], "dots": 0, "needs": 0}
        shown = {k: entry.get(k) for k in ("number", "dots", "needs", "immediate")}
        back = interaction_back(shown, STAGE_W)
        front = interaction_front(int(event["number"]), int(entry.get("dots") or 0), STAGE_W)
        start: Pos = STAGE
        scale = 1.0
        if inter is not None:
            rect = inter.screen_rect(self.camera)
            start, scale = (float(rect.centerx), float(rect.centery)), rect.width / STAGE_W
            inter.hidden = True
        self.drop_stage()
        sprite = CardSprite(card, front, back, start, face_up=False, scale=scale)
        sprite.slide_to(STAGE, 0.24, angle=-4.0, scale=1.0)
        sprite.flip(True, 0.18, delay=0.16)
        self.stage, self.stage_card = sprite, card
        items = [self.item_entries.get(str(i), {"name": str(i)}) for i in event.get("items") or []]
        if items:
            self.journal.add("note", f"You try the {describe_items(items)} on card {event['number']}.")
        self.play("flip")
        return self.seconds(0.42)

    def drop_stage(self) -> None:
        if self.stage is not None:
            self.stage.visible = False
        self.stage, self.stage_card = None, None

    def on_interaction_returned(self, event: Event, update: Update) -> float:
        card = str(event["card"])
        inter = self.inters.get(card)
        if self.stage is not None and self.stage_card == card:
            sprite = self.stage
            self.stage, self.stage_card = None, None
            sprite.flip(False, 0.18)
            if inter is not None:
                rect = inter.screen_rect(self.camera)
                sprite.slide_to((rect.centerx, rect.centery), 0.26, delay=0.1, angle=0.0,
                                scale=rect.width / STAGE_W)
            self.flying.append(sprite)

            def land() -> None:
                sprite.visible = False
                if inter is not None:
                    inter.hidden = False

            self.after(0.38, land)
        self.journal.add("note", "The card is turned back over: it stays in play, waiting.")
        self.play("flip", 0.7)
        return self.seconds(0.4)

    def on_interaction_discarded(self, event: Event, update: Update) -> float:
        card = str(event["card"])
        if self.stage is not None and self.stage_card == card:
            sprite = self.stage
            self.stage, self.stage_card = None, None
        else:
            inter = self.inters.get(card)
            if inter is None:
                return 0.0
            rect = inter.screen_rect(self.camera)
            sprite = CardSprite(card, inter.back(), inter.back(), (rect.centerx, rect.centery),
                                scale=rect.width / inter.back().get_width())
            inter.hidden = True
        sprite.slide_to(DISCARD_POS, 0.3, delay=0.05, angle=8.0, scale=0.2)
        self.flying.append(sprite)
        self.after(0.36, lambda: setattr(sprite, "visible", False))
        self.play("slide", 0.7)
        return self.seconds(0.24)

    def on_no_match(self, event: Event, update: Update) -> float:
        inter = self.inters.get(str(event["card"]))
        if inter is not None:
            inter.nudge()
        items = [self.item_entries.get(str(i), {"name": str(i)}) for i in event.get("items") or []]
        what = describe_items(items) or "that"
        self.journal.add("note", f"Nothing on the card answers the {what}. It goes back face down, unread, "
                                 f"and you keep what you tried.")
        self.play("invalid", 0.8)
        return self.seconds(0.4)

    def on_item_taken(self, event: Event, update: Update) -> float:
        card = str(event["card"])
        entry = {"card": card, "letter": event.get("letter"), "number": event.get("number") or 0,
                 "name": event.get("name", ""), "text": event.get("text", "")}
        self.item_entries[card] = entry
        sprite = CardSprite(card, item_card(item_look(entry), ITEM_W), card_back(ITEM_W), STAGE, scale=1.3)
        sprite.scale.set(0.4)
        self.item_sprites[card] = sprite
        if card not in self.item_order:
            self.item_order.append(card)
        self.after(0.25, self.layout_items)
        sprite.scale.to(1.3, 0.16, ease_out_back).then(1.0, 0.3, ease_out_cubic)
        code = f"{entry['letter']}{entry['number'] or ''}"
        self.journal.add("heading", f"You take {entry['name']} ({code})")
        self.journal.add("item", str(entry["text"]))
        self.play("deal")
        return self.seconds(0.42)

    def on_item_discarded(self, event: Event, update: Update) -> float:
        card = str(event["card"])
        sprite = self.item_sprites.pop(card, None)
        if card in self.item_order:
            self.item_order.remove(card)
        if sprite is not None:
            sprite.slide_to(DISCARD_POS, 0.3, scale=0.2)
            self.flying.append(sprite)
            self.after(0.34, lambda: setattr(sprite, "visible", False))
        self.layout_items()
        self.journal.add("note", f"The {self.item_name(card)} is discarded.")
        self.play("slide", 0.7)
        return self.seconds(0.3)

    def favour_centre(self, index: int) -> Pos:
        return (FAVOUR_LEFT + 32 + index * 64, 50.0)

    def on_favour_lost(self, event: Event, update: Update) -> float:
        index = int(event["index"])
        if 0 <= index < 8:
            light = self.favour_light[index]
            light.set(1.0)
            light.to(0.35, 0.12, ease_in_quad).then(0.8, 0.1).then(0.0, 0.38, ease_in_quad)  # a last flicker
            x, y = self.favour_centre(index)
            for i in range(14):
                angle = -math.pi / 2 + (i - 7) * 0.09
                self.smoke.append(Smoke(x + (i - 7) * 1.5, y - 12, math.cos(angle) * 30, math.sin(angle) * (60 + i * 4),
                                        1.2 + (i % 4) * 0.15, 6 + (i % 3) * 3))
        self.journal.add("note", f"A favour goes dark. {event.get('lit', 0)} of 8 still burn.")
        self.play("ghost", 0.9)
        return self.seconds(0.65)

    def on_favour_regained(self, event: Event, update: Update) -> float:
        index = int(event["index"])
        if 0 <= index < 8:
            self.favour_light[index].set(0.0)
            self.favour_light[index].to(1.0, 0.45, ease_out_back)
            self.favour_pulse[index].set(1.0)
            self.favour_pulse[index].to(0.0, 0.6)
        self.play("chime", 0.9)
        return self.seconds(0.5)

    def on_prophecy_revealed(self, event: Event, update: Update) -> float:
        return self.turn_scroll(str(event["card"]), {"card": event["card"], "number": event["number"], "state": "revealed",
                                                     "title": event.get("title", ""), "text": event.get("text", "")},
                                "flip")

    def on_prophecy_fulfilled(self, event: Event, update: Update) -> float:
        old = dict(self.prophecy_entries.get(str(event["card"]), {}))
        old.update(card=event["card"], number=event["number"], state="fulfilled", fulfilled=event.get("text", ""))
        return self.turn_scroll(str(event["card"]), old, "score")

    def turn_scroll(self, card: str, entry: dict[str, Any], sound: str) -> float:
        sprite = self.prophecy_sprites.get(card)
        self.prophecy_entries[card] = entry
        if sprite is not None:
            face = prophecy(entry, self.scroll_width(len(self.prophecy_entries)), self.scroll_state(entry))
            sprite.back, sprite.face, sprite.face_up = sprite.image(), face, False
            sprite.flip(True, 0.2)
            sprite.scale.set(1.0)
            sprite.scale.to(1.35, 0.18, ease_out_cubic).then(1.0, 0.3, ease_out_back)
        self.play(sound)
        self.play("chime", 0.6)
        return self.seconds(0.5)

    def on_ending_reached(self, event: Event, update: Update) -> float:
        self.ending_played = True
        self.play("chime")
        return self.seconds(0.3)

    def on_undo(self, event: Event, update: Update) -> float:
        self.clear_selection()
        self.play("shuffle", 0.8)
        if self.app is not None:
            self.app.toast("Back to the last checkpoint.", "info")
        return self.seconds(0.2)

    def on_turn(self, event: Event, update: Update) -> float:
        self.clear_selection()
        return self.seconds(0.2)

    def on_stalled(self, event: Event, update: Update) -> float:
        self.ending_played = True
        self.journal.add("note", "Nothing is left to explore or to try. The labyrinth keeps you.")
        return self.seconds(0.3)

    def on_error(self, update: Update) -> None:
        """A refused move: whatever was dragged goes home; the choice stays for another try."""
        self.drag = None
        self.layout_items()
        if self.hero_number is not None:
            self.place_hero(self.hero_number, False)

    # --- the end ------------------------------------------------------------------------------------
    def _show_results(self) -> None:
        """First the ending's text, score and rank on a sheet; the results screen after it."""
        if self.ending_shown or self.app is None or not self.ending_played:
            super()._show_results()  # a game that was already over when the table opened goes straight on
            return
        self.ending_shown = True
        view = self.view
        ending = view.get("ending")
        score, rank = int(view.get("score", 0)), str(view.get("rank", ""))
        unfulfilled = sum(1 for p in view.get("prophecies", []) if p.get("state") != "fulfilled")
        lit = int(view.get("favours", {}).get("lit", 0))
        if ending:
            blocks = [("title", str(ending.get("title", ""))), ("text", str(ending.get("text", "")))]
        else:
            outcome = self.shown.outcome if self.shown is not None else None
            blocks = [("title", "Lost in the labyrinth"), ("text", outcome.summary if outcome else "")]
        lines = [("Favours still burning", f"{lit}"), ("Prophecies unfulfilled", f"− {unfulfilled}")]
        auto = None if self.local_seats else ENDING_AUTO_SECONDS
        self.app.push(StorySheet(self.app, blocks, "See the results", super()._show_results,
                                 extra=rank_table(score, rank, lines), extra_height=230, auto_seconds=auto))

    def show_intro(self) -> None:
        view = self.view
        scenario = view.get("scenario", {})
        blocks = [("title", str(scenario.get("title", "The Labyrinth"))), ("italic", str(scenario.get("intro", ""))),
                  ("note", "Move the hero onto a glowing card to explore. Tap an interaction card to turn it over — "
                           "some want one or two of your items. Keep your favours burning and fulfil the prophecies.")]
        self.app.push(StorySheet(self.app, blocks, "Enter the labyrinth", lambda: None))

    # --- loop ---------------------------------------------------------------------------------------
    def update_table(self, dt: float) -> None:
        self.time += dt
        if self.intro_pending and self.shown is not None and self.app is not None and self.curtain_seat is None:
            self.intro_pending = False
            if self.local_seats and self.shown.version == 0 and self.shown.outcome is None:
                self.show_intro()
        for timer in list(self.timers):
            timer[0] -= dt
            if timer[0] <= 0:
                self.timers.remove(timer)
                timer[1]()
        self.camera.update(dt)
        self.journal.update(dt)
        self.hero_pos.update(dt)
        for tile in self.tiles.values():
            tile.update(dt)
        for inter in self.inters.values():
            inter.update(dt)
        for sprite in self.item_sprites.values():
            sprite.update(dt)
            sprite.set_focus(self.focus == ("item", sprite.key) and self.can_act)
        for sprite in self.prophecy_sprites.values():
            sprite.update(dt)
        if self.stage is not None:
            self.stage.update(dt)
        for sprite in self.flying:
            sprite.update(dt)
        self.flying = [s for s in self.flying if s.visible]
        for light in self.favour_light + self.favour_pulse:
            light.update(dt)
        for puff in self.smoke:
            puff.x += puff.vx * dt
            puff.y += puff.vy * dt
            puff.life -= dt
            puff.size += dt * 10
        self.smoke = [p for p in self.smoke if p.life > 0]

    # --- targets and focus --------------------------------------------------------------------------
    def buttons(self) -> list[tuple[str, str, bool]]:
        """(name, label, enabled) of the buttons below the log, in order."""
        if self.selected is not None:
            needs = self.interaction_needs(self.selected)
            ready = len(self.chosen) == needs and self.legal_interaction(self.selected, self.chosen) is not None
            return [("use", f"Use ({len(self.chosen)}/{needs})", ready), ("cancel", "Cancel", True)]
        out: list[tuple[str, str, bool]] = []
        if self.legal_of("undo"):
            out.append(("undo", "Undo", self.can_act))
        if self.legal_of("end_turn"):
            out.append(("end_turn", "End turn", self.can_act))
        out.append(("discard", f"Discards · {len(self.view.get('discard', []))}", True))
        return out

    def button_rects(self) -> dict[str, pygame.Rect]:
        names = self.buttons()
        width = (BUTTON_ROW.width - 16 * (len(names) - 1)) // max(1, len(names))
        return {name: pygame.Rect(BUTTON_ROW.x + i * (width + 16), BUTTON_ROW.y + 8, width, 88)
                for i, (name, _, _) in enumerate(names)}

    def target_rect(self, target: Target) -> pygame.Rect | None:
        kind, key = target
        if kind == "tile":
            tile = self.tiles.get(int(key))
            return tile.screen_rect(self.camera) if tile is not None and not tile.removed else None
        if kind == "inter":
            inter = self.inters.get(key)
            return inter.hit_rect(self.camera) if inter is not None and not inter.hidden else None
        if kind == "item":
            sprite = self.item_sprites.get(key)
            return sprite.draw_rect() if sprite is not None else None
        if kind == "prophecy":
            sprite = self.prophecy_sprites.get(key)
            return sprite.draw_rect() if sprite is not None else None
        if kind == "button":
            return self.button_rects().get(key)
        if kind == "page":
            return self.journal.prev_rect if key == "prev" else self.journal.next_rect
        if kind == "menu":
            return MENU_RECT
        return None

    def targets(self) -> list[Target]:
        out: list[Target] = [("tile", str(n)) for n, t in self.tiles.items() if not t.removed]
        out += [("inter", c) for c, i in self.inters.items() if not i.hidden]
        out += [("item", c) for c in self.item_order if c in self.item_sprites]
        out += [("prophecy", c) for c in self.prophecy_sprites]
        out += [("button", name) for name, _, _ in self.buttons()]
        out += [("page", "prev"), ("page", "next"), ("menu", "menu")]
        return out

    def default_focus(self) -> Target | None:
        if self.selected is not None:
            for card in self.item_order:
                return ("item", card)
        moves = sorted(self.move_targets())
        face_down = [n for n in moves if not self.tiles[n].face_up] if moves else []
        if face_down:
            return ("tile", str(face_down[0]))
        usable = sorted(self.usable_cards())
        if usable:
            return ("inter", usable[0])
        if moves:
            return ("tile", str(moves[0]))
        return ("tile", str(self.hero_number)) if self.hero_number is not None else None

    def hit(self, pos: Pos, ignore: Target | None = None) -> Target | None:
        """The target under a pointer (topmost first), passing over a dragged card (`ignore`)."""
        for kind in ("button", "page", "menu", "item", "prophecy"):
            for target in [t for t in self.targets() if t[0] == kind and t != ignore]:
                rect = self.target_rect(target)
                if rect is not None and rect.collidepoint(pos):
                    return target
        if MAP_RECT.collidepoint(pos):
            for card, inter in reversed(list(self.inters.items())):
                if not inter.hidden and inter.hit_rect(self.camera).collidepoint(pos):
                    return ("inter", card)
            for number, tile in self.tiles.items():
                if not tile.removed and tile.screen_rect(self.camera).collidepoint(pos):
                    return ("tile", str(number))
        return None

    def move_focus(self, direction: str) -> None:
        current = self.target_rect(self.focus) if self.focus is not None else None
        if current is None:
            self.focus = self.default_focus()
            return
        dx, dy = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}[direction]
        cx, cy = current.center
        best: tuple[float, Target] | None = None
        for target in self.targets():
            if target == self.focus:
                continue
            rect = self.target_rect(target)
            if rect is None:
                continue
            vx, vy = rect.centerx - cx, rect.centery - cy
            along = vx * dx + vy * dy
            if along <= 8:
                continue
            across = abs(vx * dy) + abs(vy * dx)
            score = along + across * 2.2
            if best is None or score < best[0]:
                best = (score, target)
        if best is not None:
            self.focus = best[1]
            self.play("focus", 0.4)
            if best[1][0] in ("tile", "inter"):
                self.reveal_on_map(best[1])

    def reveal_on_map(self, target: Target) -> None:
        if target[0] == "tile":
            tile = self.tiles.get(int(target[1]))
            if tile is not None:
                self.camera.show(tile.box())
        elif target[0] == "inter":
            inter = self.inters.get(target[1])
            if inter is not None:
                x, y = inter.slot.current  # type: ignore[misc]
                self.camera.show((x - 60, y - 80, x + 60, y + 80))

    # --- acting -------------------------------------------------------------------------------------
    def clear_selection(self) -> None:
        self.selected = None
        self.chosen = []
        self.layout_items()

    def activate(self, target: Target, device: str = "keyboard") -> None:
        kind, key = target
        if kind == "button":
            self.press_button(key)
        elif kind == "page":
            if self.journal.read_on(-1 if key == "prev" else 1):
                self.play("page", 0.6)
        elif kind == "menu":
            self._pause()
        elif kind == "tile":
            self.choose_tile(int(key))
        elif kind == "inter":
            self.choose_interaction(key, device)
        elif kind == "item":
            self.choose_item(key)
        elif kind == "prophecy":
            self.focus = target

    def choose_tile(self, number: int) -> None:
        if not self.can_act:
            return
        action = next((a for a in self.legal_of("move") if int(a["to"]) == number), None)  # type: ignore[arg-type]
        if action is None:
            tile = self.tiles.get(number)
            if tile is not None and number != self.hero_number:
                tile.nudge()
                self.play("invalid", 0.5)
            self.focus = ("tile", str(number))
            return
        self.clear_selection()
        self.submit(action)

    def choose_interaction(self, card: str, device: str) -> None:
        if not self.can_act:
            return
        if card not in self.usable_cards():
            inter = self.inters.get(card)
            if inter is not None:
                inter.nudge()
            self.play("invalid", 0.5)
            return
        needs = self.interaction_needs(card)
        if needs == 0:
            action = self.legal_interaction(card, [])
            self.clear_selection()
            if action is not None:
                self.submit(action)
            return
        if self.selected == card:
            self.clear_selection()
            self.play("click", 0.5)
            return
        self.selected, self.chosen = card, []
        self.play("click", 0.7)
        if device in ("keyboard", "gamepad") and self.item_order:
            self.focus = ("item", self.item_order[0])
        self.layout_items()

    def choose_item(self, card: str) -> None:
        if self.selected is None or not self.can_act:
            self.focus = ("item", card)
            return
        needs = self.interaction_needs(self.selected)
        if card in self.chosen:
            self.chosen.remove(card)
        elif len(self.chosen) < needs:
            self.chosen.append(card)
        else:
            self.chosen = self.chosen[1:] + [card]
        self.play("place", 0.5)
        self.layout_items()
        if len(self.chosen) == needs and self.focus is not None and self.focus[0] == "item":
            self.focus = ("button", "use")

    def use_selection(self) -> None:
        if self.selected is None or not self.can_act:
            return
        action = self.legal_interaction(self.selected, self.chosen)
        if action is None:
            self.play("invalid", 0.6)
            if self.app is not None:
                needs = self.interaction_needs(self.selected)
                self.app.toast(f"Choose {needs} item{'s' if needs > 1 else ''} for this card first.", "warning")
            return
        self.clear_selection()
        self.focus = None
        self.submit(action)

    def press_button(self, name: str) -> None:
        enabled = {n: e for n, _, e in self.buttons()}
        if not enabled.get(name, False):
            self.play("invalid", 0.5)
            return
        self.play("click", 0.7)
        if name == "use":
            self.use_selection()
        elif name == "cancel":
            self.clear_selection()
        elif name == "undo" and self.can_act:
            action = self.legal_of("undo")
            if action:
                self.submit(action[0])
        elif name == "end_turn" and self.can_act:
            action = self.legal_of("end_turn")
            if action:
                self.submit(action[0])
        elif name == "discard" and self.app is not None:
            self.app.push(DiscardBrowser(self.app, list(self.view.get("discard", []))))

    # --- input --------------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> None:
        if self.curtain_seat is None and intent.kind == "back" and (self.selected is not None or self.drag is not None):
            self.drag = None
            self.clear_selection()
            self.play("click", 0.5)
            return
        super().handle(intent)

    def handle_table(self, intent: Intent) -> None:
        kind = intent.kind
        if intent.pos is not None:
            self.pointer = intent.pos
        if intent.is_direction:
            self.move_focus(kind)
        elif kind == "confirm":
            if self.focus is not None:
                self.activate(self.focus, intent.device)
        elif kind in ("prev", "next"):
            if self.journal.read_on(-1 if kind == "prev" else 1):
                self.play("page", 0.6)
        elif kind == "scroll":
            if READ_RECT.collidepoint(self.pointer):
                self.journal.scroll_by(-intent.amount * 60)
            elif MAP_RECT.collidepoint(self.pointer):
                self.camera.zoom_at(self.pointer, 1.12 if intent.amount > 0 else 1 / 1.12)
        elif kind == "hover" and intent.pos is not None:
            self.hover = self.hit(intent.pos)
        elif kind == "point" and intent.pos is not None:
            self.pressed = self.hit(intent.pos)
        elif kind == "release" and intent.pos is not None:
            target = self.hit(intent.pos)
            if target is not None and target == self.pressed:
                self.focus = target
                self.activate(target, intent.device)
            self.pressed = None
        elif kind == "drag_start" and intent.pos is not None:
            self.start_drag(intent.pos)
        elif kind == "drag_move" and intent.pos is not None:
            self.move_drag(intent.pos)
        elif kind == "drag_end" and intent.pos is not None:
            self.end_drag(intent.pos)

    def hero_rect(self) -> pygame.Rect | None:
        if self.hero_number is None:
            return None
        scale, _ = self.camera.now()
        x, y = self.camera.to_screen(self.hero_pos.current)  # type: ignore[arg-type]
        size = max(64, round(MEEPLE_SIZE * scale))
        return pygame.Rect(round(x - size / 2), round(y - size / 2), size, size)

    def start_drag(self, pos: Pos) -> None:
        target = self.hit(pos)
        hero = self.hero_rect()
        if target is not None and target[0] == "item" and self.can_act:
            sprite = self.item_sprites[target[1]]
            home = sprite.pos.target
            self.drag = Drag("item", target[1], pos, pos, (float(home[0]), float(home[1])))  # type: ignore[index]
            sprite.set_focus(True)
        elif hero is not None and hero.collidepoint(pos) and self.can_act and self.legal_of("move"):
            self.drag = Drag("hero", "", pos, pos)
        elif MAP_RECT.collidepoint(pos):
            self.drag = Drag("pan", "", pos, pos)
        elif READ_RECT.collidepoint(pos):
            self.drag = Drag("read", "", pos, pos)
        self.pressed = None

    def move_drag(self, pos: Pos) -> None:
        drag = self.drag
        if drag is None:
            return
        last = drag.pos
        drag.pos = pos
        if drag.kind == "item":
            sprite = self.item_sprites.get(drag.key)
            if sprite is not None:
                sprite.pos.set((drag.home[0] + pos[0] - drag.start[0], drag.home[1] + pos[1] - drag.start[1]))
        elif drag.kind == "pan":
            self.camera.pan(pos[0] - last[0], pos[1] - last[1])
        elif drag.kind == "read":
            self.journal.scroll_by(last[1] - pos[1])

    def end_drag(self, pos: Pos) -> None:
        drag, self.drag = self.drag, None
        if drag is None:
            return
        if drag.kind == "item":
            self.drop_item(drag.key, pos)
        elif drag.kind == "hero":
            target = self.hit(pos)
            number = int(target[1]) if target is not None and target[0] == "tile" else None
            if number is not None and number in self.move_targets():
                self.choose_tile(number)
            else:
                self.snap_back("The hero can only go to a lit scenery card.")

    def drop_item(self, card: str, pos: Pos) -> None:
        """An item dropped on an interaction card: tried at once on a one-item card, chosen as one of
        the two on a two-item card; anywhere else it goes home."""
        target = self.hit(pos, ignore=("item", card))
        if target is None or target[0] != "inter" or target[1] not in self.usable_cards():
            self.snap_back("Drop an item on an interaction card that wants items.")
            return
        needs = self.interaction_needs(target[1])
        if needs == 1:
            action = self.legal_interaction(target[1], [card])
            if action is None:
                self.snap_back("That card cannot take this item.")
                return
            self.clear_selection()
            self.submit(action)
            return
        if needs == 2:
            if self.selected != target[1]:
                self.selected, self.chosen = target[1], []
            if card not in self.chosen:
                self.chosen.append(card)
            self.chosen = self.chosen[-2:]
            self.play("place", 0.6)
            self.layout_items()
            return
        self.snap_back("This card is turned over without items: tap it.")

    def snap_back(self, message: str) -> None:
        self.play("invalid", 0.7)
        if self.app is not None:
            self.app.toast(message, "warning")
        self.layout_items()
        if self.hero_number is not None:
            self.place_hero(self.hero_number, False, 0.2)

    # --- drawing ------------------------------------------------------------------------------------
    def draw_table(self, surface: pygame.Surface, alpha: float) -> None:
        self.draw_top_bar(surface)
        self.draw_map(surface, alpha)
        self.draw_info(surface)
        self.journal.draw(surface, alpha, self.focus[1] if self.focus and self.focus[0] == "page" else None)
        self.draw_tray(surface, alpha)
        if self.stage is not None:
            self.stage.draw(surface, alpha)
        for sprite in self.flying:
            sprite.draw(surface, alpha)
        self.draw_focus_ring(surface)

    def draw_top_bar(self, surface: pygame.Surface) -> None:
        surface.blit(panel_surface(MENU_RECT.size, 16, P.INK_ALPHA), MENU_RECT.topleft)
        for i in range(3):
            pygame.draw.rect(surface, P.IVORY, (MENU_RECT.x + 38, MENU_RECT.y + 22 + i * 12, 40, 5), border_radius=2)
        title = str(self.view.get("scenario", {}).get("title", "The Labyrinth"))
        surface.blit(text_surface(title, "story", 36, P.LA_PARCHMENT), (MENU_RECT.right + 18, 14))
        surface.blit(text_surface(self.mode_line(), "ui", 22, P.IVORY_DIM), (MENU_RECT.right + 20, 58))
        score = self.view.get("score")
        if score is not None:
            label = text_surface(f"SCORE {score}", "display", 40, P.LA_TORCH)
            surface.blit(label, label.get_rect(midright=(FAVOUR_LEFT - 14, 40)))
            rank = text_surface(str(self.view.get("rank", "")), "ui", 20, P.IVORY_DIM)
            surface.blit(rank, rank.get_rect(midright=(FAVOUR_LEFT - 14, 70)))
        for i in range(8):
            x, y = self.favour_centre(i)
            lit = float(self.favour_light[i].current)  # type: ignore[arg-type]
            dark = favour_token(False, FAVOUR_PX)
            surface.blit(dark, dark.get_rect(center=(round(x), round(y))))
            if lit > 0.02:
                pulse = float(self.favour_pulse[i].current)  # type: ignore[arg-type]
                flame = favour_token(True, FAVOUR_PX + round(pulse * 12))
                flame.set_alpha(int(255 * min(1.0, lit)))
                surface.blit(flame, flame.get_rect(center=(round(x), round(y))))
                flame.set_alpha(255)
        for puff in self.smoke:
            image = smoke_puff(round(puff.size))
            image.set_alpha(max(0, min(200, int(puff.life * 150))))
            surface.blit(image, image.get_rect(center=(round(puff.x), round(puff.y))))
            image.set_alpha(255)

    def mode_line(self) -> str:
        if self.view.get("mode") != "turns":
            return "Playing together: anyone may act" if len(self.seat_names) > 1 else "Solo adventure"
        turn = self.view.get("turn") or {}
        seat = int(turn.get("seat", 0))
        moved = "done" if turn.get("moved") else "to do"
        used = "done" if turn.get("interacted") else "to do"
        return f"In turns · {self.name_of(seat)}: move {moved}, interaction {used}"

    def draw_map(self, surface: pygame.Surface, alpha: float) -> None:
        frame = MAP_RECT.inflate(8, 8)
        surface.blit(panel_surface(frame.size, 18, (10, 8, 6, 110)), frame.topleft)
        clip = surface.get_clip()
        surface.set_clip(MAP_RECT)
        scale, _ = self.camera.now(alpha)
        reach = self.move_targets()
        glow = 0.5 + 0.5 * math.sin(self.time * 2 * math.pi / 1.6)
        dragging_hero = self.drag is not None and self.drag.kind == "hero"
        for number, tile in sorted(self.tiles.items(), key=lambda kv: (kv[1].y, kv[1].x)):
            rect = tile.draw(surface, self.camera, alpha)
            if number in reach and not tile.face_up:  # a card to discover: a pulsing torch-lit edge
                colour = P.mix(P.LA_TORCH, P.BRASS_LIGHT, glow)
                outline = reach_outline(rect.size, max(6, rect.width // 22), colour, 5)
                surface.blit(outline, (rect.x - 12, rect.y - 12))
                self.draw_step_badge(surface, rect)
            elif number in reach:  # somewhere the hero may walk back to: a quiet edge
                outline = reach_outline(rect.size, max(6, rect.width // 22), P.shade(P.LA_TORCH, -0.35), 2)
                surface.blit(outline, (rect.x - 12, rect.y - 12))
            elif dragging_hero and number != self.hero_number:
                surface.blit(veil(rect.size, 150, max(6, rect.width // 22)), rect.topleft)
        usable = self.usable_cards()
        for card, inter in self.inters.items():
            lift = 10.0 * scale if card == self.selected else 0.0
            rect = inter.draw(surface, self.camera, alpha, lift)
            if inter.hidden:
                continue
            if card == self.selected:
                surface.blit(reach_outline(rect.size, 8, P.BRASS_LIGHT, 4), (rect.x - 12, rect.y - 12))
            elif self.can_act and card not in usable:
                surface.blit(veil(rect.size, 120, 8), rect.topleft)
            tried = inter.entry.get("tried") or []
            if tried:
                badge = text_surface(f"tried ×{len(tried)}", "ui-bold", 18, P.IVORY)
                box = badge.get_rect(midtop=(rect.centerx, rect.bottom - 4)).inflate(12, 4)
                surface.blit(panel_surface(box.size, 8, (*P.shade(P.LA_ARROW_RED, -0.3), 230)), box.topleft)
                surface.blit(badge, badge.get_rect(center=box.center))
        if self.hero_number is not None:
            size = max(40, round(MEEPLE_SIZE * scale))
            drawn = TRANSFORMS.get(meeple(MEEPLE_SIZE), 0.0, size / MEEPLE_SIZE)
            if dragging_hero and self.drag is not None:
                x, y = self.drag.pos
            else:
                x, y = self.camera.to_screen(self.hero_pos.value_at(alpha), alpha)  # type: ignore[arg-type]
            bob = math.sin(self.time * 2 * math.pi / 1.8) * 3 if self.can_act and not MOTION.reduced else 0.0
            surface.blit(drawn, drawn.get_rect(center=(round(x), round(y - bob))))
        surface.set_clip(clip)

    def draw_step_badge(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """"Explore" on a face-down card the hero can reach: the invitation to discover it."""
        label = text_surface("EXPLORE", "display", max(18, min(30, rect.width // 10)), P.INK)
        box = label.get_rect(midbottom=(rect.centerx, rect.bottom - 8)).inflate(18, 4)
        surface.blit(panel_surface(box.size, box.height // 2, (*P.LA_TORCH, 235)), box.topleft)
        surface.blit(label, label.get_rect(center=box.center))

    def info_lines(self) -> tuple[str, str, str]:
        """(title, text, hint) for what the player points at or has focused."""
        if self.selected is not None:
            needs = self.interaction_needs(self.selected)
            number = self.inters[self.selected].number if self.selected in self.inters else "?"
            picked = ", ".join(self.item_name(c) for c in self.chosen) or "nothing yet"
            tried = self.inters[self.selected].entry.get("tried") if self.selected in self.inters else []
            text = f"Picked: {picked}."
            if tried:
                text += " Already tried here: " + "; ".join(" + ".join(self.item_name(i) for i in t) for t in tried) + "."
            return (f"Card {number} wants {needs} item{'s' if needs > 1 else ''}", text,
                    "Pick from your items, then Use · Back cancels")
        target = self.hover if self.hover is not None and self.drag is None else self.focus
        if target is None:
            return ("", "", "")
        kind, key = target
        if kind == "tile":
            tile = self.tiles.get(int(key))
            if tile is None:
                return ("", "", "")
            number = int(key)
            reach = number in self.move_targets()
            here = number == self.hero_number
            if tile.face_up:
                square = next((s for s in self.view.get("map", []) if int(s["number"]) == number), None)
                text = str(square["stack"][-1].get("text", "")) if square else ""
                hint = "The hero is here" if here else ("Move the hero here" if reach else "")
                return (f"#{number} · {tile.entry.get('title', '')}", text, hint)
            need = int(tile.entry.get("min_favours") or 0)
            text = "A face-down scenery card. Stepping onto it discovers it."
            if need:
                text += f" It opens only while at least {need} favours still burn."
            return (f"#{number} · unexplored", text, "Move here to discover it" if reach else "Not reachable yet")
        if kind == "inter":
            inter = self.inters.get(key)
            if inter is None:
                return ("", "", "")
            needs = int(inter.entry.get("needs") or 0)
            want = {0: "no item", 1: "one item", 2: "two items"}.get(needs, f"{needs} items")
            tried = inter.entry.get("tried") or []
            text = f"An interaction card beside scenery #{inter.number}; it wants {want}. It can be used from anywhere."
            if tried:
                text += " Already tried: " + "; ".join(" + ".join(self.item_name(i) for i in t) for t in tried) + "."
            hint = ("Turn it over" if needs == 0 else "Choose items for it") if key in self.usable_cards() else ""
            return (f"Card {inter.number}", text, hint)
        if kind == "item":
            entry = self.item_entries.get(key, {})
            code = f"{entry.get('letter', '')}{entry.get('number') or ''}"
            return (f"{entry.get('name', '')} ({code})", str(entry.get("text", "")),
                    "Drop it on a card, or pick a card first" if self.can_act else "")
        if kind == "prophecy":
            entry = self.prophecy_entries.get(key, {})
            if entry.get("state") == "hidden":
                return (f"Prophecy {entry.get('number', '')}", "A sealed prophecy. Unfulfilled, it costs a point at "
                        "the end, even if it was never revealed.", "")
            state = "fulfilled" if entry.get("state") == "fulfilled" else "revealed"
            text = str(entry.get("fulfilled") if state == "fulfilled" else entry.get("text", ""))
            return (f"Prophecy {entry.get('number', '')} · {entry.get('title', '')} ({state})", text, "")
        if kind == "button":
            about = {"undo": "Take back the last move: nothing new has been revealed since.",
                     "end_turn": "Pass the turn to the next player clockwise.",
                     "discard": "Browse the discard pile. Unread cards stay face down.",
                     "use": "Turn the card over with the chosen items.", "cancel": "Put the items back."}
            return (BUTTON_LABELS.get(key, key), about.get(key, ""), "")
        if kind == "page":
            return ("The story so far", "Turn the pages of what has been read (Q / E, LB / RB).", "")
        return ("", "", "")

    def draw_info(self, surface: pygame.Surface) -> None:
        surface.blit(panel_surface(INFO_RECT.size, 16, P.INK_ALPHA), INFO_RECT.topleft)
        title, text, hint = self.info_lines()
        x = INFO_RECT.x + 22
        if title:
            surface.blit(text_surface(title, "story", 28, P.LA_PARCHMENT), (x, INFO_RECT.y + 8))
        if text:
            lines = wrapped(text, "story-italic", 24, 780)
            y = INFO_RECT.y + 46
            for i, line in enumerate(lines[:2]):
                if i == 1 and len(lines) > 2:
                    line = line.rstrip(".,;") + " …"
                surface.blit(text_surface(line, "story-italic", 24, P.IVORY_DIM), (x, y))
                y += 26
        if hint:
            image = text_surface(hint, "ui-bold", 24, P.BRASS_LIGHT)
            surface.blit(image, image.get_rect(midright=(INFO_RECT.right - 22, INFO_RECT.centery)))

    def draw_tray(self, surface: pygame.Surface, alpha: float) -> None:
        for area, label in ((ITEM_AREA, "ITEMS"), (PROPHECY_AREA, "PROPHECIES")):
            surface.blit(panel_surface(area.size, 18, (10, 8, 6, 120)), area.topleft)
            surface.blit(text_surface(label, "display", 28, P.LA_PARCHMENT_DARK), (area.x + 16, area.y + 4))
        if not self.item_order:
            empty = text_surface("Your hands are empty. Items you take will wait here.", "story-italic", 26, P.IVORY_DIM)
            surface.blit(empty, empty.get_rect(center=ITEM_AREA.center))
        selecting = self.selected is not None
        dragging = self.drag.key if self.drag is not None and self.drag.kind == "item" else None
        for card in self.item_order:
            sprite = self.item_sprites.get(card)
            if sprite is None or card == dragging:
                continue
            sprite.draw(surface, alpha)
            if card in self.chosen:
                rect = sprite.draw_rect(alpha)
                surface.blit(reach_outline(rect.size, 10, P.BRASS_LIGHT, 4), (rect.x - 12, rect.y - 12))
                badge = text_surface(str(self.chosen.index(card) + 1), "display", 34, P.INK)
                pygame.draw.circle(surface, P.BRASS_LIGHT, (rect.right - 16, rect.y + 16), 20)
                surface.blit(badge, badge.get_rect(center=(rect.right - 16, rect.y + 18)))
            elif selecting:
                pass
        for sprite in self.prophecy_sprites.values():
            sprite.draw(surface, alpha)
        surface.blit(panel_surface(LOG_RECT.size, 16, P.INK_ALPHA), LOG_RECT.topleft)
        y = LOG_RECT.y + 12
        lines: list[str] = []
        for line in reversed(self.log):
            lines[:0] = wrapped(line, "ui", 20, LOG_RECT.width - 36)
            if len(lines) >= LOG_LINES + 1:
                break
        for line in lines[-(LOG_LINES + 1):]:
            surface.blit(text_surface(line, "ui", 20, P.IVORY_DIM), (LOG_RECT.x + 18, y))
            y += 26
        rects = self.button_rects()
        for name, label, enabled in self.buttons():
            rect = rects[name]
            primary = name in ("use", "end_turn")
            fill = (*P.BRASS, 255) if primary and enabled else P.INK_ALPHA
            surface.blit(panel_surface(rect.size, 18, fill, (*P.BRASS, 255), 2), rect.topleft)
            colour = P.INK if primary and enabled else (P.IVORY if enabled else P.IVORY_DIM)
            image = text_surface(label, "ui-bold", 30, colour)
            surface.blit(image, image.get_rect(center=rect.center))
        if dragging is not None:
            sprite = self.item_sprites.get(dragging)
            if sprite is not None:
                sprite.draw(surface, alpha)

    def draw_focus_ring(self, surface: pygame.Surface) -> None:
        if self.curtain_seat is not None:
            return
        if not self.show_focus():
            hovered = self.target_rect(self.hover) if self.hover is not None and self.drag is None else None
            if hovered is not None:  # a pointer shows what it is over with a thin brass edge
                surface.blit(reach_outline(hovered.size, 12, P.BRASS, 2), (hovered.x - 12, hovered.y - 12))
            return
        if self.focus is None:
            return
        rect = self.target_rect(self.focus)
        if rect is None:
            return
        if self.focus[0] in ("tile", "inter") and not MAP_RECT.colliderect(rect):
            return
        ring = reach_outline(rect.size, 12, P.BRASS_LIGHT, 5)
        surface.blit(ring, (rect.x - 12, rect.y - 12))
        cx, top = rect.centerx, rect.y - 10
        pygame.draw.polygon(surface, P.BRASS_LIGHT, [(cx - 14, top - 16), (cx + 14, top - 16), (cx, top)])
        pygame.draw.polygon(surface, P.INK, [(cx - 14, top - 16), (cx + 14, top - 16), (cx, top)], 2)

    def show_focus(self) -> bool:
        """The brass focus ring belongs to keys and pads; a pointer shows what it hovers instead."""
        device = self.app.input.last_device if self.app is not None else "keyboard"
        return device in ("keyboard", "gamepad")


MEEPLE_SIZE = 76

register_table(GAME_ID, LabyrinthTable)
