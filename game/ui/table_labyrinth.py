"""Lost in Adventure: The Labyrinth — the table scene.

The map fills the left and centre: placed scenery at its grid squares (face-down cards show their
number and red arrows), interaction cards standing beside their scenery, the hero meeple sliding
from card to card; the camera zooms to fit as the map grows (wheel to zoom, drag to pan). On the
right the reading panel tells the story as it is read — the heart of the game. Along the bottom:
the items held, the prophecies as scrolls, the log and the buttons; the eight favours burn as
flames at the top right.

Actions: tap a lit scenery to move the hero there (or drag the hero onto it); tap an interaction
card to turn it over (cards that want items: pick 1 or 2 items, then Use, or drop an item on the
card); Undo when offered; End turn when playing in turns. A finger has no hover: held still on a card, a
button or the favours for a moment it looks instead of tapping (a small scenery shown full size, the
words in the caption). Every device works alone: arrows/d-pad
move a brass focus over everything, confirm acts, back cancels a choice, Q/E (LB/RB) page the story.

The scene never decides rules: targets light up from `self.legal`, texts come from the view and the
events (ruling LA-7), and refused moves come back as errors.
"""

from __future__ import annotations

import math
from collections import deque
from typing import Any, Callable

import pygame

from game.bots.labyrinth import Tier
from game.core.types import Action, Event
from game.rules.labyrinth.wording import capitalised, discarded_sentence, items_phrase
from game.session.base import Session, Update
from game.session.local import LocalSession
from game.ui.chrome import CANVAS_H, CANVAS_W, draw_background
from game.ui.labyrinth_controls import LabyrinthControls
from game.ui.labyrinth_hints import LabyrinthHints
from game.ui.labyrinth_legible import legible_item_card, legible_item_tile, legible_prophecy, legible_prophecy_strip
from game.ui.labyrinth_layout import (  # noqa: F401 - MAP_RECT and friends are this module's public layout
    ENDING_AUTO_SECONDS, FAVOUR_LEFT, INFO_RECT, ITEM_AREA, ITEM_W, LAN_STRIP_BAND, LOG_RECT, MAP_RECT, MENU_RECT,
    MOVE_SECONDS,
    PROPHECY_AREA,
    PROPHECY_W, READ_RECT, STAGE, STAGE_W, DISCARD_POS, THEIR_MOVE_SECONDS, GAME_ID, Drag, Pos, Smoke, Target,
    interaction_front, item_look, item_tray_rects, look_of, prophecy_tray_rects,
)
from game.ui.labyrinth_map import (
    BASE_TILE_H, BASE_TILE_W, Camera, InteractionOnMap, Tile, grid_centre, interaction_slots,
)
from game.ui.labyrinth_overlays import LIST_FROM, DiscardBrowser, DiscardList, ReadingContents, StorySheet, rank_table
from game.ui.labyrinth_painter import LabyrinthPainter
from game.ui.labyrinth_reading import Journal, block_kind_for_key, describe_items
from game.ui.look import palette as P
from game.ui.look.cards_labyrinth import card_back, interaction_back
from game.ui.look.fonts import legible_factor, text_surface
from game.ui.sprites import CardSprite, row_layout
from game.ui.table_base import TableSceneBase, whose_turn
from game.ui.tables import register_table
from game.ui.tween import MOTION, Animated, ease_in_quad, ease_out_back, ease_out_cubic
from game.ui.widgets import panel_surface


LOG_KEPT = 400  # log lines kept for the whole log's sheet (a long chain writes 20+, a bot turn 6-12)


# The tutorial's coaching: one tip the first time each mechanic shows up at this table, in the story
# panel under what was read (the story itself stays the scenario's own text).
TUTORIAL_TIPS: dict[str, str] = {
    "item": "Tip: items are shared by everyone and are not used up. Choose one to read it. To try it, choose "
            "a card that shows the item icon, then the item, or drag the item onto the card.",
    "needs-1": "Tip: a new card shows the item icon, a triangle with one question mark: it wants one item. "
               "A paragraph for that item, or a * paragraph that fits any, is read; with no match, nothing is.",
    "needs-2": "Tip: two question marks in the triangle: that card wants two items at once, chosen together.",
    "cover": "Tip: the new scenery covers the old card and keeps its number; the cards beside it stay.",
    "prophecy": "Tip: a revealed prophecy is a task. Each one still unfulfilled at the end costs a point.",
    "favour": "Tip: your score is the favours still lit, less the unfulfilled prophecies. Careless tries "
              "put favours out.",
}


