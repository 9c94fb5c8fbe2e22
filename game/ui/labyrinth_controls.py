"""How people act at the Labyrinth table: the focus that arrows and the d-pad move over every
target, taps and clicks, drags (an item onto a card, the hero onto a scenery, the map to pan), the
choice of one or two items before Use, and the fan a stack of interaction cards opens into (each
card a target of its own, labelled with what the table has read of it). Nothing here decides a
rule: what may be done comes from the table's legal actions, and a refused move comes back as an
error."""

from __future__ import annotations

from typing import Any

import pygame

from game.rules.labyrinth.wording import items_phrase
from game.ui.input import SWIPE_PX, Intent, time_finger_rest
from game.ui.labyrinth_layout import (
    BUTTON_ROW, FAVOUR_RECT, HINT_BUTTON_W, FIT_RECT, LOG_RECT, MAP_RECT, MEEPLE_SIZE, MENU_RECT, READ_RECT, Drag, Pos,
    Target,
)
from game.ui.labyrinth_map import FAN_FROM, FanLayout, read_label
from game.ui.labyrinth_overlays import DiscardBrowser, StorySheet
from game.ui.labyrinth_painter import PEEK_AFTER

# what a long press looks at: a card (shown big, its words in the caption) or a button (what it does)
LOOKABLE = frozenset({"tile", "inter", "item", "prophecy", "button", "favours", "stack"})
MAP_KINDS = ("tile", "inter", "stack")  # targets on the map, which the camera brings into view


