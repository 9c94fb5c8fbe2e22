"""The settings screen: display, sound, name, motion, and rebinding of keys and gamepad buttons.
Every change applies at once and is saved when the screen closes."""

from __future__ import annotations

import pygame

from game.ui.chrome import CANVAS_W, MARGIN, MenuScene, back_button, draw_background, draw_heading
from game.ui.input import Intent
from game.ui.look import palette as P
from game.ui.look.fonts import text_surface
from game.ui.osk import OnScreenKeyboard
from game.ui.settings import (ANIMATION_SPEEDS, BINDABLE_INTENTS, ESSENTIAL_INTENTS, INTENT_LABELS, PAD_BUTTON_LABELS,
                              WINDOW_SIZES, Settings, key_label, printable_name)
from game.ui.widgets import Button, OptionCycler, Slider, TextEntry, Toggle, Widget, blit_text, fit_px, min_px

ROW_H = 66
GAP = 10  # nine rows on the left fit above the hints
LEFT_W = 800
RIGHT_X = 1000
RIGHT_W = 800
MAX_PER_DEVICE = 3
SUBTITLE = "Changes apply at once and are saved when you leave."
# What each row does, in the subtitle's place while it has the focus: a toggle's name alone did not say
# that tips turned on again come back for everyone, or that the window size waits for a window.
ROW_HELP: dict[str, str] = {
    "Fullscreen": "F11 or Alt+Enter switches it anywhere.",
    "Window size": "The window's size when Tabletime is not fullscreen.",
    "Master volume": "Everything you hear: the effects and the music. M turns all sound off and on.",
    "Effects volume": "Cards, clicks, chimes and fanfares.",
    "Music volume": "The music under the menus and the games; 0 turns it off.",
    "Your name": "Your seat's name at a new table and at a LAN table.",
    "Animation speed": "How fast cards move; bots at this screen wait between moves by it too.",
    "Reduced motion": "Cards and screens appear in place instead of sliding or bobbing.",
    "First-game tips": "Tips at your first turn of each game and the first time something new happens. On again: everyone sees them once more.",
    "Reset controls": "Every key and gamepad button back to how they came.",
}


def window_size_choices(current: tuple[int, int]) -> list[tuple[int, int]]:
    """The window sizes offered, smallest first (1024 × 576 came after 2560 × 1440), with the one in
    use (a window dragged to its own size) in its place among them."""
    return sorted(set(WINDOW_SIZES) | {tuple(current)}, key=lambda size: (size[0] * size[1], size))  # type: ignore[arg-type]


class BindingRow(Widget):
    """One intent with its keys and gamepad buttons; confirm waits for a new key or button."""

    def __init__(self, rect, intent: str, settings: Settings, on_capture) -> None:
        super().__init__(rect, INTENT_LABELS[intent])
        self.intent = intent
        self.settings = settings
        self.on_capture = on_capture
        self.waiting: str | None = None

    def activate(self, device: str = "keyboard") -> None:
        self.on_capture(self, "pad" if device == "gamepad" else "key")

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        self._row(surface, focused)
        if self.waiting:
            if self.waiting == "pad":
                cancels = " / ".join(PAD_BUTTON_LABELS.get(b, b) for b in self.settings.pad_bindings.get("back", []))
                text = f"Press a gamepad button… ({cancels} cancels)" if cancels and self.intent != "back" \
                    else "Press a gamepad button…"
            else:
                text = "Press a key… (Esc cancels)"
            blit_text(surface, text, "ui-bold", 26, P.BRASS_LIGHT, "midright", (self.rect.right - 24, self.rect.centery))
            return
        keys = ", ".join(key_label(k) for k in self.settings.key_bindings.get(self.intent, [])) or "—"
        pads = ", ".join(PAD_BUTTON_LABELS.get(b, b) for b in self.settings.pad_bindings.get(self.intent, [])) or "—"
        text = f"{keys}   |   {pads}"
        room = self.rect.width - 300
        px = fit_px(text, "ui", 26, room)
        if px >= min(26, min_px()):
            blit_text(surface, text, "ui", px, P.IVORY, "midright", (self.rect.right - 24, self.rect.centery))
            return
        # three keys and three buttons shrank to 14 px on the canvas (8 px on a 1024x768 screen): the
        # keys over the buttons, each row as large as it fits, down to the menus' least size
        lift = self.rect.height // 4 - 1
        for row, dy in ((f"{keys}   |", -lift), (pads, lift)):
            row_px = fit_px(row, "ui", min(26, min_px()), room)
            blit_text(surface, row, "ui", row_px, P.IVORY, "midright", (self.rect.right - 24, self.rect.centery + dy))


