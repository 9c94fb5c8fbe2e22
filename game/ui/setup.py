"""Seat setup: how many seats, who sits in each (a person or a bot and its level), their names,
and the game's own options (RULINGS: the first choice is the default). Start opens the table."""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import pygame

from game.bots.base import BOT_NAMES
from game.core.engine import Engine, fit_options
from game.core.registry import UnknownGame, find_game, game_info
from game.core.types import GameConfig, IllegalAction, SeatConfig, unique_name
from game.session.records import load_records
from game.session.storage import data_dir
from game.ui.chrome import MARGIN, MenuScene, back_button, draw_background, draw_heading
from game.ui.hint_glyphs import hint_glyphs
from game.ui.look import palette as P
from game.ui.input import Intent
from game.ui.look.fonts import legible_factor, legible_px, text_surface, wrap
from game.ui.osk import OnScreenKeyboard
from game.ui.tables import table_scene_for
from game.ui.toast import RisingToasts
from game.ui.widgets import (VALUE_PX, Button, OptionCycler, TextEntry, Widget, blit_text, draw_entry_text, draw_focus,
                             fit_px, panel_surface)

WHO_CHOICES = (("human", "Person here"), ("easy", "Bot · Easy"), ("expert", "Bot · Expert"), ("master", "Bot · Master"))
ROW_H = 76
ROW_GAP = 14
OPTION_H = 104
LEFT_W = 1120
RIGHT_X = 1300
RIGHT_W = 500
NAME_W = 470  # a seat's row: its name, who plays it, and (for a person) the pad that plays it
WHO_X = 490
WHO_W = 420
PAD_X = 930
SIDE_W = 120  # the side badge beside "Plays" when a pad badge shares the column with it
SIDE_HELP = ("Where this person sits at a touch table lying flat: Near, at the screen's bottom edge (as "
             "everyone by default), or Far, across the table. From a far-side person's \"Pass to\" "
             "screen through their turn the whole picture turns to face them.")
PAD_HELP = ("Press {A} on your gamepad to take this seat: then only that pad plays this seat's turns "
            "and lifts its \"Pass to\" screen. Press again to let it go. Keyboard, mouse and touch "
            "keep working for everyone.")


def seat_columns() -> tuple[int, int, int, int]:
    """A seat row's name width, where "Plays" starts, where the pad badge starts and how wide it is:
    as designed; on a small window the badge takes 40 px from the name (16 letters still fit) and
    30 more towards the options, so "Press A to take" keeps the menus' least size (it showed 12 px
    high on a 1024x768 screen)."""
    if legible_factor() == 1.0:
        return NAME_W, WHO_X, PAD_X, LEFT_W - PAD_X
    return NAME_W - 40, WHO_X - 40, PAD_X - 40, LEFT_W - PAD_X + 70


@dataclass(frozen=True)
class SeatRow:
    """Where a seat row's widgets go (x from the margin, widths): its name, who plays it ("Plays"
    labelled, or without the word where the row is crowded), and a person's side and pad badges."""

    name_w: int
    who_x: int
    who_w: int
    who_label: str
    side: tuple[int, int]
    pad: tuple[int, int]


def seat_row(pads: bool, sides: bool) -> SeatRow:
    """The seat row's columns: as designed (`seat_columns`), the side badge alone in the pad badge's
    place; with both badges the name gives 40 px, "Plays" drops its word ("Person here" says it) and
    70 px, and the side badge sits before the pad badge (a 56 px pad badge was unreadable)."""
    name_w, who_x, pad_x, pad_w = seat_columns()
    if not (pads and sides):
        return SeatRow(name_w, who_x, WHO_W, "Plays", (pad_x, pad_w), (pad_x, pad_w))
    small = legible_factor() != 1.0
    side_w = SIDE_W + (28 if small else 0)
    name_w -= 40
    who_x = name_w + 14
    who_w = WHO_W - 70 - (10 if small else 0)
    side_x = who_x + who_w + 14
    pad_left = side_x + side_w + 14
    return SeatRow(name_w, who_x, who_w, "", (side_x, side_w), (pad_left, pad_x + pad_w - pad_left))


def option_height() -> int:
    """An option's stacked row: as designed, or taller where a small window's larger type needs the
    room for a value on two rows ("The Lamplighter's Vault (tutorial)" showed 11 px high)."""
    return max(OPTION_H, OptionCycler.stacked_height())