class LabyrinthControls:
    """Mixed into LabyrinthTable: targets, focus, choices and input."""

    # provided by the table
    tiles: dict[int, Any]
    inters: dict[str, Any]
    item_sprites: dict[str, Any]
    item_order: list[str]
    prophecy_sprites: dict[str, Any]
    fanned: int | None = None  # the scenery whose stack of interaction cards is open as a fan
    followed: Any = None  # the focus the camera last brought into view
    reveal_after_fit: bool = False  # the camera refitted the map: bring the focus back into view once it rests

    # --- stacks of interaction cards (a fan to choose from) ------------------------------------------
    def card_reads(self) -> dict[str, list[str]]:
        """What the table has read of each interaction card (its top text first), from the text
        events whose source is the card: a card turned back over keeps a label of it."""
        return self.__dict__.setdefault("_card_reads", {})  # type: ignore[no-any-return]

    def note_read(self, event: Any) -> None:
        """A text event (live or from before the table opened): remember it under its card."""
        if event.kind != "text":
            return
        source = str(event.get("source") or "")
        if source in self.card_numbers or source in self.inters:
            texts = self.card_reads().setdefault(source, [])
            text = str(event.get("text") or "")
            if text and text not in texts:
                texts.append(text)

    def card_label(self, card: str) -> str:
        """The few words that tell this card from the others beside its scenery ('' while unread)."""
        texts = self.card_reads().get(card)
        return read_label(texts[0]) if texts else ""

    def stacks(self) -> dict[int, list[str]]:
        """Scenery number -> its interaction cards, for sceneries with FAN_FROM cards or more (in the
        order they stand beside it)."""
        groups: dict[int, list[str]] = {}
        for card, inter in self.inters.items():
            groups.setdefault(inter.number, []).append(card)
        return {number: cards for number, cards in groups.items() if len(cards) >= FAN_FROM}

    def fan_layout(self) -> FanLayout | None:
        """The open fan's geometry, following its scenery as the camera moves (None: no fan open)."""
        cards = self.stacks().get(self.fanned) if self.fanned is not None else None
        tile = self.tiles.get(self.fanned) if self.fanned is not None else None
        if not cards or tile is None:
            return None
        anchor = tile.screen_rect(self.camera).clip(MAP_RECT)
        if anchor.width == 0:
            anchor = pygame.Rect(MAP_RECT.centerx, MAP_RECT.y, 1, 1)
        return FanLayout(len(cards), anchor, self.map_clear_rect(), self.hero_rect())  # clear of a grown caption

    def place_fan(self) -> None:
        """Give the fanned cards their canvas rects (and take them back from a closed fan)."""
        layout = self.fan_layout()
        if layout is None:
            self.fanned = None
        fanned = self.stacks().get(self.fanned, []) if self.fanned is not None else []
        for card, inter in self.inters.items():
            inter.fan_rect = layout.cards[fanned.index(card)] if layout is not None and card in fanned else None

    def open_fan(self, number: int, device: str = "mouse") -> None:
        cards = self.stacks().get(number)
        if not cards:
            return
        self.fanned = number
        self.place_fan()
        self.play("deal", 0.6)
        if device in ("keyboard", "gamepad"):
            usable = self.usable_cards()
            shown = [c for c in cards if not self.inters[c].hidden]
            first = next((c for c in shown if c in usable), shown[0] if shown else None)
            if first is not None:
                self.focus = ("inter", first)

    def close_fan(self) -> None:
        if self.fanned is None:
            return
        number, self.fanned = self.fanned, None
        if self.selected is not None and self.selected in self.stacks().get(number, []):
            self.clear_selection()  # its items were being chosen for a card now put back
        self.place_fan()
        if self.focus is not None and (self.focus[0] in ("inter", "read", "fan")):
            self.focus = ("stack", str(number)) if number in self.stacks() else None
            if self.focus is None:
                self.focus = self.default_focus()

    def fan_target(self, pos: Pos) -> Target | None:
        """What the open fan has under `pos`: a card, its Read plate, Close; the panel's bare felt and
        the map around it close the fan (("fan", "close") too)."""
        layout = self.fan_layout()
        if layout is None:
            return None
        if layout.close.collidepoint(pos):
            return ("fan", "close")
        for card, rect, plate in zip(self.stacks()[self.fanned], layout.cards, layout.reads):  # type: ignore[index]
            if self.inters[card].hidden:
                continue
            if rect.collidepoint(pos):
                return ("inter", card)
            if plate.collidepoint(pos) and self.card_reads().get(card):
                return ("read", card)
        if layout.panel.collidepoint(pos):
            return ("fan", "panel")
        return ("fan", "close") if MAP_RECT.collidepoint(pos) else None

    def read_interaction(self, card: str) -> None:
        """What the table has read of a card still in play, on a sheet (the reading panel's pages
        move on; this is the card's own)."""
        texts = self.card_reads().get(card, [])
        inter = self.inters.get(card)
        if not texts or inter is None or self.app is None:
            return
        blocks = [("title", f"Card {inter.number} \u00b7 {self.card_label(card)}")]
        blocks += [("italic" if i == 0 else "text", text) for i, text in enumerate(texts)]
        tried = inter.entry.get("tried") or []
        if tried:
            blocks.append(("note", "Already tried: " + "; ".join(" + ".join(self.item_name(i) for i in t)
                                                                  for t in tried) + "."))
        self.play("page", 0.6)
        self.app.push(StorySheet(self.app, blocks, "Close", lambda: None))

    def follow_focus(self) -> None:
        """Keys and pads: a newly focused card on the map is brought into view (the camera pans just
        enough); a card of a closed stack that gets the focus or is chosen opens its stack; the window's
        real size sets how far the camera zooms out by itself."""
        app = self.app
        scale = float(getattr(getattr(app, "letterbox", None), "scale", 1.0) or 1.0)
        if abs(scale - self.camera.pixel_scale) > 1e-3:
            self.camera.pixel_scale = scale
            if not self.camera.manual and self.built:
                self.refit()
        for card in (self.focus[1] if self.focus is not None and self.focus[0] == "inter" else None, self.selected):
            inter = self.inters.get(card) if card is not None else None
            if inter is not None and inter.number != self.fanned and inter.number in self.stacks():
                self.fanned = inter.number  # a card of a closed stack focused or chosen (a hint, a suggestion): open it
        self.place_fan()
        if self.focus == self.followed:
            if self.reveal_after_fit and not self.camera.scale.moving and not self.camera.centre.moving:
                # the map refitted round the hero after a move and left the focused card half out of
                # sight (its ring over the top bar, the Tower at 1024x768): pan just enough to show it
                self.reveal_after_fit = False
                if self.focus is not None and self.focus[0] in MAP_KINDS and self.show_focus():
                    self.reveal_on_map(self.focus)
            return
        self.followed = self.focus
        if self.focus is not None and self.focus[0] in MAP_KINDS and self.show_focus():
            self.reveal_on_map(self.focus)

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
        if self.local_seats:
            out.append(("hint", "Hint", True))  # a careful companion's advice (labyrinth_hints)
        return out

    def button_rects(self) -> dict[str, pygame.Rect]:
        """The row shared out, the Hint button narrower than the rest (one short word)."""
        names = [name for name, _, _ in self.buttons()]
        hint_w = HINT_BUTTON_W if "hint" in names and len(names) > 1 else 0
        others = len(names) - (1 if hint_w else 0)
        room = BUTTON_ROW.width - 16 * (len(names) - 1) - hint_w
        width = room // max(1, others)
        out: dict[str, pygame.Rect] = {}
        x = BUTTON_ROW.x
        for name in names:
            w = hint_w if name == "hint" and hint_w else width
            out[name] = pygame.Rect(x, BUTTON_ROW.y + 8, w, 88)
            x += w + 16
        return out

    def target_rect(self, target: Target) -> pygame.Rect | None:
        kind, key = target
        if kind == "tile":
            tile = self.tiles.get(int(key))
            return tile.screen_rect(self.camera) if tile is not None and not tile.removed else None
        if kind == "inter":
            inter = self.inters.get(key)
            return inter.hit_rect(self.camera) if inter is not None and not inter.hidden else None
        if kind == "stack":
            cards = self.stacks().get(int(key))
            if not cards or int(key) == self.fanned:
                return None
            rects = [self.inters[c].hit_rect(self.camera) for c in cards if not self.inters[c].hidden]
            return rects[0].unionall(rects[1:]) if rects else None
        if kind == "read":
            layout = self.fan_layout()
            cards = self.stacks().get(self.fanned, []) if self.fanned is not None else []
            if layout is None or key not in cards or not self.card_reads().get(key) or self.inters[key].hidden:
                return None
            return layout.reads[cards.index(key)]
        if kind == "fan":
            layout = self.fan_layout()
            return None if layout is None else (layout.close if key == "close" else layout.panel)
        if kind == "item":
            sprite = self.item_sprites.get(key)
            return sprite.draw_rect() if sprite is not None else None
        if kind == "prophecy":
            sprite = self.prophecy_sprites.get(key)
            return sprite.draw_rect() if sprite is not None else None
        if kind == "button":
            return self.button_rects().get(key)
        if kind == "note":
            return self.note_button_rects().get(key)
        if kind == "page":
            return self.journal.button_rect(key)  # prev, next, contents
        if kind == "log":
            return LOG_RECT  # the log box opens the whole log
        if kind == "menu":
            return MENU_RECT
        if kind == "fit":
            return FIT_RECT if self.camera.manual else None
        if kind == "favours":
            return FAVOUR_RECT
        return None

    def targets(self) -> list[Target]:
        out: list[Target] = [("note", name) for name, _ in self.note_buttons()] if self.hint_level else []
        stacks = self.stacks()
        if self.fanned is not None and self.fanned in stacks:  # the map lies under the open fan
            fanned = stacks[self.fanned]
            out += [("inter", c) for c in fanned if not self.inters[c].hidden]
            out += [("read", c) for c in fanned if self.card_reads().get(c) and not self.inters[c].hidden]
            out.append(("fan", "close"))
        else:
            in_stacks = {c for cards in stacks.values() for c in cards}
            out += [("tile", str(n)) for n, t in self.tiles.items() if not t.removed]
            out += [("inter", c) for c, i in self.inters.items() if not i.hidden and c not in in_stacks]
            out += [("stack", str(n)) for n in stacks]
        out += [("item", c) for c in self.item_order if c in self.item_sprites]
        out += [("prophecy", c) for c in self.prophecy_sprites]
        out += [("button", name) for name, _, _ in self.buttons()]
        out += [("page", "prev"), ("page", "next"), ("page", "contents"), ("log", "log"), ("menu", "menu"),
                ("favours", "favours")]
        if self.camera.manual:
            out.append(("fit", "fit"))
        return out

    def default_focus(self) -> Target | None:
        """Where the focus lands when it has nowhere else: nearest the hero, what there is to do
        first (a card to discover, then a card to use, then a place to walk to), never a far place
        just because its number is low."""
        if self.selected is not None:
            for card in self.item_order:
                return ("item", card)
        usable = self.usable_cards()
        if self.fanned is not None and self.fanned in self.stacks():
            shown = [c for c in self.stacks()[self.fanned] if not self.inters[c].hidden]
            first = next((c for c in shown if c in usable), shown[0] if shown else None)
            if first is not None:
                return ("inter", first)
        if self.turn_is_done():
            return ("button", "end_turn")  # the move and the card are done: passing the turn is what is left
        hero = self.hero_spot(self.hero_number) if self.hero_number is not None else (0.0, 0.0)

        def away(point: Pos) -> float:
            return (point[0] - hero[0]) ** 2 + (point[1] - hero[1]) ** 2

        moves = sorted((n for n in self.move_targets() if n in self.tiles),
                       key=lambda n: (away(self.tiles[n].centre), n))
        face_down = [n for n in moves if not self.tiles[n].face_up]
        if face_down:
            return ("tile", str(face_down[0]))
        stacks = self.stacks()
        in_stack = {c: n for n, cards in stacks.items() for c in cards}
        cards = sorted((c for c in usable if c in self.inters and not self.inters[c].hidden),
                       key=lambda c: (away(self.inters[c].slot.target), c))  # type: ignore[arg-type]
        if cards:
            return ("stack", str(in_stack[cards[0]])) if cards[0] in in_stack else ("inter", cards[0])
        if moves:
            return ("tile", str(moves[0]))
        return ("tile", str(self.hero_number)) if self.hero_number is not None else None

    def hit(self, pos: Pos, ignore: Target | None = None) -> Target | None:
        """The target under a pointer (topmost first), passing over a dragged card (`ignore`)."""
        for kind in ("note", "button", "page", "log", "menu", "fit", "item", "prophecy", "favours"):
            for target in [t for t in self.targets() if t[0] == kind and t != ignore]:
                rect = self.target_rect(target)
                if rect is not None and rect.collidepoint(pos):
                    return target
        if self.fanned is not None and self.fan_layout() is not None:
            return self.fan_target(pos)
        # on a small window the caption lies over the map's foot: a click there is not on a card under it
        if MAP_RECT.collidepoint(pos) and not self.info_rect().collidepoint(pos):
            stacks = self.stacks()
            in_stack = {c: n for n, cards in stacks.items() for c in cards}
            for card, inter in reversed(list(self.inters.items())):
                if not inter.hidden and inter.hit_rect(self.camera).collidepoint(pos):
                    return ("stack", str(in_stack[card])) if card in in_stack else ("inter", card)
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
            if best[1][0] in MAP_KINDS:
                self.reveal_on_map(best[1])
                self.followed = best[1]

    def reveal_on_map(self, target: Target) -> None:
        """Pan so a card on the map shows whole, clear of the caption (grown over the map's foot on a
        small window, where the focused card lay half under it)."""
        clear = self.map_clear_rect()
        if target[0] in ("tile", "stack"):
            tile = self.tiles.get(int(target[1]))
            if tile is not None:
                self.camera.show(tile.box(), clear)
        elif target[0] == "inter":
            inter = self.inters.get(target[1])
            if inter is not None and inter.fan_rect is None:
                x, y = inter.slot.current  # type: ignore[misc]
                self.camera.show((x - 60, y - 80, x + 60, y + 80), clear)

    # --- acting -------------------------------------------------------------------------------------
    def clear_selection(self) -> None:
        self.selected = None
        self.chosen = []
        self.layout_items()

    def activate(self, target: Target, device: str = "keyboard") -> None:
        kind, key = target
        if kind == "button" and key == "hint":
            self.play("click", 0.7)
            self.ask_hint(device)
        elif kind == "note":
            self.press_note(key, device)
        elif kind == "button":
            self.press_button(key)
        elif kind == "page" and key == "contents":
            self.open_contents()  # labyrinth_overlays.ReadingContents
        elif kind == "page":
            if self.journal.read_on(-1 if key == "prev" else 1):
                self.play("page", 0.6)
        elif kind == "log":
            self.open_log()
        elif kind == "fit":
            self.camera.manual = False
            self.refit()
            self.play("slide", 0.5)
        elif kind == "menu":
            self._pause()
        elif kind == "favours":
            self.focus = target  # the caption says what the flames mean (touch and mouse alike)
            self.play("focus", 0.5)
        elif kind == "stack":
            self.open_fan(int(key), device)
        elif kind == "fan":
            if key == "close":
                self.close_fan()
                self.play("click", 0.5)
        elif kind == "read":
            self.read_interaction(key)
        elif kind == "tile":
            self.choose_tile(int(key))
        elif kind == "inter":
            self.choose_interaction(key, device)
        elif kind == "item":
            self.choose_item(key)
        elif kind == "prophecy":
            self.focus = target
            self.read_card(target)

    def choose_tile(self, number: int) -> None:
        if not self.can_act:
            if number == self.hero_number and not self.animating:  # reading is for everyone, any time
                self.focus = ("tile", str(number))
                self.read_card(("tile", str(number)))
            return
        action = next((a for a in self.legal_of("move") if int(a["to"]) == number), None)  # type: ignore[arg-type]
        if action is None:
            tile = self.tiles.get(number)
            if tile is not None and number != self.hero_number:
                tile.nudge()
                self.play("invalid", 0.5)
                self.explain(self.tile_refusal(number))
            self.focus = ("tile", str(number))
            if number == self.hero_number:
                self.read_card(("tile", str(number)))
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
            self.explain(self.card_refusal(card))
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

    # --- why a tap did nothing (the engine's legal actions decided; these words only explain) ---------
    def explain(self, message: str) -> None:
        if message and self.app is not None:
            self.app.toast(message, "warning")

    def turn_flags(self) -> dict[str, Any]:
        return (self.view.get("turn") or {}) if self.view.get("mode") == "turns" else {}

    def tile_refusal(self, number: int) -> str:
        """Why the hero cannot go to scenery `number` now, in the rulebook's terms (LA-4, LA-5)."""
        tile = self.tiles.get(number)
        if tile is None:
            return ""
        if self.turn_flags().get("moved"):
            return "The hero has already moved this turn. Use a card, or end the turn."
        if tile.face_up:
            return ""
        need = int(tile.entry.get("min_favours") or 0)
        lit = int(self.view.get("favours", {}).get("lit", 8))
        if need and lit < need:
            return f"Scenery #{number} opens only while at least {need} favours burn; {lit} still do."
        return (f"Scenery #{number} is out of reach: the hero steps onto a face-down card only next to a "
                "discovered one, along an arrow.")

    def card_refusal(self, card: str) -> str:
        """Why interaction `card` cannot be used now (LA-3, LA-5)."""
        inter = self.inters.get(card)
        if inter is None:
            return ""
        if self.turn_flags().get("interacted"):
            return "You have already used a card this turn. Move the hero, or end the turn."
        needs = self.interaction_needs(card)
        if needs and len(self.item_order) < needs:
            held = "none yet" if not self.item_order else "only one"
            return f"Card {inter.number} wants {'an item' if needs == 1 else 'two items'}, and you hold {held}."
        return f"Card {inter.number} cannot be used now."

    def card_text(self, target: Target) -> list[tuple[str, str]]:
        """A card's whole text as the view shows it (LA-7), for the reading sheet: the caption under
        the map has room for two lines only. Empty for what has no text to read (a sealed scroll)."""
        kind, key = target
        if kind == "item":
            entry = self.item_entries.get(key, {})
            code = f"{entry.get('letter', '')}{entry.get('number') or ''}"
            return [("title", f"{entry.get('name', '')} ({code})"), ("italic", str(entry.get("text", ""))),
                    ("note", "Items are shared by everyone and are not used up when you try them.")] + \
                [("note", line) for line in self.item_uses(key)]
        if kind == "prophecy":
            entry = self.prophecy_entries.get(key, {})
            if entry.get("state") not in ("revealed", "fulfilled"):
                return []
            blocks = [("title", f"Prophecy {entry.get('number', '')} · {entry.get('title', '')}"),
                      ("italic", str(entry.get("text", "")))]
            if entry.get("state") == "fulfilled":
                blocks += [("note", "Fulfilled:"), ("text", str(entry.get("fulfilled", "")))]
            return blocks
        if kind == "tile":
            number = int(key)
            square = next((s for s in self.view.get("map", []) if int(s["number"]) == number), None)
            top = square["stack"][-1] if square else {}
            if top.get("face") != "up":
                return []
            return [("title", f"#{number} · {top.get('title', '')}"), ("italic", str(top.get("text", "")))]
        return []

    def item_uses(self, item: str) -> list[str]:
        """Where an item can go, under its text on its sheet: the cards in play that want items (the
        icon on the map is small, and a card may sit deep in a stack) and the cards it was already
        tried on, so a player holding it knows what is left to try (LA-7: the view's)."""
        wanting: list[tuple[int, str]] = []
        tried_on: list[str] = []
        tried_numbers: set[int] = set()
        groups = self.view.get("interactions", {}) or {}
        entries = sorted((e for cards in groups.values() for e in cards), key=lambda e: (int(e["number"]), str(e["card"])))
        for entry in entries:
            needs = int(entry.get("needs") or 0)
            if not needs:
                continue
            tries = [[str(i) for i in tried] for tried in entry.get("tried") or [] if item in tried]
            number = int(entry["number"])
            for tried in tries:
                others = [self.item_name(i) for i in tried if i != item]
                tried_on.append(f"card {number}" + (f" (with {items_phrase(others)})" if others else ""))
                tried_numbers.add(number)
            if needs == 2 or [item] not in tries:
                wanting.append((number, " (two items)" if needs == 2 else ""))
        # cards share their scenery's number: a card 1 still to try beside a card 1 tried is "another"
        named = [f"{'another ' if n in tried_numbers else ''}card {n}{two}" for n, two in wanting]
        lines = [f"Cards in play that want items: {', '.join(named)}." if named
                 else "No card in play wants an item just now."]
        if tried_on:
            lines.append(f"Already tried on {', '.join(tried_on)}: the same try gives the same answer.")
        return lines

    def read_card(self, target: Target) -> None:
        blocks = self.card_text(target)
        if blocks and self.app is not None:
            self.play("page", 0.6)
            self.app.push(StorySheet(self.app, blocks, "Close", lambda: None))

    def choose_item(self, card: str) -> None:
        if self.selected is None or not self.can_act:
            self.focus = ("item", card)
            if self.selected is None:
                self.read_card(("item", card))
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

    def tried_before(self, key: Any, items: list[str]) -> bool:
        """These items already failed on this card (the view lists each try): a card's paragraphs
        do not change, so the same try can only fail again."""
        inter = self.inters.get(key)
        tried = (inter.entry.get("tried") or []) if inter is not None else []
        return any(sorted(str(i) for i in attempt) == sorted(items) for attempt in tried)

    def refuse_repeat(self, items: list[str]) -> None:
        self.play("invalid", 0.6)
        if self.app is not None:
            names = " + ".join(self.item_name(i) for i in items)
            self.app.toast(f"{names} already failed on this card: try something else.", "info")

    def use_selection(self) -> None:
        if self.selected is None or not self.can_act:
            return
        if self.tried_before(self.selected, self.chosen):
            self.refuse_repeat(self.chosen)
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

    def turn_is_done(self) -> bool:
        """In turns, nothing is left of this turn but passing it on (its move and its card are done, or
        none is possible): only then is End turn the button to press."""
        return bool(self.legal_of("end_turn")) and not any(a.kind in ("move", "interact") for a in self.legal)

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
            self.open_discards()  # card by card, or a list by place for a big pile

    # --- input --------------------------------------------------------------------------------------
    def cancel_selection(self) -> bool:
        """Back: put the hint's note away, or drop a drag or the interaction card chosen with its items."""
        if self.hint_level:
            self.close_hint()
            self.play("click", 0.5)
            return True
        if self.selected is None and self.drag is None:
            if self.fanned is not None:
                self.close_fan()
                self.play("click", 0.5)
                return True
            return False
        self.drag = None
        self.clear_selection()
        self.play("click", 0.5)
        return True

    def handle_table(self, intent: Intent) -> None:
        kind = intent.kind
        if intent.pos is not None:
            self.pointer = intent.pos
        if intent.is_direction:
            self.move_focus(kind)
        elif kind == "hint":
            self.ask_hint(intent.device)
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
        elif kind == "pinch" and intent.pos is not None:
            self.end_hold()
            if MAP_RECT.collidepoint(intent.pos):
                self.drag = None  # two fingers zoom; the one-finger pan they began with is over
                self.camera.zoom_at(intent.pos, intent.amount, seconds=0)
        elif kind == "hover" and intent.pos is not None:
            self.hover = self.hit(intent.pos)
        elif kind == "point" and intent.pos is not None:
            self.pressed = self.hit(intent.pos)
            self.end_hold()
            if intent.device == "touch" and self.pressed is not None and self.pressed[0] in LOOKABLE:
                self.resting = [self.pressed, 0.0, False]
        elif kind == "release" and intent.pos is not None:
            looked = self.end_hold()
            target = self.hit(intent.pos)
            if looked is not None:
                self.focus = looked  # a long press only looked: no tap; the caption keeps its words
            elif target is not None and target == self.pressed:
                self.focus = target
                self.activate(target, intent.device)
            self.pressed = None
        elif kind == "drag_start" and intent.pos is not None:
            self.end_hold()
            self.start_drag(intent.pos)
        elif kind == "drag_move" and intent.pos is not None:
            self.move_drag(intent.pos)
        elif kind == "drag_end" and intent.pos is not None:
            self.end_drag(intent.pos)

    # --- a finger held still on a card looks at it (touch has no hover) -----------------------------
    resting: list[Any] | None = None  # [target, seconds held, looked] of a finger resting on a target

    def update_hold(self, dt: float) -> None:
        """Time the finger at rest; at LONG_PRESS the card is looked at as a mouse hovers it: a scenery
        shown full size in the map's corner (at once: the press was the wait), its words in the caption.
        (Called every update: the camera follows the focus and the fan its scenery here too.)"""
        self.follow_focus()
        hold = self.resting
        if hold is None:
            return
        rest = time_finger_rest(hold, dt, getattr(self.app, "input", None))
        if rest == "lifted":
            self.end_hold()  # the press ended with no release here (a second finger made it a pinch)
            return
        if rest != "long":
            return
        if self.target_rect(hold[0]) is None:  # it went away under the finger
            self.resting = None
            return
        hold[2] = True
        self.hover = hold[0]
        self.peek_target, self.peek_time = hold[0], PEEK_AFTER
        self.play("focus", 0.5)

    def end_hold(self) -> Target | None:
        """The finger lifted, moved off or was joined by another: the look ends. Returns what a long
        press looked at (that press is then no tap), None if it was short."""
        hold, self.resting = self.resting, None
        if hold is None or not hold[2]:
            return None
        self.hover = None
        return hold[0]  # type: ignore[no-any-return]

    def enter(self) -> None:
        """The window's real size is known before the first view is fitted (no zoom at the opening)."""
        self.camera.pixel_scale = float(getattr(getattr(self.app, "letterbox", None), "scale", 1.0) or 1.0)
        super().enter()  # type: ignore[misc]

    def pause(self) -> None:
        """A sheet or the menu opened over the table: a finger resting there looks no more."""
        self.end_hold()
        super().pause()  # type: ignore[misc]

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
            over = self.hit(pos, ignore=("item", drag.key))
            if over is not None and over[0] == "stack":  # an item carried over a stack opens it to be dropped on one
                self.open_fan(int(over[1]))
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
        elif drag.kind == "read":
            # a sideways swipe over the reading panel turns its page, as the rules' book does (a finger
            # has no page keys); up and down scroll the page while the finger moves
            dx, dy = pos[0] - drag.start[0], pos[1] - drag.start[1]
            if abs(dx) >= SWIPE_PX and abs(dx) > 1.5 * abs(dy) and self.journal.turn(-1 if dx > 0 else 1):
                self.play("page", 0.6)

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
            if self.tried_before(target[1], [card]):
                self.refuse_repeat([card])
                self.layout_items()
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

