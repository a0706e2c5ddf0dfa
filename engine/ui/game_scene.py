"""What every game's scene shares: the match, computer seats, pass-and-play, undo/redo, sounds, replay,
and the table's event routing.

A game's scene subclasses `GameScene` and draws `self.visible` (never
`match.state` directly when the game has private information): that is
`rules.view(state, holder)`, the game as the seat holding the screen may see
it. When the next decision belongs to another human seat and the game has
anything private, a curtain ("Hand the screen to Anna") covers the table until
Anna clicks; games with nothing private only show a short "Anna to play" banner.

The table routes every event the same way in every game (`handle`): open
overlays first (Esc or a click closes the score sheet, Esc closes the log, the
wheel scrolls it), then the game's own keys, the table keys (Esc for the menu,
Ctrl+Z/Y), Enter or keypad Enter for the main button, a gesture the game has
under way, the piece in hand (click or drag; the middle button pans meanwhile),
the buttons, the game's idle events, a left press on the table, and the camera.
A game supplies the hooks below the routing; it never rewrites the routing.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

import math
from collections.abc import Callable, Hashable

from engine.core.match import Match
from engine.core.search import game_hooks
from engine.ui import theme
from engine.ui.camera import Camera
from engine.ui.choices import Choice, MainAction, flow, pages
from engine.ui.computer import ComputerDriver
from engine.ui.drag import DragController
from engine.ui.i18n import t, use_game
from engine.ui.logpanel import LogPanel
from engine.ui.scene import Scene
from engine.ui.table_notices import NoticeBoard, draw_toast
from engine.ui.widgets import Button, WidgetGroup, draw_panel, draw_text, draw_tooltip, elide
from engine.core.words import N_

if TYPE_CHECKING:
    from engine.ui.app import App
    from engine.ui.settings import Settings

BANNER_SECONDS = 1.6
COMPUTER_PAUSE = 0.8  # seconds a computer seat's move stays in view before it is played (normal speed)
CLICK_SLOP = 8  # design pixels a press may move and still be a click (a click picks a piece up, the next drops it)
ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
HINT_SECONDS = 8.0  # how long a hint stays on the board (unless a move is played first)
LIFT_GUARD = 0.5  # seconds after the curtain lifts in which a press where its button was is the rest of a double click


class GameScene(Scene):
    """Base of every game's scene. Subclasses call super().update/handle_table_keys and draw self.visible."""

    toast_seconds = 4.5  # how long a refusal's reason stays on screen

    def __init__(self, app: "App", match: Match) -> None:
        super().__init__(app)
        use_game(match.game_id)  # where games share an English text, this game's translation is said
        self.match = match
        self.rules = match.rules
        self.read_only: bool = bool(getattr(match, "read_only", False))
        self.private: bool = bool(self.rules.has_private_information())
        self.computer = ComputerDriver(match, delay=self._computer_pause(app.settings))
        self.computer.hard_seconds = app.settings.hard_seconds
        self.humans: list[int] = [s.index for s in match.seats if not s.is_computer]
        # The human seat that holds the screen: what is drawn is that seat's view of the game.
        self.holder: int | None = self._first_holder()
        self.banner: tuple[str, float] | None = None  # "Bob to play" when the screen passes to another human
        self._last_seat = match.to_move()
        self._view_for: tuple[int, int | None] | None = None
        self._view: Any = None
        self._totals: tuple[int | None, list[int] | None] | None = None  # (holder, score totals it saw)
        self.final_pushed = False
        self.toast: tuple[str, float] | None = None  # why the last gesture was refused, and seconds left
        self.show_sheet = False  # the projected score sheet over the board
        self.show_log = False  # the game log over the board
        self.reveal_all = False  # a replay of a finished game shows everything
        self.replay_seat: int | None = None  # in a replay of a game in progress: whose view is shown
        # What every table has; the game lays them out and adds its own buttons to `widgets`.
        self.camera = Camera()
        self.drag = DragController(match, self.target_at, self._played, self._refused, sound=app.sound.play)
        self.widgets = WidgetGroup()
        self.log_panel = LogPanel(app, match, self._caused_by, self._log_viewer)
        # "Since your last turn": what the others did and what followed, shown when the screen changes hands.
        self.since: LogPanel | None = None
        self.notices = NoticeBoard(app)  # what the last actions caused, over the top of the board
        self.board_view = pygame.Rect(0, 0, 0, 0)  # where the game draws its board (its layout sets it)
        self.reserved_bottom = 0  # pixels at the window's foot the table leaves to a scene above it (the replay bar)
        self.mouse: tuple[int, int] = (0, 0)  # the pointer, from the last event that had a position
        self._since_lift = LIFT_GUARD  # seconds since a seat took the screen (the curtain lifted)
        self._lift_at: tuple[int, int] | None = None  # where the pointer was then
        self.press: tuple[int, int] | None = None  # where the left button went down on the table
        self.sticky = False  # a click (not a drag) picked the piece up: the next click drops it
        self.choice_buttons: list[Button] = []  # the choice bar's buttons now (lay_choices makes them)
        self.choice_actions: list[Any] = []  # what each of them does, in the same order (an Action, or a function)
        self.choice_page = 0  # when the choices need more room than the rows have: the page shown
        self._seen_states = len(match.states) - 1  # what the last action caused shows when the game opens
        self.hint: tuple[Any, float] | None = None  # the action Hard suggested, and seconds it stays shown
        # The frame's still part (board, panels): drawn again only when what it shows changes (blit_static).
        self._static: pygame.Surface | None = None
        self._static_for: Hashable = None  # the key it was drawn for; None: draw it again
        match.listeners.append(self._table_changed)

    # ------------------------------------------------------------ who sees what
    def _first_holder(self) -> int | None:
        if not self.humans:
            return None  # only computer seats: a spectator sees the whole table
        seat = self.match.to_move()
        if len(self.humans) == 1:
            return self.humans[0]
        if self.private:
            return None  # nobody holds the screen until the curtain is lifted
        return seat if seat in self.humans else self.humans[0]

    @property
    def visible(self) -> Any:
        """The state this screen may show: the holder's view when the game hides anything."""
        state = self.match.state
        if not self.private or self.reveal_all or not self.humans:
            return state
        if self.holder is None:
            raise RuntimeError("nothing private may be drawn before a seat has taken the screen")
        key = (self.match.version, self.holder)
        if self._view_for != key:
            self._view = self.rules.view(state, self.holder)
            self._view_for = key
        return self._view

    def curtain_for(self) -> int | None:
        """The human seat the screen must be handed to before anything private is drawn, or None."""
        if not self.private or self.reveal_all or not self.humans:
            return None
        if self.read_only:  # a replay shows the seat its watcher chose, whoever is to move
            target = self.replay_seat if self.replay_seat is not None else self.humans[0]
        elif len(self.humans) == 1:
            target = self.humans[0]
            if self.holder is None:
                self.holder = target  # alone at the screen: nothing to hide from anyone
            return None
        else:
            seat = self.match.to_move()
            if seat is not None and not self.match.seats[seat].is_computer:
                target = seat
            else:  # a computer seat plays or the game is over: the screen stays with its holder
                target = self.holder if self.holder is not None else self.humans[0]
        return None if target == self.holder else target

    def take_screen(self, seat: int) -> None:
        """The curtain was lifted by `seat`: from now on the screen shows that seat's view, and what it missed."""
        self._since_lift, self._lift_at = 0.0, self.app.mouse or self.mouse
        self.holder = seat
        self._view_for = None
        start = None if self.read_only else self._since_last_turn(seat)
        self.since = LogPanel(self.app, self.match, self._caused_by, self._log_viewer, start) if start is not None else None

    def _since_last_turn(self, seat: int) -> int | None:
        """The first log entry after `seat`'s last own action, if other seats have acted since (else None)."""
        log = self.match.log
        last = next((i for i in range(len(log) - 1, -1, -1) if log[i].seat == seat), None)
        start = 0 if last is None else last + 1
        if last is None or not any(e.seat != seat for e in log[start:]):
            return None  # the seat's first turn (it saw everything so far), or nothing happened since
        return start

    def caused(self, state: Any, action: Any = None) -> list[str]:
        """What the action that made `state` caused, in words the screen's holder may read, already in the table's
        language (the game's hook says it through t()); given the action (the log does), without the notes that only
        say again what its own line says (`echoes`)."""
        return []

    # A note of the rules that only says again what the action that made it says (Five Tribes' "Cy sells 1 goods for 1
    # gold." after "Cy sells Spice for 1 gold.") is news on the table, where the action's own line is not shown, but
    # not under that line in the log: ECHOES = {note type: the kinds of action whose line says it}.
    # None: every action that makes that note says it.
    ECHOES: dict[str, tuple[str, ...] | None] = {}

    def echoes(self, action: Any, note: dict) -> bool:
        """Whether `note` only says what `action`'s own log line says: a note ECHOES lists as said by whichever action
        made it, or an action of a kind it lists, on the same tile, Djinn or good when both name one (a palm tree a
        Djinn plants elsewhere is news)."""
        kind = note.get("type", "")
        if kind not in self.ECHOES:
            return False
        kinds = self.ECHOES[kind]
        if kinds is None:
            return True
        if action is None or getattr(action, "kind", None) not in kinds:
            return False
        return all(getattr(action, key, value) == value for key, value in note.items() if key in ("tile", "djinn", "good"))

    # The kinds of note told over the board when an action makes them (an echo of the action only when told(), below);
    # a game lists its own, or says more in notice_kind_shown.
    NOTICE_KINDS: frozenset[str] = frozenset()

    def notice_kind_shown(self, note: dict) -> bool:
        """Whether a note of this kind is news for the table (told over the board, and in the log unless it echoes)."""
        return note.get("type") in self.NOTICE_KINDS

    def notice_shown(self, note: dict) -> bool:
        """Whether a note of the newest action is told over the board: a kind the game shows, and an echo of the
        action only when another seat or a computer made it."""
        return self.notice_kind_shown(note) and self.told(note)

    def told(self, note: dict) -> bool:
        """Whether a note of the newest action is told over the board: an echo of it (ECHOES) only when another seat
        or a computer made it, not to the human holding the screen, who has just done it."""
        action = self.match.log[-1].action if self.match.log else None
        if not self.echoes(action, note):
            return True
        seat = note.get("seat")
        return isinstance(seat, int) and (seat != self.holder or self.match.seats[seat].is_computer)

    def _caused_by(self, index: int) -> list[str]:
        states = self.match.states
        if index + 1 >= len(states):
            return []
        entry = self.match.log[index]
        said = t(entry.text)  # a line word for word the action's own (Somerset's "Bob kept a card.") is not repeated
        return [line for line in self.caused(states[index + 1], entry.action) if line != said]

    def _log_viewer(self) -> Any:
        return (self.holder, self.reveal_all)

    def _check_curtain(self) -> bool:
        seat = self.curtain_for()
        if seat is None:
            return False
        from engine.ui.scenes.curtain import CurtainScene

        if not isinstance(self.app.top, CurtainScene):
            if hasattr(self, "drag") and getattr(self.drag, "holding", False):
                self.drag.cancel()
            self.app.push(CurtainScene(self.app, self, seat))
        return True

    def on_enter(self) -> None:
        self._check_curtain()

    # ------------------------------------------------------------ seats
    def seat_name(self, seat: int) -> str:
        return self.match.seats[seat].name

    def human_turn(self) -> bool:
        """True when a human seat decides now (and this is not a replay)."""
        if self.read_only:
            return False
        seat = self.match.to_move()
        return seat is not None and not self.match.seats[seat].is_computer

    # ------------------------------------------------------------ settings
    @staticmethod
    def _computer_pause(settings: "Settings") -> float:
        return max(0.05, settings.seconds(COMPUTER_PAUSE))

    def on_settings(self, settings: "Settings") -> None:
        """The settings changed (speed, purist mode, language): the computer's pace, the widgets and the picture."""
        self.computer.delay = self._computer_pause(settings)
        self.computer.hard_seconds = settings.hard_seconds
        self._sync_widgets()
        self._static_for = None

    @property
    def show_highlights(self) -> bool:
        """Legal-target highlights, unless the player chose purist mode."""
        return self.app.settings.show_highlights

    @property
    def show_projected_scores(self) -> bool:
        return self.app.settings.show_projected_scores

    def anim(self, seconds: float) -> float:
        return self.app.settings.seconds(seconds)

    # ------------------------------------------------------------ changes
    def _table_changed(self, match: Match) -> None:
        self.hint = None  # a hint is for the position it was asked in
        seat = match.to_move()
        if (not self.private and seat is not None and seat != self._last_seat and len(self.humans) > 1
                and not match.seats[seat].is_computer and not self.read_only):
            self.banner = (t("{who} to play", who=match.seats[seat].name), max(0.6, self.anim(BANNER_SECONDS)))
        if seat is None:
            self.banner = None  # the game is over: nobody is to play (a banner from the last turn's start would stay)
        self._last_seat = seat
        if not self.read_only:
            # The chime says "someone scored" as the holder can know it: from the holder's view,
            # compared with what the same holder saw before (a face-down +2 must not ring, nor a -2 stay silent).
            totals = (self.holder, self._score_totals())
            before = self._totals
            if before is not None and before[0] == totals[0] and before[1] is not None and totals[1] is not None \
                    and any(a > b for a, b in zip(totals[1], before[1])):
                self.app.sound.play("score")
            self._totals = totals
        self._catch_up_notices()
        self.on_match_change(match)

    def _catch_up_notices(self) -> None:
        """Hand the game each state it has not shown the notices of (never in a replay, where they would pile up)."""
        if len(self.match.states) > self._seen_states and not self.read_only:
            self.take_notices(self.match.state)
        self._seen_states = len(self.match.states)

    def take_notices(self, state: Any) -> None:
        """What the action that made `state` caused, as notices (the game's hook).

        Called once for each new state as it is played or redone, and, when the table opens, for the
        last action played; never in a replay. Notices are worded when drawn, for the seat holding the
        screen then (a private part only for its seat).
        """

    def on_match_change(self, match: Match) -> None:
        """After every play, undo, redo or seek, once the table has taken its notices (the game's hook)."""

    def heard_state(self) -> Any:
        """The state whose figures the screen's holder may see and hear (None while nobody holds the screen)."""
        state = self.match.state
        if not self.private or self.reveal_all or not self.humans:
            return state
        if self.holder is None:
            return None
        return self.rules.view(state, self.holder)

    def _score_totals(self) -> list[int] | None:
        seen = self.heard_state()
        if seen is None:
            return None
        try:
            return list(self.rules.score_sheet(seen).totals)
        except Exception:  # noqa: BLE001 - a score sheet that cannot be made mid-game only silences the chime
            return None

    # ------------------------------------------------------------ undo / redo
    def undo_tip(self) -> str:
        if self.read_only:
            return t("This is a replay.")
        if not self.human_turn():
            return t("Nothing to undo while a computer seat plays.")
        return self.match.why_no_undo() or t("Take back your last action (Ctrl+Z); Ctrl+Y redoes it.")

    def undo(self) -> None:
        reason = self.match.why_no_undo() if self.human_turn() else self.undo_tip()
        if reason is not None:
            self.refused(reason)
        else:
            self.match.undo()

    def redo(self) -> None:
        if not self.human_turn() or not self.match.redo():
            self.refused(t("Nothing to redo."))

    def refused(self, reason: str) -> None:
        """A refused action or gesture: the refusal sound, and the reason as a toast the scene draws."""
        self.app.sound.play("refuse")
        self.toast = (t(reason), self.toast_seconds)

    def _refused(self, reason: str) -> None:  # the DragController's on_refused
        self.refused(reason)

    def _try(self, act) -> bool:
        """Play `act` if the rules allow it (drop sound), else show why; True when it was played."""
        reason = self.match.why_illegal(act)
        if reason is not None:
            self._refused(reason)
            return False
        self.match.play(act)
        self.app.sound.play("drop")
        self._played(act)
        return True

    def _played(self, act) -> None:
        """After one of this screen's actions was played (also the DragController's on_played)."""
        self.toast = None
        self._sync_widgets()

    def _sync_widgets(self) -> None:
        """Bring the scene's buttons up to date with the match; scenes with buttons override it."""

    def header_rects(self, right: int, top: int, height: int, widths: tuple[int, ...]) -> list[pygame.Rect]:
        """Button rects in a row ending at `right`, laid from right to left in the order of `widths`."""
        rects, x = [], right
        for width in widths:
            x -= width
            rects.append(pygame.Rect(x, top, width, height))
            x -= self.app.px(6)
        return rects

    def make_table_buttons(self, log: pygame.Rect, sheet: pygame.Rect, rules: pygame.Rect, undo: pygame.Rect,
                           hint: pygame.Rect, sheet_tip: str = N_("Show or hide the score sheet")) -> None:
        """The buttons every table has, where the scene's layout puts them: btn_log, btn_sheet, btn_rules, btn_undo,
        btn_hint."""
        self.btn_log = Button(log, lambda: t("Log"), self._toggle_log, tooltip=lambda: t("Show or hide the game log"))
        self.btn_sheet = Button(sheet, lambda: t("Scores"), self._toggle_sheet, tooltip=lambda: t(sheet_tip))
        self.btn_rules = Button(rules, "?", lambda: self.app.show_rules(self.match.game_id), tooltip=lambda: t("Rules (F1)"))
        self.btn_undo = Button(undo, lambda: t("Undo"), self.undo, tooltip=self.undo_tip)
        self.btn_hint = Button(hint, "", self.ask_hint, icon=theme.draw_bulb, tooltip=lambda: (
            t("Hard is thinking…") if self.computer.hint_pending
            else t("Hint: what would Hard do? (H) It is shown on the board, never played for you.")))

    def draw_title(self, surface: pygame.Surface, title: str, pos: tuple[int, int], size: int,
                   colour: tuple[int, int, int] = theme.BRASS) -> None:
        """The header's title ("Round 3", "Game over") at `pos` in bold of `size` pixels, kept left of the table's
        buttons: a title too long for that room (a longer language) is set smaller, down to three quarters, and
        only then cut short."""
        buttons = [b.rect.left for b in (getattr(self, n, None) for n in ("btn_hint", "btn_undo", "btn_rules",
                                                                         "btn_sheet", "btn_log"))
                   if b is not None and b.visible and b.rect.top <= pos[1] + size <= b.rect.bottom + size]
        room = (min(buttons) if buttons else surface.get_width()) - self.app.px(8) - pos[0]
        font = self.app.font(size, bold=True)
        for smaller in range(size, max(1, round(size * 0.75)) - 1, -1):
            font = self.app.font(smaller, bold=True)
            if font.size(title)[0] <= room:
                break
        draw_text(surface, elide(title, font, room), (pos[0], pos[1] + (size - font.get_height()) // 2), font, colour)

    def _toggle_sheet(self) -> None:
        self.show_sheet = not self.show_sheet
        self.show_log = False

    def _toggle_log(self) -> None:
        self.show_log = not self.show_log
        self.show_sheet = False

    @property
    def table_size(self) -> tuple[int, int]:
        """The window's size less what a scene above the table keeps for itself: what a game lays out in."""
        w, h = self.app.size
        return (w, max(1, h - self.reserved_bottom))

    # ------------------------------------------------------------ the game's hooks
    def layout(self) -> None:
        """Place the board, panels and buttons in `table_size` (the game's hook; made again on every resize)."""

    def on_resize(self, size: tuple[int, int]) -> None:
        self.layout()

    def pick(self, pos: tuple[int, int]) -> bool:
        """A left press on the table (not on a button): pick a piece up, or click what lies there. True if used."""
        return False

    def target_at(self, piece: Any, pos: tuple[int, int]) -> Hashable | None:
        """The drop target for `piece` under the pointer, or None (the drag controller asks it)."""
        return None

    def explain(self, piece: Any, target: Hashable) -> str | None:
        """Why a drop on `target` that makes no action at all is refused, in the game's words (None: no word)."""
        return None

    def on_release(self, piece: Any, target: Hashable | None) -> bool:
        """A release the game takes over before the drop is played (a choice to make first). True if used."""
        return False

    def game_key(self, event: pygame.event.Event) -> bool:
        """Keys the game answers before the table's own (Esc that cancels a choice under way). True if used."""
        return False

    def game_gesture(self, event: pygame.event.Event) -> bool:
        """Events of a gesture the game has under way that is not a held piece (a walk, a pending press)."""
        return False

    def idle_event(self, event: pygame.event.Event) -> bool:
        """Events on the table while nothing is held and no button took them (the wheel's own use). True if used."""
        return False

    def may_choose(self) -> bool:
        """Whether the choice bar's buttons may be pressed now (a game may ask more than a human's turn)."""
        return self.human_turn()

    def instruction(self) -> str:
        """What the seat to move must do now, in a sentence: the game's words, or who is playing instead."""
        seat = self.match.to_move()
        if seat is None:
            return self.over_words()
        who = self.seat_name(seat)
        if self.read_only:
            return t("Replay: {who} is to play next.", who=who)
        if self.match.seats[seat].is_computer:
            return t("{who} (computer) is thinking...", who=who)
        return self.turn_words(seat, who)

    def over_words(self) -> str:
        """The instruction once the game is over (the game's hook)."""
        return t("The game is over. The score sheet shows how it ended.")

    def turn_words(self, seat: int, who: str) -> str:
        """What the human seat to move must do now, in a sentence (the game's hook)."""
        return ""

    # ------------------------------------------------------------ the main button
    def main_action(self) -> MainAction | None:
        """What the main button does now, or None when it has nothing to do (the game's hook)."""
        return None

    def idle_label(self) -> str:
        """The main button's words while it has nothing to do (it then says what to do instead)."""
        return t("Go on")

    def main_label(self) -> str:
        main = self.main_action()
        return main.label if main is not None else self.idle_label()

    def main_tip(self) -> str:
        """Why the main button cannot be pressed (the rules' reason, translated), or what it does."""
        if not self.may_choose() and not self.match.finished:
            seat = self.match.to_move()
            return t("Wait for {who}.", who=self.seat_name(seat)) if seat is not None else ""
        main = self.main_action()
        if main is None:
            return self.instruction()
        if callable(main.action):
            return main.tip
        reason = self.match.why_illegal(main.action)
        return t(reason) if reason else main.tip

    def main_click(self) -> None:
        """The main button (and Enter): play its action, or run its function."""
        main = self.main_action()
        if main is None:
            return
        if callable(main.action):
            main.action()
        elif self.may_choose() and self._try(main.action):
            self.after_main(main.action)

    def after_main(self, action: Any) -> None:
        """After the main button's action was played (the game's hook: a drawn tile goes into the hand)."""

    def build_table_widgets(self, header: pygame.Rect, button_h: int, widths: tuple[int, int, int, int],
                            main: pygame.Rect, sheet_tip: str = N_("Show or hide the score sheet")) -> None:
        """The header's Log, Scores, ?, Undo and Hint (right to left; Hint, a bulb, as wide as ?) and the main button."""
        log, sheet, rules, undo, hint = self.header_rects(header.right, header.top + self.app.px(6), button_h,
                                                          (*widths, widths[2]))
        self.make_table_buttons(log, sheet, rules, undo, hint, sheet_tip=sheet_tip)
        self.btn_main = Button(main, self.main_label, self.main_click, style="primary", tooltip=self.main_tip)
        self._main_home = main.copy()  # where the main button lies at its own width (widen_main may grow it)
        self.widgets = WidgetGroup([self.btn_main, self.btn_undo, self.btn_hint, self.btn_rules, self.btn_sheet,
                                    self.btn_log])
        self._sync_widgets()

    def sync_table_widgets(self, hide_idle_main: bool = False) -> None:
        """Undo, Scores (purist mode: the final sheet only) and the main button, up to date with the match."""
        mine = self.may_choose()
        self.btn_undo.enabled = mine and self.match.why_no_undo() is None
        # no hint once the game is over: the header's title has the room
        self.btn_hint.visible = (not self.read_only and not self.match.finished
                                 and game_hooks(self.match.game_id) is not None)
        self.btn_hint.enabled = self.human_turn() and not self.computer.hint_pending
        self.btn_sheet.visible = self.show_projected_scores or self.match.finished
        if not self.btn_sheet.visible:
            self.show_sheet = False
        main = self.main_action()
        if hide_idle_main:
            self.btn_main.visible = main is not None
        self.btn_main.enabled = main is not None and (
            callable(main.action) or (mine and self.match.why_illegal(main.action) is None))

    def widen_main(self, font: pygame.font.Font, leftmost: int) -> None:
        """Grow the main button leftwards from its own place, up to `leftmost`, when its label needs the room
        ("Take: +2 stone, +1 crystal, +1 coin"); back to its own width when the label is short again."""
        home = self._main_home
        pad = 2 * max(max(6, home.h // 4), max(2, home.h // 14) * 3) + self.app.px(6)
        need = font.size(self.main_label())[0] + pad
        width = max(home.width, min(need, home.right - leftmost))
        self.btn_main.rect = pygame.Rect(home.right - width, home.top, width, home.height)

    def choices(self) -> list[Choice]:
        """The choice buttons the seat to move has now (the game's hook; none by default)."""
        return []

    def lay_choice_rows(self, area: pygame.Rect, tops: tuple[int, ...], height: int, inset: int, bottom: int,
                        font: pygame.font.Font) -> None:
        """The choice buttons in rows across `area` (one at each of `tops`, design pixels from its top) and a last
        row beside the main button, `bottom` design pixels above the area's foot; none while nobody may see them."""
        px = self.app.px
        left, width = area.left + px(inset), area.width - 2 * px(inset)
        rows = [pygame.Rect(left, area.top + px(top), width, px(height)) for top in tops]
        rows.append(pygame.Rect(left, area.bottom - px(bottom), self.btn_main.rect.left - px(inset) - left, px(height)))
        self.lay_choices(self.choices() if self.holder is not None or not self.private else [], rows, font)

    def drop_words(self, piece: Any, target: Hashable) -> str | None:
        """What dropping the held piece on `target` would do, for its tooltip (None: nothing to add)."""
        return None

    def draw_table_hover(self, surface: pygame.Surface, pos: tuple[int, int], font: pygame.font.Font) -> None:
        """What lies under the pointer, told (a tooltip, a card enlarged) when nothing else is (the game's hook)."""

    def log_rect(self) -> pygame.Rect:
        """Where the game log opens: over the board, at most 620 design pixels wide."""
        px = self.app.px
        rect = self.board_view.inflate(-px(80), -px(80))
        rect.width = min(rect.width, px(620))
        rect.centerx = self.board_view.centerx
        return rect

    # ------------------------------------------------------------ event routing
    @property
    def holding(self) -> bool:
        return self.drag.holding

    def handle(self, event: pygame.event.Event) -> None:
        """Route one event the way every table does (see the module's docstring)."""
        pos = getattr(event, "pos", None)
        if pos is not None:
            self.mouse = (int(pos[0]), int(pos[1]))
        if self._rest_of_a_double_click(event):
            return
        if self.handle_overlays(event) or self.game_key(event):
            return
        if self.handle_table_keys(event, holding=self.holding):
            return
        if event.type == pygame.KEYDOWN and event.key in ENTER_KEYS and not self.holding:
            btn = getattr(self, "btn_main", None)
            if btn is not None and btn.visible and btn.enabled:
                self.main_click()
            return
        if self.game_gesture(event):
            return
        if self.holding:
            self.handle_holding(event)
            return
        if self.widgets.handle(event):
            return
        if self.idle_event(event):
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.press = event.pos
            if self.pick(event.pos):
                return
        self.camera.handle(event)

    def _rest_of_a_double_click(self, event: pygame.event.Event) -> bool:
        """A press just after the curtain lifted, where its button was clicked: the second click of a double
        click on that button. Nothing on the table may take it (it picked up the tile under the button)."""
        return (event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and self._since_lift < LIFT_GUARD
                and self._lift_at is not None and math.dist(event.pos, self._lift_at) < self.app.px(CLICK_SLOP))

    def handle_overlays(self, event: pygame.event.Event) -> bool:
        """The score sheet and the log come first: Esc closes them, a click closes the sheet (and only that)."""
        escape = event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE
        if self.since is not None:
            if event.type == pygame.MOUSEWHEEL:
                self.since.handle(event, self.log_rect())
                return True
            if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1) or (
                    event.type == pygame.KEYDOWN and (escape or event.key in ENTER_KEYS)):
                self.since = None  # read: the table is the player's
                return True
        if self.show_sheet:
            if escape:
                self.show_sheet = False
                return True
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                btn = getattr(self, "btn_sheet", None)
                if btn is None or not btn.rect.collidepoint(event.pos):
                    self.show_sheet = False
                    return True
        if self.show_log:
            if escape:
                self.show_log = False
                return True
            if self.log_panel.handle(event, self.log_rect()):
                return True
        return False

    def handle_holding(self, event: pygame.event.Event) -> None:
        """A piece is in hand: a click picked it up (the next click drops it), or it is being dragged."""
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.sticky:
                self.sticky = False
                if self.press is not None and math.dist(self.press, event.pos) < self.app.px(CLICK_SLOP):
                    return  # a click picked it up: it stays in hand until the next click
            spec = self.drag.spec
            if spec is None:
                return
            piece = spec.piece
            target = self.target_at(piece, event.pos)
            why = self.explain(piece, target) if target is not None else None
            if why:
                self.drag.cancel()
                self._refused(why)
                return
            if self.on_release(piece, target):
                return
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button == 2:
            self.camera.handle(event)  # the middle button pans the board while a piece is in hand
            return
        if event.type == pygame.MOUSEMOTION and self.camera.dragging:
            self.camera.handle(event)  # the board moves under the pointer, and the piece with the pointer
        self.drag.handle(event)

    def hold(self, spec: Any, pos: tuple[int, int]) -> None:
        """Put a piece in hand at `pos` (from `pick`): a click keeps it there, a drag carries it."""
        self.drag.pick(spec, pos)
        self.press = pos
        self.sticky = True

    # ------------------------------------------------------------ the choice bar
    def lay_choices(self, choices: list[Choice], rows: list[pygame.Rect], font: pygame.font.Font,
                    lead: int = 0) -> None:
        """The choices as buttons in `rows`, row after row; a page at a time behind "More (i/n)" when they do not fit."""
        for b in self.choice_buttons:
            if b in self.widgets.widgets:
                self.widgets.remove(b)
        self.choice_buttons, self.choice_actions = [], []
        px = self.app.px
        gap = px(5)
        widths = [self._choice_width(font, c) for c in choices]
        rects = flow(widths, rows, gap, lead)
        if len(rects) < len(choices):
            more_w = self._choice_width(font, Choice(t("More ({page}/{pages})", page=9, pages=9), None, None))
            spans = pages(widths, rows, gap, more_w, lead)
            self.choice_page %= len(spans)
            first, end = spans[self.choice_page]
            label = t("More ({page}/{pages})", page=self.choice_page + 1, pages=len(spans))
            more = Choice(label, None, self._next_choice_page, t("Show the other choices: they have no room together"))
            choices = [*choices[first:end], more]
            rects = flow(widths[first:end] + [self._choice_width(font, more)], rows, gap, lead)
        else:
            self.choice_page = 0
        for choice, rect in zip(choices, rects):
            button = Button(rect, choice.label, self._choice_click(choice.action), tooltip=choice.tip, icon=choice.icon)
            button.font = font
            if choice.chosen:
                button.style = "primary"
            self.choice_buttons.append(button)
            self.choice_actions.append(choice.action)
        self.widgets.add(*self.choice_buttons)

    def hovered_choice(self) -> Any:
        """What the choice button under the pointer does (None when the pointer is on none)."""
        return next((act for b, act in zip(self.choice_buttons, self.choice_actions) if b.hover and b.visible), None)

    def _choice_width(self, font: pygame.font.Font, choice: Choice) -> int:
        px = self.app.px
        if choice.width is not None:
            return px(choice.width)
        icon_w = round(font.get_height() * 1.05) + (px(7) if choice.label else 0)
        return max(px(42), font.size(choice.label)[0] + (icon_w if choice.icon else 0) + px(20))

    def _next_choice_page(self) -> None:
        self.choice_page += 1
        self._sync_widgets()

    def _choice_click(self, action: Any):
        def click() -> None:
            if not self.may_choose():
                return
            if callable(action):
                action()
            else:
                self._try(action)
        return click

    # ------------------------------------------------------------ frame
    def handle_table_keys(self, event: pygame.event.Event, holding: bool = False) -> bool:
        """Esc (menu), Ctrl+Z / Ctrl+Y: True when the key was used."""
        if event.type != pygame.KEYDOWN or holding:
            return False
        if event.key == pygame.K_ESCAPE:
            self.app.to_menu()  # the game is autosaved: the menu offers Continue
            return True
        if event.key == pygame.K_h and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            self.ask_hint()
            return True
        if event.mod & pygame.KMOD_CTRL and event.key in (pygame.K_z, pygame.K_y):
            if self.human_turn():
                self.undo() if event.key == pygame.K_z else self.redo()
            return True
        return False

    # ------------------------------------------------------------ hints
    def ask_hint(self) -> None:
        """H or the Hint button: what Hard would play for the seat to move, worked out from its view."""
        if self.read_only or not self.btn_hint.visible:
            return
        if not self.human_turn():
            self.refused(t("A hint is for your own turn."))
            return
        if self.computer.hint_pending:
            return
        seat = self.match.to_move()
        assert seat is not None
        self.hint = None
        self.computer.ask_hint(seat)
        self._sync_widgets()

    def hint_rects(self, action: Any) -> list[pygame.Rect]:
        """Where on the screen the hinted action is made: the main or choice button that plays it, and (the game's
        hook adds them) the piece to take and the spot to drop it on."""
        rects = [b.rect for b, act in zip(self.choice_buttons, self.choice_actions) if act == action and b.visible]
        main = self.main_action()
        if main is not None and main.action == action:
            rects.append(self.btn_main.rect)
        return rects

    def _take_hint(self) -> None:
        driver = self.computer
        if driver.hint_error is not None:
            self.refused(t("No hint now: {why}", why=driver.hint_error))
            driver.hint_error = None
            self._sync_widgets()
        if driver.hint_answer is None:
            return
        version, action = driver.hint_answer
        driver.hint_answer = None
        if version == self.match.version:
            self.hint = (action, HINT_SECONDS)
            what = t(self.rules.describe(self.visible, action))
            self.notices.add(t("Hard would: {what}", what=what), HINT_SECONDS, "good", note={"type": "hint"})
        self._sync_widgets()

    def blit_static(self, surface: pygame.Surface, key: Hashable, paint: Callable[[pygame.Surface], None]) -> None:
        """Blit the frame's still layer, painted again by `paint` only when `key` (what it shows) or the size changed."""
        if self._static is None or self._static.get_size() != surface.get_size():
            self._static = pygame.Surface(surface.get_size()).convert()
            self._static_for = None
        if self._static_for != key or key is None:
            paint(self._static)
            self._static_for = key
        surface.blit(self._static, (0, 0))

    def draw_seat_frame(self, surface: pygame.Surface, rect: pygame.Rect, active: bool) -> None:
        """A seat's panel: lit and outlined while that seat is to move."""
        draw_panel(surface, rect, fill=theme.PANEL_LIGHT if active else theme.PANEL, radius=self.app.px(8),
                   edge=theme.HIGHLIGHT if active else theme.PANEL_EDGE, width=3 if active else 1, shadow=False)

    def draw_hint(self, surface: pygame.Surface) -> None:
        """A pulsing outline where the hinted action is made (until it is played or its time is up)."""
        if self.hint is None:
            return
        pulse = 0.5 + 0.5 * math.sin(pygame.time.get_ticks() / 160)
        width = max(2, self.app.px(3))
        for rect in self.hint_rects(self.hint[0]):
            grow = round(self.app.px(3) * pulse)
            pygame.draw.rect(surface, theme.HIGHLIGHT, rect.inflate(grow * 2, grow * 2), width,
                             border_radius=self.app.px(6))

    def update(self, dt: float) -> None:
        self._since_lift += dt
        if self.hint is not None:
            action, left = self.hint
            self.hint = (action, left - dt) if left > dt else None
        self._catch_up_notices()  # the table just opened: what the last action caused
        if not self.read_only:
            self.computer.update(dt)
            self._take_hint()
            self._watch_autosave()
        if self.banner is not None:
            text, left = self.banner
            self.banner = (text, left - dt) if left > dt else None
        if self.toast is not None:
            text, left = self.toast
            self.toast = (text, left - dt) if left > dt else None
        self.notices.update(dt)
        self._check_curtain()

    def _watch_autosave(self) -> None:
        """A lasting warning while this game's autosave fails (each action tries again), a notice when it works again."""
        problem = self.match.save_problem
        shown = self.app.notices.lasting("autosave")
        if problem is not None:
            self.app.notices.warn("autosave", t("Autosave failed: {why}. This game is not being saved.", why=t(problem)))
        elif shown is not None:
            self.app.notices.warn("autosave", None)
            self.app.notices.notify(t("Autosave works again: the game is saved."))

    def on_exit(self) -> None:
        self.app.notices.warn("autosave", None)  # the warning belongs to this game
        self.computer.close()  # the computer seats' worker process stops with the game

    def notice_area(self) -> pygame.Rect | None:
        """The board: the turn prompt, the seat panels and the game's own notices stay readable."""
        camera = getattr(self, "camera", None)
        return pygame.Rect(camera.view) if camera is not None and camera.view.w > 0 else None

    def wants_final_sheet(self, busy: bool = False) -> bool:
        """True once, when the game has just ended and the final score sheet should open."""
        if self.read_only or self.final_pushed or busy or not self.match.finished:
            return False
        self.final_pushed = True
        return True

    def push_final_sheet(self) -> None:
        from engine.ui.scenes.scoresheet import ScoreSheetScene

        self.final_pushed = True
        self.app.push(ScoreSheetScene(self.app, self.match, self.rules.score_sheet(self.match.state)))

    def sheet_title(self) -> str:
        """The title of the score sheet shown during play (a game may add what it cannot count yet)."""
        return t("Scores so far")

    def draw_sheet(self, surface: pygame.Surface) -> None:
        """The scores as the screen's holder may know them, over the board (made once per change of game or holder)."""
        from engine.ui.scenes.scoresheet import draw_score_table

        key = (self.match.version, self.holder, self.reveal_all)
        if getattr(self, "_sheet_for", None) != key:
            seen = self.heard_state()
            self._sheet = self.rules.score_sheet(seen) if seen is not None else None
            decide = getattr(self.rules, "winners", None)  # the game's tie-break
            self._sheet_winners = (decide(seen) if decide is not None and self._sheet is not None and self._sheet.final
                                   else None)
            self._sheet_for = key
        if self._sheet is not None:
            rect = self.board_view.inflate(-self.app.px(60), -self.app.px(60))
            draw_score_table(self.app, surface, rect, self._sheet, self.match.seats, self.sheet_title(),
                             winners=self._sheet_winners)

    def draw_overlays(self, surface: pygame.Surface) -> None:
        """After the game's own drawing: the score sheet or the log when open, the handover summary, the banner."""
        if self.show_sheet:
            self.draw_sheet(surface)
        if self.show_log:
            self.log_panel.draw(surface, self.log_rect())
        if self.since is not None:
            self.since.draw(surface, self.log_rect(), t("Since your last turn"), t("Click or press Enter to play"))
        self.draw_banner(surface, self.board_view.center)

    def held_words(self) -> str | None:
        """What the spot under the held piece means: the rules' refusal, the game's own reason, or what a drop does."""
        reason = self.drag.hover_reason
        if reason:
            return t(reason)
        spec, hover = self.drag.spec, self.drag.hover
        if spec is None or hover is None:
            return None
        piece = spec.piece
        return self.explain(piece, hover) or self.drop_words(piece, hover)

    def draw_hover(self, surface: pygame.Surface) -> None:
        """The tooltip of the moment: the held piece's spot, else a button's, else the game's own (never over an overlay)."""
        font = self.app.font(self.app.px(13))
        if self.holding:
            text = self.held_words()
            if text:
                draw_tooltip(surface, text, self.mouse, font, max_width=self.app.px(360))
            return
        if any(w.hover and w.visible for w in self.widgets.widgets):
            self.widgets.draw_tooltips(surface, font)
            return
        if self.show_sheet or self.show_log or self.since is not None:
            return
        self.draw_table_hover(surface, self.mouse, font)

    def notice_band(self) -> pygame.Rect:
        """Where the game's notices may stand (they fit inside it, the newest kept): the board by default."""
        return self.board_view

    def draw_notices(self, surface: pygame.Surface, width: int = 600, toast_avoid: pygame.Rect | None = None) -> None:
        """The notices at the top of the notice band and the refusal toast at the board's foot."""
        self.draw_hint(surface)
        self.notices.draw(surface, self.notice_band(), self.app.mouse, self.holding, width)
        if self.toast is not None:
            draw_toast(self.app, surface, self.board_view, self.toast[0], toast_avoid, width)

    def draw_banner(self, surface: pygame.Surface, center: tuple[int, int]) -> None:
        if self.banner is None:
            return
        text, left = self.banner
        px = self.app.px
        font = self.app.font(px(30), bold=True)
        rect = pygame.Rect(0, 0, font.size(text)[0] + px(80), px(70))
        rect.center = center
        from engine.ui.surface_cache import MB, cache_on  # here: this method is the file's only user

        # A banner is under 1 MB even at 4K: a few sizes of it are plenty.
        cache = cache_on(self, "_banner_cache", 2 * MB)
        panel = cache.get(rect.size)
        if panel is None:
            panel = pygame.Surface(rect.size, pygame.SRCALPHA)
            draw_panel(panel, panel.get_rect(), fill=theme.PANEL, edge=theme.BRASS, radius=px(14), width=2, shadow=False)
            cache[rect.size] = panel
        panel.set_alpha(int(240 * min(1.0, left / 0.4)))
        surface.blit(panel, rect)
        draw_text(surface, text, rect.center, font, theme.PARCHMENT, "center")