def help_layout(text: str, height: int) -> tuple[int, int, list[str]]:
    """The focused widget's help under the options: 24 px in lines 32 px apart, larger on a small
    window (12 px high on a 1024x768 screen), as large as `height` holds down to the menus' least."""
    from game.ui.widgets import min_px

    px = legible_px(24)
    while True:
        step = round(px * 32 / 24)
        lines = wrap(text, "ui", px, RIGHT_W)
        if len(lines) * step <= height or px <= min(24, min_px()):
            return px, step, lines
        px -= 1


def pad_confirm() -> str:
    """What a pad's confirm button is called now ("A" unless the player rebound it)."""
    return hint_glyphs("gamepad")["confirm"]


NAME_BOX_LEFT = 140  # "Seat 5" ends before this; the name box takes the rest of its narrow row


class SeatNameEntry(TextEntry):
    """A seat's name field in a row that shares its width with a pad badge: the box takes all the
    room the short "Seat N" label leaves (TextEntry's half-row box would cut a 16-letter name). An
    edit starts with the name selected: "Player 2" or a bot's name is replaced by the first letter."""

    select_on_edit = True

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        self._row(surface, focused)
        box = pygame.Rect(self.rect.x + NAME_BOX_LEFT, self.rect.y + 8, self.rect.width - NAME_BOX_LEFT - 10,
                          self.rect.height - 16)
        border = P.BRASS_LIGHT if self.editing else (90, 88, 96)
        surface.blit(panel_surface(box.size, 10, (14, 14, 20, 240), border, 2), box.topleft)
        shown = self.text if self.text else " "
        px = VALUE_PX if self.editing else fit_px(shown, "ui", VALUE_PX, box.width - 32)
        rect = draw_entry_text(surface, self.text, px, box, self.editing, self.selected)
        if focused and not self.editing and rect.right < box.right - 80:
            blit_text(surface, "Edit", "ui", legible_px(22), P.IVORY_DIM, "midright", (box.right - 14, box.centery))


class SeatPadButton(Button):
    """The pad badge of a person's seat: "Any pad" until a gamepad takes the seat with A, then
    "Pad 2" in brass. A gamepad's A on it is handled by the scene (it needs to know which pad)."""

    def __init__(self, rect: tuple[int, int, int, int], seat: int, pad_label: str,
                 on_press: Callable[[], Any]) -> None:
        bound = bool(pad_label)
        super().__init__(rect, pad_label or "Any pad", on_press,
                         sub="Press to free" if bound else f"Press {pad_confirm()} to take", px=30)
        self.help_text = PAD_HELP.replace("{A}", pad_confirm())
        self.seat = seat
        self.bound = bound

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        if not self.bound:
            super().draw(surface, focused)
            return
        if focused:
            draw_focus(surface, self.rect)
        fill = (58, 50, 34, 240) if focused else (44, 38, 28, 235)
        surface.blit(panel_surface(self.rect.size, 16, fill, P.BRASS_LIGHT, 3), self.rect.topleft)
        px = fit_px(self.label, "ui-bold", self.px, self.rect.width - 40)
        sub_px, lift, drop = self.sub_layout()
        blit_text(surface, self.label, "ui-bold", px, P.BRASS_LIGHT, "center",
                  (self.rect.centerx, self.rect.centery - lift))
        blit_text(surface, self.sub, "ui", sub_px, P.IVORY_DIM, "center", (self.rect.centerx, self.rect.centery + drop))


class SeatSideButton(Button):
    """Where a person sits at a touch table lying flat: "Near" (the screen's bottom edge, the
    default) or "Far" (across the table), with a small table whose seat dot sits on that edge.
    Enter, a click, a tap or A turns it over."""

    def __init__(self, rect: tuple[int, int, int, int], seat: int, far: bool, on_press: Callable[[], Any]) -> None:
        super().__init__(rect, "Far" if far else "Near", on_press, sub="side", px=30)
        self.help_text = SIDE_HELP
        self.seat = seat
        self.far = far

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        if focused:
            draw_focus(surface, self.rect)
        fill = (44, 42, 50, 235) if focused else P.INK_ALPHA  # (no brass rim: brass outlines the focus)
        surface.blit(panel_surface(self.rect.size, 16, fill), self.rect.topleft)
        # the table seen from above: the display's bottom edge is the near side
        table = pygame.Rect(0, 0, 30, 40)
        table.midleft = (self.rect.x + 14, self.rect.centery)
        pygame.draw.rect(surface, (58, 96, 78), table, border_radius=5)
        pygame.draw.rect(surface, P.IVORY_DIM, table, 2, border_radius=5)
        seat_y = table.top - 1 if self.far else table.bottom
        pygame.draw.circle(surface, P.BRASS_LIGHT, (table.centerx, seat_y), 8)
        left = table.right + 8
        width = self.rect.right - 10 - left
        px = fit_px(self.label, "ui-bold", self.px, width)
        sub_px = fit_px(self.sub, "ui", legible_px(22), width)
        centre = (left + self.rect.right - 10) // 2
        blit_text(surface, self.label, "ui-bold", px, P.BRASS_LIGHT if self.far else P.IVORY, "center",
                  (centre, self.rect.centery - 12))
        blit_text(surface, self.sub, "ui", sub_px, P.IVORY_DIM, "center", (centre, self.rect.centery + 18))