class SettingsScene(MenuScene):
    name = "settings"

    @property
    def hints(self):  # type: ignore[override]
        """Confirm's word follows the focus: "Select" on a button, "Edit" on the name, "Change" else."""
        from game.ui.setup import back_word, confirm_word

        focused = self.group.focused
        return (("move", "Move"), ("confirm", confirm_word(focused)), ("back", back_word(focused, "Save and back")))

    def __init__(self, app=None) -> None:
        super().__init__(app)
        self.capturing: BindingRow | None = None

    @property
    def settings(self) -> Settings:
        assert self.app is not None
        return self.app.settings

    def toast_area(self) -> pygame.Rect:
        """Toasts hang in the band between the heading and Back: at the top centre they covered the
        heading; both columns of rows reach down to the hints."""
        left = MARGIN + text_surface("Settings", "display", 112, P.IVORY).get_width() + 60
        return pygame.Rect(left, 36, CANVAS_W - MARGIN - 220 - 40 - left, 140)

    def enter(self) -> None:
        super().enter()
        if self.app is not None and self.settings.muted:  # volumes that look up yet nothing is heard
            self.app.toast("All sound is off (M). Moving a volume turns it back on.", "info")

    def build(self) -> None:
        s = self.settings
        y = 280
        step = ROW_H + GAP
        sizes = [(size, f"{size[0]} × {size[1]}") for size in window_size_choices(s.window_size)]
        speeds = list(ANIMATION_SPEEDS)
        speed_index = next((i for i, (v, _) in enumerate(speeds) if abs(v - s.animation_speed) < 1e-6), 0)
        left: list[Widget] = [
            Toggle((MARGIN, y, LEFT_W, ROW_H), "Fullscreen", self.app.fullscreen, self.set_fullscreen),
            OptionCycler((MARGIN, y + step, LEFT_W, ROW_H), "Window size", sizes,
                         [v for v, _ in sizes].index(s.window_size), self.set_window_size),
            Slider((MARGIN, y + 2 * step, LEFT_W, ROW_H), "Master volume", s.master_volume, self.set_master),
            Slider((MARGIN, y + 3 * step, LEFT_W, ROW_H), "Effects volume", s.effects_volume, self.set_effects),
            Slider((MARGIN, y + 4 * step, LEFT_W, ROW_H), "Music volume", s.music_volume, self.set_music),
            TextEntry((MARGIN, y + 5 * step, LEFT_W, ROW_H), "Your name", s.player_name, self.set_name, 20,
                      open_keyboard=self.open_keyboard, start_text=self.app.input.start_text,
                      stop_text=self.app.input.stop_text, select_on_edit=True),
            OptionCycler((MARGIN, y + 6 * step, LEFT_W, ROW_H), "Animation speed", speeds, speed_index, self.set_speed),
            Toggle((MARGIN, y + 7 * step, LEFT_W, ROW_H), "Reduced motion", s.reduced_motion, self.set_reduced),
            # off: no first-game tips; on again: every game's tips once more, for everyone
            Toggle((MARGIN, y + 8 * step, LEFT_W, ROW_H), "First-game tips", s.first_game_tips,
                   self.settings.set_first_game_tips),
        ]
        rows: list[Widget] = []
        row_step = 64 + 6
        for i, intent in enumerate(BINDABLE_INTENTS):
            rows.append(BindingRow((RIGHT_X, y + i * row_step, RIGHT_W, 64), intent, s, self.capture))
        reset = Button((RIGHT_X, y + len(BINDABLE_INTENTS) * row_step + 10, 360, 64),
                       "Reset controls", self.reset_bindings, px=28)
        keep = self.group.focus
        self.group.widgets = left + rows + [reset, back_button(self.on_back)]
        self.group.focus = min(keep, len(self.group.widgets) - 1)

    # --- changes ---------------------------------------------------------------------------------
    def set_fullscreen(self, value: bool) -> None:
        assert self.app is not None
        if value != self.app.fullscreen and not self.app.headless:
            self.app.toggle_fullscreen()
        else:
            self.app.fullscreen = self.settings.fullscreen = value

    def set_window_size(self, size: tuple[int, int]) -> None:
        assert self.app is not None
        self.settings.window_size = size
        if not self.app.fullscreen and not self.app.headless:
            self.app.requested_size = size
            self.app.open_window()

    def set_master(self, value: float) -> None:
        self.settings.master_volume = value
        self.settings.muted = False  # a volume set is meant to be heard (M had muted everything)
        self.app.assets.play("click", 0.8)

    def set_effects(self, value: float) -> None:
        self.settings.effects_volume = value
        self.settings.muted = False
        self.app.assets.play("click", 0.8)

    def set_music(self, value: float) -> None:
        """Heard at once: the music follows the settings every frame (0 starts no more notes)."""
        self.settings.music_volume = value
        self.settings.muted = False

    def set_name(self, text: str) -> None:
        name = printable_name(text)
        if name:
            self.settings.player_name = name

    def set_speed(self, value: float) -> None:
        self.settings.animation_speed = value
        self.app.apply_motion()

    def set_reduced(self, value: bool) -> None:
        self.settings.reduced_motion = value
        self.app.apply_motion()

    def open_keyboard(self, entry: TextEntry) -> None:
        self.app.push(OnScreenKeyboard(self.app, entry))

    def reset_bindings(self) -> None:
        """Asks first, with "Keep mine" focused: one stray press wiped every key and button set."""
        from game.ui.confirm import ConfirmOverlay
        from game.ui.settings import DEFAULT_KEYS, DEFAULT_PAD

        if self.settings.key_bindings == DEFAULT_KEYS and self.settings.pad_bindings == DEFAULT_PAD:
            self.app.toast("The controls are already as they came.", "info")
            return
        self.app.push(ConfirmOverlay(self.app, "Reset controls?",
                                     "Every key and gamepad button goes back to how it came, "
                                     "and the ones you set are gone.", "Reset", self._reset_now,
                                     no_label="Keep mine"))

    def _reset_now(self) -> None:
        self.settings.reset_bindings()
        self.app.input.rebuild_bindings()
        self.app.toast("Controls reset to the defaults.", "good")

    # --- rebinding -------------------------------------------------------------------------------
    def capture(self, row: BindingRow, device: str) -> None:
        self.capturing = row
        row.waiting = device
        self.app.input.capture = device

    def handle(self, intent: Intent) -> None:
        if self.capturing is not None:
            if intent.kind == "captured":
                self._bind(self.capturing, intent)
            elif intent.kind == "point" and not self.capturing.contains(intent.pos or (0, 0)):
                self._stop_capture()
            return
        super().handle(intent)

    def unhandled(self, intent: Intent) -> None:
        if intent.kind == "menu":
            from game.ui.pause import resume_from_menus

            resume_from_menus(self.app)  # saved on the way out (exit)

    def _stop_capture(self) -> None:
        if self.capturing is not None:
            self.capturing.waiting = None
        self.capturing = None
        self.app.input.capture = None

    def _bind(self, row: BindingRow, intent: Intent) -> None:
        name = intent.text
        on_pad = row.waiting == "pad"
        table = self.settings.pad_bindings if on_pad else self.settings.key_bindings
        self._stop_capture()
        if not name:
            return
        if on_pad and row.intent != "back" and name in table.get("back", []):
            return  # a gamepad's Back button cancels, as Esc does for keys
        stranded = [other for other in ESSENTIAL_INTENTS if other != row.intent and table.get(other) == [name]]
        if stranded:  # one key means one thing, but Confirm, Back and the arrows always keep one
            what = INTENT_LABELS[stranded[0]]
            label = PAD_BUTTON_LABELS.get(name, name) if on_pad else key_label(name)
            self.app.assets.play("invalid")
            self.app.toast(f"{label} is the only {'gamepad button' if on_pad else 'key'} for {what}: "
                           f"give {what} another one first.", "warning")
            return
        moved_from = [other for other in BINDABLE_INTENTS if other != row.intent and name in table.get(other, [])]
        for other in moved_from:  # one key means one thing
            table[other] = [n for n in table[other] if n != name]
        before = table.get(row.intent, [])
        table[row.intent] = ([name] + [n for n in before if n != name])[:MAX_PER_DEVICE]
        self.app.input.rebuild_bindings()
        self.app.assets.play("place")
        label = PAD_BUTTON_LABELS.get(name, name) if on_pad else key_label(name)
        notes = [f"{label} now means {INTENT_LABELS[row.intent]}, no longer {INTENT_LABELS[other]}."
                 for other in moved_from]  # the other action lost it: said, not silently
        dropped = [n for n in before if n not in table[row.intent]]
        if dropped:  # a fourth key pushes the oldest out
            gone = ", ".join(PAD_BUTTON_LABELS.get(n, n) if on_pad else key_label(n) for n in dropped)
            notes.append(f"{INTENT_LABELS[row.intent]} keeps {MAX_PER_DEVICE} at most: {gone} no longer does it.")
        if notes:
            self.app.toast(" ".join(notes), "info")

    def exit(self) -> None:
        """Saved however the screen closes: Back, or the window closed while it is open (a volume
        set just before closing the window used to be lost)."""
        self._stop_capture()
        if self.app is not None:
            self.app.save_settings()

    def subtitle(self) -> str:
        """The focused row's help (what it does, how to rebind), else what the screen does."""
        focused = self.group.focused
        if isinstance(focused, BindingRow):
            return self.binding_help(focused)
        label = getattr(focused, "label", "")
        if label == "Window size" and self.app is not None and self.app.fullscreen:
            return "Used when you leave fullscreen (F11 or the Fullscreen switch above)."
        return ROW_HELP.get(label, SUBTITLE)

    def binding_help(self, row: BindingRow) -> str:
        """How this row takes a new key or button, in the words of the device in use."""
        from game.ui.hint_glyphs import hint_glyphs

        if row.waiting == "key" and self.device() == "touch":
            return "Press the key on a keyboard, or tap anywhere else to leave it as it is."
        if row.waiting:
            return "A key or button you give it leaves the action that had it."
        key_cap, pad_cap = hint_glyphs("keyboard")["confirm"], hint_glyphs("gamepad")["confirm"]
        return f"{key_cap} (or a click) then a key adds a key; {pad_cap} on a gamepad then a button adds a button."

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        draw_background(surface)
        draw_heading(surface, "Settings", self.subtitle())
        head = text_surface("DISPLAY, SOUND AND YOU", "display", 40, P.BRASS_LIGHT)
        surface.blit(head, (MARGIN, 280 - head.get_height() - 6))
        head = text_surface("CONTROLS   KEYS  |  GAMEPAD", "display", 40, P.BRASS_LIGHT)
        surface.blit(head, (RIGHT_X, 280 - head.get_height() - 6))
        self.group.draw(surface)
        self.draw_hints(surface)
