"""The vocabularies whose words are looked up by value (``word("type", "ice", lang)``): each value's English
message, marked for extraction; the catalogs translate it."""

from __future__ import annotations


def N_(message: str) -> str:
    """Marks ``message`` for the catalogs; translated where it is used (:func:`toolkit.i18n.word`)."""
    return message


def Nc_(context: str, message: str) -> tuple[str, str]:
    """Marks ``message`` in ``context`` (a word the same in English, different in another language)."""
    return context, message


WORDS: dict[str, dict[str, str | tuple[str, str]]] = {
    # the inline symbols of card text, as screen readers and tooltips name them (toolkit.web.icons)
    "icon": {
        "credit": N_("credit"),
        "recurring-credit": N_("recurring credit"),
        "click": N_("click"),
        "subroutine": N_("subroutine"),
        "trash": N_("trash"),
        "interrupt": N_("interrupt"),
        "mu": N_("memory unit"),
        "link": N_("link"),
        "anarch": N_("Anarch"),
        "criminal": N_("Criminal"),
        "shaper": N_("Shaper"),
        "haas-bioroid": N_("Haas-Bioroid"),
        "jinteki": N_("Jinteki"),
        "nbn": N_("NBN"),
        "weyland-consortium": N_("Weyland Consortium"),
    },
    "band": {
        "front": N_("front"),
        "side": N_("side"),
        "rear": N_("rear"),
    },
    "card": {
        "player": N_("player {seat}"),
        "player_named": N_("player {seat} ({name})"),
        "pass_to": N_("Pass to {player}. Press Enter when only they can see the screen. "),
        "your_role": N_("{player}, your role:"),
        "hide": N_("Press Enter to hide. "),
        "team": N_("Team"),
        "win": N_("You win"),
        "play": N_("How it plays"),
        "seen": N_("Cards you saw in the deal"),
        # each card seen, with where it came from (seed 003 §三: compare with the neighbours on either side what each
        # of you saw): the card dealt to you, which you passed to your left; the one your right neighbour passed you;
        # the one a shuffle of three gave you
        "seen_first": N_("{card} (dealt to you, passed to your left neighbour, seat {seat})"),
        "seen_right": N_("{card} (passed to you by your right neighbour, seat {seat})"),
        "seen_shuffle": N_("{card} (after seat {seat} shuffled)"),
        "seen_own_shuffle": N_("{card} (after your own shuffle)"),
        "seat": N_("Seat {seat}"),
        "blue": N_("blue team: keep the VIP from being hit"),
        "red": N_("red team: get the VIP hit"),
        "none": N_("no team: only your own goal counts"),
        "armed": N_("Armed: when everyone points, your pointing can hit."),
        "unarmed": N_("Unarmed: your pointing hits no one."),
        "sniper_assassin": N_(
            "Armed: if the Sniper's shot cards do not decide the game, you point at a player and fire."
        ),
        "sniper_other": N_("In sniper mode you do not point; only the Assassins fire."),
        "public": N_("Your role is public: play it face up."),
        "fold": N_("Fold the flap up along the dashed line. Open it only where no one else can see."),
        "keep": N_("Keep folded. Open only where no one else can see."),
        "sep": N_("; "),  # between the cards seen (each may say where it came from, with a comma)
        "colon": N_(": "),
    },
    "lang": {
        "zh-Hans": N_("zh-Hans"),
        "en": N_("en"),
    },
    "side": {
        "corp": N_("corp"),
        "runner": N_("runner"),
    },
    # a crossfire role's team as people read it (a table's column, a deck's groups, the winner): "Blue team", not
    # the code; a sentence puts it whole ("{team} wins")
    # a kind of record as a word inside a sentence ("特工战术中没有 ID 为 nope 的卡牌。", an import's warnings, coverage)
    "record": {
        "card": Nc_("record kind", "card"),
        "agent": Nc_("record kind", "agent"),
        "unit": Nc_("record kind", "unit"),
        "ability": Nc_("record kind", "ability"),
        "attack": Nc_("record kind", "attack"),
        "identity": Nc_("record kind", "identity"),
        "faction": Nc_("record kind", "faction"),
        "format": Nc_("record kind", "format"),
        "role": Nc_("record kind", "role"),
        "map": Nc_("record kind", "map"),
        "mode": Nc_("record kind", "mode"),
        "game": Nc_("record kind", "game"),
    },
    "team": {
        "blue": Nc_("team", "Blue team"),
        "red": Nc_("team", "Red team"),
        "none": Nc_("team", "No team"),
    },
    "type": {
        "equipment": N_("Equipment"),
        "skill": N_("Skill"),
        "item": N_("Item"),
        "status": N_("Status"),
        "minion": N_("Minion"),
        "agenda": N_("Agenda"),
        "asset": N_("Asset"),
        "operation": N_("Operation"),
        "ice": N_("Ice"),
        "upgrade": N_("Upgrade"),
        "hardware": N_("Hardware"),
        "resource": N_("Resource"),
        "program": N_("Program"),
        "event": N_("Event"),
        "identity": N_("Identity"),
        "agent": N_("Agents"),
        "role": N_("Roles"),
    },
    "web.card.text": {
        "text": N_("Text"),
        "reverse": N_("Reverse"),
        "win": N_("Win"),
        "draw_phase": N_("Draw phase"),
    },
    "web.ed.field": {
        "name": N_("Name"),
        "zh-Hans": N_("Chinese (zh-Hans)"),
        "en": N_("English (en)"),
        "text": N_("Ability text"),
        "win": N_("Win condition"),
        "flavor": N_("Flavor text"),
        "id": N_("Id"),
        "kind": N_("Kind"),
        "game": N_("Game"),
        "type": N_("Type"),
        "cost": N_("Cost"),
        "category": N_("Category"),
        "back": N_("Card back"),
        "faction": N_("Faction"),
        "side": N_("Side"),
        "subtypes": N_("Subtypes"),
        "influence": N_("Influence"),
        "art": N_("Art"),
        "team": N_("Team"),
        "$schema": N_("JSON Schema ($schema)"),
    },
    "web.ed.js": {
        "record": N_("Record"),
        "add_field": N_("Add {name}"),
        "remove_field": N_("Remove {name}"),
        "add_item": N_("Add to {name}"),
        "add_entry": N_("Add an entry"),
        "remove": N_("Remove"),
        "remove_item": N_("Remove {what}"),
        "up": N_("Move {what} up"),
        "down": N_("Move {what} down"),
        "key": N_("Key"),
        "json_invalid": N_("Not valid JSON yet."),
        "form_unavailable": N_("No form for this record (its game or kind is unknown); edit it as raw JSON."),
        "raw_invalid": N_("The JSON does not parse into a record; fix it before going back to the form."),
        "checking": N_("Checking…"),
        "check_failed": N_("The check failed; is the server running?"),
        "no_findings": N_("No findings"),
        "one_error": N_("1 error"),
        "n_errors": N_("{n} errors"),
        "one_warning": N_("1 warning"),
        "n_warnings": N_("{n} warnings"),
        "sep": Nc_("list", ", "),
        "line_col": N_("line {line}, column {column}"),
        "preview_invalid": N_("The preview appears when the record is valid."),
        "saving": N_("Saving…"),
        "save_failed": N_("Saving failed; is the server running?"),
    },
    "web.game": {
        "any": N_("All games"),
        "tactics": N_("Tactics"),
        "netrunner": N_("Netrunner"),
        "crossfire": N_("Crossfire"),
    },
    "web.pr.backs": {
        "none": N_("No backs"),
        "long-edge": N_("Duplex, long edge"),
        "short-edge": N_("Duplex, short edge"),
    },
    "web.pr.card": {
        "poker": N_("Poker, 63×88 mm"),
        "bridge": N_("Bridge, 57×89 mm"),
        "mini": N_("Mini, 44×67 mm"),
        "tarot": N_("Tarot, 70×120 mm"),
        "custom": N_("Other size…"),
    },
    "web.pr.lang": {
        "zh-Hans": N_("Chinese"),
        "en": N_("English"),
    },
    "web.pr.source": {
        "paste": N_("Paste a deck"),
        "upload": N_("Upload a deck file"),
        "saved": N_("A saved deck"),
        "search": N_("A search"),
    },
    "facing": {
        "n": N_("north"),
        "e": N_("east"),
        "s": N_("south"),
        "w": N_("west"),
    },
    "game": {  # a game by its id, inside a sentence ("no netrunner card is called …")
        "tactics": Nc_("game", "tactics"),
        "netrunner": Nc_("game", "netrunner"),
        "crossfire": Nc_("game", "crossfire"),
    },
    # an imported card's reading verdict (toolkit.models.netrunner.TextReading) and why a paragraph stays unread
    "reading_status": {
        "executable": N_("executable"),
        "partial": N_("partial"),
        "printed_only": N_("printed only"),
    },
    "reading_reason": {
        "no_template": N_("no template"),
        "not_for_this_card": N_("not for this card's type"),
        "not_in_grammar": N_("not in the ability language"),
        "reads_back_differently": N_("reads back differently"),
    },
}
