"""Drawing the Labyrinth table: the top bar with the favours as flames, the map, the caption under
it, the reading panel, the tray of items and scrolls, the log and the buttons, and the focus.
Everything drawn is cached surfaces; nothing here changes state."""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

import pygame

from game.ui.chrome import CANVAS_W, draw_background, draw_menu_label, hint_glyphs
from game.ui.labyrinth_layout import (
    BUTTON_LABELS, FAVOUR_LEFT, FIT_RECT, FAVOUR_PX, INFO_RECT, ITEM_AREA, LOG_LINES, LOG_RECT, MAP_RECT, MEEPLE_SIZE,
    MENU_RECT, PROPHECY_AREA, smoke_puff,
)
from game.ui.labyrinth_map import meeple, reach_outline, tile_shadow, veil
from game.ui.look import palette as P
from game.ui.look.cards_labyrinth import arrows_of, favour_token, interaction_back, interaction_corner_right
from game.ui.look.fonts import CANVAS_SIZE, font, legible_factor, log_tail, text_surface, wrapped
from game.ui.sprites import TRANSFORMS, blit_faded
from game.ui.still_layer import StillLayer, sprite_key
from game.ui.table_base import log_type
from game.ui.tween import MOTION
from game.ui.widgets import fit_px, panel_surface


PEEK_AFTER = 0.6  # s a scenery is looked at before it is shown full size
INFO_TEXT_W = 780  # the caption's text at most this wide (it wraps short of the hint on the right)
# hints in the caption that tell how things stand: confirming there does nothing, so no key is drawn
FEW_FAVOURS = 3  # at this many lit favours or fewer, the line under the score counts them, in red
FEW_FAVOURS_RED = (240, 112, 96)  # a light red, readable on the dark top bar (about 5:1)
STATUS_HINTS = frozenset({"Not reachable yet", "Sealed"})
BADGE_PX = 20  # a badge's words (a card's tries, a stack's count) at 1920x1080: ART.md small print
SLIP_PX = 20  # what was read of a card, on its slip ...
SLIP_LINES = 3  # ... on up to three lines
PLATE_PX = 24  # "Read" and "Close" on the open stack's panel


def badge_margin(px: int) -> int:
    """The width a badge's plate adds to its words: a little less round larger print (a small
    window), so a fanned card's "tried ×1" still grows beside its corner index."""
    return 14 if px <= BADGE_PX else 10


@lru_cache(maxsize=64)
def fitted_line(text: str, role: str, max_px: int, width: int, min_px: int) -> tuple[str, int]:
    """`text` on one line of `width`: smaller down to `min_px`, then cut at a word with an ellipsis
    (a long scenario title or player name must not run under the turn banner). Cached per frame's
    arguments, as the top bar is drawn every frame."""
    px = max(min_px, fit_px(text, role, max_px, width))
    if font(role, px).size(text)[0] <= width:
        return text, px
    words = text.split()
    while len(words) > 1 and font(role, px).size(" ".join(words) + "…")[0] > width:
        words.pop()
    return " ".join(words).rstrip(",·:;") + "…", px