class LabyrinthTable(LabyrinthHints, LabyrinthControls, LabyrinthPainter, TableSceneBase):
    tone = "umber"
    results_dim = 220  # the parchment story panel read through the results' headline at the usual 165
    hurry_hint_right_limit = CANVAS_W // 2 + 300  # the score and the flames begin just after it
    menu_button_rect = MENU_RECT
    suggestions = True  # "Suggest a move" in the pause menu (describe_move)
    # the favours burn in the top right: a status strip sits in the map's lower left corner instead
    status_anchor = ("bottomleft", (MAP_RECT.x + 12, MAP_RECT.bottom - 12))

    def __init__(self, app: Any, session: Session, viewer: int | None = None) -> None:
        super().__init__(app, session, viewer)
        from game.core.registry import find_game

        self.engine = find_game(GAME_ID)
        self.camera = Camera(MAP_RECT)
        self.journal = Journal(READ_RECT)
        self.tiles: dict[int, Tile] = {}
        self.inters: dict[str, InteractionOnMap] = {}
        self.item_sprites: dict[str, CardSprite] = {}
        self.item_faces: dict[str, tuple[Any, ...]] = {}  # what each item's sprite shows: ("card",) or ("tile", size)
        self.item_entries: dict[str, dict[str, Any]] = {}
        self.item_order: list[str] = []
        self.prophecy_sprites: dict[str, CardSprite] = {}
        self.prophecy_faces: dict[str, tuple[Any, ...]] = {}  # what each scroll's sprite shows
        self.prophecy_order: list[str] = []
        self.prophecy_entries: dict[str, dict[str, Any]] = {}
        self.favour_light = [Animated(1.0) for _ in range(8)]
        self.favour_pulse = [Animated(0.0) for _ in range(8)]
        self.hero_pos = Animated((0.0, 0.0))
        self.hero_number: int | None = None
        self.stage: CardSprite | None = None
        self.stage_card: str | None = None
        self.flying: list[CardSprite] = []
        self.smoke: list[Smoke] = []
        self.log: deque[str] = deque(maxlen=LOG_KEPT)
        self.place_titles: dict[int, str] = {}  # scenery number -> the title last seen face up there
        self.selected: str | None = None
        self.chosen: list[str] = []
        self.focus: Target | None = None
        self.hover: Target | None = None
        self.pressed: Target | None = None
        self.resting: list[Any] | None = None  # a finger at rest on a target: [target, seconds, looked]
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
        self.peek_target: Target | None = None  # the scenery looked at, shown full size after a moment
        self.peek_time = 0.0
        self.pages_added = 0
        self.card_numbers: dict[str, int] = {}  # interaction card id -> the number on its back, once seen
        self.tips_given: set[str] = set()
        self.tips_waiting: list[str] = []  # tips of the move being told, added under its story at its end
        self.placed_run: tuple[int, int] | None = None  # (scenery number, cards) of the last log line
        self.companion_passed: int | None = None  # a bot companion's seat that passed a whole turn
        # Undo goes back to the checkpoint: every move since something new was last revealed. The
        # table counts those moves and remembers how many story pages there were before the first,
        # so Undo can say what it takes back and the pages of the moves it takes back go with them.
        self.pages_at_update = 0  # journal pages before the update being told
        self.undo_pages: int | None = None  # journal pages before the first undoable move (None: unknown)
        self.undo_moves = 0  # moves Undo would take back (0: unknown or none)
        self.undo_version = -1  # the update last counted
        self.init_hints()

    # --- small helpers ------------------------------------------------------------------------------
    def after(self, seconds: float, callback: Callable[[], None]) -> None:
        self.timers.append([MOTION.duration(seconds), callback])

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
        self.feed_advisors(view, update.version)
        first = not self.built
        self.count_undoable(view, first, update.version)
        self.reconcile(view, immediate=first)
        if first:
            self.built = True
            self.start_journal(view, update.version)
        if self.selected is not None and (self.selected not in self.inters or not self.can_act):
            self.clear_selection()
        self.chosen = [c for c in self.chosen if c in self.item_entries]
        if self.focus is None or not self.target_rect(self.focus):
            self.focus = self.default_focus()
        self.tell_the_way_out_was_left(view)

    def tell_the_way_out_was_left(self, view: dict[str, Any]) -> None:
        """A bot companion passes its turn rather than take the way out (game/bots/labyrinth.py,
        WayOutManners): the person whose turn it is now is told why it did nothing, in the story,
        when the careful move for them is that very way out."""
        seat, self.companion_passed = self.companion_passed, None
        if seat is None or self.game_over or self.shown is None or self.viewer not in self.local_seats \
                or self.viewer not in self.shown.active:
            return
        advice = self.advisor_for(self.viewer).advise(dict(view), list(self.legal))
        if advice is None or advice.tier != Tier.WAY_OUT:
            return
        you = "you" if len(self.local_seats) == 1 else self.name_of(self.viewer)
        line = f"{self.name_of(seat)} leaves the way out to {you}: taking it ends the adventure."
        if self.journal.pages:  # in the story, not the log (a table opened later could not say it there)
            self.journal.add("note", line)

    def count_undoable(self, view: dict[str, Any], first: bool, version: int) -> None:
        """Keep count of the moves Undo would take back (the engine keeps one checkpoint: the state
        before the first move since something new was revealed)."""
        if not view.get("can_undo") or first:  # nothing to undo, or a resumed game's moves unknown
            self.undo_pages, self.undo_moves = None, 0
        elif version != self.undo_version:  # one more move made since the checkpoint
            if self.undo_moves == 0:
                self.undo_pages = self.pages_at_update
            self.undo_moves += 1
        self.undo_version = version

    def undo_words(self) -> str:
        """What Undo takes back, as the button's caption and the toast say it."""
        if self.undo_moves > 1:
            return f"the last {self.undo_moves} moves"
        return "the last move"

    def undo_sentence(self) -> str:
        return f"Undone: {self.undo_words()} {'are' if self.undo_moves > 1 else 'is'} taken back."

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
                    number = entry.get("number", self.card_numbers.get(str(entry.get("card"))))  # on its back
                    place = self.place_of(int(number)) if number is not None else ""
                    # "#6 The Sundial Court · read earlier"; "#28 · read earlier" for a scenery gone from the map
                    title = f"{place} · read earlier" if number is not None else "Read earlier"
                    self.journal.new_page(title, place)
                    for text in texts:
                        self.journal.add("story", text, animate=False)
            if view.get("last"):
                hero = view.get("hero") or {}
                self.journal.new_page("Where you left off", self.place_of(hero.get("number")))
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
            top = square["stack"][-1] if square.get("stack") else {}
            if top.get("face") == "up" and top.get("title"):
                self.place_titles[number] = str(top["title"])
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
                self.card_numbers[str(entry["card"])] = int(entry["number"])
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
                face = legible_item_card(item_look(entry), ITEM_W, self.type_factor)
                sprite = CardSprite(card, face, card_back(ITEM_W), (ITEM_AREA.centerx, 1240))
                self.item_sprites[card] = sprite
                self.item_faces[card] = ("card",)
        for card in [c for c in self.item_sprites if c not in order]:
            del self.item_sprites[card]
            self.item_entries.pop(card, None)
            self.item_faces.pop(card, None)
        self.item_order = order
        self.layout_items(immediate)

    def layout_items(self, immediate: bool = False) -> None:
        """Whole cards in a row while they fit, else tiles in rows (`item_tray_rects`): a card turns
        into a tile (or back) with a quick flip as the tray fills or empties."""
        tiles = item_tray_rects(len(self.item_order), self.type_factor)
        if tiles is None:
            centre = (ITEM_AREA.centerx, ITEM_AREA.y + 136)
            places = row_layout(len(self.item_order), centre, ITEM_W, 16, ITEM_AREA.width - 40)
        else:
            places = [(float(rect.centerx), float(rect.centery)) for rect in tiles]
        lift = -26.0 if tiles is None else -8.0
        for index, (card, pos) in enumerate(zip(self.item_order, places)):
            sprite = self.item_sprites[card]
            dragged = self.drag is not None and self.drag.kind == "item" and self.drag.key == card
            self.dress_item(card, sprite, None if tiles is None else tiles[0].size, immediate or dragged, index * 0.03)
            if dragged:
                continue
            target = (pos[0], pos[1] + (lift if card in self.chosen else 0.0))
            if immediate:
                sprite.pos.set(target)
            elif sprite.pos.target != target:
                sprite.slide_to(target, 0.22)

    def dress_item(self, card: str, sprite: CardSprite, tile: tuple[int, int] | None, at_once: bool,
                   delay: float) -> None:
        """Give an item's sprite the face the tray wants now: its whole card, or a tile of `tile` size."""
        wanted = ("card",) if tile is None else ("tile", tile)
        if self.item_faces.get(card) == wanted or card not in self.item_entries:
            return
        look = item_look(self.item_entries[card])
        if tile is None:
            face = legible_item_card(look, ITEM_W, self.type_factor)
        else:
            face = legible_item_tile(look, tile, self.type_factor)
        self.item_faces[card] = wanted
        sprite.turn_to(face, at_once, delay)

    def reconcile_prophecies(self, entries: list[dict[str, Any]], immediate: bool) -> None:
        for entry in entries:
            card = str(entry["card"])
            self.prophecy_entries[card] = dict(entry)
            if card not in self.prophecy_sprites:
                key, face = self.prophecy_face(dict(entry), len(entries))
                self.prophecy_sprites[card] = CardSprite(card, face, face, (0, 0))
                self.prophecy_faces[card] = key
        self.prophecy_order = [str(e["card"]) for e in entries]
        self.layout_prophecies(immediate)

    def layout_prophecies(self, immediate: bool = False) -> None:
        """Scrolls side by side while they fit, else strips in a column or two (`prophecy_tray_rects`);
        a scroll whose state or shape changes turns over to its new face."""
        order = [card for card in self.prophecy_order if card in self.prophecy_sprites]
        count = len(order)
        strips = prophecy_tray_rects(count)
        if strips is None:
            scroll_w = self.scroll_width(count)
            step = scroll_w + 12
            total = step * (count - 1)
            places = [(PROPHECY_AREA.centerx - total / 2 + i * step, PROPHECY_AREA.y + 136.0) for i in range(count)]
        else:
            places = [(float(rect.centerx), float(rect.centery)) for rect in strips]
        for index, (card, pos) in enumerate(zip(order, places)):
            sprite = self.prophecy_sprites[card]
            key, face = self.prophecy_face(self.prophecy_entries[card], count)
            if self.prophecy_faces.get(card) != key:
                self.prophecy_faces[card] = key
                sprite.turn_to(face, immediate, index * 0.03)
            if immediate:
                sprite.pos.set(pos)
            elif sprite.pos.target != pos:
                sprite.slide_to(pos, 0.22)

    def prophecy_face(self, entry: dict[str, Any], count: int) -> tuple[tuple[Any, ...], pygame.Surface]:
        """A prophecy's face in a tray of `count`: a scroll, or a strip; and what it depends on."""
        state = self.scroll_state(entry)
        strips = prophecy_tray_rects(count)
        if strips is None:
            width = self.scroll_width(count)
            return ("scroll", width, state), legible_prophecy(entry, width, state, self.type_factor)
        return ("strip", strips[0].size, state), legible_prophecy_strip(entry, strips[0].size, state, self.type_factor)

    @staticmethod
    def scroll_width(count: int) -> int:
        """Scrolls as wide as the tray allows (more than two become strips)."""
        return 150 if count <= 2 else PROPHECY_W

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

    def map_room(self) -> pygame.Rect:
        """Where the fitted map lies: on a LAN table the connection strip sits along the map's bottom
        edge (lobby_room.MAP_CORNER), so the cards keep above it instead of lying under it."""
        band = MAP_RECT.bottom - self.info_rect().y + 8 if self.info_rect() is not INFO_RECT else 0
        if isinstance(self.session, LocalSession):  # a small window's taller caption covers the bottom `band`
            return MAP_RECT if not band else pygame.Rect(MAP_RECT.x, MAP_RECT.y, MAP_RECT.width, MAP_RECT.height - band)
        return pygame.Rect(MAP_RECT.x, MAP_RECT.y, MAP_RECT.width, MAP_RECT.height - max(band, LAN_STRIP_BAND))

    def refit(self, immediate: bool = False) -> None:
        if self.camera.manual and not immediate:
            self.camera.keep_bounds(self.map_bounds())
            return
        keep = self.hero_spot(self.hero_number) if self.hero_number is not None else None
        self.camera.fit(self.map_bounds(), 0.0 if immediate else 0.35, self.map_room(), keep)
        self.reveal_after_fit = True  # `follow_focus` shows the focused card again once the camera rests

    # --- events -------------------------------------------------------------------------------------
    def animate_event(self, event: Event, update: Update) -> float:
        if self.page_update != id(update):
            self.page_update = id(update)
            self.pages_at_update = len(self.journal.pages)
            self.begin_update(update)
        self.log_event(event)
        handler = getattr(self, "on_" + event.kind, None)
        seconds = float(handler(event, update) or 0.0) if handler is not None else 0.0
        self.coach(event)
        if update.events and event is update.events[-1]:  # the move's story is told: its tips go under it
            for tip in self.tips_waiting:
                self.journal.add("tip", tip)
            self.tips_waiting = []
        return seconds

    def coach(self, event: Event) -> None:
        """In the tutorial, a tip under the story the first time each mechanic appears."""
        if self.view.get("scenario", {}).get("id") != "tutorial":
            return
        tip = {"item_taken": "item", "prophecy_revealed": "prophecy", "favour_lost": "favour"}.get(event.kind)
        if event.kind == "interaction_placed" and int(event.get("needs") or 0) in (1, 2):
            tip = f"needs-{int(event['needs'])}"
        elif event.kind == "scenery_placed" and event.get("covers"):
            tip = "cover"
        if tip is None or tip in self.tips_given:
            return
        self.tips_given.add(tip)
        self.tips_waiting.append(TUTORIAL_TIPS[tip])  # after the last text of this move, not amid it

    def point_at(self, action: Action) -> None:
        """The suggested move made ready, not made: a card that wants items is chosen with the
        suggested items lifted, the focus on Use; anything else gets the focus."""
        if action.kind == "move":
            self.focus = ("tile", str(action["to"]))
        elif action.kind == "interact":
            card, items = str(action["card"]), [str(i) for i in action["items"]]
            self.focus = ("inter", card)
            if items and card in self.inters and all(i in self.item_sprites for i in items):
                self.selected, self.chosen = card, items
                self.focus = ("button", "use")
                self.layout_items()
        elif action.kind == "end_turn":
            self.focus = ("button", "end_turn")

    def describe_move(self, action: Action) -> str:
        view = self.view
        if action.kind == "move":
            number = int(action["to"])
            tile = next((t for t in view.get("map", []) if int(t.get("number", -1)) == number), None)
            top = next((c for c in (tile or {}).get("stack", []) if c.get("card") == (tile or {}).get("top")), None)
            if not top or top.get("face") != "up":
                return f"step onto face-down #{number} and discover it"
            return f"move the hero to #{number}, {top['title']}" if top.get("title") else f"move the hero to #{number}"
        if action.kind == "interact":
            card = str(action["card"])
            number = next((int(c["number"]) for cards in view.get("interactions", {}).values() for c in cards
                           if c.get("card") == card), None)
            where = f"card {number}" if number is not None else "that card"
            names = {str(i.get("card")): str(i.get("name")) for i in view.get("items", [])}
            items = [names.get(str(i), str(i)) for i in action["items"]]
            if not items:
                return f"turn over {where}"
            return f"try {' and '.join(items)} on {where}"
        if action.kind == "end_turn":
            return "end the turn"
        return super().describe_move(action)

    def several_seats(self) -> bool:
        return int(self.view.get("seats", len(self.seat_names) or 1)) > 1 or len(self.seat_names) > 1

    def actor_name(self, seat: int) -> str:
        """Who made a move, as the log and the story say it. Playing together at one screen, any of the
        people here may have moved the hero and the table cannot tell which, so the move is "You" (the
        banner says "Your move, together"), not the first seat's name for a move another person made."""
        if self.together and len(self.local_seats) > 1 and seat in self.local_seats:
            return "You"
        return self.name_of(seat)

    def turn_name(self, seat: int) -> str:
        """Whose turn it is, as the log and the line under the title say it: the one person at this
        screen among bots (or LAN guests) is "You", as the banner says ("Your turn."), not "Player's turn."."""
        if len(self.local_seats) == 1 and seat in self.local_seats:
            return "You"
        return self.actor_name(seat)

    def who_tries(self, seat: int | None) -> str:
        """ "You try" alone at the table, "Rowan tries" when several seats play (`seat` tried it, as
        the card's event tells)."""
        if not self.several_seats() or seat is None:
            return "You try"
        name = self.actor_name(int(seat))
        return "You try" if name == "You" else f"{name} tries"

    def companion_level(self, seat: int | None) -> str | None:
        """The level of the bot companion in `seat`; None for a person (or a table that cannot tell)."""
        seats = getattr(getattr(self.session, "config", None), "seats", None) or ()
        if seat is None or not 0 <= int(seat) < len(seats) or seats[int(seat)].kind != "bot":
            return None
        return str(seats[int(seat)].level)

    def companion_reason(self, event: Event) -> str:
        """Why a bot companion used this card, in a sentence under its try: what it read that pointed
        there (a careful companion's own reasons, from what the table had read before the move), or
        that an easy companion tries things. People watching a bot burn a favour learn why it tried."""
        seat = event.get("seat")
        level = self.companion_level(seat)
        if level is None:
            return ""
        if level == "easy":
            return "An easy companion tries things to see what happens." if event.get("items") else ""
        advisor = self.advisors.get(self.viewer) if self.viewer is not None else None
        if advisor is None:
            return ""
        action = Action.make(int(seat), "interact", card=str(event["card"]), items=[str(i) for i in event.get("items") or []])
        reason = advisor.reason_for(dict(self.view), action)
        return f"Why: {reason}" if reason else ""

    def place_of(self, number: int | None) -> str:
        """ "#6 The Sundial Court" where the table saw its title, "#6" where not, "" for no place."""
        if number is None:
            return ""
        title = self.place_titles.get(int(number))
        return f"#{number} {title}" if title else f"#{number}"

    def open_contents(self) -> None:
        """The reading panel's contents: every page by place, to jump to."""
        if self.app is not None and self.journal.pages:
            self.play("page", 0.6)
            self.app.push(ReadingContents(self.app, self.journal))

    def open_discards(self) -> None:
        """The discard pile: card by card while small, else a list grouped by place to jump in."""
        if self.app is None:
            return
        discard = list(self.view.get("discard", []))
        kind = DiscardList if len(discard) >= LIST_FROM else DiscardBrowser
        self.app.push(kind(self.app, discard, self.card_numbers, dict(self.place_titles)))

    def open_log(self) -> None:
        """The whole log on a sheet, newest at the bottom and in view: the box shows only its tail."""
        if self.app is None:
            return
        lines = list(self.log) or ["Nothing has happened yet."]
        sheet = StorySheet(self.app, [("title", "The log")] + [("line", line) for line in lines], "Close", lambda: None)
        sheet.scroll = sheet.most_scroll  # the newest lines first in view; up (the wheel, a drag) reads back
        self.play("page", 0.6)
        self.app.push(sheet)

    def info_lines_for(self, target: Any) -> tuple[str, str, str]:
        """The caption for the reading panel's Contents and the log box; the rest as the painter says."""
        if target == ("page", "contents"):
            return ("Contents", "Every page read so far, grouped by the place it was read at: jump to any.",
                    "Open the contents")
        if target == ("log", "log"):
            return ("The log", f"Everything that happened, one line each ({len(self.log)} lines).", "Open the whole log")
        return super().info_lines_for(target)  # type: ignore[no-any-return]

    def draw_table(self, surface: pygame.Surface, alpha: float) -> None:
        super().draw_table(surface, alpha)
        self.draw_log_mark(surface)

    def draw_log_mark(self, surface: pygame.Surface) -> None:
        """A small expand mark in the log box's corner: the box opens the whole log."""
        box = pygame.Rect(LOG_RECT.right - 40, LOG_RECT.y + 6, 34, 34)
        surface.blit(panel_surface(box.size, 8, (*P.shade(P.INK, 0.15), 255), (*P.BRASS, 255), 1), box.topleft)
        cx, cy = box.center
        for d in (-1, 1):  # two corner arrows pointing out
            tip = (cx + d * 9, cy - d * 9)
            pygame.draw.line(surface, P.BRASS_LIGHT, (cx + d * 2, cy - d * 2), tip, 2)
            pygame.draw.line(surface, P.BRASS_LIGHT, tip, (tip[0] - d * 6, tip[1]), 2)
            pygame.draw.line(surface, P.BRASS_LIGHT, tip, (tip[0], tip[1] + d * 6), 2)

    def log_event(self, event: Event) -> None:
        if event.kind.startswith("interaction_") and event.get("card") is not None and event.get("number") is not None:
            self.card_numbers[str(event["card"])] = int(event["number"])  # for the discard pile's captions
        if event.kind == "text":
            self.note_read(event)  # a card turned back over keeps a label of what was read (labyrinth_controls)
            return
        line = self.log_line(event)
        if not line:
            return
        if event.kind == "interaction_placed":  # the cards a discovery brings: one line, counted
            number = int(event["number"])
            count = self.placed_run[1] + 1 if self.placed_run and self.placed_run[0] == number else 1
            if count > 1 and self.log:
                self.log.pop()
                line = f"{count} cards come into play beside scenery #{number}."
            self.placed_run = (number, count)
        else:
            self.placed_run = None
        self.log.append(line)

    def log_line(self, event: Event) -> str:
        """The engine's log line; a turn is named after the seat's player, whom the table knows. A
        covering card is told by the number both cards show (ruling LA-2c), never by its card id."""
        if event.kind == "turn":
            return f"{capitalised(whose_turn(self.turn_name(int(event['seat']))))}."
        actor = event.get("seat")  # who used the card; a card turned over by itself (immediate) has none
        if event.kind == "interaction_turned" and actor is not None and self.several_seats():
            names = [str(n) for n in event.get("item_names") or []]
            who = self.actor_name(int(actor))
            if names:
                return f"{who} {'try' if who == 'You' else 'tries'} {items_phrase(names)} on card {event['number']}."
            return f"{who} turn{'' if who == 'You' else 's'} over card {event['number']}."
        if event.kind == "scenery_placed" and event.get("covers"):
            number = event["number"]
            return f"Scenery #{number} is placed face down on top of the old #{number}."
        if event.kind == "ending_reached":
            return f"The end: {event['title']} \u2013 score {event['score']}, {event['rank']}."
        if event.kind == "item_discarded" and event.get("name"):
            return discarded_sentence(str(event["name"]))
        if event.kind == "undo":
            return self.undo_sentence()
        return self.engine.describe(event, self.viewer)

    def begin_update(self, update: Update) -> None:
        """A new action's events: open a journal page named after what happened first."""
        if update.actor is not None and self.companion_level(update.actor) is not None and update.events \
                and all(e.kind == "turn" for e in update.events):
            self.companion_passed = update.actor  # it did nothing this turn: on_view says why, if it is the way out
        self.update_ending = next((str(e["ending"]) for e in update.events if e.kind == "ending_reached"), None)
        title, place = "", ""
        for event in update.events:
            if event.kind == "interaction_turned":
                items = [self.item_entries.get(str(i), {"name": str(i)}) for i in event.get("items") or []]
                number = int(event["number"])
                place = self.place_of(number)
                named = number in self.place_titles  # "#6 The Sundial Court" (a card bears its scenery's number)
                names = [str(i.get("name", "?")) for i in items]
                title = (place if named else f"Card {number}") + (f" · with {items_phrase(names)}" if items else "")
                break
            if event.kind == "scenery_discovered":
                self.place_titles[int(event["number"])] = str(event.get("title", ""))
                title = f"#{event['number']} · {event['title']}"
                place = self.place_of(int(event["number"]))
                break
            if event.kind == "no_match":
                title = "Nothing happens"
                place = self.place_of(int(event["number"])) if event.get("number") is not None else ""
                break
        storytelling = {"text", "scenery_discovered", "item_taken", "no_match", "favour_lost", "stalled"}
        if any(e.kind in storytelling for e in update.events):
            if not place and self.hero_number is not None:
                place = self.place_of(self.hero_number)  # what the hero found where they stand
            self.journal.new_page(title, place)
            self.pages_added += 1
            self.play("page", 0.5)

    def other(self, update: Update) -> bool:
        return update.actor is not None and update.actor != self.viewer

    def on_text(self, event: Event, update: Update) -> float:
        kind = block_kind_for_key(str(event.get("key") or ""), self.prophecy_ids, self.update_ending)
        self.journal.add(kind, str(event["text"]))
        return 0.22

    def on_hero_moved(self, event: Event, update: Update) -> float:
        to = event.get("to")
        seconds = THEIR_MOVE_SECONDS if self.other(update) else MOVE_SECONDS
        self.place_hero(int(to) if to is not None else None, False, seconds)
        self.refit()  # a map too big to fit follows the hero (one that fits stays as it is)
        self.play("slide", 0.8)
        return seconds

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
        return 0.16

    def on_scenery_discovered(self, event: Event, update: Update) -> float:
        number = int(event["number"])
        tile = self.tiles.get(number)
        if tile is not None:
            look = dict(tile._next or tile.entry)
            look.update(face="up", title=event.get("title", ""), picture=event.get("picture") or event.get("text", ""),
                        dots=int(event.get("dots") or 0))
            tile.turn_to(look, 0.2)
        heading = f"#{number} · {event['title']}"
        page = self.journal.pages[-1] if self.journal.pages else None
        if page is None or page.blocks or page.title != heading:  # the page is not already named after it
            self.journal.add("heading", heading)
        self.journal.add("scenery", str(event.get("text", "")))
        self.play("flip")
        return 0.34

    def on_scenery_removed(self, event: Event, update: Update) -> float:
        tile = self.tiles.get(int(event["number"]))
        if tile is not None:
            tile.alpha.to(0.0, 0.25)
        self.play("slide", 0.6)
        return 0.25

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
        return 0.06

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
        reason = self.companion_reason(event)
        if items:
            self.journal.add("note", f"{self.who_tries(event.get('seat'))} {describe_items(items, True)} on card {event['number']}.")
        elif reason:  # a bot companion's read: who turned it over, as a person's try says who tried
            self.journal.add("note", f"{self.name_of(int(event['seat']))} turns over card {event['number']}.")
        if reason:
            self.journal.add("note", reason)
        self.play("flip")
        return 0.42

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
        return 0.4

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
        sprite.slide_to(DISCARD_POS, MOVE_SECONDS, delay=0.05, angle=8.0, scale=0.2)  # ART.md: moves 180-260 ms
        self.flying.append(sprite)
        self.after(MOVE_SECONDS + 0.06, lambda: setattr(sprite, "visible", False))
        self.play("slide", 0.7)
        return 0.24

    def on_no_match(self, event: Event, update: Update) -> float:
        inter = self.inters.get(str(event["card"]))
        if inter is not None:
            inter.nudge()
        items = [self.item_entries.get(str(i), {"name": str(i)}) for i in event.get("items") or []]
        what = describe_items(items, True) or "that"
        if event.get("seat") is not None and self.several_seats():  # who tried, as a try that matched says
            self.journal.add("note", f"{self.who_tries(int(event['seat']))} {what} on card {event['number']}.")
            reason = self.companion_reason(event)
            if reason:
                self.journal.add("note", reason)
        self.journal.add("note", f"Nothing on the card answers {what}. It goes back face down, unread, "
                                 f"and you keep what you tried.")
        self.play("invalid", 0.8)
        return 0.4

    def on_item_taken(self, event: Event, update: Update) -> float:
        card = str(event["card"])
        entry = {"card": card, "letter": event.get("letter"), "number": event.get("number") or 0,
                 "name": event.get("name", ""), "text": event.get("text", "")}
        self.item_entries[card] = entry
        face = legible_item_card(item_look(entry), ITEM_W, self.type_factor)
        sprite = CardSprite(card, face, card_back(ITEM_W), STAGE, scale=1.3)
        sprite.scale.set(0.4)
        self.item_sprites[card] = sprite
        self.item_faces[card] = ("card",)  # shown whole as it is taken; a crowded tray makes it a tile
        if card not in self.item_order:
            self.item_order.append(card)
        self.after(0.25, self.layout_items)
        sprite.scale.to(1.3, 0.16, ease_out_back).then(1.0, 0.3, ease_out_cubic)
        code = f"{entry['letter']}{entry['number'] or ''}"
        self.journal.add("heading", f"You take {entry['name']} ({code})")
        self.journal.add("item", str(entry["text"]))
        self.play("deal")
        return 0.42

    def on_item_discarded(self, event: Event, update: Update) -> float:
        card = str(event["card"])
        sprite = self.item_sprites.pop(card, None)
        self.item_faces.pop(card, None)
        if card in self.item_order:
            self.item_order.remove(card)
        if sprite is not None:
            sprite.slide_to(DISCARD_POS, MOVE_SECONDS, scale=0.2)
            self.flying.append(sprite)
            self.after(MOVE_SECONDS + 0.04, lambda: setattr(sprite, "visible", False))
        self.layout_items()
        self.journal.add("note", discarded_sentence(self.item_name(card)))
        self.play("slide", 0.7)
        return MOVE_SECONDS

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
        return 0.65

    def on_favour_regained(self, event: Event, update: Update) -> float:
        index = int(event["index"])
        if 0 <= index < 8:
            self.favour_light[index].set(0.0)
            self.favour_light[index].to(1.0, 0.45, ease_out_back)
            self.favour_pulse[index].set(1.0)
            self.favour_pulse[index].to(0.0, 0.6)
        self.journal.add("note", f"A favour is lit again. {event.get('lit', 0)} of 8 burn.")
        self.play("chime", 0.9)
        return 0.5

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
            key, face = self.prophecy_face(entry, len(self.prophecy_order))
            self.prophecy_faces[card] = key
            sprite.turn_to(face, seconds=0.2)
            sprite.scale.set(1.0)
            sprite.scale.to(1.35, 0.18, ease_out_cubic).then(1.0, 0.3, ease_out_back)
        self.play(sound)
        self.play("chime", 0.6)
        return 0.5

    def on_ending_reached(self, event: Event, update: Update) -> float:
        self.ending_played = True
        self.play("chime")
        return 0.3

    def on_undo(self, event: Event, update: Update) -> float:
        self.clear_selection()
        self.play("shuffle", 0.8)
        if self.undo_pages is not None and 0 < self.undo_pages < len(self.journal.pages):
            # the story pages of the moves taken back go too ("Nothing happens" of a try undone)
            del self.journal.pages[self.undo_pages:]
            self.journal.index = len(self.journal.pages) - 1
            self.journal.scroll.set(self.journal.max_scroll())
        if self.app is not None:
            self.app.toast(self.undo_sentence(), "info")
        return 0.2

    def on_turn(self, event: Event, update: Update) -> float:
        self.clear_selection()
        return 0.2

    def on_stalled(self, event: Event, update: Update) -> float:
        self.ending_played = True
        self.journal.add("note", "Nothing is left to explore or to try. The labyrinth keeps you.")
        return 0.3

    def on_error(self, update: Update) -> None:
        """A refused move: whatever was dragged goes home; the choice stays for another try."""
        self.drag = None
        self.layout_items()
        if self.hero_number is not None:
            self.place_hero(self.hero_number, False)

    # --- several people at one screen ---------------------------------------------------------------
    def rules_topic(self) -> str | None:
        """Rules from the pause menu open at what the table is at: whose turn behind a curtain, the
        ranks once the story ends, using a card or an item when one has the focus, what prophecies
        and favours do when one of those has it, else moving the hero."""
        if self.curtain_seat is not None:
            return "Playing together or in turns"
        if self.game_over:
            return "The end and your rank"
        kind = self.focus[0] if self.focus is not None else None
        if kind in ("inter", "item", "stack"):
            return "Interacting and items"
        if kind in ("prophecy", "favours"):
            return "What the cards tell you to do"
        return "Moving the hero"

    def pads_share_the_turn(self) -> bool:
        return self.together  # ruling LA-7: played together, every pad acts for the table

    @property
    def together(self) -> bool:
        mode = self.view.get("mode")
        if mode is None:  # before the first view: the table's own setup says
            config = getattr(self.session, "config", None)
            mode = dict(config.options).get("mode", "together") if config is not None else "together"
        return mode != "turns"

    def raise_curtain(self, seat: int) -> None:
        """Every seat sees the same table (ruling LA-7: the game is cooperative), so nothing is hidden
        from anyone: playing together, the people at this screen share it with no curtain at all; in
        turns, a handoff screen names who plays next."""
        if not self.together:
            super().raise_curtain(seat)
            return
        if seat != self.viewer:
            super().raise_curtain(seat)
            self.lift_curtain()

    def draw_curtain(self, surface: pygame.Surface) -> None:
        """The handoff between two turns: who is next, and no "nobody else is looking" (no secrets)."""
        draw_background(surface, self.tone)
        name = self.name_of(self.curtain_seat)
        headline = whose_turn(name).upper()
        head = text_surface(headline, "display", 150, P.IVORY)
        rect = head.get_rect(center=(CANVAS_W // 2, CANVAS_H // 2 + 40))
        back = self.app.assets.image_scaled(f"backs/{self.game_id}", (180, 252)) if self.app is not None else None
        if back is not None:
            surface.blit(back, back.get_rect(midbottom=(CANVAS_W // 2, rect.top - 10)))
        surface.blit(text_surface(headline, "display", 150, (0, 0, 0)), rect.move(6, 8))
        surface.blit(head, rect)
        how = self.curtain_how()
        line = text_surface(f"{name}, {how} to take the hero. Everyone may watch and advise.", "ui", 34, P.IVORY_DIM)
        surface.blit(line, line.get_rect(center=(CANVAS_W // 2, rect.bottom + 50)))

    def turn_banner(self) -> tuple[str, tuple[int, int, int]] | None:
        """The top centre's words and colour, as every table says them (table_base), except that
        playing together the move belongs to everyone at this screen, not to the first seat."""
        if self.shown is None or self.game_over or not self.shown.active:
            return None
        if self.together and len(self.local_seats) > 1 and self.viewer in self.shown.active:
            return "Your move, together", P.BRASS_LIGHT
        seat = self.shown.active[0]
        if seat == self.viewer and seat in self.local_seats:
            text = "Your turn" if len(self.local_seats) == 1 else f"{self.name_of(seat)}, your turn"
            if self.pad_label(seat) and len(self.local_seats) > 1:
                text += f" · {self.pad_label(seat)}"
            return text, P.BRASS_LIGHT
        return f"{self.name_of(seat)} is playing…", P.IVORY

    def turn_banner_rect(self) -> pygame.Rect | None:
        """Where the banner's plate sits (the scenario's title keeps left of it)."""
        banner = self.turn_banner()
        if banner is None:
            return None
        box = pygame.Rect(0, 0, text_surface(banner[0], "ui-bold", 30, banner[1]).get_width() + 64, 60)
        box.midtop = (CANVAS_W // 2, 20)
        return box

    def draw_turn_banner(self, surface: pygame.Surface) -> None:
        banner, box = self.turn_banner(), self.turn_banner_rect()
        if banner is None or box is None:
            return
        image = text_surface(banner[0], "ui-bold", 30, banner[1])
        surface.blit(panel_surface(box.size, 30, P.INK_ALPHA), box.topleft)
        surface.blit(image, image.get_rect(center=box.center))

    def submit(self, action: Action) -> None:
        """A person's move goes to the session; the seat's advisor files what it shows as its own."""
        self.advisor_saw_played(action)
        super().submit(action)

    # --- the end ------------------------------------------------------------------------------------
    def show_results_now(self) -> None:
        """The results, their details counting the hints asked at this table (not a game action: the
        engine's outcome knows nothing of them)."""
        from dataclasses import replace

        from game.ui.results import with_hints_asked

        shown = self.shown
        if shown is not None and shown.outcome is not None and not self.results_shown and self.local_seats:
            since_resumed = getattr(self, "opened_under_way", False) and not getattr(self, "hints_restored", False)
            self.shown = replace(shown, outcome=with_hints_asked(shown.outcome, self.hints_asked,
                                                                 since_resumed=since_resumed))
        super().show_results_now()

    def enter(self) -> None:
        first = self.session.latest(self.viewer)
        self.opened_under_way = first is not None and first.version > 0  # resumed, or joined a LAN game
        self.hints_restored = self.opened_under_way and self.restore_hint_count()  # Continue counts on
        super().enter()

    def record_variant(self) -> tuple[str, str] | None:
        """The adventure played: the record keeps its best score."""
        scenario = self.view.get("scenario") or {}
        return (str(scenario["id"]), str(scenario.get("title", scenario["id"]))) if scenario.get("id") else None

    def score_words(self, score: int) -> str:
        from game.rules.labyrinth import rank_for

        return f"{score}, {rank_for(score)[0]}"

    def before_results(self, proceed: Callable[[], None]) -> bool:
        """First the ending's text, score and rank on a sheet; the results screen after it."""
        if self.ending_shown or self.app is None or not self.ending_played:
            return False  # a game that was already over when the table opened goes straight on
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
        lines = [("Favours lit", f"{lit}"), ("Prophecies unfulfilled", f"− {unfulfilled}" if unfulfilled else "0")]
        auto = None if self.local_seats else ENDING_AUTO_SECONDS
        self.app.push(StorySheet(self.app, blocks, "See the results", proceed,
                                 extra=rank_table(score, rank, lines), extra_height=230, auto_seconds=auto))
        return True

    def show_intro(self) -> None:
        view = self.view
        scenario = view.get("scenario", {})
        blocks = [("title", str(scenario.get("title", "The Labyrinth"))), ("italic", str(scenario.get("intro", ""))),
                  ("note", "Move the hero onto a glowing card to explore. Choose an interaction card to turn it over — "
                           "some want one or two of your items. Keep your favours burning and fulfil the prophecies. "
                           "Stuck? Hint (H, or Y on a gamepad), or the Hint button under the log, asks a careful "
                           "companion where to look.")]
        self.app.push(StorySheet(self.app, blocks, "Enter the labyrinth", lambda: None))

    # --- loop ---------------------------------------------------------------------------------------
    def fit_type_to_window(self) -> None:
        """A window below the legible scale (1024x768, 1280x720) sets the table's small print larger
        (`legible_factor`); a resize across it lays the story, the caption, the tray's names and the
        map's room out again at once."""
        factor = legible_factor()
        if factor == self.type_factor:
            return
        self.type_factor = factor
        self.journal.set_factor(factor)
        for card in self.item_faces:
            self.item_faces[card] = ("stale",)  # each item's face is drawn again in the new print
        self.layout_items(True)
        self.prophecy_faces = {card: ("stale",) for card in self.prophecy_faces}
        self.layout_prophecies(True)
        if self.built:
            self.refit()

    def update_table(self, dt: float) -> None:
        self.time += dt
        self.fit_type_to_window()
        self.update_hold(dt)
        looked = self.hover if not self.show_focus() else self.focus
        if looked != self.peek_target:
            self.peek_target, self.peek_time = looked, 0.0
        else:
            self.peek_time += dt
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


register_table(GAME_ID, LabyrinthTable)
