"""The tactics views after a user's test of `dossier play tactics` (session 60): your units first and the log kept at
80x24, the question and the cursor's option kept on a tiny screen, equipment and status cards shown, an equipment's
ability named by its card, the other players' public state, Chinese lines broken where they may be, and the end of
the game said on its last screen. The saved games are the tester's (the set-up and the labels taken so far;
since session 61 each target, choice and unit a status is attached to comes before the response window's decisions,
§11.5, and the attack's new timing points for special abilities are passed: the labels are in that order; since
session 65 an attack's one response window comes after its target is chosen, T21, and a hidden unit in sight at
distance 0-1 is exposed whatever the facing, §8.4: the tester's responses to 袭击 are answered at that window and
白鹭, exposed by 烈风 beside it at deployment, is no longer exposed by choice; since session 68 an agent's own
triggered ability exposes it as it is used, §8.4: 蜂后 in the melee game turns face up with its 登场时 and 山猫 in the
duo game with its 移动后 in round 3, so the voluntary exposures offered for them are no longer asked (their "none"
left out), and the duo game stops in round 4, as 寒鸦 is to use its 指挥终端: past it the answers no longer fit the
game; since session 74 a face-down agent's triggered ability with no target in its distance and sight neither exposes
it nor asks for one, §8.4, §11.6: 山猫's 移动后 in round 3 of the duo game finds no enemy within 0-2, so its target
(白鹭, lost at once before) is no longer asked and 山猫 stays face down; the voluntary exposure then offered for it at
each response window of P2 is asked again, answered "none" as the machine answers it, and the game still stops as
寒鸦 is to use its 指挥终端)."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from rich.console import Console

from tests.test_tactics_decisions import RECORDS, _setup
from tests.test_tactics_screen import _keys
from toolkit.cli._lang import LogNames
from toolkit.engine.keys import Cursor, draw
from toolkit.engine.tactics.screen import play_screen, screen
from toolkit.engine.tactics.session import TacticsSession, TacticsSetup, view
from toolkit.engine.tactics.terminal import hand_line, map_lines, mode_scores, option_words, play_terminal
from toolkit.i18n import t, tn

DUO = (  # the set-up and the labels of the decisions taken so far
    {"mode": "duo",
     "squads": [["jackdaw", "egret"], ["gale", "lynx"]],
     "decks": [["armored_medpack", "emergency_tourniquet", "field_first_aid", "field_suture_kit", "folding_bipod",
                "heightened_alert", "held_breath_focus", "intel_dossier", "laser_designator_mark",
                "longbow_sniper_rifle", "night_vision_goggles", "smoke_grenade", "steady_aim", "supply_crate",
                "suppressive_fire", "vital_sign_monitor"],
               ["adrenaline_shot", "breach_and_clear", "breaching_charge", "ceramic_body_armor", "compact_carbine",
                "corridor_dash", "deployable_cover", "field_first_aid", "flashbang", "frag_grenade",
                "marker_beacon", "multispectral_binoculars", "tempest_carbine", "thunderclap_flashbang",
                "trailblazing"]],
     "players": ["human", "heuristic"],
     "seed": 776606567,
     "board": None,
     "rounds": 200,
     "draft": False},
    "no yes no no no no none~2 cell:0,0 n none cell:1,1 w 1 cell:1,0 n none cell:0,10 n "
    "play:shock_plate_armor#49@jackdaw#1 none none none play:laser_designator_mark#11@jackdaw#1 emergency_tourniquet#4 "
    "hidden#6434 none none play:folding_bipod#7@jackdaw#1 none none ability:jackdaw#1:march:0 none none cell:0,0 w "
    "play:field_suture_kit#6@egret#2 jackdaw#1 none none end play:deployable_cover#27@gale#19 thunderclap_flashbang#34 "
    "none play:thermal_scope#50@gale#19 none ability:lynx#20:resupply:0 none ability:gale#19:strike:0 attack:sidearm "
    "egret#2 none none none none play:precision_demolition#47@gale#19 adrenaline_shot#21 multispectral_binoculars#32 "
    "shock_plate_armor#49 none ability:gale#19:deployable_cover#27:0 none end yes ability:jackdaw#1:strike:0 "
    "attack:sidearm egret#2 none none none none play:optical_camouflage#44@jackdaw#1 none "
    "play:field_first_aid#5@egret#2 jackdaw#1 none end play:kill_order#41@gale#19 egret#2 none "
    "ability:jackdaw#1:optical_camouflage#44:1 ability:gale#19:strike:0 attack:brawl egret#2 none cell:0,1 e none none "
    "none ability:lynx#20:resupply:0 none play:mainframe_intrusion#42@gale#19 trailblazing#35 none suppressive_fire#17 "
    "play:compact_carbine#25@gale#19 corridor_dash#26 none play:ceramic_body_armor#24@lynx#20 thunderclap_flashbang#34 "
    "none ability:gale#19:deployable_cover#27:0 none end yes play:coil_railgun#36@egret#2 heightened_alert#8 "
    "emergency_tourniquet#4 none none ability:jackdaw#1:march:0 none none cell:1,0 e ability:egret#2:march:0 none none "
    "cell:3,0 n end ability:gale#19:strike:0 attack:compact_carbine#25 egret#2 none "
    "ability:jackdaw#1:optical_camouflage#44:1 cell:1,1 w none none none none ability:lynx#20:march:0 none cell:0,7 n "
    "ability:gale#19:deployable_cover#27:0 none end no play:heightened_alert#8@egret#2 egret#2 none none "
    "play:smoke_grenade#14@egret#2 none none play:night_vision_goggles#13@egret#2 none none coil_railgun#36 "
    "ability:jackdaw#1:march:0 none none cell:1,0 n play:armored_medpack#3@egret#2 held_breath_focus#9 none none "
    "ability:egret#2:march:0 none none cell:1,0 s play:supply_crate#16@egret#2 none none "
    "play:command_tablet#37@jackdaw#1 none none",
)
DUEL = (  # the set-up and the labels of the decisions taken so far
    {"mode": "duel",
     "squads": [["mistblade"], ["anvil"]],
     "decks": [["cicada_wing_dagger", "corridor_dash", "dazzled", "med_kit", "neurotoxin_dart", "shadow_shift",
                "silent_takedown", "smoke_grenade", "tactical_roll", "whisper_silenced_pistol"],
               ["breaching_shotgun", "ceramic_body_armor", "frag_grenade", "grit_teeth", "last_stand", "med_kit",
                "shaped_breaching_charge", "steel_knuckles", "steelwall_riot_shield", "whirlwind_lmg"]],
     "players": ["human", "heuristic"],
     "seed": 486965699,
     "board": None,
     "rounds": 200,
     "draft": False},
    "no yes yes no no no none cell:0,0 n 2 cell:8,5 w play:neurotoxin_dart#6@mistblade#1 shadow_shift#7 anvil#12 "
    "none",
)
MELEE = (  # the set-up and the labels of the decisions taken so far
    {"mode": "melee",
     "squads": [["queen_bee", "masque"], ["private", "cipher"]],
     "decks": [["advance_funding", "comms_jammed", "decoy_emitter", "diplomatic_briefcase", "emp_emitter",
                "forged_orders", "hack_cameras", "launch_hummingbird", "mission_briefing", "multirole_drone",
                "pulse_jammer_mine", "signal_tracer_bug", "smooth_talk", "swarm_control_tablet", "system_override",
                "turncoat_offer"],
               ["advance_funding", "anti_materiel_rifle", "backdoor_access", "ballistic_shield", "bleeding",
                "building_lockdown", "darknet_account", "dead_mans_switch", "decoy_emitter", "frag_grenade",
                "hack_cameras", "heightened_alert", "last_stand", "med_kit", "silent_takedown", "suppressed_pistol",
                "throwing_knives"]],
     "players": ["human", "heuristic"],
     "seed": 3,
     "board": None,
     "rounds": 200,
     "draft": False},
    "yes yes yes no no no none cell:0,0 n 3 cell:15,0 w none cell:0,0 n none cell:15,0 w last_stand#33 "
    "play:decoy_emitter#5@queen_bee#1 none cell:0,0",
)


def _session(save: tuple[dict[str, Any], str]) -> TacticsSession:
    setup, labels = save
    session = TacticsSession(RECORDS, TacticsSetup(**setup), labels.split())
    assert session.pending is not None and session.pending.seat == 1
    return session


def _lines(session: TacticsSession, lang: str, width: int, height: int) -> list[str]:
    """Every line of the screen at ``width`` x ``height`` (not cut to the height: the test sees what would be)."""
    console = Console(file=io.StringIO(), width=width, height=height, color_system=None, force_terminal=False)
    pending = session.pending
    cursor = Cursor(len(pending.options) if pending is not None else 0)
    drawn = screen(session, 1, lang, LogNames(RECORDS, lang), cursor, "", height, width, console)
    rendered = console.render_lines(drawn, console.options.update(width=width, height=None), pad=False)
    return ["".join(segment.text for segment in line).rstrip() for line in rendered]


def _name(names: LogNames, thing: dict[str, Any]) -> str:
    return str(names.name(f"{thing['name']}#{thing['label'].split('#')[1]}"))


def _plain(session: TacticsSession, lang: str) -> str:
    """What the plain view writes before its first question (the input ends there)."""
    out: list[str] = []

    def read(prompt: str) -> str:
        raise EOFError

    with pytest.raises(EOFError):
        play_terminal(session, 1, lang, LogNames(RECORDS, lang), read, out.append)
    return "\n".join(out)


# 1: at 80x24 your units come first (then the other players', the neutral ones last) and the log is kept


@pytest.mark.parametrize(("save", "lang", "width", "height"), [(MELEE, "en", 80, 24), (MELEE, "en", 100, 30),
                                                               (DUO, "zh-Hans", 80, 24), (DUO, "en", 100, 30),
                                                               (MELEE, "zh-Hans", 200, 50)])  # fmt: skip
def test_your_units_come_first_and_the_log_is_kept(save: Any, lang: str, width: int, height: int) -> None:
    session = _session(save)
    names = LogNames(RECORDS, lang)
    lines = _lines(session, lang, width, height)
    assert len(lines) <= height, "\n".join(lines)
    shown = "\n".join(lines)
    assert re.search(rf"^╭─ {t(lang, 'Log')} ─", shown, re.M), shown  # the log's latest lines, not dropped whole
    seen = view(session.game, 1, session.pending)
    mine = [_name(names, u) for u in seen["units"] if u["seat"] == 1]
    assert mine and all(name in shown for name in mine), shown
    neutral = t(lang, "{mark}: a hidden neutral unit at {x},{y}", mark="?", x=0, y=0).split("0")[0]
    first_neutral = shown.find(neutral)
    assert first_neutral == -1 or all(shown.index(name) < first_neutral for name in mine)
    # the letters go to your units first, in both views: A is the seat's first unit
    from toolkit.engine.tactics.terminal import unit_order

    first = re.escape(_name(names, unit_order(seen["units"], 1)[0]))
    plain = "\n".join(map_lines(session, seen, lang, names))
    assert re.search(rf"^\s*A[:：] ?{first}", plain, re.M), plain
    assert re.search(rf"(^|\s)A[:：] ?{first}", shown, re.M), shown


# 1: on a tiny screen, the question and the cursor's option are kept (the map gives up its rows first)


@pytest.mark.parametrize(("save", "lang", "width", "height"),
                         [(MELEE, "en", 20, 8), (MELEE, "en", 12, 4), (DUO, "zh-Hans", 20, 8), (DUO, "en", 30, 10)])
def test_a_tiny_screen_keeps_the_question_and_the_cursor_s_option(save: Any, lang: str, width: int,
                                                                  height: int) -> None:  # fmt: skip
    session = _session(save)
    pending = session.pending
    assert pending is not None
    console = Console(file=io.StringIO(), width=width, height=height, color_system=None, force_terminal=False)
    names = LogNames(RECORDS, lang)
    draw(console, screen(session, 1, lang, names, Cursor(len(pending.options)), "", height, width, console))
    shown = console.file.getvalue()  # type: ignore[attr-defined]
    flat = re.sub(r"[\s│╭╮╰╯─]+", "", shown)
    question = t(lang, "decision {number}: {prompt}", number=session.own_number(pending), prompt="")  # the seat's own
    assert re.sub(r"\s+", "", question) in flat, shown
    first = option_words(pending, view(session.game, 1, pending), lang, names)[0]
    assert ">1." + re.sub(r"\s+", "", first)[:4] in flat, shown
    assert len(_lines(session, lang, width, height)) <= height


# 2: the full-screen view shows the units' equipment and status cards (as far as the seat's view shows them)


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_equipment_and_status_cards_are_shown(lang: str) -> None:
    names = LogNames(RECORDS, lang)
    for save in (DUO, DUEL):
        session = _session(save)
        seen = view(session.game, 1, session.pending)
        shown = "\n".join(_lines(session, lang, 300, 60))  # (wide enough for a unit's line to be one line)
        plain = _plain(session, lang)
        worn = [(u, c) for u in seen["units"] if "id" in u for c in u["equipment"] + u["statuses"]]
        assert worn
        for unit, card in worn:
            for said in (shown, plain):
                name = _name(names, unit)
                seat = re.escape(t(lang, "P{seat}", seat=unit["seat"]))
                line = next(line for line in said.splitlines() if re.search(rf"{re.escape(name)} ?[（(]{seat}", line))
                line = re.split(r"\s{2,}", line[line.index(name) :])[0]  # (the unit's column only)
                assert _name(names, card) in line, (line, said)
    duel = _session(DUEL)  # the Neurotoxin Dart on the other player's Anvil
    anvil = next(u for u in view(duel.game, 1, duel.pending)["units"] if u.get("id") == "anvil")
    assert [c["id"] for c in anvil["statuses"]] == ["neurotoxin_dart"]
    assert "Anvil#12 (P2) at 8,5 facing west, HP 14/14 · status Neurotoxin Dart#6" in _plain(duel, "en")


# 3: an ability that comes from an equipment is named with its card, not offered as the unit's own


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_an_equipment_s_ability_names_its_card(lang: str) -> None:
    names = LogNames(RECORDS, lang)
    for save, label, unit, card in ((DUO, "ability:jackdaw#1:command_tablet#37:0", "寒鸦#1", "指挥终端#37"),
                                    (DUEL, "ability:mistblade#1:march:0", "雾刃#1", None),
                                    (DUEL, "ability:mistblade#1:mistblade#1:1", "雾刃#1", None)):  # fmt: skip
        session = _session(save)
        pending = session.pending
        assert pending is not None
        words = option_words(pending, view(session.game, 1, pending), lang, names)
        said = words[[o.label for o in pending.options].index(label)]
        if card is None:  # a built-in ability, or the unit's own: no card named
            assert said.startswith(t(lang, "{unit}: {text}", unit=names.name(unit), text="")), said
        else:
            assert said.startswith(t(lang, "{unit} ({card}): {text}", unit=names.name(unit), card=names.name(card),
                                     text="")), said  # fmt: skip
        if lang == "en" and card is not None:
            assert said == ("Jackdaw#1 (Command Tablet#37): Action — Tap, mortgage 1: Reset 1 friendly agent of "
                            "your choice.")  # fmt: skip


# 4: the other players' score and piles (counts for what is hidden), your mortgaged cards and standby agents


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_the_other_players_and_your_own_piles_are_shown(lang: str) -> None:
    names = LogNames(RECORDS, lang)
    expert = TacticsSession(RECORDS, _setup("expert", ["human", "heuristic"]))
    for session in (_session(DUO), _session(DUEL), expert):
        seen = view(session.game, 1, session.pending)
        me, other = seen["players"]
        shown = "\n".join(_lines(session, lang, 300, 60))
        for card in me["mortgage_cards"] + me["standby_agents"] + other["discard"][-1:]:
            assert _name(names, card) in shown, (card, shown)
        # (a score only in a mode with 先发制人, §15.2 双雄: stop 71)
        counts = [t(lang, "score {n}", n=other["score"])] if mode_scores(session.game) else []
        counts += [t(lang, "hand {n}", n=other["hand"]), t(lang, "deck {n}", n=other["deck"])]
        assert t(lang, "P{seat}: {counts}", seat=2, counts=t(lang, ", ").join(counts)) in shown
        if session is not expert:
            plain = _plain(session, lang)
            assert t(lang, "P{seat}: {counts}", seat=2, counts=t(lang, ", ").join(counts)) in plain
            assert all(_name(names, c) in plain for c in me["mortgage_cards"] + other["discard"][-1:])
        assert "hand_cards" not in other  # (what the view does not give is not shown: only counts)
    if lang == "en":
        duo = "\n".join(_lines(_session(DUO), lang, 300, 60))
        assert "P2: score 0, hand 7, deck 6, discard 1 (Precision Demolition#47 on top)" in duo
        assert "your mortgage zone: Shadow Shift#7" in _plain(_session(DUEL), lang)
        said = "\n".join(_lines(expert, lang, 300, 60))
        assert re.search(r"your standby agents: \w[\w ]*#\d+, ", said) and ", standby agents 2" in said


# 5: Chinese lines are broken where a line may end: a log line's number stays with its text, no name#n is split


def test_chinese_lines_keep_their_number_and_their_names_whole() -> None:
    session = _session(DUO)
    for width, height in ((80, 24), (100, 30), (200, 50)):
        lines = _lines(session, "zh-Hans", width, height)
        for line in lines:
            assert not re.match(r"#\d", line.strip("│ ")), line  # a name's number on a line of its own
            assert not re.fullmatch(r"│\s*\d+\s*│", line.strip()), line  # a log line's number alone
        assert any(line.startswith("╭─ 日志") for line in lines), lines
        log = lines[next(i for i, line in enumerate(lines) if line.startswith("╭─ 日志")) + 1 : -1]
        assert log and all(re.match(r"│ +\d+ \S|│ {5,}\S", line) for line in log), log  # the rest past the number
        seen = view(session.game, 1, session.pending)
        shown = "\n".join(lines)
        hand_names = re.findall(r"[^：、；]+#\d+", hand_line(seen, "zh-Hans", LogNames(RECORDS, "zh-Hans")))
        assert hand_names and all(name in shown for name in hand_names), shown
    from toolkit.engine.tactics.screen import wrap

    line = "  439 玩家1 规则（模式：双雄，抽牌阶段：1，文本：“你购买 1 张牌。”）"
    for width in range(14, 40):
        lines = wrap(line, width).split("\n")
        assert len(lines[0].split()) > 1, lines  # more than the number on its line
        assert all(x.startswith("      ") for x in lines[1:]), lines  # the rest under the text, past the number
        assert not any(x.lstrip().startswith(("，", "）", "。")) for x in lines), lines
    hand = "你的手牌：战地缝合包#6、压制射击#17、紧急撤离#39、紧急止血带#4、情报档案#10、屏息凝神#9"
    for width in range(16, 60):
        wrapped = wrap(hand, width, 2)
        for name in re.findall(r"[^：、]+#\d+", hand):
            assert any(name in x for x in wrapped.split("\n")), (name, wrapped)


# 6: the last screen says how the game ended, and no key it no longer heeds


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_the_last_screen_says_who_won_and_why(lang: str) -> None:
    from toolkit.cli._lang import seat_label
    from toolkit.engine.logwords import word

    session = TacticsSession(RECORDS, _setup("duel", ["heuristic", "brawler"]))
    assert session.pending is None
    result = session.result()
    winners = t(lang, ", ").join(seat_label(w, lang) for w in result["winners"])
    said = tn(lang, "game over after {n} round: {winners} ({reason})",
              "game over after {n} rounds: {winners} ({reason})", result["rounds"], n=result["rounds"],
              winners=winners, reason=word("reason", result["reason"], lang))  # fmt: skip
    assert result["winners"]
    for width, height in ((80, 24), (100, 30), (200, 50), (20, 8)):
        console = Console(file=io.StringIO(), width=width, height=height, color_system=None, force_terminal=False)
        play_screen(session, 1, lang, LogNames(RECORDS, lang), console, _keys([]))
        shown = console.file.getvalue()  # type: ignore[attr-defined]
        assert re.sub(r"\s+", "", said) in re.sub(r"[\s│╭╮╰╯─]+", "", shown), shown
        assert t(lang, "arrows and Enter choose, digits jump, u undoes, q stops") not in shown
        assert t(lang, "the game is over") not in shown
