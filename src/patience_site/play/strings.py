"""The words the browser script shows, translated on the server (gettext) and
handed to the page as JSON, so the script needs no translation machinery."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import pgettext


def ui_strings() -> dict[str, object]:
    return {
        "new_cards": _("New cards"),
        "solvable": _("Solvable"),
        "restart": _("Restart"),
        "undo": _("Undo"),
        "redo": _("Redo"),
        "hint": _("Hint"),
        "settings": _("Settings"),
        "auto_play": _("Auto-play"),
        "auto_complete": _("Auto-complete"),
        "won": _("You won!"),
        "stuck": _("The game is stuck: no move is left."),
        "lost": _("This game can no longer be won."),
        "winnable": _("This game can still be won."),
        "hint_unknown": _("No hint found in time."),
        "stale": _("The game was changed elsewhere; it has been reloaded."),
        "error": _("Something went wrong; please try again."),
        "offline": _("The server cannot be reached."),
        "deal": _("Deal"),
        "moves": _("Moves"),
        "dealing": _("Dealing…"),
        "thinking": _("Thinking…"),
        "stock": _("Stock"),
        "stock_redeal": _("Turn the waste over"),
        "waste": _("Waste"),
        "talon": _("Talon"),
        "foundation": _("Foundation"),
        "column": _("Column"),
        "cell": _("Cell"),
        "empty": _("empty"),
        "face_down": _("face-down card"),
        "card": _("%(rank)s of %(suit)s"),
        "ranks": {
            "A": pgettext("rank", "ace"),
            "2": pgettext("rank", "two"),
            "3": pgettext("rank", "three"),
            "4": pgettext("rank", "four"),
            "5": pgettext("rank", "five"),
            "6": pgettext("rank", "six"),
            "7": pgettext("rank", "seven"),
            "8": pgettext("rank", "eight"),
            "9": pgettext("rank", "nine"),
            "T": pgettext("rank", "ten"),
            "J": pgettext("rank", "jack"),
            "Q": pgettext("rank", "queen"),
            "K": pgettext("rank", "king"),
        },
        "suits": {
            "C": pgettext("suit", "clubs"),
            "D": pgettext("suit", "diamonds"),
            "H": pgettext("suit", "hearts"),
            "S": pgettext("suit", "spades"),
        },
    }