class LabyrinthPainter:
    """Mixed into LabyrinthTable: everything it draws."""

    tiles: dict[int, Any]
    inters: dict[str, Any]
    resting: list[Any] | None
    badge_rects: list[pygame.Rect] = []  # the badges drawn on the map this frame (set per frame)

    # --- drawing ------------------------------------------------------------------------------------
    frame_cache = True  # False: every frame drawn the long way (tests compare the two pictures)

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        """The felt is drawn with the table (`draw_table`): it is part of the table's kept image."""

    def draw_table(self, surface: pygame.Surface, alpha: float) -> None:
        """The table, bottom up. What stands still comes from the kept images (`draw_kept`), over it
        what moves: the hero, an open stack, a peek, the caption where it lies over the map, the
        hint and the focus; else the whole table is drawn the long way."""
        if self.frame_cache and self.draw_kept(surface, alpha):
            self.draw_over_map(surface, alpha)
            if self.camera.manual:
                self.draw_fit_button(surface)
            if self.info_rect() is not INFO_RECT:  # a small window's caption lies over the map's foot
                self.draw_info(surface)
            self.draw_hint(surface)
            self.draw_focus_ring(surface)
            return
        draw_background(surface, self.tone)
        self.draw_top_bar(surface)
        self.draw_map(surface, alpha)
        if self.camera.manual:
            self.draw_fit_button(surface)
        self.draw_info(surface)
        self.draw_journal(surface, alpha)
        self.draw_tray(surface, alpha)
        if self.stage is not None:
            self.stage.draw(surface, alpha)
        for sprite in self.flying:
            sprite.draw(surface, alpha)
        self.draw_buttons(surface)  # over a card flying into Discards, so it never hides a button's word
        dragging = self.drag.key if self.drag is not None and self.drag.kind == "item" else None
        sprite = self.item_sprites.get(dragging) if dragging is not None else None
        if sprite is not None:
            sprite.draw(surface, alpha)
        self.draw_hint(surface)
        self.draw_focus_ring(surface)

    def draw_fit_button(self, surface: pygame.Surface) -> None:
        surface.blit(panel_surface(FIT_RECT.size, 16, P.INK_ALPHA, (*P.BRASS, 255), 2), FIT_RECT.topleft)
        label = text_surface("Fit map", "ui-bold", fit_px("Fit map", "ui-bold", self.small_print(26), FIT_RECT.width - 16),
                             P.IVORY)
        surface.blit(label, label.get_rect(center=FIT_RECT.center))

    def draw_journal(self, surface: pygame.Surface, alpha: float) -> None:
        self.journal.draw(surface, alpha, self.journal_focus())

    def journal_focus(self) -> str | None:
        """The reading panel's own button with the focus (prev, next, contents), if one has it."""
        return self.focus[1] if self.focus and self.focus[0] == "page" else None

    # --- the kept images -------------------------------------------------------------------------
    # A Labyrinth frame drawn the long way costs a felt, a map, a parchment panel and some fifty
    # alpha blits (about 6 ms on the benchmark machine); most frames only the hero's bob changes.
    # `around` keeps everything round the map (the felt, the top bar, the map's frame, the caption,
    # the reading panel, the tray, the log and the buttons), `whole` that plus the map's cards under
    # the hero. Each is composed on the second frame in a row its key holds (an animation that
    # changes it every frame is drawn the long way, not composed every frame; the map, while a card
    # to discover pulses, is drawn over `around` each frame) and blitted while it holds. A key is
    # everything its part of the picture is drawn from; what lies over the map
    # (the hero, an open stack, a peek) is drawn each frame, clipped to the map, which nothing of
    # `around` overlaps (the reading panel's torchlight reaches over the map's edge: `around` holds
    # no key while it glows, nor while smoke rises, a card is read or flies, or anything is dragged).
    _around: "StillLayer | None" = None
    _whole: "StillLayer | None" = None
    _whole_badges: list[pygame.Rect] = []  # `badge_rects` of the map as `whole` keeps it

    def draw_kept(self, surface: pygame.Surface, alpha: float) -> bool:
        """Blit the still part of the table from the kept images (composing one that held still),
        the map's cards drawn over `around` when only it holds; False when this frame is drawn the
        long way."""
        if self.app is None or surface is not getattr(self.app, "canvas", None):
            return False  # a picture of the table drawn elsewhere (a test's, a thumbnail) is drawn whole
        if self._around is None or self._whole is None:
            self._around, self._whole = StillLayer(), StillLayer()
        around_layer, whole_layer = self._around, self._whole
        around_key = None
        if surface.get_size() == CANVAS_SIZE and surface.get_clip() == surface.get_rect():
            around_key = self.around_key(alpha)
        around = around_layer.wanted(around_key)
        if around == "draw":
            whole_layer.wanted(None)
            return False
        if around == "compose":
            self.draw_around(around_layer.image_like(surface), alpha)
            around_layer.composed(around_key)
        map_key = self.map_key(alpha)
        whole_key = None if map_key is None else (around_key, map_key)
        whole = whole_layer.wanted(whole_key)
        if whole == "compose":
            image = whole_layer.image_like(surface)
            image.blit(around_layer.image, (0, 0))
            self.draw_map_under_hero(image, alpha)
            whole_layer.composed(whole_key)
            self._whole_badges = list(self.badge_rects)
            whole = "keep"
        if whole == "keep":
            surface.blit(whole_layer.image, (0, 0))
            self.badge_rects = list(self._whole_badges)  # the map's badges in the kept image; the fan adds its own
        else:
            surface.blit(around_layer.image, (0, 0))
            self.draw_map_under_hero(surface, alpha)
        return True

    def draw_around(self, surface: pygame.Surface, alpha: float) -> None:
        """Everything round the map, in the order the long way draws it (the caption only where it
        keeps below the map)."""
        draw_background(surface, self.tone)
        self.draw_top_bar(surface)
        self.draw_map_frame(surface)
        if self.info_rect() is INFO_RECT:
            self.draw_info(surface)
        self.draw_journal(surface, alpha)
        self.draw_tray(surface, alpha)
        self.draw_buttons(surface)

    def around_key(self, alpha: float) -> tuple[Any, ...] | None:
        """What `draw_around` draws from; None while it cannot be kept (see above)."""
        if self.stage is not None or self.flying or self.drag is not None or self.smoke:
            return None
        journal = self.journal.still_key(alpha, self.journal_focus())
        if journal is None:
            return None
        return (self.tone, self.type_factor, legible_factor(), self.top_bar_key(),
                self.info_key() if self.info_rect() is INFO_RECT else None, journal, self.tray_key(alpha),
                self.buttons_key())

    def top_bar_key(self) -> tuple[Any, ...]:
        return tuple(self.top_bar_plan())

    def info_key(self) -> tuple[Any, ...]:
        return tuple(self.info_plan())

    def tray_key(self, alpha: float) -> tuple[Any, ...]:
        px, step, count = log_type(20, 26, LOG_LINES + 1, LOG_RECT.height - 18)
        return (tuple(self.item_order), tuple(sprite_key(self.item_sprites.get(card), alpha) for card in self.item_order),
                tuple(self.chosen), tuple(sprite_key(sprite, alpha) for sprite in self.prophecy_sprites.values()),
                px, step, count, len(self.log), tuple(list(self.log)[-count:]))

    def buttons_key(self) -> tuple[Any, ...]:
        rects = self.button_rects()
        return (tuple(self.buttons()), tuple((name, tuple(rect)) for name, rect in rects.items()), self.turn_is_done())

    def map_key(self, alpha: float) -> tuple[Any, ...] | None:
        """What `draw_map_under_hero` draws from; None while a card to discover pulses (its edge
        changes every few frames: composing the map that often costs more than drawing it)."""
        reach = self.move_targets()
        if any(number in reach and not tile.face_up for number, tile in self.tiles.items()):
            return None
        scale, centre = self.camera.now(alpha)
        tiles = tuple((number, dict(tile.entry), tile.x, tile.y, tile.pop.value_at(alpha), tile.squash.value_at(alpha),
                       tile.shake.value_at(alpha), tile.alpha.value_at(alpha)) for number, tile in self.tiles.items())
        inters = tuple((card, dict(inter.entry), inter.slot.value_at(alpha), inter.slot.current, inter.alpha.value_at(alpha),
                        inter.shake.value_at(alpha), inter.hidden, None if inter.fan_rect is None else tuple(inter.fan_rect))
                       for card, inter in self.inters.items())
        fan = self.fan_layout()
        return (scale, centre, self.camera.now(), self.camera.pixel_scale, tuple(sorted(reach)), self.hero_number, tiles, inters,
                self.selected, self.can_act, tuple(sorted(self.usable_cards())),
                tuple((number, tuple(cards)) for number, cards in self.stacks().items()), self.fanned,
                None if fan is None else tuple(fan.panel), self.type_factor)

    def draw_top_bar(self, surface: pygame.Surface) -> None:
        surface.blit(panel_surface(MENU_RECT.size, 16, P.INK_ALPHA), MENU_RECT.topleft)
        draw_menu_label(surface, MENU_RECT, word_x=60)
        for image, at, opacity in self.top_bar_plan():
            blit_faded(surface, image, pygame.Rect(at, image.get_size()), opacity)

    def top_bar_plan(self) -> list[tuple[pygame.Surface, tuple[int, int], int]]:
        """What the top bar shows right of its Menu button, in order: (image, top left, opacity)."""
        plan: list[tuple[pygame.Surface, tuple[int, int], int]] = []
        title = str(self.view.get("scenario", {}).get("title", "The Labyrinth"))
        banner = self.turn_banner_rect()
        room = (banner.left if banner is not None else CANVAS_W // 2) - 24 - (MENU_RECT.right + 18)
        title, px = fitted_line(title, "story", 36, room, 26)
        plan.append((text_surface(title, "story", px, P.LA_PARCHMENT), (MENU_RECT.right + 18, 14 + (36 - px) // 2), 255))
        # whose turn and what is left of it: larger on a small window, as the rank under the score
        mode, px = fitted_line(self.mode_line(), "ui", round(22 * self.type_factor), room, 20)
        plan.append((text_surface(mode, "ui", px, P.IVORY_DIM), (MENU_RECT.right + 20, 58), 255))
        score = self.view.get("score")
        if score is not None:
            label = text_surface(f"SCORE {score}", "display", 40, P.LA_TORCH)
            plan.append((label, label.get_rect(midright=(FAVOUR_LEFT - 14, 40)).topleft, 255))
            words, colour = self.rank_words()
            room = FAVOUR_LEFT - 14 - ((banner.right if banner is not None else CANVAS_W // 2) + 16)
            words, px = fitted_line(words, "ui", round(20 * self.type_factor), room, 16)
            rank = text_surface(words, "ui", px, colour)
            plan.append((rank, rank.get_rect(midright=(FAVOUR_LEFT - 14, 70)).topleft, 255))
        for i in range(8):
            x, y = self.favour_centre(i)
            lit = float(self.favour_light[i].current)  # type: ignore[arg-type]
            dark = favour_token(False, FAVOUR_PX)
            plan.append((dark, dark.get_rect(center=(round(x), round(y))).topleft, 255))
            if lit > 0.02:
                pulse = float(self.favour_pulse[i].current)  # type: ignore[arg-type]
                flame = favour_token(True, FAVOUR_PX + round(pulse * 12))
                plan.append((flame, flame.get_rect(center=(round(x), round(y))).topleft, int(255 * min(1.0, lit))))
        for puff in self.smoke:
            image = smoke_puff(round(puff.size))
            plan.append((image, image.get_rect(center=(round(puff.x), round(puff.y))).topleft,
                         max(0, min(200, int(puff.life * 150)))))
        return plan

    def rank_words(self) -> tuple[str, tuple[int, int, int]]:
        """The line under the score: the rank, and once only a few favours still burn, how many, in
        red (the dark flames alone did not say how close the party is to having none)."""
        rank = str(self.view.get("rank", ""))
        lit = int((self.view.get("favours") or {}).get("lit", 8))
        if lit > FEW_FAVOURS:
            return rank, P.IVORY_DIM
        left = "no favour left" if lit == 0 else f"{'only ' if lit == 1 else ''}{lit} favour{'s' if lit != 1 else ''} left"
        return f"{rank} · {left}", FEW_FAVOURS_RED

    def mode_line(self) -> str:
        if self.view.get("mode") != "turns":
            return "Playing together: anyone may act" if len(self.seat_names) > 1 else "Solo adventure"
        turn = self.view.get("turn") or {}
        seat = int(turn.get("seat", 0))
        moved = "done" if turn.get("moved") else "to do"
        used = "done" if turn.get("interacted") else "to do"
        return f"In turns · {self.turn_name(seat)}: move {moved}, interaction {used}"

    def draw_map(self, surface: pygame.Surface, alpha: float) -> None:
        self.draw_map_frame(surface)
        self.draw_map_under_hero(surface, alpha)
        self.draw_over_map(surface, alpha)

    def draw_map_frame(self, surface: pygame.Surface) -> None:
        frame = MAP_RECT.inflate(8, 8)
        surface.blit(panel_surface(frame.size, 18, (10, 8, 6, 110)), frame.topleft)

    def draw_map_under_hero(self, surface: pygame.Surface, alpha: float) -> None:
        """The map's cards, their edges and badges (inside the map)."""
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
                self.draw_step_badge(surface, rect, bool(tile.entry.get("min_favours")), tile.label_rects)
            elif number in reach:  # somewhere the hero may walk back to: a quiet edge
                outline = reach_outline(rect.size, max(6, rect.width // 22), P.shade(P.LA_TORCH, -0.35), 2)
                surface.blit(outline, (rect.x - 12, rect.y - 12))
            elif dragging_hero and number != self.hero_number:
                surface.blit(veil(rect.size, 150, max(6, rect.width // 22)), rect.topleft)
        self.badge_rects = []
        usable = self.usable_cards()
        stacks = self.stacks()
        in_stack = {c for cards in stacks.values() for c in cards}
        tried_badges: list[tuple[str, tuple[int, int]]] = []  # drawn over every card: the next card beside
        for card, inter in self.inters.items():  # a scenery lay over the one before's badge ("tr… ×5")
            lift = 10.0 * scale if card == self.selected else 0.0
            rect = inter.draw(surface, self.camera, alpha, lift)
            if inter.hidden or inter.fan_rect is not None:
                continue
            if card == self.selected:
                surface.blit(reach_outline(rect.size, 8, P.BRASS_LIGHT, 4), (rect.x - 12, rect.y - 12))
            elif self.can_act and card not in usable:
                surface.blit(veil(rect.size, 120, 8), rect.topleft)
            tried = inter.entry.get("tried") or []
            if tried and card not in in_stack:  # a stack's tries are told on its fanned cards, each its own
                tried_badges.append((f"tried ×{len(tried)}", (rect.centerx, rect.bottom - 4)))
        fan = self.fan_layout()  # a badge the open stack's panel covers would peek out at its edge ("rds")
        under_fan = fan.panel if fan is not None else None
        for words, at in tried_badges:
            self.draw_badge(surface, words, at, under=under_fan, keep_in=MAP_RECT)
        for number, cards in stacks.items():
            if number != self.fanned:
                self.draw_stack_badge(surface, cards, under_fan)
        surface.set_clip(clip)

    def draw_over_map(self, surface: pygame.Surface, alpha: float) -> None:
        """What lies over the map's cards (inside the map): the hero, an open stack, a peek."""
        clip = surface.get_clip()
        surface.set_clip(MAP_RECT)
        scale, _ = self.camera.now(alpha)
        dragging_hero = self.drag is not None and self.drag.kind == "hero"
        if self.hero_number is not None:
            size = max(40, round(MEEPLE_SIZE * scale))
            drawn = TRANSFORMS.get(meeple(MEEPLE_SIZE), 0.0, size / MEEPLE_SIZE)
            if dragging_hero and self.drag is not None:
                x, y = self.drag.pos
            else:
                x, y = self.camera.to_screen(self.hero_pos.value_at(alpha), alpha)  # type: ignore[arg-type]
            bob = math.sin(self.time * 2 * math.pi / 1.8) * 3 if self.can_act and not MOTION.reduced else 0.0
            surface.blit(drawn, drawn.get_rect(center=(round(x), round(y - bob))))
        self.draw_fan(surface, alpha)
        self.draw_peek(surface)
        surface.set_clip(clip)

    def small_print(self, px: int) -> int:
        """`px` (a size on the 1920x1080 canvas) on this window: larger below the legible scale
        (`type_factor`: 20 px badges read as 11 px on a 1024x768 screen, now 14)."""
        return round(px * self.type_factor)

    def draw_badge(self, surface: pygame.Surface, words: str, at: tuple[int, int], px: int | None = None,
                   anchor: str = "midtop", under: pygame.Rect | None = None,
                   keep_in: pygame.Rect | None = None) -> pygame.Rect | None:
        """A small dark-red plate with ivory words (a card's tries, a stack's count), its `anchor` at
        `at`, in `px` (BADGE_PX on this window by default); none where a panel drawn later (`under`)
        would cut it, its words peeking out at the panel's edge ("rds"). A badge whose card stands at the
        side of the map (`keep_in`, partly inside it) slides in to show whole, not "triec". The
        frame's badges are kept in `badge_rects` (tests: none overlaps another)."""
        px = self.small_print(BADGE_PX) if px is None else px
        badge = text_surface(words, "ui-bold", px, P.IVORY)
        box = badge.get_rect().inflate(badge_margin(px), 4)
        setattr(box, anchor, at)
        if keep_in is not None and box.colliderect(keep_in):
            box.x = max(keep_in.x, min(box.x, keep_in.right - box.width))
        if under is not None and box.colliderect(under) and not under.contains(box):
            return None
        self.badge_rects.append(box)
        surface.blit(panel_surface(box.size, 8, (*P.shade(P.LA_ARROW_RED, -0.3), 230)), box.topleft)
        surface.blit(badge, badge.get_rect(center=box.center))
        return box

    def draw_stack_badge(self, surface: pygame.Surface, cards: list[str], under: pygame.Rect | None = None
                         ) -> pygame.Rect | None:
        """One plate under a closed stack: how many cards it holds (each one's tries show in the fan)."""
        rects = [self.inters[c].screen_rect(self.camera) for c in cards if not self.inters[c].hidden]
        if not rects:
            return None
        pile = rects[0].unionall(rects[1:])
        tried = sum(1 for c in cards if self.inters[c].entry.get("tried"))
        words = f"{len(cards)} cards" + (f" · {tried} tried" if tried else "")
        return self.draw_badge(surface, words, (pile.centerx, pile.bottom - 4), under=under, keep_in=MAP_RECT)

    def draw_fan(self, surface: pygame.Surface, alpha: float) -> pygame.Rect | None:
        """The open stack: its cards side by side on an ink panel beside their scenery, each large
        enough to touch, with a label of what the table has read of it, its own tries and a Read
        plate; Close at the panel's corner."""
        layout = self.fan_layout()
        if layout is None or self.fanned is None:
            return None
        cards = self.stacks()[self.fanned]
        panel = layout.panel  # nearly opaque, with no shadow: a big alpha blit less each frame
        surface.blit(panel_surface(panel.size, 18, (*P.INK, 242), (*P.BRASS, 255), 2), panel.topleft)
        tile = self.tiles.get(self.fanned)
        where = f"#{self.fanned}" + (f" · {tile.entry.get('title', '')}" if tile is not None and tile.face_up else "")
        title = f"{len(cards)} cards beside {where}"
        px = fit_px(title, "story", 30, layout.close.left - panel.x - 36)
        surface.blit(text_surface(title, "story", px, P.LA_PARCHMENT), (panel.x + 18, panel.y + 14))
        close = layout.close
        surface.blit(panel_surface(close.size, 14, P.INK_ALPHA, (*P.BRASS, 255), 2), close.topleft)
        word = text_surface("Close", "ui-bold", fit_px("Close", "ui-bold", self.small_print(PLATE_PX), close.width - 12),
                            P.IVORY)
        surface.blit(word, word.get_rect(center=close.center))
        usable = self.usable_cards()
        for card, rect, plate in zip(cards, layout.cards, layout.reads):
            inter = self.inters[card]
            if inter.hidden:  # on the stage, being read: its place waits for it
                pygame.draw.rect(surface, (*P.LA_TORCH, 90), rect, width=2, border_radius=10)
                continue
            shown = {k: inter.entry[k] for k in ("number", "dots", "needs", "immediate") if k in inter.entry}
            image = interaction_back(shown, rect.width)
            shake = float(inter.shake.value_at(alpha))  # type: ignore[arg-type]
            lift = 12 if card == self.selected else 0
            at = image.get_rect(center=(rect.centerx + round(math.sin(shake * 30) * 8 * shake), rect.centery - lift))
            surface.blit(tile_shadow(image.get_size()), (at.x - 5, at.y - 3))
            surface.blit(image, at)
            label = self.card_label(card)
            if label:
                self.draw_card_label(surface, at, label)
            if card == self.selected:
                surface.blit(reach_outline(at.size, 8, P.BRASS_LIGHT, 4), (at.x - 12, at.y - 12))
            elif self.can_act and card not in usable:
                surface.blit(veil(at.size, 120, 8), at.topleft)
            tried = inter.entry.get("tried") or []
            if tried:  # in the top right corner: the item icon (the corner index) stays in the left one
                words = f"tried ×{len(tried)}"
                px = self.small_print(BADGE_PX)  # as large as fits right of the corner index
                while px > BADGE_PX and font("ui-bold", px).size(words)[0] + badge_margin(px) > \
                        at.width - 4 - math.ceil(interaction_corner_right(at.width)) - 2:
                    px -= 1
                self.draw_badge(surface, words, (at.right - 4, at.y + 6), px, anchor="topright")
            if self.card_reads().get(card):
                surface.blit(panel_surface(plate.size, 14, P.INK_ALPHA, (*P.BRASS, 255), 2), plate.topleft)
                px = fit_px("Read", "ui-bold", self.small_print(PLATE_PX), plate.width - 12)
                word = text_surface("Read", "ui-bold", px, P.IVORY)
                surface.blit(word, word.get_rect(center=plate.center))
            else:
                px = fit_px("not read yet", "story-italic", self.small_print(SLIP_PX), plate.width - 8)
                word = text_surface("not read yet", "story-italic", px, P.IVORY_DIM)
                surface.blit(word, word.get_rect(center=plate.center))
        return panel

    def card_label_lines(self, card: pygame.Rect, label: str) -> tuple[int, list[str]]:
        """The slip's print on this window (larger on a small one) and its lines, three at most, the
        last one cut at a word with an ellipsis when the label needs more: the words that tell the card
        from its neighbours come last ("A soldier in a yew greatcoat"), so none is dropped for print."""
        px = self.small_print(SLIP_PX)
        width = card.width - 20
        lines = list(wrapped(label, "story-italic", px, width))
        most = SLIP_LINES
        if len(lines) > most:
            last, _ = fitted_line(" ".join(lines[most - 1:]), "story-italic", px, width, px)
            lines = lines[:most - 1] + [last if last.endswith("…") else last + "…"]
        return px, lines

    def draw_card_label(self, surface: pygame.Surface, card: pygame.Rect, label: str) -> pygame.Rect:
        """What was read of a card, on a parchment slip across its lower part (its number and the
        corner's item icon stay in sight; the larger print of a small window may cover the row of dots,
        which the panel's title counts: "6 cards beside #29")."""
        px, lines = self.card_label_lines(card, label)
        height = 10 + (px + 1) * len(lines)
        slip = pygame.Rect(card.x + 6, card.bottom - 8 - height, card.width - 12, height)
        surface.blit(panel_surface(slip.size, 8, (*P.LA_PARCHMENT, 245), (*P.LA_SEPIA, 255), 1), slip.topleft)
        y = slip.y + 5
        for line in lines:
            image = text_surface(line, "story-italic", px, P.INK)
            surface.blit(image, image.get_rect(midtop=(slip.centerx, y)))
            y += px + 1
        return slip

    def draw_peek(self, surface: pygame.Surface) -> pygame.Rect | None:
        """A scenery card looked at for a moment is shown full size in the far corner of the map, so
        its picture and title read at three metres however far the map is zoomed out."""
        target = self.peek_target
        if target is None or target[0] != "tile" or self.drag is not None or self.peek_time < PEEK_AFTER:
            return None
        if self.stage is not None or self.flying:
            return None  # a card is being read or is flying there: the corner belongs to it
        tile = self.tiles.get(int(target[1]))
        if tile is None or not tile.face_up or tile.busy:
            return None
        rect = tile.screen_rect(self.camera)
        image = tile.image()
        if rect.width >= image.get_width() * 0.8:
            return None  # already big enough on the map
        box = self.peek_box(image.get_rect(), rect)
        if box is None:
            return None
        shown = min(1.0, (self.peek_time - PEEK_AFTER) / 0.15)
        shadow = tile_shadow(image.get_size())
        surface.blit(shadow, shadow.get_rect(center=(box.centerx + 6, box.centery + 10)))
        image.set_alpha(int(255 * shown))
        surface.blit(image, box)
        image.set_alpha(255)
        return box

    def peek_box(self, box: pygame.Rect, looked: pygame.Rect) -> pygame.Rect | None:
        """The corner of the map for a full-size peek that covers neither the hero nor the card looked
        at (nor an open fan, nor "Fit map"), the farthest from that card first; None if every corner would."""
        area = self.map_clear_rect().inflate(-28, -28)
        hero = self.hero_rect()
        fan = self.fan_layout()
        keep_clear = [looked] + ([hero] if hero is not None else []) + ([fan.panel] if fan is not None else [])
        if self.camera.manual:
            keep_clear.append(FIT_RECT)  # the "Fit map" button sits over the map's top right corner
        corners = []
        for corner in ("topleft", "topright", "bottomleft", "bottomright"):
            spot = pygame.Rect(box)
            setattr(spot, corner, getattr(area, corner))
            corners.append(spot)
        corners.sort(key=lambda r: -((r.centerx - looked.centerx) ** 2 + (r.centery - looked.centery) ** 2))
        return next((r for r in corners if r.collidelist(keep_clear) == -1), None)

    def draw_step_badge(self, surface: pygame.Surface, rect: pygame.Rect, above_flames: bool = False,
                        keep_clear: list[pygame.Rect] | tuple[()] = ()) -> pygame.Rect | None:
        """"Explore" on a face-down card the hero can reach: the invitation to discover it. On a card
        that opens only with enough favours it stands above the row of flames that says how many. On
        a card zoomed out so far that it would cover an arrow's number (`keep_clear`) it is left out:
        the pulsing edge still invites."""
        px = max(14, min(30, rect.width // 10))
        label = text_surface("EXPLORE", "display", px, P.INK)
        # in the lower left corner: the south arrow and the number of the card it leads to sit at the
        # middle of the bottom edge and must stay readable
        box = label.get_rect().inflate(round(px * 0.6), 4)
        box.bottomleft = (rect.x + max(8, rect.width // 30), rect.bottom - 8)
        if above_flames:
            box.bottom = rect.y + round(rect.height * 0.8)
        if box.collidelist(list(keep_clear)) != -1:
            return None
        surface.blit(panel_surface(box.size, box.height // 2, (*P.LA_TORCH, 235)), box.topleft)
        surface.blit(label, label.get_rect(center=box.center))
        return box

    def info_lines(self) -> tuple[str, str, str]:
        """(title, text, hint) for what the player points at or has focused. A hint that confirm acts
        on is drawn with the confirm key or button beside it; a status (`STATUS_HINTS`) is not."""
        looking = self.resting is not None and self.resting[2]  # a finger held still on something looks at it
        if self.selected is not None and not looking:
            needs = self.interaction_needs(self.selected)
            number = self.inters[self.selected].number if self.selected in self.inters else "?"
            picked = ", ".join(self.item_name(c) for c in self.chosen) or "nothing yet"
            tried = self.inters[self.selected].entry.get("tried") if self.selected in self.inters else []
            text = f"Picked: {picked}."
            if tried:
                text += " Already tried here: " + "; ".join(" + ".join(self.item_name(i) for i in t) for t in tried) + "."
            # a finger has no Back (and a mouse's is a right-click nobody guesses): the Cancel button is there
            cancel = " · Back cancels" if self.show_focus() else ""
            return (f"Card {number} wants {'one item' if needs == 1 else 'two items'}", text,
                    f"Pick from your items, then Use{cancel}")
        pointing = not self.show_focus() and self.hover is not None and self.drag is None
        return self.info_lines_for(self.hover if pointing else self.focus)

    @staticmethod
    def arrows_words(entry: dict[str, Any]) -> str:
        """Where a face-down card's arrows lead, as the caption says it first ("Arrows on to 24 (north)
        and 28 (south). "): zoomed far out, the numbers on the card are small."""
        arrows = arrows_of(entry)
        said = [f"{arrows[d]} ({name})" for d, name in (("n", "north"), ("e", "east"), ("s", "south"), ("w", "west"))
                if d in arrows]
        if not said:
            return ""
        listed = said[0] if len(said) == 1 else ", ".join(said[:-1]) + " and " + said[-1]
        return f"{'Arrow' if len(said) == 1 else 'Arrows'} on to {listed}. "

    def info_lines_for(self, target: Any) -> tuple[str, str, str]:
        """(title, text, hint) of one target, as the caption says it."""
        if target is not None and self.target_rect(target) is None:
            return ("", "", "")  # what it named has gone (a button that left, a card being read)
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
                hint = "Move the hero here" if reach else ("Read it" if here else "")
                return (f"#{number} · {tile.entry.get('title', '')}", text, hint)
            need = int(tile.entry.get("min_favours") or 0)
            text = self.arrows_words(tile.entry) + "A face-down scenery card: stepping onto it discovers it."
            if need:
                text += f" It opens only while at least {need} favours still burn."
            hint = "Move here to discover it" if reach else ("Not reachable yet" if self.can_act else "")
            return (f"#{number} · unexplored", text, hint)
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
            label = self.card_label(key)
            if label:  # its top text was read: that first, it is what tells this card from its neighbours
                text = self.card_reads()[key][0] + (" Tried: " + text.split("Already tried: ", 1)[1] if tried else "")
            stack = self.stacks().get(inter.number, [])
            place = f" · {stack.index(key) + 1} of {len(stack)}" if key in stack else ""  # which of a stack's look-alikes
            return (f"Card {inter.number}" + (f" · {label}" if label else place), text, hint)
        if kind == "stack":
            cards = self.stacks().get(int(key), [])
            tile = self.tiles.get(int(key))
            where = f"#{key}" + (f" · {tile.entry.get('title', '')}" if tile is not None and tile.face_up else "")
            read = sum(1 for c in cards if self.card_reads().get(c))
            tried = sum(1 for c in cards if self.inters[c].entry.get("tried"))
            text = (f"{len(cards)} interaction cards beside {where}: {read} read, {tried} tried. "
                    "Open the stack to see each one and choose.")
            return (f"Card {key} · a stack of {len(cards)}", text, "Open the stack")
        if kind == "read":
            inter = self.inters.get(key)
            number = inter.number if inter is not None else "?"
            return (f"Card {number} · {self.card_label(key)}", "What the table has read of this card, on a sheet.",
                    "Read it")
        if kind == "fan":
            return ("Close the stack", "Put the cards back beside their scenery.", "Close" if key == "close" else "")
        if kind == "item":
            entry = self.item_entries.get(key, {})
            code = f"{entry.get('letter', '')}{entry.get('number') or ''}"
            return (f"{entry.get('name', '')} ({code})", str(entry.get("text", "")),
                    "Read it" if self.selected is None else "Pick it")
        if kind == "prophecy":
            entry = self.prophecy_entries.get(key, {})
            if entry.get("state") == "hidden":
                return (f"Prophecy {entry.get('number', '')}", "A sealed prophecy. Unfulfilled, it costs a point at "
                        "the end, even if it was never revealed.", "Sealed")
            state = "fulfilled" if entry.get("state") == "fulfilled" else "revealed"
            text = str(entry.get("fulfilled") if state == "fulfilled" else entry.get("text", ""))
            return (f"Prophecy {entry.get('number', '')} · {entry.get('title', '')} ({state})", text, "Read it")
        if kind == "button":
            undo = (f"Take back {self.undo_words()}: nothing new has been revealed since."
                    if self.undo_moves else "Take back the moves made since something new was last revealed.")
            about = {"undo": undo,
                     "end_turn": "Pass the turn to the next player clockwise.",
                     "discard": "Browse the discard pile. Unread cards stay face down.",
                     "use": "Turn the card over with the chosen items.", "cancel": "Put the items back.",
                     "hint": "Ask a careful companion where to look; ask again for the exact move. "
                             "It knows only what the table has shown."}
            return (BUTTON_LABELS.get(key, key), about.get(key, ""), "")
        if kind == "favours":
            lit = int(self.view.get("favours", {}).get("lit", 8))
            unfulfilled = sum(1 for p in self.view.get("prophecies", []) if p.get("state") != "fulfilled")
            return (f"Favours · {lit} of 8 still burn",
                    f"Your score: the favours still lit, less each prophecy unfulfilled at the end "
                    f"({unfulfilled} now). Careless tries put favours out.", "")
        if kind == "fit":
            return ("Fit map", "Zoom back out so the whole map shows again.", "")
        if kind == "page":
            pages = f"{hint_glyphs('keyboard')['page']}, {hint_glyphs('gamepad')['page']}"
            return ("The story so far", f"Turn the pages of what has been read ({pages}).", "")
        return ("", "", "")

    type_factor: float = 1.0  # the window's `legible_factor`, set by the table each frame

    def info_type(self) -> tuple[int, int, int, int]:
        """The caption's sizes on this window: (title px, text px, line step, how far the band grows
        up over the map's bottom edge). A small window sets them larger (`legible_factor`), so the
        band takes a little of the map to hold its title and two lines."""
        factor = self.type_factor
        if factor == 1.0:
            return 28, 24, 25, 0
        title_px, text_px = round(28 * factor), round(24 * factor)
        step = text_px + 1
        return title_px, text_px, step, max(0, 12 + title_px + 2 * step + 6 - INFO_RECT.height)

    def info_rect(self) -> pygame.Rect:
        """Where the caption under the map lies (taller on a small window: `info_type`)."""
        grow = self.info_type()[3]
        return INFO_RECT if not grow else pygame.Rect(INFO_RECT.x, INFO_RECT.y - grow, INFO_RECT.width,
                                                      INFO_RECT.height + grow)

    def map_clear_rect(self) -> pygame.Rect:
        """The map's part that no caption covers (all of it, but on a small window: `info_rect`)."""
        band = self.info_rect()
        return MAP_RECT if band is INFO_RECT else pygame.Rect(MAP_RECT.x, MAP_RECT.y, MAP_RECT.width, band.y - MAP_RECT.y)

    def draw_info(self, surface: pygame.Surface) -> None:
        for image, at in self.info_plan():
            surface.blit(image, at)

    def info_plan(self) -> list[tuple[pygame.Surface, tuple[int, int]]]:
        """The caption under the map, as (image, top left) in order: what is looked at, its text in
        two lines, and on the right the hint; the text wraps short of the hint, never under it."""
        title_px, text_px, step, _ = self.info_type()
        band = self.info_rect()
        factor = self.type_factor
        plan: list[tuple[pygame.Surface, tuple[int, int]]] = [(panel_surface(band.size, 16, P.INK_ALPHA), band.topleft)]
        title, text, hint = self.info_lines()
        if self.app is not None and self.app.scenes.top is not self:
            hint = ""  # a sheet over the table takes the keys: its own hint says what they do, not ours
        x = band.x + 22
        hint_left = band.right - 22
        hint_px = round(24 * factor)
        if hint in STATUS_HINTS:  # says how things stand; confirm would do nothing: no key beside it
            image = text_surface(hint, "ui", hint_px, P.IVORY_DIM)
            at = image.get_rect(midright=(band.right - 22, band.centery))
            plan.append((image, at.topleft))
            hint_left = at.left
        elif hint:
            image = text_surface(hint, "ui-bold", hint_px, P.BRASS_LIGHT)
            at = image.get_rect(midright=(band.right - 22, band.centery))
            plan.append((image, at.topleft))
            device = self.app.input.last_device if self.app is not None else "keyboard"
            glyph = hint_glyphs(device)["confirm"]
            key = text_surface(glyph, "ui-bold", round(22 * factor), P.INK)
            box = pygame.Rect(0, 0, key.get_width() + 22, round(38 * factor))
            box.midright = (at.left - 12, at.centery)
            plan.append((panel_surface(box.size, 8, P.IVORY), box.topleft))
            plan.append((key, key.get_rect(center=box.center).topleft))
            hint_left = box.left
        width = max(200, min(round(INFO_TEXT_W * factor), hint_left - 28 - x))
        self.info_text_width, self.info_hint_left = width, hint_left  # (tests)
        if title:
            px = fit_px(title, "story", title_px, width)
            plan.append((text_surface(title, "story", px, P.LA_PARCHMENT), (x, band.y + 5)))
        if text:  # two lines clear of the panel's lower edge
            lines = wrapped(text, "story-italic", text_px, width)
            y = band.y + 12 + title_px
            for i, line in enumerate(lines[:2]):
                if i == 1 and len(lines) > 2:
                    line = line.rstrip(".,;") + " …"
                plan.append((text_surface(line, "story-italic", text_px, P.IVORY_DIM), (x, y)))
                y += step
        return plan

    def draw_tray(self, surface: pygame.Surface, alpha: float) -> None:
        for area, label in ((ITEM_AREA, "ITEMS"), (PROPHECY_AREA, "PROPHECIES")):
            surface.blit(panel_surface(area.size, 18, (10, 8, 6, 120)), area.topleft)
            surface.blit(text_surface(label, "display", 28, P.LA_PARCHMENT_DARK), (area.x + 16, area.y + 4))
        if not self.item_order:
            words = "Your hands are empty. Items you take will wait here."
            empty = text_surface(words, "story-italic", fit_px(words, "story-italic", self.small_print(26), ITEM_AREA.width - 40),
                                 P.IVORY_DIM)
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
                # on a whole card inside its top right corner; on a low tile astride the corner, off the name
                centre = (rect.right - 16, rect.y + 16) if rect.height >= 100 else (rect.right - 6, rect.y + 2)
                pygame.draw.circle(surface, P.BRASS_LIGHT, centre, 20)
                surface.blit(badge, badge.get_rect(center=(centre[0], centre[1] + 2)))
            elif selecting:
                pass
        for sprite in self.prophecy_sprites.values():
            sprite.draw(surface, alpha)
        surface.blit(panel_surface(LOG_RECT.size, 16, P.INK_ALPHA), LOG_RECT.topleft)
        y = LOG_RECT.y + 12
        # larger on a small window (log_type), so fewer lines: as many as the box holds
        px, step, count = log_type(20, 26, LOG_LINES + 1, LOG_RECT.height - 18)
        for line in log_tail(self.log, "ui", px, LOG_RECT.width - 36 - (34 if px > 20 else 0), count):
            surface.blit(text_surface(line, "ui", px, P.IVORY_DIM), (LOG_RECT.x + 18, y))
            y += step

    def draw_buttons(self, surface: pygame.Surface) -> None:
        rects = self.button_rects()
        for name, label, enabled in self.buttons():
            rect = rects[name]
            primary = name == "use" or (name == "end_turn" and self.turn_is_done())  # not a gold End turn to skip a turn
            fill = (*P.BRASS, 255) if primary and enabled else P.INK_ALPHA
            surface.blit(panel_surface(rect.size, 18, fill, (*P.BRASS, 255), 2), rect.topleft)
            colour = P.INK if primary and enabled else (P.IVORY if enabled else P.IVORY_DIM)
            image = text_surface(label, "ui-bold", fit_px(label, "ui-bold", 30, rect.width - 20), colour)
            surface.blit(image, image.get_rect(center=rect.center))

    def draw_focus_ring(self, surface: pygame.Surface) -> None:
        if self.curtain_seat is not None:
            return
        clip = surface.get_clip()
        try:
            self._draw_focus_ring(surface)
        finally:
            surface.set_clip(clip)

    def _draw_focus_ring(self, surface: pygame.Surface) -> None:
        """The ring round what has the focus (or what a pointer is over). A card on the map is ringed
        inside the map only: a card half under the top bar had its ring drawn over the adventure's
        title ("Stopped Hours" struck through at 1024x768)."""
        if not self.show_focus():
            hovered = self.target_rect(self.hover) if self.hover is not None and self.drag is None else None
            if hovered is not None:  # a pointer shows what it is over with a thin brass edge
                if self.hover is not None and self.hover[0] in ("tile", "inter"):
                    surface.set_clip(MAP_RECT)
                surface.blit(reach_outline(hovered.size, 12, P.BRASS, 2), (hovered.x - 12, hovered.y - 12))
            return
        if self.focus is None:
            return
        rect = self.target_rect(self.focus)
        if rect is None:
            return
        if self.focus[0] in ("tile", "inter"):
            if not MAP_RECT.colliderect(rect):
                return
            surface.set_clip(MAP_RECT)
        ring = reach_outline(rect.size, 12, P.BRASS_LIGHT, 5)
        surface.blit(ring, (rect.x - 12, rect.y - 12))
        if self.focus[0] in ("tile", "favours"):
            return  # the ring is plain: a pointer above a card would sit on the card above, above the flames off screen
        cx, top = rect.centerx, rect.y - 10
        pygame.draw.polygon(surface, P.BRASS_LIGHT, [(cx - 14, top - 16), (cx + 14, top - 16), (cx, top)])
        pygame.draw.polygon(surface, P.INK, [(cx - 14, top - 16), (cx + 14, top - 16), (cx, top)], 2)

    def show_focus(self) -> bool:
        """The brass focus ring belongs to keys and pads; a pointer shows what it hovers instead."""
        device = self.app.input.last_device if self.app is not None else "keyboard"
        return device in ("keyboard", "gamepad")