class OptionsSetupScene(RisingToasts, MenuScene):
    """What the solo seat setup and the LAN host setup share: the game's options in the right
    column with, below them, the game's tile picture or, in its place, the focused widget's help."""

    game_id: str
    art_bottom = 840  # the tile picture (or the focused widget's help) ends here

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.help_text = ""
        self._help_cache: tuple[str, int, list[pygame.Surface]] = ("", 0, [])  # (text, line step, lines)

    names: list[str]  # each seat's name as the setup shows it (seat 1 is the player's own)

    def bot_name(self, seat: int) -> str:
        """The name a seat has while a bot plays it (seat 1 is the player's own)."""
        return BOT_NAMES[(seat - 1) % len(BOT_NAMES)]

    def rename_seat(self, seat: int, becomes_person: bool, becomes_bot: bool) -> None:
        """A person who sits down where a bot was is not called by the bot's name ("Pass to Ada" for
        Ben); a bot back in a seat nobody named gets its own name again. A name typed stays."""
        if seat > 0 and becomes_person and self.names[seat] == self.bot_name(seat):
            self.names[seat] = f"Player {seat + 1}"
        elif seat > 0 and becomes_bot and self.names[seat] == f"Player {seat + 1}":
            self.names[seat] = self.bot_name(seat)

    def update(self, dt: float) -> None:
        focused = self.group.focused
        self.help_text = getattr(focused, "help_text", "") if focused is not None else ""

    def draw_widgets_and_options(self, surface: pygame.Surface, option_count: int) -> None:
        """The OPTIONS heading (when there are any), the tile picture under the options or the
        focused widget's help there, and the widgets."""
        if option_count:
            head = text_surface("OPTIONS", "display", 40, P.BRASS_LIGHT)
            surface.blit(head, (RIGHT_X, 300 - head.get_height() - 6))
        options_end = 300 + option_count * (option_height() + ROW_GAP)
        art_h = min(312, self.art_bottom - options_end - 16)
        if self.app is not None and art_h >= 150 and not self.help_text:
            art = self.app.assets.image_scaled(f"tiles/{self.game_id}", (round(art_h * 1.6), art_h))
            if art is not None:
                surface.blit(art, art.get_rect(midbottom=(RIGHT_X + RIGHT_W // 2, self.art_bottom)))
        self.group.draw(surface)
        if self.help_text:
            if self._help_cache[0] != self.help_text:
                px, step, lines = help_layout(self.help_text, self.art_bottom - options_end - 8)
                self._help_cache = (self.help_text, step, [text_surface(l, "ui", px, P.IVORY_DIM) for l in lines])
            _, step, images = self._help_cache
            y = options_end + 8
            for image in images:
                surface.blit(image, (RIGHT_X, y))
                y += step


def confirm_word(widget: Widget | None) -> str:
    """What confirm does on the focused widget, for the hint row: a button is pressed ("Select"), a
    name is typed ("Edit"), a choice changes ("Change"); "Change" on Start the game misled."""
    if isinstance(widget, TextEntry):
        return "Done" if widget.editing else "Edit"  # Enter while typing keeps the name
    if isinstance(widget, Button):
        return "Select"
    return "Change"


def back_word(widget: Widget | None, leaving: str) -> str:
    """What back does, for the hint row: "Cancel" while a name is typed (Esc gives the name back, it
    does not leave the screen: the settings said "Save and back" then), else `leaving`."""
    return "Cancel" if isinstance(widget, TextEntry) and widget.editing else leaving


def seat_role(widget: Widget | None) -> tuple[str, int] | None:
    """What a seat row's widget is for, whatever its place: its name, who plays it, its side or
    its pad (None for the widgets that are not a seat's)."""
    if isinstance(widget, SeatSideButton):
        return ("side", widget.seat)
    if isinstance(widget, SeatPadButton):
        return ("pad", widget.seat)
    return getattr(widget, "seat_role", None)


FocusAnchor = tuple[Any, ...] | None


def focus_anchor(focused: Widget | None) -> FocusAnchor:
    """What the focus is on, to find it again once a setup built its widgets anew: a seat's widget
    by its seat and role (a second person here brings side badges, which narrow every row: the
    focus on seat 2's "Plays" fell onto its pad badge), any other by its kind and place (a badge
    coming or going shifts the indices)."""
    if focused is None:
        return None
    return seat_role(focused) or (type(focused), focused.rect.topleft)


def anchored_focus(widgets: list[Widget], anchor: FocusAnchor, keep: int) -> int:
    """The index of the widget `anchor` names among the new `widgets`, else `keep` (within them)."""
    same_place = [i for i, widget in enumerate(widgets)
                  if (seat_role(widget) or (type(widget), widget.rect.topleft)) == anchor]
    return same_place[0] if same_place else min(keep, len(widgets) - 1)


class SeatBadges:
    """The side and pad badges of the seats people at this screen play, shared by the seat setup
    and the LAN host's own setup: when they show, what pressing them does, a gamepad's A taking a
    seat, an unplugged pad freeing it, and which sides and pads the table gets."""

    app: Any
    group: Any  # the scene's FocusGroup
    names: list[str]
    options: dict[str, Any]
    seat_count: int
    build: Callable[[], None]  # the scene's widgets, made again when a badge comes, goes or changes

    def __init__(self, app: Any) -> None:
        super().__init__(app)  # type: ignore[call-arg]
        # seat -> the SDL instance id of the gamepad that plays it (for this game only; the table
        # gets them at start). A seat without one is played by any pad, as is every seat by default.
        self.seat_pads: dict[int, int] = {}
        # the seats whose person sits across a touch table lying flat: their turns show the picture
        # turned to them (the table gets them at start)
        self.far_seats: set[int] = set()

    def person_seats(self) -> list[int]:
        """The seats a person at this screen plays (a bot's or a LAN player's get no badge)."""
        raise NotImplementedError

    def seat_name(self, seat: int) -> str:
        return self.names[seat].strip() or f"Seat {seat + 1}"

    # --- when the badges show --------------------------------------------------------------------
    def sides_matter(self) -> bool:
        """Side badges only where the screen could turn: two or more people take turns here (not a
        Labyrinth played together, where anyone moves and the screen stays near-side)."""
        if self.options.get("mode") == "together":
            return False
        return len(self.person_seats()) >= 2

    def pads_matter(self) -> bool:
        """Pad badges only where a pad could tell two people apart: two or more people here and a
        gamepad plugged in (one person, or no pad, is not asked to "press A")."""
        if self.app is None or not self.app.input.pad_numbers:
            return False
        return len(self.person_seats()) >= 2

    def seat_badges(self, seat: int, y: int, height: int, row: SeatRow, pads: bool, sides: bool) -> list[Widget]:
        """A person's seat row's badges at `y` (its side, then its pad), as `row` places them."""
        if seat not in self.person_seats():
            return []
        badges: list[Widget] = []
        if sides:
            badges.append(SeatSideButton((MARGIN + row.side[0], y, row.side[1], height), seat,
                                         seat in self.far_seats, lambda: self.turn_side(seat)))
        if pads:
            pad = self.seat_pads.get(seat)
            label = self.app.input.pad_label(pad) if self.app is not None and pad is not None else ""
            badges.append(SeatPadButton((MARGIN + row.pad[0], y, row.pad[1], height), seat, label,
                                        lambda: self.pad_button_pressed(seat)))
        return badges

    def forget_badges(self, seat: int) -> None:
        """A seat no person here plays any more: a bot plays no pad, and the screen never turns to it."""
        self.seat_pads.pop(seat, None)
        self.far_seats.discard(seat)

    def keep_badges_below(self, count: int) -> None:
        """The seats beyond `count` went: their pads and sides go with them."""
        self.seat_pads = {seat: pad for seat, pad in self.seat_pads.items() if seat < count}
        self.far_seats = {seat for seat in self.far_seats if seat < count}

    # --- what the table gets ---------------------------------------------------------------------
    def far_seats_for_table(self) -> set[int]:
        """The far-side seats the table gets: people's seats, and only where sides matter."""
        if not self.sides_matter():
            return set()
        return self.far_seats & set(self.person_seats())

    def table_seat_pads(self) -> dict[int, int]:
        """The pads the table gets: people's seats only."""
        people = set(self.person_seats())
        return {seat: pad for seat, pad in self.seat_pads.items() if seat in people}

    # --- gamepads taking seats -------------------------------------------------------------------
    def handle(self, intent: Intent) -> None:
        focused = self.group.focused
        if isinstance(focused, SeatPadButton) and intent.kind == "confirm" and intent.device == "gamepad" \
                and intent.pad is not None:
            self.pad_claims(focused.seat, intent.pad)
            return
        super().handle(intent)  # type: ignore[misc]

    def pad_claims(self, seat: int, pad: int) -> None:
        """A gamepad pressed A on a seat's pad badge: it takes the seat (leaving any other seat it
        held), or lets it go if it already held it. A seat another pad holds stays with that pad."""
        assert self.app is not None
        label = self.app.input.pad_label(pad)
        holder = self.seat_pads.get(seat)
        if holder == pad:
            del self.seat_pads[seat]
            self.app.assets.play("click", 0.7)
            self.app.toast(f"{label} let go of {self.seat_name(seat)}'s seat.", "info")
        elif holder is not None:
            self.app.assets.play("invalid")
            self.app.toast(f"{self.app.input.pad_label(holder)} holds {self.seat_name(seat)}'s seat: "
                           f"press {pad_confirm()} there (or "
                           f"{hint_glyphs('keyboard')['confirm']}) to let it go.", "warning")
            return
        else:
            for other in [s for s, p in self.seat_pads.items() if p == pad]:
                del self.seat_pads[other]
            self.seat_pads[seat] = pad
            self.app.assets.play("chime", 0.6)
            self.app.toast(f"{label} plays {self.seat_name(seat)}'s seat.", "good")
        self.build()

    def pad_button_pressed(self, seat: int) -> None:
        """Enter, a click or a tap on a pad badge: free a held seat; say how to take a free one."""
        if self.app is None:
            return
        if seat in self.seat_pads:
            label = self.app.input.pad_label(self.seat_pads.pop(seat))
            self.app.toast(f"{label} let go of {self.seat_name(seat)}'s seat.", "info")
            self.build()
        else:
            self.app.toast(f"Press {pad_confirm()} on the gamepad that will play this seat.", "info")

    # --- sides of a touch table ------------------------------------------------------------------
    def turn_side(self, seat: int) -> None:
        """The side badge pressed: this person moves to the other side of the table."""
        # (the menu clicks for the press; the badge and its help under the options say what it means)
        if seat in self.far_seats:
            self.far_seats.discard(seat)
        else:
            self.far_seats.add(seat)
        self.build()

    def update(self, dt: float) -> None:
        super().update(dt)  # type: ignore[misc]
        if self.app is None:
            return
        gone = [seat for seat, pad in self.seat_pads.items() if not self.app.input.pad_present(pad)]
        for seat in gone:
            del self.seat_pads[seat]
            self.app.toast(f"{self.seat_name(seat)}'s gamepad was unplugged: any pad can take the seat.", "warning")
        badges = any(isinstance(widget, SeatPadButton) for widget in self.group.widgets)
        sides = any(isinstance(widget, SeatSideButton) for widget in self.group.widgets)
        if gone or badges != self.pads_matter() or sides != self.sides_matter():
            # a pad plugged in or out, a second person came, a Labyrinth set to be played together:
            # the badges follow
            self.build()


class TableMemory:
    """The last table a setup opened, per game, while Tabletime runs (`settings.last_tables`, never
    written to the file): the seat count, who plays each seat, their names, the options and the
    people's sides. The seat setup and the LAN host's setup both keep theirs here, each under its own
    key (`memory_key`). Pads are not kept: a pad may be unplugged by the next game."""

    app: Any
    seat_count: int
    who: list[str]  # who plays each seat, one of `who_choices`' values
    names: list[str]
    options: dict[str, Any]
    far_seats: set[int]
    person_seats: Callable[[], list[int]]  # the seats people at this screen play (they have sides)
    seat_kinds: Callable[[], list[str]]  # each seat as the rules' options see it
    who_choices: tuple[tuple[str, str], ...] = WHO_CHOICES

    def memory_key(self, game_id: str) -> str:
        """Where this setup keeps a game's last table (the seat setup: under the game's id)."""
        return game_id

    def last_table(self, game_id: str) -> dict[str, Any] | None:
        """What this setup remembers of `game_id`'s last table, or None."""
        last = self.app.settings.last_tables.get(self.memory_key(game_id)) if self.app is not None else None
        return last if isinstance(last, dict) else None

    def recall_table(self, engine: Engine, last: dict[str, Any]) -> None:
        """Set the remembered table `last` of `engine`'s game: seat 1 keeps the player's name from
        Settings. What no longer fits keeps the setup's default: a seat count the game has not, a
        seat past the game's last, an option's choice this table cannot play, the side of a seat
        beyond the count or played by no person here."""
        seats = last.get("seats")
        if isinstance(seats, int) and engine.min_seats <= seats <= engine.max_seats:
            self.seat_count = seats
        known = {value for value, _ in self.who_choices}
        for seat, (who, name) in enumerate(zip(last.get("who", ()), last.get("names", ()))):
            if seat < min(engine.max_seats, len(self.who)) and who in known:
                self.who[seat] = who
                if seat > 0 and isinstance(name, str):
                    self.names[seat] = name
        wanted, remembered = dict(self.options), last.get("options", {})
        for option in engine.options:
            if remembered.get(option.name) in [value for value, _ in option.choices_for(self.seat_kinds())]:
                wanted[option.name] = remembered[option.name]
        self.options, _ = fit_options(engine.options, self.seat_kinds(), wanted)
        far, people = last.get("far", ()), set(self.person_seats())
        self.far_seats = {seat for seat in far if seat in people} if isinstance(far, list) else set()

    def table_memory(self) -> dict[str, Any]:
        """The table as this setup has it now, to remember."""
        return {"seats": self.seat_count, "who": list(self.who), "names": list(self.names),
                "options": dict(self.options), "far": sorted(self.far_seats)}

    def remember_table(self, game_id: str) -> None:
        """Keep the table that opened, for the next time this setup opens `game_id`."""
        if self.app is not None:
            self.app.settings.last_tables[self.memory_key(game_id)] = self.table_memory()


class SeatSetupScene(TableMemory, SeatBadges, OptionsSetupScene):
    name = "setup"

    @property
    def hints(self):  # type: ignore[override]
        focused = self.group.focused
        return (("move", "Move"), ("confirm", confirm_word(focused)), ("back", back_word(focused, "Back")))
    # the picture or the focused option's help ends above "Start the game"; "How to play" sits under
    # Back (above Start, it left the help 200 px: a scenario's five lines ran over it on a small window)
    art_bottom = 844
    def __init__(self, app, game_id: str) -> None:
        super().__init__(app)
        self.game_id = game_id
        self.engine: Engine = find_game(game_id)
        cooperative = False
        try:
            info = game_info(game_id)
            self.title, self.pitch, cooperative = info.title, info.pitch, info.cooperative
        except UnknownGame:
            self.title, self.pitch = self.engine.title, ""
        player = app.settings.player_name if app is not None else "Player"
        self.cooperative = cooperative
        # a cooperative game starts as one person's adventure; the others against one bot
        self.seat_count = self.engine.min_seats if cooperative else max(self.engine.min_seats, min(self.engine.max_seats, 2))
        self.who = ["human"] + ["expert"] * (self.engine.max_seats - 1)
        self.names = [player] + [BOT_NAMES[i % len(BOT_NAMES)] for i in range(self.engine.max_seats - 1)]
        self.options, _ = fit_options(self.engine.options, self.seat_kinds(),
                                      {option.name: option.default for option in self.engine.options})
        if not self.recall_last_table() and self.first_game_here():
            self.who = ["human"] + ["easy"] * (self.engine.max_seats - 1)  # a first game, against gentle bots

    # --- the last table, remembered ------------------------------------------------------------
    def first_game_here(self) -> bool:
        """No game of this kind was ever played to its end here (the records hold none): the bots
        start at Easy, so a newcomer's first game teaches rather than crushes."""
        if self.app is None:
            return False
        records = load_records(self.app.warn)
        return self.game_id not in records.games

    def recall_last_table(self) -> bool:
        """The seats, names, options and sides this game last started with (Back to title, then
        Play, lost every name typed): TableMemory. False when there is none."""
        last = self.last_table(self.game_id)
        if last is None:
            return False
        self.recall_table(self.engine, last)
        return True

    # --- widgets ---------------------------------------------------------------------------------
    def build(self) -> None:
        keep, anchor = self.group.focus, focus_anchor(self.group.focused)
        widgets: list[Widget] = []
        top = 300
        counts = [(n, f"{n} seat{'s' if n > 1 else ''}") for n in range(self.engine.min_seats, self.engine.max_seats + 1)]
        name_w, who_x, _, _ = seat_columns()
        pads, sides = self.pads_matter(), self.sides_matter()
        row = seat_row(pads, sides)
        seats = OptionCycler((MARGIN, top, who_x + WHO_W, ROW_H), "Seats at the table", counts,
                             self.seat_count - self.engine.min_seats, self.set_seat_count)
        seats.enabled = len(counts) > 1
        widgets.append(seats)
        for seat in range(self.seat_count):
            y = top + (seat + 1) * (ROW_H + ROW_GAP) + 10
            entry = SeatNameEntry((MARGIN, y, row.name_w, ROW_H), f"Seat {seat + 1}", self.names[seat],
                              lambda text, s=seat: self.set_name(s, text), max_len=16,
                              open_keyboard=self.open_keyboard,
                              start_text=self.app.input.start_text if self.app else None,
                              stop_text=self.app.input.stop_text if self.app else None)
            who_index = [value for value, _ in WHO_CHOICES].index(self.who[seat])
            who = OptionCycler((MARGIN + row.who_x, y, row.who_w, ROW_H), row.who_label, WHO_CHOICES, who_index,
                               lambda value, s=seat: self.set_who(s, value))
            entry.seat_role, who.seat_role = ("name", seat), ("who", seat)  # type: ignore[attr-defined]
            widgets += [entry, who, *self.seat_badges(seat, y, ROW_H, row, pads, sides)]
        y = top
        for option in self.engine.options:
            choices = option.choices_for(self.seat_kinds())
            index = [value for value, _ in choices].index(self.options[option.name])
            cycler = OptionCycler((RIGHT_X, y, RIGHT_W, option_height()), option.label, choices, index,
                                  lambda value, name=option.name: self.set_option(name, value), option.help_for,
                                  stacked=True)
            widgets.append(cycler)
            y += option_height() + ROW_GAP
        back = back_button(self.on_back)
        widgets.append(Button((back.rect.x, back.rect.bottom + 16, back.rect.width, back.rect.height), "How to play",
                              self.how_to_play, px=32))
        widgets.append(Button((RIGHT_X, 860, RIGHT_W, 96), "Start the game", self.start, primary=True, px=40))
        widgets.append(back)
        self.group.widgets = widgets
        self.group.focus = anchored_focus(widgets, anchor, keep)
        if not widgets[self.group.focus].enabled:  # Lost Cities' fixed "2 seats": focus the first name
            self.group.focus = next(i for i, widget in enumerate(widgets) if widget.enabled and widget.focusable)

    def how_to_play(self) -> None:
        """This game's rules, from where people choose to play it."""
        from game.ui.rules import RulesScene

        if self.app is not None:
            self.app.push(RulesScene(self.app, self.game_id))

    def open_keyboard(self, entry: TextEntry) -> None:
        if self.app is not None:
            self.app.push(OnScreenKeyboard(self.app, entry))

    def set_seat_count(self, count: int) -> None:
        self.seat_count = count
        self.keep_badges_below(count)
        self.fit_options()
        self.build()

    def seat_kinds(self) -> list[str]:
        return [self.who[seat] if self.who[seat] in ("human", "bot") else "bot" for seat in range(self.seat_count)]

    def person_seats(self) -> list[int]:
        return [seat for seat in range(self.seat_count) if self.who[seat] == "human"]

    def table_far_seats(self, config: GameConfig) -> set[int]:
        """The far-side seats the table of `config` gets (its people's seats where sides matter)."""
        return {seat for seat in self.far_seats_for_table()
                if seat < len(config.seats) and config.seats[seat].kind == "human"}

    def fit_options(self) -> None:
        """A choice this table of seats cannot play (the Labyrinth together, with a bot and a person)
        gives way to one it can, and the screen says why."""
        self.options, notes = fit_options(self.engine.options, self.seat_kinds(), self.options)
        if notes and self.app is not None:
            self.app.toast(" ".join(notes), "info")

    def set_name(self, seat: int, text: str) -> None:
        self.names[seat] = text

    def set_who(self, seat: int, value: str) -> None:
        was_person = self.who[seat] == "human"
        self.who[seat] = value
        self.rename_seat(seat, becomes_person=value == "human" and not was_person,
                         becomes_bot=value != "human" and was_person)
        if was_person != (value == "human"):
            self.forget_badges(seat)
            self.fit_options()
            self.build()  # the pad badge comes or goes with the person, the options with the bots

    @property
    def subtitle(self) -> str:
        if self.cooperative:
            return "Who is playing? One person or several, side by side; a bot companion takes its turns."
        return "Who is playing? People at this screen take turns; bots play themselves."

    def set_option(self, name: str, value: object) -> None:
        self.options[name] = value

    # --- start -----------------------------------------------------------------------------------
    def seat_names(self) -> list[str]:
        """Each seat's name as the table will call it: two seats both called "Ann" made "Pass to Ann"
        and "Ann wins" mean either of them; the later one plays as "Ann 2" (as at a LAN table)."""
        out: list[str] = []
        for seat in range(self.seat_count):
            out.append(unique_name(self.names[seat].strip() or f"Seat {seat + 1}", out))
        return out

    def config(self) -> GameConfig:
        seats = []
        for seat, name in enumerate(self.seat_names()):
            who = self.who[seat]
            seats.append(SeatConfig("human", name) if who == "human" else SeatConfig("bot", name, who))
        return GameConfig.make(self.game_id, seats, **self.options)

    def start(self) -> None:
        """Start the game, after asking first when it would end a saved game that Continue offers
        (the new game's autosave takes its place at the first move)."""
        from game.ui.confirm import ConfirmOverlay
        from game.ui.title import TitleScene, autosave_path

        assert self.app is not None
        if table_scene_for(self.game_id) is not None and autosave_path().exists():
            note = TitleScene._save_note()
            self.app.push(ConfirmOverlay(
                self.app, "Start a new game?",
                f"Continue holds your saved game: {note}. A new game takes its place, and the saved one "
                f"cannot be continued after that.",
                "Start the new game", self.begin, no_label="Keep it"))
            return
        self.begin()

    def begin(self) -> None:
        from game.session import LocalSession

        assert self.app is not None
        factory = table_scene_for(self.game_id)
        if factory is None:
            self.app.toast(f"{self.title} is coming soon.", "info")
            return
        try:
            config = self.config()
        except (IllegalAction, ValueError) as exc:
            self.app.assets.play("invalid")
            self.app.toast(f"Cannot start: {exc}", "error")
            return
        self.keep_an_unreadable_save(data_dir() / "autosave.tt")
        try:
            seed = time.time_ns() & 0xFFFF_FFFF
            watching = all(seat.kind == "bot" for seat in config.seats)  # bots only: watch as a spectator
            session = LocalSession(config, seed, autosave=data_dir() / "autosave.tt", spectator=watching)
        except (IllegalAction, ValueError) as exc:
            self.app.assets.play("invalid")
            self.app.toast(f"Cannot start: {exc}", "error")
            return
        self.remember_table(self.game_id)
        self.adopt_first_name(config)
        renamed = [(seat, self.names[seat].strip(), seat_config.name) for seat, seat_config in enumerate(config.seats)
                   if self.names[seat].strip() and seat_config.name != self.names[seat].strip()]
        if renamed:
            said = " ".join(f"Seat {seat + 1} plays as {now}: {was} was taken." for seat, was, now in renamed)
            # a warning, so a hot-seat table's curtain (which clears notes that may name cards) keeps it
            self.app.toast(said, "warning")
        self.app.assets.play("shuffle")
        table = factory(self.app, session)
        table.seat_pads = self.table_seat_pads()
        table.far_seats = self.table_far_seats(config)
        self.app.push(table)

    def adopt_first_name(self, config: GameConfig) -> None:
        """A newcomer's name typed into the first seat becomes "Your name" while that is still the
        untouched "Player": it was forgotten at the next start (and LAN play and every other game's
        setup still said "Player"), so the name had to be typed again, by pad a letter at a time."""
        from game.ui.settings import DEFAULT_PLAYER_NAME, NAME_MAX, printable_name

        if self.app is None or self.app.settings.player_name != DEFAULT_PLAYER_NAME or not config.seats:
            return
        typed = printable_name(self.names[0])[:NAME_MAX].strip()
        if config.seats[0].kind == "human" and typed and typed != DEFAULT_PLAYER_NAME:
            self.app.settings.player_name = typed
            self.app.save_settings()

    def keep_an_unreadable_save(self, path: Path) -> None:
        """A saved game this Tabletime cannot continue (damaged, or saved by a newer one) is moved
        aside before the new game's first autosave would overwrite it: nothing saved is ever lost.
        A readable one is replaced, as the question before said."""
        from game.session import SaveError, read_save
        from game.ui.title import set_aside

        if self.app is None or not (path.exists() or path.is_symlink()):
            return
        try:
            read_save(path)
        except SaveError:
            self.app.toast(f"The saved game this Tabletime could not continue is kept. {set_aside(path)}", "warning")

    # --- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        draw_background(surface, P.GAME_TABLE_TONE.get(self.game_id, "green"))
        draw_heading(surface, self.title, self.subtitle)
        head = text_surface("SEATS", "display", 40, P.BRASS_LIGHT)
        surface.blit(head, (MARGIN, 300 - head.get_height() - 6))
        self.draw_widgets_and_options(surface, len(self.engine.options))
        self.draw_hints(surface)
