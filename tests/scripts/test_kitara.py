"""The Kitara cycle's card scripts, each played through a scenario that checks what changes."""

from __future__ import annotations

from functools import partial
from typing import Any

from . import kit
from .kit import bundled, card, events, identity, ids, labels, last_run_successful, one, play, rezzed

ETR = "[subroutine] End the run."
IN_RND = "If the Runner accesses this card while it is in R&D, it is shown to both players."


corp = partial(kit.corp, deck=["neutral_plywood_screen"] * 4)
runner = partial(kit.runner, deck=["spark_of_insight"] * 4)


# ---------------------------------------------------------------- runner fixtures (our own wording)

ACACIA = card(
    "acacia",
    "hardware",
    ["As the Corp purges, you may trash this to take 1[credit] per virus counter the purge removes."],
    cost=1, faction="anarch",
)  # fmt: skip
CYBERDELIA = card(
    "cyberdelia",
    "hardware",
    ["+1[mu]", "Your first complete break of a piece of ice in a turn pays you 1[credit]."],
    subtypes=["chip"], cost=3, faction="shaper",
)  # fmt: skip
FRIDAY_CHIP = card(
    "friday_chip",
    "hardware",
    ["Each time you trash a Corp card, this hardware may gain a virus counter.",
     "At the start of your turn you may shift one of its virus counters onto a virus program."],  # fmt: skip
    subtypes=["chip"], cost=2, faction="anarch",
)  # fmt: skip
GEBRSELASSIE = card(
    "gebrselassie",
    "hardware",
    ["[click]: Move this hardware onto one of your installed non-<strong>AI</strong> icebreakers as its host.",
     "Whatever raises the host icebreaker's strength keeps doing so until the turn ends."],  # fmt: skip
    subtypes=["mod"], cost=1, unique=True, faction="shaper",
)  # fmt: skip
HIPPO = card(
    "hippo",
    "hardware",
    ["Once a turn, breaking every subroutine of the outermost ice of the server you run lets you remove this "
     "hardware from the game to trash that ice."],  # fmt: skip
    cost=2, unique=True, faction="anarch",
)  # fmt: skip
ZER0 = card(
    "zer0",
    "hardware",
    ["Once a turn, pay [click] and take 1 net damage to get 1[credit] and 2 cards."],
    cost=1, unique=True, faction="anarch",
)  # fmt: skip
AMINA = card(
    "amina",
    "program",
    ["Interface → 2[credit]: Break up to 3 <strong>code gate</strong> subroutines.", "2[credit]: +3 strength.",
     "When this program alone breaks all of a piece of ice for the first time in a turn, the Corp loses 1[credit]."],
    subtypes=["icebreaker", "decoder"], cost=7, strength=3, memory_cost=1, faction="criminal",
)  # fmt: skip
ENGOLO = card(
    "engolo",
    "program",
    ["Once a turn, on encountering ice you may pay 2[credit] to make it a <strong>code gate</strong> until that "
     "encounter ends.",
     "Interface → 1[credit]: Break 1 <strong>code gate</strong> subroutine.", "2[credit]: +4 strength."],
    subtypes=["icebreaker", "decoder"], cost=5, strength=2, memory_cost=2, faction="shaper",
)  # fmt: skip
LAAMB = card(
    "laamb",
    "program",
    ["Once a turn, on encountering ice you may pay 2[credit] to make it a <strong>barrier</strong> until that "
     "encounter ends.",
     "Interface → 2[credit]: Break any number of <strong>barrier</strong> subroutines.", "3[credit]: +6 strength."],
    subtypes=["icebreaker", "fracter"], cost=4, strength=2, memory_cost=2, faction="shaper",
)  # fmt: skip
CONSUME = card(
    "consume",
    "program",
    ["Each time you trash a Corp card, this program may gain a virus counter.",
     "[click]: Take 2[credit] for each virus counter here, then clear them all off."],  # fmt: skip
    subtypes=["virus"], cost=2, memory_cost=0, faction="apex",
)  # fmt: skip
EXER = card(
    "exer",
    "program",
    ["Each breach of R&D lets you access one card more.", "A purge of virus counters trashes this program."],
    subtypes=["virus"], cost=2, memory_cost=1, faction="anarch",
)  # fmt: skip
MUSAAZI = card(
    "musaazi",
    "program",
    ["Whenever you make a successful run, you may place 1 virus counter on this program.",
     "Spend a virus counter from any of your cards: break one <strong>sentry</strong> subroutine.",
     "Spend a virus counter from any of your cards: this program is 1 stronger."],  # fmt: skip
    subtypes=["icebreaker", "killer", "virus"], cost=1, strength=1, memory_cost=2, faction="anarch",
)  # fmt: skip
YUSUF = card(
    "yusuf",
    "program",
    ["Whenever you make a successful run, you may place 1 virus counter on this program.",
     "Spend a virus counter from any of your cards: break one <strong>barrier</strong> subroutine.",
     "Spend a virus counter from any of your cards: this program is 1 stronger."],  # fmt: skip
    subtypes=["icebreaker", "fracter", "virus"], cost=1, strength=3, memory_cost=2, faction="anarch",
)  # fmt: skip
NYASHIA = card(
    "nyashia",
    "program",
    ["When you install this program, place 3 power counters on it.",
     "As you breach R&D you may spend one of its power counters to access an extra card."],  # fmt: skip
    cost=2, memory_cost=1, faction="shaper",
)  # fmt: skip
PLAGUE = card(
    "plague",
    "program",
    ["Pick a server as you install this program.",
     "Each successful run on that server may add 2 virus counters to this program."],  # fmt: skip
    subtypes=["virus"], cost=2, memory_cost=1, faction="anarch",
)  # fmt: skip
PUFFER = card(
    "puffer",
    "program",
    ["Every power counter on it makes this program 1 stronger and 1[mu] hungrier.",
     "Interface → 1[credit]: Break 1 <strong>sentry</strong> subroutine.", "2[credit]: +1 strength.",
     "[click]: Add a power counter to this program or take one off."],  # fmt: skip
    subtypes=["icebreaker", "killer"], cost=4, strength=2, memory_cost=1, faction="criminal",
)  # fmt: skip
TAKOBI = card(
    "takobi",
    "program",
    ["Each time you break every subroutine of a piece of ice, you may add a power counter here.",
     "Spend 2 power counters from here: a non-<strong>AI</strong> icebreaker of yours is 3 stronger for the rest of "
     "this encounter."],  # fmt: skip
    cost=2, memory_cost=1, unique=True, faction="shaper",
)  # fmt: skip
TRYPANO = card(
    "trypano",
    "program",
    ["It must be installed hosted on a piece of ice.",
     "When your turn begins, you may place 1 virus counter on this program.",
     "With 5 or more virus counters here, the host ice is trashed."],  # fmt: skip
    subtypes=["virus", "trojan"], cost=2, memory_cost=1, faction="anarch",
)  # fmt: skip
UPYA = card(
    "upya",
    "program",
    ["Whenever you make a successful run on R&D, you may place 1 power counter on this program.",
     "Once a turn, [click] and 3 of its power counters: you get [click][click]."],  # fmt: skip
    cost=0, memory_cost=1, faction="shaper",
)  # fmt: skip
CRYPT = card(
    "crypt",
    "resource",
    ["Whenever you make a successful run on Archives, you may place 1 virus counter on this resource.",
     "[click], [trash], 3 of its virus counters: find a <strong>virus</strong> program in your stack, install it "
     "paying its cost, and shuffle."],  # fmt: skip
    subtypes=["virtual"], cost=0, faction="anarch",
)  # fmt: skip
GBAHALI = card(
    "gbahali",
    "resource",
    ["[trash]: The final subroutine of the ice you are encountering is broken."],
    subtypes=["virtual"], cost=2, faction="shaper",
)  # fmt: skip
KONGAMATO = card(
    "kongamato",
    "resource",
    ["[trash]: The opening subroutine of the ice you are encountering is broken."],
    subtypes=["virtual"], cost=1, faction="shaper",
)  # fmt: skip
JACKPOT = card(
    "jackpot",
    "resource",
    ["When your turn begins, you may place 1[credit] on this resource.",
     "As an agenda enters your score area you may cash out any of its credits; doing so trashes it."],  # fmt: skip
    cost=0,
)  # fmt: skip
KASI_STRING = card(
    "kasi_string",
    "resource",
    ["Once a turn, when a successful remote run ends after a breach in which you stole nothing, you may add a power "
     "counter here.",
     "At 4 power counters this resource moves to your score area, worth 1 agenda point."],  # fmt: skip
    subtypes=["virtual"], cost=1, unique=True,
)  # fmt: skip
NO_ONE_HOME = card(
    "no_one_home",
    "resource",
    ["[interrupt] → Once a turn, as you are about to take tags or net damage for the first time, you may trash this "
     "to make the Corp trace[0]; if it fails, none of those tags or that net damage reach you."],  # fmt: skip
    subtypes=["virtual"], cost=0, faction="criminal",
)  # fmt: skip
LEWI = card(
    "lewi_guilherme",
    "resource",
    ["Each turn of yours starts with a choice: pay out 1[credit] or trash this resource.",
     "The Corp's maximum hand size is reduced by 1."],  # fmt: skip
    subtypes=["connection"], cost=0, unique=True, faction="criminal",
)  # fmt: skip
LOGIC_BOMB = card(
    "logic_bomb",
    "resource",
    ["[trash]: Get past the ice you are encountering without a fight; your remaining [click] are lost."],
    subtypes=["virtual"], cost=0, faction="adam",
)  # fmt: skip
RECLAIM = card(
    "reclaim",
    "resource",
    ["[click], [trash], discard a grip card: from your heap, install a program, hardware or <strong>virtual</strong> "
     "resource, paying for it."],  # fmt: skip
    cost=0, faction="shaper",
)  # fmt: skip
ROGUE_TRADING = card(
    "rogue_trading",
    "resource",
    ["It arrives with 18[credit] from the bank on it and is trashed once they are gone.",
     "[click], [click]: Take 6[credit] from this resource, then take 1 tag."],  # fmt: skip
    subtypes=["job"], cost=0, faction="criminal",
)  # fmt: skip
BECAUSE_I_CAN = card(
    "because_i_can",
    "event",
    ["Run a remote server; on success you may have every card in its root shuffled into R&D rather than breach it."],
    subtypes=["run"], cost=0, faction="shaper",
)  # fmt: skip
BLACK_HAT = card(
    "black_hat",
    "event",
    ["The Corp traces[4]; should it fail, every breach of HQ or R&D you make this turn accesses 2 extra cards."],
    cost=2, faction="sunny_lebeau",
)  # fmt: skip
BY_ANY_MEANS = card(
    "by_any_means",
    "event",
    ["Playable only with the first [click] of your turn.",
     "Until the turn ends, each card you access outside Archives is trashed and deals you 1 meat damage."],
    subtypes=["priority", "sabotage"], cost=2, faction="anarch",
)  # fmt: skip
COMPILE = card(
    "compile",
    "event",
    ["Run any server. At your first encounter with ice in it you may install a program from stack or heap for free; "
     "it goes to the bottom of the stack when the run is over, if still installed."],  # fmt: skip
    subtypes=["run"], cost=2, faction="shaper",
)  # fmt: skip
CONTAMINATE = card(
    "contaminate",
    "event",
    ["Put 3 virus counters on one of your installed cards that carries none."],
    cost=1, faction="anarch",
)  # fmt: skip
CORPORATE_GRANT = card(
    "corporate_grant",
    "event",
    ["It stays in play until another <strong>current</strong> is played or an agenda is scored.",
     "The Corp loses 1[credit] when you install your first card of a turn."],  # fmt: skip
    subtypes=["current"], cost=1, faction="criminal",
)  # fmt: skip
CREDIT_KITING = card(
    "credit_kiting",
    "event",
    ["Playable only after a successful central run this turn.",
     "Install a grip card for 8[credit] less, then take 1 tag."],  # fmt: skip
    cost=0, faction="criminal",
)  # fmt: skip
DIVERSION = card(
    "diversion_of_funds",
    "event",
    ["Playing it takes one more [click].",
     "Run HQ; on success you may skip the breach to drain up to 5[credit] from the Corp into your pool."],
    subtypes=["double", "run", "sabotage"], cost=1, faction="criminal",
)  # fmt: skip
EMBEZZLE = card(
    "embezzle",
    "event",
    ["Run HQ; on success, skip the breach: name asset, ice, operation or upgrade, show 2 random HQ cards, trash those "
     "of that type and take 4[credit] apiece."],  # fmt: skip
    subtypes=["run", "sabotage"], cost=1, faction="criminal",
)  # fmt: skip
EMERGENT = card(
    "emergent_creativity",
    "event",
    ["Playing it takes one more [click].",
     "Discard programs and hardware from your grip at will, then find a program or hardware in your stack and install "
     "it for their total install cost less."],  # fmt: skip
    subtypes=["double"], cost=2, faction="adam",
)  # fmt: skip
FALSIFIED = card(
    "falsified_credentials",
    "event",
    ["Call a card type, then expose a card in a remote server: if it is of that type, take 5[credit]."],
    cost=1, faction="criminal",
)  # fmt: skip
GLUT_CIPHER = card(
    "glut_cipher",
    "event",
    ["Run Archives; on success, no breach: the Corp moves exactly 5 Archives cards into HQ if it can, and then 5 "
     "random HQ cards are trashed."],  # fmt: skip
    subtypes=["run", "sabotage"], cost=2, faction="anarch",
)  # fmt: skip
MARATHON = card(
    "marathon",
    "event",
    ["Run a remote server, which you may not run again this turn; if the run succeeds, gain [click] and take this "
     "event back into your grip."],  # fmt: skip
    subtypes=["run"], cost=1, faction="shaper",
)  # fmt: skip
WHITE_HAT = card(
    "white_hat",
    "event",
    ["Playable only after a successful central run this turn.",
     "The Corp traces[3]; should it fail, HQ is shown and you may shuffle up to 2 of its cards into R&D."],
    cost=0, faction="sunny_lebeau",
)  # fmt: skip

# ---------------------------------------------------------------- corp fixtures (our own wording)

AIMOR = card(
    "aimor",
    "ice",
    ["[subroutine] Mill 3 cards off the top of the stack, then this ice is trashed."],
    subtypes=["trap"], rez_cost=0, strength=1, faction="jinteki",
)  # fmt: skip
ANANSI = card(
    "anansi",
    "ice",
    ["At the end of an encounter with it that was not completely broken, deal 3 net damage.",
     "[subroutine] Reorder the top 5 cards of R&D as you like.",
     "[subroutine] You may draw a card; the Runner may pay 2[credit] to draw a card too.",
     "[subroutine] Do 1 net damage."],  # fmt: skip
    subtypes=["sentry", "ap"], rez_cost=8, strength=5, faction="jinteki",
)  # fmt: skip
EULA_SUB = "[subroutine] The run ends if the Runner does not pay 1[credit]."
ENDLESS_EULA = card(
    "endless_eula", "ice", [EULA_SUB] * 6, subtypes=["barrier"], rez_cost=6, strength=0, faction="nbn"
)  # fmt: skip
KAMALI = card(
    "kamali_1_0",
    "ice",
    ["The Runner may lose [click] to break a subroutine of this ice.",
     "[subroutine] 1 core damage, unless the Runner trashes one of their resources.",
     "[subroutine] 1 core damage, unless the Runner trashes one of their hardware.",
     "[subroutine] 1 core damage, unless the Runner trashes one of their programs."],  # fmt: skip
    subtypes=["sentry", "bioroid", "destroyer", "ap"], rez_cost=6, strength=3, faction="haas_bioroid",
)  # fmt: skip
MASVINGO = card(
    "masvingo",
    "ice",
    ["This ice can be advanced.", "When you rez this ice, place 1 advancement token on it.",
     "It has one end-the-run subroutine per advancement counter on it."],  # fmt: skip
    subtypes=["barrier"], rez_cost=3, strength=3, faction="weyland_consortium",
)  # fmt: skip
MGANGA = card(
    "mganga",
    "ice",
    ["[subroutine] Psi game: 2 net damage on different bids, 1 on equal ones; this ice is then trashed."],
    subtypes=["trap", "psi", "ap"], rez_cost=1, strength=3, faction="jinteki",
)  # fmt: skip
MLINZI = card(
    "mlinzi",
    "ice",
    ["[subroutine] 1 net damage, or the Runner mills the top 2 cards of their stack.",
     "[subroutine] 2 net damage, or the Runner mills the top 3 cards of their stack.",
     "[subroutine] 3 net damage, or the Runner mills the top 4 cards of their stack."],  # fmt: skip
    subtypes=["sentry", "ap"], rez_cost=7, strength=5, faction="jinteki",
)  # fmt: skip
NAJJA = card(
    "najja_1_0",
    "ice",
    ["The Runner may lose [click] to break a subroutine of this ice.", ETR, ETR],
    subtypes=["barrier", "bioroid"], rez_cost=2, strength=2, faction="haas_bioroid",
)  # fmt: skip
NEXT_DIAMOND = card(
    "next_diamond",
    "ice",
    ["Every other rezzed <strong>NEXT</strong> ice makes it 1[credit] cheaper to rez.",
     "[subroutine] Do 1 core damage.", "[subroutine] Do 1 core damage.",
     "[subroutine] One installed Runner card of your choice is trashed."],  # fmt: skip
    subtypes=["sentry", "next", "destroyer", "ap"], rez_cost=10, strength=6, faction="haas_bioroid",
)  # fmt: skip
NEXT_SAPPHIRE = card(
    "next_sapphire",
    "ice",
    ["X counts the rezzed <strong>NEXT</strong> ice.",
     "[subroutine] Draw as many as X cards.",
     "[subroutine] Take as many as X cards from Archives into HQ.",
     "[subroutine] Shuffle as many as X HQ cards into R&D."],  # fmt: skip
    subtypes=["code_gate", "next"], rez_cost=4, strength=2, faction="haas_bioroid",
)  # fmt: skip
NIGHTDANCER_SUB = "[subroutine] The Runner loses [click] if they can; you get one more [click] next turn."
NIGHTDANCER = card(
    "nightdancer", "ice", [NIGHTDANCER_SUB] * 2, subtypes=["code_gate"], rez_cost=6, strength=4,
    faction="haas_bioroid",
)  # fmt: skip
ODUDUWA = card(
    "oduduwa",
    "ice",
    ["On each encounter it gains an advancement counter; you may then put as many counters as it has on another ice.",
     ETR, ETR],  # fmt: skip
    subtypes=["code_gate"], rez_cost=7, strength=5, unique=True, faction="weyland_consortium",
)  # fmt: skip
SADAKA = card(
    "sadaka",
    "ice",
    ["[subroutine] Look at the top 3 cards of R&D; reorder them or shuffle R&D; you may draw a card.",
     "[subroutine] You may trash an HQ card to trash a resource; this ice is trashed either way."],  # fmt: skip
    subtypes=["trap"], rez_cost=2, strength=3, faction="jinteki",
)  # fmt: skip
SANDMAN_SUB = "[subroutine] Return an installed Runner card to the grip."
SANDMAN = card("sandman", "ice", [SANDMAN_SUB] * 2, subtypes=["code_gate"], rez_cost=5, strength=3, faction="nbn")
SURVEYOR = card(
    "surveyor",
    "ice",
    ["X is 2 for each piece of ice protecting this server; its strength is X.",
     "[subroutine] Trace[X]: on success the Runner takes 2 tags.",
     "[subroutine] Trace[X]: on success the run ends."],  # fmt: skip
    subtypes=["sentry", "tracer"], rez_cost=5, strength=None, faction="weyland_consortium",
)  # fmt: skip
AMANI = card(
    "amani_senai",
    "asset",
    ["Each time an agenda is scored or stolen you may trace[X], X being that agenda's advancement requirement: on "
     "success an installed Runner card returns to the grip."],  # fmt: skip
    subtypes=["character"], rez_cost=2, trash_cost=4, unique=True, faction="nbn",
)  # fmt: skip
ECHO_CHAMBER = card(
    "echo_chamber",
    "asset",
    ["[click][click][click]: Move this asset into your score area, worth 1 agenda point."],
    rez_cost=4, trash_cost=1, faction="nbn",
)  # fmt: skip
FALSE_FLAG = card(
    "false_flag",
    "asset",
    ["This asset can be advanced.",
     "Accessed: the Runner takes 1 tag per 2 advancement counters here.",
     "[click], 7 advancement counters here: move it into your score area, worth 3 agenda points."],  # fmt: skip
    subtypes=["ambush"], rez_cost=2, trash_cost=2, faction="weyland_consortium",
)  # fmt: skip
GENE_SPLICER = card(
    "gene_splicer",
    "asset",
    ["This asset can be advanced.",
     "Accessed: 1 net damage per advancement counter here.",
     "[click], 3 advancement counters here: move it into your score area, worth 1 agenda point."],  # fmt: skip
    subtypes=["ambush"], rez_cost=2, trash_cost=1, faction="jinteki",
)  # fmt: skip
KUWINDA = card(
    "kuwinda_k4h1u3",
    "asset",
    ["At the start of your turn you may trace[X], X being its power counters: on success 1 core damage and this asset "
     "is trashed, on failure it gets a power counter."],  # fmt: skip
    subtypes=["bioroid"], rez_cost=3, trash_cost=3, unique=True, faction="haas_bioroid",
)  # fmt: skip
MALIA = card(
    "malia_z0l0k4",
    "asset",
    ["As it is rezzed, pick one installed resource that is not <strong>virtual</strong>.",
     "That resource has no printed abilities."],  # fmt: skip
    subtypes=["bioroid"], rez_cost=1, trash_cost=3, unique=True, faction="haas_bioroid",
)  # fmt: skip
PORTAL = card(
    "personalized_portal",
    "asset",
    ["At the start of your turn the Runner draws a card, and you may take 1[credit] per 2 cards in their grip."],
    rez_cost=3, trash_cost=3, faction="nbn",
)  # fmt: skip
RASHIDA = card(
    "rashida_jaheem",
    "asset",
    ["At the start of your turn you may trash this asset for 3[credit] and 3 cards."],
    subtypes=["character"], rez_cost=0, trash_cost=1, unique=True,
)  # fmt: skip
RECONSTRUCTION = card(
    "reconstruction_contract",
    "asset",
    ["Each time the Runner takes meat damage, you may put an advancement counter on this asset.",
     "[trash]: Shift any number of its advancement counters to a card that can be advanced."],  # fmt: skip
    rez_cost=1, trash_cost=4, faction="weyland_consortium",
)  # fmt: skip
URBAN_RENEWAL = card(
    "urban_renewal",
    "asset",
    ["It arrives with 3 power counters once rezzed; when the last is gone, it is trashed and deals 4 meat damage.",
     "When your turn begins, remove 1 power counter from this asset."],  # fmt: skip
    subtypes=["hostile"], rez_cost=1, trash_cost=3, faction="weyland_consortium",
)  # fmt: skip
WARDEN = card(
    "warden_fatuma",
    "asset",
    ["Rezzed <strong>bioroid</strong> ice begins with an extra subroutine: the Runner loses [click], if able."],
    subtypes=["character"], rez_cost=1, trash_cost=5, unique=True, faction="haas_bioroid",
)  # fmt: skip
BIO_VAULT = card(
    "bio_vault",
    "upgrade",
    ["Only a remote server can hold it.", "This upgrade can be advanced.",
     "[trash], 2 advancement counters here: The run ends. Only while a run is on."],  # fmt: skip
    subtypes=["off_site"], rez_cost=0, trash_cost=2, faction="jinteki",
)  # fmt: skip
CALIBRATION = card(
    "calibration_testing",
    "upgrade",
    ["Only a remote server can hold it.", "[trash]: Another card in this root gets an advancement counter."],
    subtypes=["off_site"], rez_cost=3, trash_cost=2, faction="nbn",
)  # fmt: skip
CODE_REPLICATOR = card(
    "code_replicator",
    "upgrade",
    ["As the Runner passes rezzed ice of this server, you may trash this upgrade to send them back to approach it "
     "again; they may jack out."],  # fmt: skip
    rez_cost=2, trash_cost=2, faction="jinteki",
)  # fmt: skip
FORCED_CONNECTION = card(
    "forced_connection",
    "upgrade",
    [IN_RND, "Accessed anywhere but Archives: Trace[3], and on success the Runner takes 2 tags."],
    subtypes=["ambush"], rez_cost=0, trash_cost=0, faction="weyland_consortium",
)  # fmt: skip
INTAKE = card(
    "intake",
    "upgrade",
    [IN_RND, "Accessed anywhere but Archives: Trace[4], and on success an installed program or "
     "<strong>virtual</strong> resource returns to the grip."],  # fmt: skip
    subtypes=["ambush"], rez_cost=0, trash_cost=0, faction="nbn",
)  # fmt: skip
TEMPUS = card(
    "tempus",
    "upgrade",
    [IN_RND, "Accessed anywhere but Archives: Trace[3], and on success the Runner loses [click][click] or takes 1 core "
     "damage."],  # fmt: skip
    subtypes=["ambush"], rez_cost=0, trash_cost=0, faction="haas_bioroid",
)  # fmt: skip
MWANZA = card(
    "mwanza_city_grid",
    "upgrade",
    ["It goes only in the root of HQ or R&D.",
     "Breaching this server accesses 3 cards more; after that breach you get 2[credit] per card accessed in it.",
     "One <strong>region</strong> per server."],  # fmt: skip
    subtypes=["region"], rez_cost=0, trash_cost=5, faction="jinteki",
)  # fmt: skip
ARMED_INTIMIDATION = card(
    "armed_intimidation",
    "agenda",
    ["Scoring it makes the Runner choose: 5 meat damage or 2 tags."],
    subtypes=["security"], agenda_points=2, advancement_requirement=4, faction="weyland_consortium",
)  # fmt: skip
BACTERIAL = card(
    "bacterial_programming",
    "agenda",
    ["Scored or stolen: you may look at R&D's top 7 cards, take any into HQ, trash any, and reorder the rest."],
    subtypes=["research"], agenda_points=3, advancement_requirement=5, faction="jinteki",
)  # fmt: skip
BETTER_CITIZEN = card(
    "better_citizen_program",
    "agenda",
    ["Once a turn, when the Runner plays a <strong>run</strong> event or installs an <strong>icebreaker</strong> for "
     "the first time, you may give them 1 tag."],  # fmt: skip
    subtypes=["initiative"], agenda_points=2, advancement_requirement=4, faction="nbn",
)  # fmt: skip
CITY_WORKS = card(
    "city_works_project",
    "agenda",
    ["It is installed face up.",
     "Accessed while installed: 2 meat damage, and 1 meat damage more per advancement counter on it."],  # fmt: skip
    subtypes=["public"], agenda_points=3, advancement_requirement=5, faction="weyland_consortium",
)  # fmt: skip
DEGREE_MILL = card(
    "degree_mill",
    "agenda",
    ["Stealing it also costs the Runner 2 of their installed cards, shuffled into their stack."],
    subtypes=["initiative"], agenda_points=3, advancement_requirement=5, faction="nbn",
)  # fmt: skip
IKAWAH = card(
    "ikawah_project",
    "agenda",
    ["Stealing it also costs the Runner [click] and 2[credit]."],
    subtypes=["security"], agenda_points=3, advancement_requirement=5, faction="haas_bioroid",
)  # fmt: skip
REMOTE_ENFORCEMENT = card(
    "remote_enforcement",
    "agenda",
    ["Scored: you may find a piece of ice in R&D, install it on a remote server paying its install cost, and rez it "
     "for free; shuffle R&D."],  # fmt: skip
    subtypes=["security"], agenda_points=2, advancement_requirement=4, faction="haas_bioroid",
)  # fmt: skip
VIRAL = card(
    "viral_weaponization",
    "agenda",
    ["At the end of the turn it is scored in, 1 net damage per card in the grip."],
    subtypes=["research", "security"], agenda_points=2, advancement_requirement=4, faction="jinteki",
)  # fmt: skip
DEATH_AND_TAXES = card(
    "death_and_taxes",
    "operation",
    ["It stays in play until another <strong>current</strong> is played or an agenda is stolen.",
     "Each Runner install, and each installed card the Runner trashes, may pay you 1[credit]."],  # fmt: skip
    subtypes=["current", "transaction"], cost=2, faction="weyland_consortium",
)  # fmt: skip
DISTRACT = card(
    "distract_the_masses",
    "operation",
    ["The Runner gets 2[credit]; trash up to 2 HQ cards, then shuffle up to 2 Archives cards into R&D; this operation "
     "then leaves the game."],  # fmt: skip
    cost=0,
)  # fmt: skip
ECONOMIC_WARFARE = card(
    "economic_warfare",
    "operation",
    ["Playable only after a Runner turn with a successful run.", "A Runner holding 4[credit] or more loses 4[credit]."],
    subtypes=["gray_ops"], cost=0, faction="weyland_consortium",
)  # fmt: skip
GENOTYPING = card(
    "genotyping",
    "operation",
    ["Mill the top 2 cards of R&D, shuffle up to 4 Archives cards into R&D; this operation then leaves the game."],
    cost=1, faction="jinteki",
)  # fmt: skip
HPT = card(
    "high_profile_target",
    "operation",
    ["Playable only while the Runner is tagged.", "2 meat damage per tag the Runner has."],
    subtypes=["black_ops"], cost=2, faction="weyland_consortium",
)  # fmt: skip
KILL_SWITCH = card(
    "kill_switch",
    "operation",
    ["It stays in play until another <strong>current</strong> is played or an agenda is stolen.",
     "An agenda the Runner accesses in R&D is shown to both players.",
     "Each agenda accessed or scored: Trace[3], and on success 1 core damage."],  # fmt: skip
    subtypes=["current"], cost=1, faction="haas_bioroid",
)  # fmt: skip
MARKET_FORCES = card(
    "market_forces",
    "operation",
    ["Playable only while the Runner is tagged.", "The Runner loses 3[credit] per tag; you get what they lost."],
    subtypes=["gray_ops"], cost=0, faction="nbn",
)  # fmt: skip
REVERSE_INFECTION = card(
    "reverse_infection",
    "operation",
    ["Pick one: purge, milling 1 card off the stack per 3 virus counters purged; or take 2[credit]."],
    cost=0, faction="jinteki",
)  # fmt: skip
RIOT = card(
    "riot_suppression",
    "operation",
    ["Playable only after a Runner turn in which they trashed a Corp card.",
     "The Runner takes 1 core damage or starts their next turn with 3 fewer [click].",
     "This operation then leaves the game."],  # fmt: skip
    subtypes=["reprisal", "gray_ops"], cost=2, faction="haas_bioroid",
)  # fmt: skip
THREAT = card(
    "threat_assessment",
    "operation",
    ["Playable only after a Runner turn in which they trashed a Corp card, while they have an installed card.",
     "Pick an installed Runner card: the Runner takes 2 tags or puts it on top of the stack.",
     "This operation then leaves the game."],  # fmt: skip
    subtypes=["reprisal", "gray_ops"], cost=1, faction="nbn",
)  # fmt: skip
WAKE_UP = card(
    "wake_up_call",
    "operation",
    ["Playable only after a Runner turn in which they trashed a Corp card, while they have hardware or a "
     "non-<strong>virtual</strong> resource installed.",
     "Pick such a card: the Runner trashes it or takes 4 meat damage.", "This operation then leaves the game."],
    subtypes=["reprisal", "gray_ops"], cost=1, faction="weyland_consortium",
)  # fmt: skip
SELF_GROWTH = card(
    "self_growth_program",
    "operation",
    ["Playable only while the Runner is tagged.", "Return 2 installed Runner cards to the grip."],
    subtypes=["gray_ops"], cost=0, faction="nbn",
)  # fmt: skip
STANDARD_PROCEDURE = card(
    "standard_procedure",
    "operation",
    ["Playable only after a Runner turn with a successful run.",
     "Call a card type and see the grip: 2[credit] per card of that type."],  # fmt: skip
    cost=0, faction="nbn",
)  # fmt: skip
TROJAN_HORSE = card(
    "trojan_horse",
    "operation",
    ["Playable only after a Runner turn in which they accessed a card.",
     "Trace[4]: on success trash an installed program whose install cost is at most the trace's margin."],
    subtypes=["gray_ops"], cost=1, faction="weyland_consortium",
)  # fmt: skip
NGO_FRONT = card(
    "ngo_front",
    "asset",
    ["This asset can be advanced.", "[trash], 1 advancement counter here: take 5[credit].",
     "[trash], 2 advancement counters here: take 8[credit]."],  # fmt: skip
    rez_cost=0, trash_cost=1,
)  # fmt: skip
TECHNOCO = card(
    "technoco",
    "asset",
    ["Programs, hardware and <strong>virtual</strong> resources cost 1 more to install.",
     "Each such card the Runner installs may pay you 1[credit]."],  # fmt: skip
    subtypes=["corporation"], rez_cost=2, trash_cost=2, unique=True,
)  # fmt: skip
WARI = card(
    "wari",
    "program",
    ["On your first successful HQ run of a turn you may trash this to call <strong>sentry</strong>, <strong>code "
     "gate</strong> or <strong>barrier</strong>, expose a piece of ice, and send it to HQ if it is of that kind."],
    cost=1, memory_cost=1, unique=True, faction="criminal",
)  # fmt: skip
RNG_KEY = card(
    "rng_key",
    "program",
    ["On your first successful HQ or R&D run of a turn you may call a number; the next card you access is shown, and "
     "if a cost or requirement of it matches, take 3[credit] or draw 2."],  # fmt: skip
    cost=0, memory_cost=1, unique=True,
)  # fmt: skip

# ---------------------------------------------------------------- identities (our own wording)

SCAMMER = identity(
    "419_amoral_scammer",
    "runner",
    ["After the Corp's first install of each turn you may expose that card, unless the Corp pays 1[credit]."],
    faction="criminal", base_link=1,
)  # fmt: skip
ASA = identity(
    "asa_group_security_through_vigilance",
    "corp",
    ["Your first install of a turn may be followed by installing a non-agenda HQ card in or protecting the same "
     "server."],  # fmt: skip
    faction="haas_bioroid",
)  # fmt: skip
AZMARI = identity(
    "azmari_edtech_shaping_the_future",
    "corp",
    ["At the end of your turn you may call a card type; the Runner's first play or install of that type in a turn "
     "pays you 2[credit]."],  # fmt: skip
    faction="nbn",
)  # fmt: skip
FREEDOM = identity(
    "freedom_khumalo_crypto_anarchist",
    "runner",
    ["Once a turn, while accessing a non-agenda card, spend virus counters equal to its rez or play cost to trash "
     "it."],  # fmt: skip
    faction="anarch",
)  # fmt: skip
KABONESA = identity(
    "kabonesa_wu_netspace_thrillseeker",
    "runner",
    ["[click]: Find a non-<strong>virus</strong> program in your stack and install it for 1[credit] less, then shuffle; "
     "at the end of your turn it leaves the game if still installed."],  # fmt: skip
    faction="shaper", base_link=1,
)  # fmt: skip
SSO = identity(
    "sso_industries_fueling_innovation",
    "corp",
    ["At the end of your turn you may pick ice with no advancement counters and give it one per agenda point of your "
     "installed face-up agendas."],  # fmt: skip
    faction="weyland_consortium",
)  # fmt: skip

FIXTURES = [
    ACACIA, CYBERDELIA, FRIDAY_CHIP, GEBRSELASSIE, HIPPO, ZER0, AMINA, ENGOLO, LAAMB, CONSUME, EXER, MUSAAZI, YUSUF, NYASHIA,
    PLAGUE, PUFFER, TAKOBI, TRYPANO, UPYA, CRYPT, GBAHALI, KONGAMATO, JACKPOT, KASI_STRING, NO_ONE_HOME, LEWI, LOGIC_BOMB,
    RECLAIM, ROGUE_TRADING, BECAUSE_I_CAN, BLACK_HAT, BY_ANY_MEANS, COMPILE, CONTAMINATE, CORPORATE_GRANT,
    CREDIT_KITING, DIVERSION, EMBEZZLE, EMERGENT, FALSIFIED, GLUT_CIPHER, MARATHON, WHITE_HAT, AIMOR, ANANSI,
    ENDLESS_EULA, KAMALI, MASVINGO, MGANGA, MLINZI, NAJJA, NEXT_DIAMOND, NEXT_SAPPHIRE, NIGHTDANCER, ODUDUWA,
    SADAKA, SANDMAN, SURVEYOR, AMANI, ECHO_CHAMBER, FALSE_FLAG, GENE_SPLICER, KUWINDA, MALIA, PORTAL, RASHIDA,
    RECONSTRUCTION, URBAN_RENEWAL, WARDEN, BIO_VAULT, CALIBRATION, CODE_REPLICATOR, FORCED_CONNECTION, INTAKE,
    TEMPUS, MWANZA, ARMED_INTIMIDATION, BACTERIAL, BETTER_CITIZEN, CITY_WORKS, DEGREE_MILL, IKAWAH,
    REMOTE_ENFORCEMENT, VIRAL, DEATH_AND_TAXES, DISTRACT, ECONOMIC_WARFARE, GENOTYPING, HPT, KILL_SWITCH,
    MARKET_FORCES, REVERSE_INFECTION, RIOT, THREAT, WAKE_UP, SELF_GROWTH, STANDARD_PROCEDURE, TROJAN_HORSE,
    NGO_FRONT, TECHNOCO, WARI, RNG_KEY, SCAMMER, ASA, AZMARI, FREEDOM, KABONESA, SSO,
]  # fmt: skip
RECORDS = [*bundled(), *FIXTURES]


def test_every_fixture_is_executable() -> None:
    for fixture in FIXTURES:
        assert fixture.reading.status == "executable", (fixture.id, fixture.reading)


# ================================================================ runner hardware


def test_acacia_cashes_in_a_purge_and_is_trashed() -> None:
    r = play(RECORDS, ["play:neutral_quarantine_sweep", "yes"], active="corp",
             corp=corp(hand=["neutral_quarantine_sweep"]),
             runner=runner(rig=[{"card": "acacia"}, {"card": "hive_siphon", "counters": {"virus": 3}}]))  # fmt: skip
    g = r.game
    assert g.runner.credits == 8 and ids(g.runner.discard) == ["acacia"]


def test_cyberdelia_pays_for_the_first_full_break_of_the_turn() -> None:
    r = play(RECORDS, ["run:hq", "break:cog_key/0", "continue"],
             corp=corp(servers={"hq": {"ice": [rezzed("hb_lattice_gate")]}}),
             runner=runner(rig=[{"card": "cyberdelia"}, {"card": "cog_key"}]))  # fmt: skip
    g = r.game
    assert last_run_successful(r) and g.runner.credits == 5  # 5 - 1 (break) + 1


def test_friday_chip_keeps_a_counter_for_a_trashed_corp_card() -> None:
    r = play(RECORDS, ["run:remote1", "continue", "trash:neutral_records_vault", "yes"],
             corp=corp(servers={"remote1": {"root": [rezzed("neutral_records_vault")]}}),
             runner=runner(rig=[{"card": "friday_chip"}]))  # fmt: skip
    chip = one(r, r.game.runner.rig, "friday_chip")
    assert chip.counters == {"virus": 1}


def test_friday_chip_moves_a_counter_to_a_virus_program_as_the_turn_begins() -> None:
    r = play(RECORDS, ["hive_siphon"], active="corp", corp=corp(clicks=0),
             runner=runner(rig=[{"card": "friday_chip", "counters": {"virus": 2}}, {"card": "hive_siphon"}]))  # fmt: skip
    g = r.game
    assert one(r, g.runner.rig, "friday_chip").counters == {"virus": 1}
    assert one(r, g.runner.rig, "hive_siphon").counters == {"virus": 1}


def test_gebrselassie_keeps_its_host_boosts_for_the_turn() -> None:
    r = play(RECORDS, ["use:gebrselassie/0", "run:hq", "boost:cog_key/1", "break:cog_key/0", "sub:1",
                       "break:cog_key/0", "continue"],
             corp=corp(servers={"hq": {"ice": [rezzed("nbn_subscription_gate")]}}),
             runner=runner(rig=[{"card": "gebrselassie"}, {"card": "cog_key"}], clicks=3))  # fmt: skip
    g = r.game
    cog = one(r, g.runner.rig, "cog_key")
    assert last_run_successful(r) and one(r, g.runner.rig, "gebrselassie").host is cog
    assert cog.strength_bonus == 0 and g.strength_of(cog) == 3  # the boost outlived the encounter


def test_hippo_trashes_the_outermost_ice_it_fully_broke() -> None:
    r = play(RECORDS, ["run:hq", "break:cog_key/0", "yes", "continue"],
             corp=corp(servers={"hq": {"ice": [rezzed("hb_lattice_gate")]}}),
             runner=runner(rig=[{"card": "hippo"}, {"card": "cog_key"}]))  # fmt: skip
    g = r.game
    assert not g.servers["hq"].ice and ids(g.corp.discard) == ["hb_lattice_gate"]
    assert ids(g.removed) == ["hippo"] and last_run_successful(r)


def test_zer0_trades_a_net_damage_for_a_credit_and_two_cards() -> None:
    r = play(RECORDS, ["use:zer0/0"], runner=runner(rig=[{"card": "zer0"}], hand=["overnight_takeout"], clicks=1))
    g = r.game
    assert g.runner.credits == 6 and len(g.runner.hand) == 2 and ids(g.runner.discard) == ["overnight_takeout"]


# ================================================================ runner programs


def test_amina_makes_the_corp_lose_a_credit_when_it_alone_breaks_the_ice() -> None:
    r = play(RECORDS, ["run:hq", "break:amina/0", "continue"],
             corp=corp(servers={"hq": {"ice": [rezzed("hb_lattice_gate")]}}),
             runner=runner(rig=[{"card": "amina"}]))  # fmt: skip
    g = r.game
    assert last_run_successful(r) and g.corp.credits == 4 and g.runner.credits == 3


def test_engolo_turns_a_barrier_into_a_code_gate_it_breaks() -> None:
    r = play(RECORDS, ["run:hq", "yes", "break:engolo/1", "continue"],
             corp=corp(servers={"hq": {"ice": [rezzed("neutral_plywood_screen")]}}),
             runner=runner(rig=[{"card": "engolo"}]))  # fmt: skip
    g = r.game
    assert last_run_successful(r) and g.runner.credits == 2  # 2 for the subtype, 1 for the break
    ice = one(r, g.servers["hq"].ice, "neutral_plywood_screen")
    assert "code_gate" not in ice.subtypes  # only for that encounter


def test_laamb_turns_a_code_gate_into_a_barrier_it_breaks() -> None:
    r = play(RECORDS, ["run:hq", "yes", "break:laamb/1", "continue"],
             corp=corp(servers={"hq": {"ice": [rezzed("hb_lattice_gate")]}}),
             runner=runner(rig=[{"card": "laamb"}]))  # fmt: skip
    assert last_run_successful(r) and r.game.runner.credits == 1


def test_consume_feeds_on_trashed_corp_cards_and_pays_out() -> None:
    r = play(RECORDS, ["run:remote1", "continue", "trash:neutral_records_vault", "yes", "use:consume/1"],
             corp=corp(servers={"remote1": {"root": [rezzed("neutral_records_vault")]}}),
             runner=runner(rig=[{"card": "consume", "counters": {"virus": 1}}]))  # fmt: skip
    g = r.game
    assert g.runner.credits == 5 - 2 + 4 and not one(r, g.runner.rig, "consume").counters


def test_exer_accesses_an_extra_card_of_rnd() -> None:
    r = play(RECORDS, ["run:rnd", "continue"], runner=runner(rig=[{"card": "exer"}]), corp=corp())
    assert len([e for e in events(r, "access") if "card" in e]) == 2


def test_exer_is_trashed_by_a_purge() -> None:
    r = play(RECORDS, ["purge"], active="corp", corp=corp(), runner=runner(rig=[{"card": "exer"}]))
    assert ids(r.game.runner.discard) == ["exer"]


def test_musaazi_spends_virus_counters_to_boost_and_break() -> None:
    r = play(RECORDS, ["run:hq", "use:musaazi/2", "use:musaazi/1", "continue", "no"],
             corp=corp(servers={"hq": {"ice": [rezzed("neutral_patrol_script")]}}),
             runner=runner(rig=[{"card": "musaazi", "counters": {"virus": 2}}]))  # fmt: skip
    g = r.game
    assert last_run_successful(r) and not one(r, g.runner.rig, "musaazi").counters
    assert [e["by"] for e in events(r, "break")] and g.runner.credits == 5


def test_yusuf_breaks_a_barrier_with_a_virus_counter_from_another_card() -> None:
    r = play(RECORDS, ["run:hq", "use:yusuf/1", "continue", "no"],
             corp=corp(servers={"hq": {"ice": [rezzed("neutral_plywood_screen")]}}),
             runner=runner(rig=[{"card": "yusuf"}, {"card": "static_spore", "counters": {"virus": 1}}]))  # fmt: skip
    g = r.game
    assert last_run_successful(r) and not one(r, g.runner.rig, "static_spore").counters


def test_nyashia_spends_a_power_counter_for_another_rnd_access() -> None:
    r = play(RECORDS, ["run:rnd", "continue", "yes"], corp=corp(),
             runner=runner(rig=[{"card": "nyashia", "counters": {"power": 3}}]))  # fmt: skip
    assert len([e for e in events(r, "access") if "card" in e]) == 2
    assert one(r, r.game.runner.rig, "nyashia").counters == {"power": 2}


def test_plague_grows_on_runs_of_its_chosen_server() -> None:
    r = play(RECORDS, ["install:plague", "hq", "run:hq", "continue", "yes"], corp=corp(),
             runner=runner(hand=["plague"]))  # fmt: skip
    assert one(r, r.game.runner.rig, "plague").counters == {"virus": 2}


def test_puffer_gets_stronger_and_hungrier_with_power_counters() -> None:
    r = play(RECORDS, ["use:puffer/2"], runner=runner(rig=[{"card": "puffer"}], clicks=1), corp=corp())
    g = r.game
    puffer = one(r, g.runner.rig, "puffer")
    assert puffer.counters == {"power": 1} and g.strength_of(puffer) == 3 and g.memory_limit() == 4


def test_takobi_boosts_an_icebreaker_and_collects_on_a_full_break() -> None:
    r = play(RECORDS, ["run:hq", "use:takobi/1", "break:cog_key/0", "sub:1", "break:cog_key/0", "yes", "continue"],
             corp=corp(servers={"hq": {"ice": [rezzed("weyland_customs_checkpoint")]}}),
             runner=runner(rig=[{"card": "takobi", "counters": {"power": 2}}, {"card": "cog_key"}]))  # fmt: skip
    g = r.game
    assert last_run_successful(r) and one(r, g.runner.rig, "takobi").counters == {"power": 1}
    assert one(r, g.runner.rig, "cog_key").strength_bonus == 0


def test_trypano_trashes_its_host_at_five_virus_counters() -> None:
    r = play(RECORDS, ["install:trypano"], corp=corp(servers={"hq": {"ice": [rezzed("neutral_plywood_screen")]}}),
             runner=runner(hand=["trypano"], clicks=2))  # fmt: skip
    g = r.game
    trypano = one(r, g.runner.rig, "trypano")
    assert trypano.host is not None and trypano.host.id == "neutral_plywood_screen"
    g.add_counters(trypano, "virus", 5)
    g.fire("action_taken", g.everyone(), side="runner", action="test")
    assert not g.servers["hq"].ice and "trypano" in ids(g.runner.discard)


def test_upya_turns_power_counters_into_clicks_once_a_turn() -> None:
    r = play(RECORDS, ["use:upya/1"], runner=runner(rig=[{"card": "upya", "counters": {"power": 6}}], clicks=1))
    g = r.game
    assert g.runner.clicks == 2 and one(r, g.runner.rig, "upya").counters == {"power": 3}
    assert "use:" + one(r, g.runner.rig, "upya").ref + "/1" not in labels(r)


# ================================================================ runner resources


def test_crypt_finds_and_installs_a_virus_program() -> None:
    r = play(RECORDS, ["use:crypt/1", "static_spore"],
             runner=runner(rig=[{"card": "crypt", "counters": {"virus": 3}}], deck=["static_spore", "spark_of_insight"],
                           clicks=1))  # fmt: skip
    g = r.game
    assert ids(g.runner.rig) == ["static_spore"] and ids(g.runner.discard) == ["crypt"]
    assert g.runner.credits == 4 and g.corp.credits == 3


def test_gbahali_breaks_the_last_subroutine_and_kongamato_the_first() -> None:
    corp_ = corp(servers={"hq": {"ice": [rezzed("jinteki_bramble_screen")]}})
    r = play(RECORDS, ["run:hq", "use:gbahali/0", "continue"], corp=corp_,
             runner=runner(rig=[{"card": "gbahali"}], hand=["spark_of_insight"] * 2))  # fmt: skip
    assert last_run_successful(r) and len(r.game.runner.hand) == 1  # the net damage fired, not the end of the run
    r = play(RECORDS, ["run:hq", "use:kongamato/0"], corp=corp_,
             runner=runner(rig=[{"card": "kongamato"}], hand=["spark_of_insight"] * 2))  # fmt: skip
    assert not last_run_successful(r) and len(r.game.runner.hand) == 2


def test_jackpot_cashes_out_when_an_agenda_is_stolen() -> None:
    r = play(RECORDS, ["run:remote1", "continue", "2"],
             corp=corp(servers={"remote1": {"root": [{"card": "neutral_board_resolution"}]}}),
             runner=runner(rig=[{"card": "jackpot", "credits": 3}]))  # fmt: skip
    g = r.game
    assert g.runner.credits == 7 and ids(g.runner.discard) == ["jackpot"]


def test_kasi_string_becomes_an_agenda_at_four_counters() -> None:
    r = play(RECORDS, ["run:remote1", "continue", "leave", "yes"],
             corp=corp(servers={"remote1": {"root": [rezzed("neutral_records_vault")]}}),
             runner=runner(rig=[{"card": "kasi_string", "counters": {"power": 3}}]))  # fmt: skip
    g = r.game
    assert ids(g.runner.score_area) == ["kasi_string"] and g.agenda_points("runner") == 1


def test_no_one_home_prevents_the_first_tags_of_the_turn_after_a_failed_trace() -> None:
    r = play(RECORDS, ["play:nbn_exclusive_scoop", "use:no_one_home/0", "pay:0", "pay:0", "play:nbn_exclusive_scoop"],
             active="corp", corp=corp(hand=["nbn_exclusive_scoop"] * 2, credits=6),
             runner=runner(rig=[{"card": "no_one_home"}]))  # fmt: skip
    g = r.game
    assert g.runner.tags == 1 and ids(g.runner.discard) == ["no_one_home"]  # the second scoop got through


def test_no_one_home_is_not_offered_after_the_first_tags_of_the_turn() -> None:
    r = play(RECORDS, ["play:nbn_exclusive_scoop", "done", "play:nbn_exclusive_scoop"], active="corp",
             corp=corp(hand=["nbn_exclusive_scoop"] * 2, credits=6), runner=runner(rig=[{"card": "no_one_home"}]))
    g = r.game
    assert g.runner.tags == 2 and ids(g.runner.rig) == ["no_one_home"]


def test_lewi_costs_a_credit_each_turn_or_goes() -> None:
    r = play(RECORDS, ["lose"], active="corp", corp=corp(clicks=0), runner=runner(rig=[{"card": "lewi_guilherme"}]))
    assert r.game.runner.credits == 4 and r.game.hand_size("corp") == 5
    r = play(RECORDS, ["trash"], active="corp", corp=corp(clicks=0), runner=runner(rig=[{"card": "lewi_guilherme"}]))
    assert ids(r.game.runner.discard) == ["lewi_guilherme"]


def test_logic_bomb_bypasses_the_ice_for_the_remaining_clicks() -> None:
    r = play(RECORDS, ["run:hq", "use:logic_bomb/0", "continue"],
             corp=corp(servers={"hq": {"ice": [rezzed("neutral_plywood_screen")]}}),
             runner=runner(rig=[{"card": "logic_bomb"}], clicks=4))  # fmt: skip
    assert last_run_successful(r) and events(r, "bypass") and r.game.turns == 2  # no click left: the corp's turn came


def test_reclaim_installs_from_the_heap() -> None:
    r = play(RECORDS, ["use:reclaim/0", "cog_key"],
             runner=runner(rig=[{"card": "reclaim"}], hand=["spark_of_insight"], discard=["cog_key"], clicks=1))
    g = r.game
    assert ids(g.runner.rig) == ["cog_key"] and g.runner.credits == 1
    assert sorted(ids(g.runner.discard)) == ["reclaim", "spark_of_insight"]


def test_rogue_trading_is_loaded_with_eighteen_credits() -> None:
    r = play(RECORDS, ["install:rogue_trading", "use:rogue_trading/2"], runner=runner(hand=["rogue_trading"], clicks=3))
    g = r.game
    assert one(r, g.runner.rig, "rogue_trading").credits == 12 and g.runner.credits == 11 and g.runner.tags == 1


# ================================================================ runner events


def test_because_i_can_shuffles_the_root_into_rnd() -> None:
    r = play(RECORDS, ["play:because_i_can", "continue", "yes"],
             corp=corp(servers={"remote1": {"root": [rezzed("neutral_records_vault")]}}),
             runner=runner(hand=["because_i_can"]))  # fmt: skip
    g = r.game
    assert "remote1" not in g.servers and "neutral_records_vault" in ids(g.corp.deck)
    assert not [e for e in events(r, "access") if "card" in e]


def test_black_hat_adds_two_accesses_to_rnd_breaches_after_a_failed_trace() -> None:
    r = play(RECORDS, ["play:black_hat", "pay:4", "run:rnd", "continue"], corp=corp(credits=0),
             runner=runner(hand=["black_hat"], credits=6, clicks=2))  # fmt: skip
    g = r.game
    assert len([e for e in events(r, "access") if "card" in e]) == 3
    assert ids(g.runner.discard) == ["black_hat"] and not g.in_play  # gone with the turn


def test_black_hat_does_nothing_after_a_successful_trace() -> None:
    r = play(RECORDS, ["play:black_hat", "pay:0", "run:rnd", "continue"], corp=corp(credits=0),
             runner=runner(hand=["black_hat"], credits=6, clicks=3))  # fmt: skip
    assert len([e for e in events(r, "access") if "card" in e]) == 1


def test_by_any_means_trashes_what_you_access_at_a_meat_damage_each() -> None:
    r = play(RECORDS, ["play:by_any_means", "run:hq", "continue"],
             corp=corp(hand=["neutral_board_resolution"]),
             runner=runner(hand=["by_any_means", "spark_of_insight", "spark_of_insight"], clicks=2))  # fmt: skip
    g = r.game
    assert ids(g.corp.discard) == ["neutral_board_resolution"] and not g.runner.score_area
    assert len(g.runner.hand) == 1
    r = play(RECORDS, ["run:hq", "continue"], corp=corp(hand=["neutral_board_resolution"]),
             runner=runner(hand=["by_any_means"], clicks=2))  # fmt: skip
    assert "play:" + one(r, r.game.runner.hand, "by_any_means").ref not in labels(r)


def test_compile_installs_a_program_for_the_run_and_puts_it_back_after() -> None:
    r = play(RECORDS, ["play:compile", "hq", "yes", "break:rockbit_drill/0", "continue"],
             corp=corp(servers={"hq": {"ice": [rezzed("neutral_plywood_screen")]}}),
             runner=runner(hand=["compile"], discard=["rockbit_drill"]))  # fmt: skip
    g = r.game
    assert last_run_successful(r) and g.runner.deck[0].id == "rockbit_drill" and not g.runner.rig
    assert ids(g.runner.discard) == ["compile"] and g.runner.credits == 2


def test_contaminate_places_three_virus_counters() -> None:
    r = play(RECORDS, ["play:contaminate"], runner=runner(hand=["contaminate"], rig=[{"card": "cog_key"}], clicks=1))
    assert one(r, r.game.runner.rig, "cog_key").counters == {"virus": 3}


def test_corporate_grant_taxes_the_first_install_of_the_turn() -> None:
    r = play(RECORDS, ["play:corporate_grant", "install:cog_key", "install:signal_relay"], corp=corp(),
             runner=runner(hand=["corporate_grant", "cog_key", "signal_relay"], credits=10, clicks=3))  # fmt: skip
    g = r.game
    assert g.corp.credits == 4 and [c.id for c in g.in_play] == ["corporate_grant"]


def test_credit_kiting_installs_cheaply_after_a_central_run() -> None:
    r = play(RECORDS, ["run:hq", "continue", "play:credit_kiting"], corp=corp(),
             runner=runner(hand=["credit_kiting", "cog_key"], clicks=2))  # fmt: skip
    g = r.game
    assert ids(g.runner.rig) == ["cog_key"] and g.runner.credits == 5 and g.runner.tags == 1
    r = play(RECORDS, [], corp=corp(), runner=runner(hand=["credit_kiting", "cog_key"], clicks=2))
    assert not [label for label in labels(r) if label.startswith("play:credit_kiting")]


def test_diversion_of_funds_siphons_corp_credits_instead_of_breaching() -> None:
    r = play(RECORDS, ["play:diversion_of_funds", "continue", "yes"], corp=corp(hand=["neutral_board_resolution"]),
             runner=runner(hand=["diversion_of_funds"], clicks=2))  # fmt: skip
    g = r.game
    assert g.corp.credits == 0 and g.runner.credits == 9 and not g.runner.score_area and g.turns == 2


def test_embezzle_trashes_revealed_cards_of_the_named_type_for_credits() -> None:
    r = play(RECORDS, ["play:embezzle", "continue", "ice"], corp=corp(hand=["neutral_plywood_screen"] * 2),
             runner=runner(hand=["embezzle"], clicks=2))  # fmt: skip
    g = r.game
    assert not g.corp.hand and len(g.corp.discard) == 2 and g.runner.credits == 12 and len(events(r, "reveal")) == 2


def test_emergent_creativity_turns_trashed_breakers_into_a_discount() -> None:
    r = play(RECORDS, ["play:emergent_creativity", "cog_key", "done"],
             runner=runner(hand=["emergent_creativity", "cog_key", "signal_relay"], deck=["garble_torch"], clicks=2))
    g = r.game
    assert ids(g.runner.rig) == ["garble_torch"] and g.runner.credits == 3
    assert sorted(ids(g.runner.discard)) == ["cog_key", "emergent_creativity"]


def test_falsified_credentials_pays_for_a_right_guess() -> None:
    r = play(RECORDS, ["play:falsified_credentials", "asset"],
             corp=corp(servers={"remote1": {"root": [{"card": "neutral_records_vault"}]}}),
             runner=runner(hand=["falsified_credentials"], clicks=1))  # fmt: skip
    assert r.game.runner.credits == 9 and events(r, "exposed")


def test_glut_cipher_floods_hq_and_trashes_five_at_random() -> None:
    discard = ["neutral_plywood_screen"] * 5
    r = play(RECORDS, ["play:glut_cipher", "continue", *["neutral_plywood_screen"] * 4],
             corp=corp(hand=["neutral_board_resolution"], discard_facedown=discard),
             runner=runner(hand=["glut_cipher"], clicks=2))  # fmt: skip
    g = r.game
    assert len(g.corp.hand) == 1 and len(g.corp.discard) == 5


def test_marathon_returns_after_a_successful_run_and_bars_the_server() -> None:
    r = play(RECORDS, ["play:marathon", "continue", "leave"],
             corp=corp(servers={"remote1": {"root": [rezzed("neutral_records_vault")]}}),
             runner=runner(hand=["marathon"], clicks=2))  # fmt: skip
    g = r.game
    assert ids(g.runner.hand) == ["marathon"] and g.runner.clicks == 2 and not g.in_play
    assert "run:remote1" not in labels(r) and "run:hq" in labels(r)


def test_white_hat_shuffles_hq_cards_away_after_a_failed_trace() -> None:
    r = play(RECORDS, ["run:hq", "continue", "play:white_hat", "pay:3", "hb_lattice_gate", "done"],
             corp=corp(credits=0, hand=["hb_lattice_gate", "neutral_plywood_screen"], deck=[]),
             runner=runner(hand=["white_hat"], clicks=3))  # fmt: skip
    g = r.game
    assert ids(g.corp.hand) == ["neutral_plywood_screen"] and ids(g.corp.deck) == ["hb_lattice_gate"]


# ================================================================ corp ice


def test_aimor_mills_three_and_trashes_itself() -> None:
    r = play(RECORDS, ["run:hq", "continue"], corp=corp(servers={"hq": {"ice": [rezzed("aimor")]}}),
             runner=runner(deck=["spark_of_insight"] * 4))  # fmt: skip
    g = r.game
    assert len(g.runner.deck) == 1 and len(g.runner.discard) == 3 and ids(g.corp.discard) == ["aimor"]
    assert last_run_successful(r)


def test_anansi_arranges_draws_and_punishes_an_unbroken_encounter() -> None:
    r = play(RECORDS, ["run:hq", "hb_lattice_gate", "yes", "no", "continue"],
             corp=corp(deck=["hb_lattice_gate", "neutral_plywood_screen"], servers={"hq": {"ice": [rezzed("anansi")]}}),
             runner=runner(hand=["spark_of_insight"] * 5))  # fmt: skip
    g = r.game
    assert ids(g.corp.hand) == ["hb_lattice_gate"]  # put on top, then drawn
    assert len(g.runner.hand) == 1 and [e["amount"] for e in events(r, "damage")] == [1, 3]


def test_endless_eula_ends_the_run_once_the_runner_cannot_pay() -> None:
    r = play(RECORDS, ["run:hq", "yes", "yes", "yes"],
             corp=corp(servers={"hq": {"ice": [rezzed("endless_eula")]}}), runner=runner(credits=3))  # fmt: skip
    g = r.game
    assert g.runner.credits == 0 and not last_run_successful(r)


def test_kamali_breaks_for_a_click_and_takes_cards_or_the_brain() -> None:
    r = play(RECORDS, ["run:hq", "clickbreak:kamali_1_0", "sub:1", "done", "signal_relay", "done", "continue"],
             corp=corp(servers={"hq": {"ice": [rezzed("kamali_1_0")]}}),
             runner=runner(rig=[{"card": "cog_key"}, {"card": "signal_relay"}], hand=["spark_of_insight"] * 2))
    g = r.game
    assert last_run_successful(r) and ids(g.runner.rig) == ["cog_key"] and g.runner.brain_damage == 1


def test_masvingo_ends_the_run_once_per_advancement_counter() -> None:
    r = play(RECORDS, ["run:hq"], corp=corp(servers={"hq": {"ice": [rezzed("masvingo", counters={"advancement": 2})]}}),
             runner=runner(clicks=1))  # fmt: skip
    assert not last_run_successful(r) and events(r, "gain_subroutines")[0]["count"] == 2


def test_mganga_does_more_damage_on_different_bids_and_goes() -> None:
    r = play(RECORDS, ["run:hq", "bid:0", "bid:1", "continue"], corp=corp(servers={"hq": {"ice": [rezzed("mganga")]}}),
             runner=runner(hand=["spark_of_insight"] * 3))  # fmt: skip
    g = r.game
    assert len(g.runner.hand) == 1 and ids(g.corp.discard) == ["mganga"]


def test_mlinzi_mills_or_hurts() -> None:
    r = play(RECORDS, ["run:hq", "yes", "continue"], corp=corp(servers={"hq": {"ice": [rezzed("mlinzi")]}}),
             runner=runner(hand=["spark_of_insight"] * 6, deck=["spark_of_insight"] * 3))  # fmt: skip
    g = r.game
    assert len(g.runner.deck) == 1 and [e["amount"] for e in events(r, "damage")] == [2, 3]


def test_najja_is_broken_by_the_runner_clicks() -> None:
    r = play(RECORDS, ["run:hq", "clickbreak:najja_1_0", "sub:1", "clickbreak:najja_1_0", "continue"],
             corp=corp(servers={"hq": {"ice": [rezzed("najja_1_0")]}}), runner=runner(clicks=3))  # fmt: skip
    assert last_run_successful(r) and len(events(r, "break")) == 2


def test_next_diamond_is_cheaper_with_other_next_ice_and_trashes_a_card() -> None:
    r = play(RECORDS, ["run:hq", "continue"],
             corp=corp(servers={"hq": {"ice": [rezzed("next_sapphire"), rezzed("next_diamond")]}}),
             runner=runner(rig=[{"card": "cog_key"}], hand=["spark_of_insight"] * 3, clicks=1))  # fmt: skip
    g = r.game
    diamond = one(r, g.servers["hq"].ice, "next_diamond")
    assert g.rez_cost(diamond) == 9 and g.runner.brain_damage == 2 and ids(g.runner.discard)[-1] == "cog_key"


def test_next_sapphire_draws_recovers_and_shuffles_up_to_x() -> None:
    r = play(RECORDS, ["run:hq", "1", "hb_lattice_gate", "neutral_board_resolution", "continue"],
             corp=corp(hand=["neutral_board_resolution"], discard=["hb_lattice_gate"],
                       servers={"hq": {"ice": [rezzed("next_sapphire")]}}),
             runner=runner(clicks=2))  # fmt: skip
    g = r.game
    assert "hb_lattice_gate" in ids(g.corp.hand) and not g.corp.discard
    assert "neutral_board_resolution" in ids(g.corp.deck)


def test_nightdancer_takes_runner_clicks_and_gives_the_corp_more() -> None:
    r = play(RECORDS, ["run:hq", "continue"], corp=corp(servers={"hq": {"ice": [rezzed("nightdancer")]}}),
             runner=runner(clicks=3))  # fmt: skip
    g = r.game
    assert g.turns == 2 and g.corp.clicks == 5  # 3 + 2 next-turn clicks


def test_oduduwa_advances_itself_and_another_ice() -> None:
    r = play(RECORDS, ["run:hq", "neutral_plywood_screen"],
             corp=corp(servers={"hq": {"ice": [rezzed("neutral_plywood_screen"), rezzed("oduduwa")]}}),
             runner=runner(clicks=1))  # fmt: skip
    g = r.game
    assert one(r, g.servers["hq"].ice, "oduduwa").advancement == 1
    assert one(r, g.servers["hq"].ice, "neutral_plywood_screen").advancement == 1 and not last_run_successful(r)


def test_sadaka_shuffles_draws_and_trades_a_card_for_a_resource() -> None:
    r = play(RECORDS, ["run:hq", "shuffle", "yes", "neutral_board_resolution", "continue"],
             corp=corp(hand=["neutral_board_resolution"], servers={"hq": {"ice": [rezzed("sadaka")]}}),
             runner=runner(rig=[{"card": "garage_lab"}], clicks=1))  # fmt: skip
    g = r.game
    assert sorted(ids(g.corp.discard)) == ["neutral_board_resolution", "sadaka"] and not g.runner.rig
    assert ids(g.runner.discard) == ["garage_lab"]


def test_sandman_sends_two_cards_back_to_the_grip() -> None:
    r = play(RECORDS, ["run:hq", "garage_lab", "continue"], corp=corp(servers={"hq": {"ice": [rezzed("sandman")]}}),
             runner=runner(rig=[{"card": "garage_lab"}, {"card": "signal_relay"}], clicks=1))  # fmt: skip
    g = r.game
    assert not g.runner.rig and sorted(ids(g.runner.hand)) == ["garage_lab", "signal_relay"]


def test_surveyor_traces_at_twice_its_server_ice() -> None:
    r = play(RECORDS, ["run:hq", "pay:0", "pay:2", "continue"], corp=corp(credits=0, servers={"hq": {"ice": [
        rezzed("surveyor")]}}), runner=runner(clicks=1))  # fmt: skip
    g = r.game
    assert g.runner.tags == 2 and last_run_successful(r)
    assert g.strength_of(one(r, g.servers["hq"].ice, "surveyor")) == 2


# ================================================================ corp assets


def test_amani_senai_bounces_a_runner_card_when_an_agenda_is_scored() -> None:
    r = play(RECORDS, ["score:neutral_pilot_scheme", "yes", "pay:0", "cog_key"], active="corp",
             corp=corp(credits=0, servers={"remote1": {"root": [rezzed("amani_senai")]},
                                           "remote2": {"root": [{"card": "neutral_pilot_scheme",
                                                                 "counters": {"advancement": 2}}]}}),
             runner=runner(rig=[{"card": "cog_key"}, {"card": "signal_relay"}]))  # fmt: skip
    g = r.game
    assert ids(g.runner.hand) == ["cog_key"] and ids(g.runner.rig) == ["signal_relay"]


def test_echo_chamber_becomes_a_one_point_agenda() -> None:
    r = play(RECORDS, ["use:echo_chamber/0"], active="corp",
             corp=corp(servers={"remote1": {"root": [rezzed("echo_chamber")]}}), runner=runner())  # fmt: skip
    g = r.game
    assert ids(g.corp.score_area) == ["echo_chamber"] and g.agenda_points("corp") == 1 and g.turns == 2


def test_false_flag_tags_on_access_and_scores_at_seven_counters() -> None:
    r = play(RECORDS, ["run:remote1", "continue", "done", "leave"],
             corp=corp(servers={"remote1": {"root": [{"card": "false_flag", "counters": {"advancement": 5}}]}}),
             runner=runner(clicks=1))  # fmt: skip
    assert r.game.runner.tags == 2
    r = play(RECORDS, ["use:false_flag/2"], active="corp", corp=corp(clicks=1, servers={"remote1": {"root": [
        rezzed("false_flag", counters={"advancement": 7})]}}), runner=runner())  # fmt: skip
    assert r.game.agenda_points("corp") == 3


def test_gene_splicer_hurts_on_access_and_scores_at_three_counters() -> None:
    r = play(RECORDS, ["run:remote1", "continue", "done", "leave"],
             corp=corp(servers={"remote1": {"root": [{"card": "gene_splicer", "counters": {"advancement": 2}}]}}),
             runner=runner(hand=["spark_of_insight"] * 3, clicks=1))  # fmt: skip
    assert len(r.game.runner.hand) == 1
    r = play(RECORDS, ["use:gene_splicer/2"], active="corp", corp=corp(clicks=1, servers={"remote1": {"root": [
        rezzed("gene_splicer", counters={"advancement": 3})]}}), runner=runner())  # fmt: skip
    assert r.game.agenda_points("corp") == 1


def test_kuwinda_traces_at_the_start_of_the_corp_turn() -> None:
    r = play(RECORDS, ["yes", "pay:0"], runner=runner(clicks=0, hand=["spark_of_insight"] * 2),
             corp=corp(credits=0, servers={"remote1": {"root": [rezzed("kuwinda_k4h1u3", counters={"power": 1})]}}))
    g = r.game
    assert g.runner.brain_damage == 1 and ids(g.corp.discard) == ["kuwinda_k4h1u3"]
    r = play(RECORDS, ["yes", "pay:1"], runner=runner(clicks=0),
             corp=corp(credits=0, servers={"remote1": {"root": [rezzed("kuwinda_k4h1u3", counters={"power": 1})]}}))
    assert one(r, r.game.servers["remote1"].root, "kuwinda_k4h1u3").counters == {"power": 2}


def test_malia_blanks_a_resource_while_rezzed() -> None:
    r = play(RECORDS, ["rez:malia_z0l0k4"], active="corp",
             corp=corp(servers={"remote1": {"root": [{"card": "malia_z0l0k4"}]}}),
             runner=runner(rig=[{"card": "garage_lab"}]))  # fmt: skip
    g = r.game
    lab = one(r, g.runner.rig, "garage_lab")
    assert g.abilities(lab) == []
    g.trash(one(r, g.servers["remote1"].root, "malia_z0l0k4"), "test", by="runner")
    assert g.abilities(lab)


def test_personalized_portal_deals_a_card_and_pays_for_a_big_grip() -> None:
    r = play(RECORDS, ["yes"], runner=runner(clicks=0, hand=["spark_of_insight"] * 3),
             corp=corp(servers={"remote1": {"root": [rezzed("personalized_portal")]}}))  # fmt: skip
    g = r.game
    assert len(g.runner.hand) == 4 and g.corp.credits == 7


def test_rashida_jaheem_cashes_in_at_the_start_of_the_turn() -> None:
    r = play(RECORDS, ["yes"], runner=runner(clicks=0),
             corp=corp(servers={"remote1": {"root": [rezzed("rashida_jaheem")]}}))  # fmt: skip
    g = r.game
    assert g.corp.credits == 8 and len(g.corp.hand) == 4 and ids(g.corp.discard) == ["rashida_jaheem"]


def test_reconstruction_contract_grows_on_meat_damage_and_moves_its_counters() -> None:
    r = play(RECORDS, ["play:weyland_orbital_strike", "yes", "use:reconstruction_contract/1", "1"], active="corp",
             corp=corp(hand=["weyland_orbital_strike"], servers={
                 "remote1": {"root": [rezzed("reconstruction_contract")]},
                 "remote2": {"root": [{"card": "neutral_board_resolution"}]}}),
             runner=runner(tags=1, hand=["spark_of_insight"] * 5))  # fmt: skip
    g = r.game
    assert one(r, g.servers["remote2"].root, "neutral_board_resolution").advancement == 1
    assert "reconstruction_contract" in ids(g.corp.discard)


def test_urban_renewal_blows_up_once_its_counters_are_gone() -> None:
    r = play(RECORDS, ["rez:urban_renewal"], active="corp", corp=corp(clicks=1, servers={"remote1": {"root": [
        {"card": "urban_renewal"}]}}), runner=runner(hand=["spark_of_insight"] * 5))  # fmt: skip
    g = r.game
    renewal = one(r, g.servers["remote1"].root, "urban_renewal")
    assert renewal.counters == {"power": 3}
    g.add_counters(renewal, "power", -3)
    assert ids(g.corp.discard) == ["urban_renewal"] and len(g.runner.hand) == 1


def test_warden_fatuma_gives_bioroid_ice_a_first_click_subroutine() -> None:
    r = play(RECORDS, ["run:hq"], corp=corp(servers={"hq": {"ice": [rezzed("hb_archivist_mk2")]},
                                                     "remote1": {"root": [rezzed("warden_fatuma")]}}),
             runner=runner(clicks=4))  # fmt: skip
    g = r.game
    assert not last_run_successful(r) and g.runner.clicks == 1  # the run, then 2 lost clicks


# ================================================================ corp upgrades


def test_bio_vault_ends_the_run_from_a_remote_server() -> None:
    r = play(RECORDS, ["run:remote1", "continue", "use:bio_vault/1"],
             corp=corp(servers={"remote1": {"root": [rezzed("bio_vault", counters={"advancement": 2}),
                                                     {"card": "neutral_board_resolution"}]}}),
             runner=runner(clicks=1))  # fmt: skip
    g = r.game
    assert not last_run_successful(r) and not g.runner.score_area and "bio_vault" in ids(g.corp.discard)
    assert all(s not in ("hq", "rnd", "archives") for s in g.server_options(one(r, g.corp.discard, "bio_vault")))


def test_calibration_testing_advances_a_card_of_its_root() -> None:
    r = play(RECORDS, ["use:calibration_testing/0"], active="corp",
             corp=corp(clicks=1, servers={"remote1": {"root": [rezzed("calibration_testing"),
                                                               {"card": "neutral_board_resolution"}]}}),
             runner=runner())  # fmt: skip
    g = r.game
    assert one(r, g.servers["remote1"].root, "neutral_board_resolution").advancement == 1
    assert ids(g.corp.discard) == ["calibration_testing"]


def test_code_replicator_sends_the_runner_back_to_the_ice() -> None:
    r = play(RECORDS, ["run:hq", "break:rockbit_drill/0", "yes", "continue", "break:rockbit_drill/0", "continue"],
             corp=corp(servers={"hq": {"ice": [rezzed("neutral_plywood_screen")],
                                       "root": [rezzed("code_replicator")]}}),
             runner=runner(rig=[{"card": "rockbit_drill"}], clicks=1))  # fmt: skip
    g = r.game
    assert last_run_successful(r) and len(events(r, "break")) == 2 and ids(g.corp.discard) == ["code_replicator"]


def test_forced_connection_tags_after_a_trace() -> None:
    r = play(RECORDS, ["run:remote1", "continue", "done", "pay:0", "leave"], corp=corp(credits=0, servers={"remote1": {"root": [
        {"card": "forced_connection"}]}}), runner=runner(clicks=1))  # fmt: skip
    assert r.game.runner.tags == 2


def test_intake_bounces_a_program_after_a_trace() -> None:
    r = play(RECORDS, ["run:rnd", "continue", "pay:0", "leave"], corp=corp(credits=0, deck=["intake"]),
             runner=runner(rig=[{"card": "cog_key"}], clicks=2))  # fmt: skip
    g = r.game
    assert ids(g.runner.hand) == ["cog_key"] and events(r, "reveal")


def test_tempus_costs_clicks_or_the_brain() -> None:
    r = play(RECORDS, ["run:remote1", "continue", "done", "pay:0", "clicks", "leave"],
             corp=corp(credits=0, servers={"remote1": {"root": [{"card": "tempus"}]}}), runner=runner(clicks=4))
    assert r.game.runner.clicks == 1
    r = play(RECORDS, ["run:remote1", "continue", "done", "pay:0", "damage", "leave"],
             corp=corp(credits=0, servers={"remote1": {"root": [{"card": "tempus"}]}}),
             runner=runner(clicks=4, hand=["spark_of_insight"]))  # fmt: skip
    assert r.game.runner.brain_damage == 1


def test_mwanza_city_grid_opens_hq_and_pays_per_access() -> None:
    r = play(RECORDS, ["run:hq", "continue", "leave"],
             corp=corp(hand=["neutral_plywood_screen"] * 4, servers={"hq": {"root": [rezzed("mwanza_city_grid")]}}),
             runner=runner(clicks=1))  # fmt: skip
    g = r.game
    assert len([e for e in events(r, "access") if "card" in e]) == 5 and g.corp.credits == 15
    assert g.server_options(one(r, g.servers["hq"].root, "mwanza_city_grid")) == ["hq", "rnd"]


# ================================================================ corp agendas


def scoring(agenda: str, advancement: int, **fields: Any) -> dict[str, Any]:
    return corp(servers={"remote1": {"root": [{"card": agenda, "counters": {"advancement": advancement}}]}}, **fields)


def test_armed_intimidation_makes_the_runner_choose_damage_or_tags() -> None:
    r = play(RECORDS, ["score:armed_intimidation", "tags"], active="corp", corp=scoring("armed_intimidation", 4),
             runner=runner())  # fmt: skip
    assert r.game.runner.tags == 2 and r.game.agenda_points("corp") == 2


def test_bacterial_programming_sorts_the_top_of_rnd() -> None:
    r = play(RECORDS, ["score:bacterial_programming", "yes", "hq", "trash", "keep"], active="corp",
             corp=scoring("bacterial_programming", 5, deck=["hb_lattice_gate", "neutral_plywood_screen",
                                                             "neutral_checksum_gate"]),
             runner=runner())  # fmt: skip
    g = r.game
    assert ids(g.corp.hand) == ["hb_lattice_gate"] and ids(g.corp.discard) == ["neutral_plywood_screen"]
    assert ids(g.corp.deck) == ["neutral_checksum_gate"]


def test_better_citizen_program_tags_the_first_run_event_of_the_turn() -> None:
    r = play(RECORDS, ["play:lobby_crash", "continue", "yes", "install:sleeve_blade"],
             corp=corp(score_area=["better_citizen_program"]),
             runner=runner(hand=["lobby_crash", "sleeve_blade"], clicks=2))  # fmt: skip
    g = r.game
    assert g.runner.tags == 1 and ids(g.runner.rig) == ["sleeve_blade"]


def test_city_works_project_is_installed_face_up_and_hurts_when_accessed() -> None:
    r = play(RECORDS, ["install:city_works_project@new"], active="corp", corp=corp(hand=["city_works_project"], clicks=1),
             runner=runner())  # fmt: skip
    assert one(r, r.game.servers["remote1"].root, "city_works_project").rezzed
    r = play(RECORDS, ["run:remote1", "continue"],
             corp=scoring("city_works_project", 1), runner=runner(hand=["spark_of_insight"] * 4, clicks=1))
    g = r.game
    assert len(g.runner.hand) == 1 and ids(g.runner.score_area) == ["city_works_project"]


def test_degree_mill_costs_two_installed_cards_to_steal() -> None:
    r = play(RECORDS, ["run:remote1", "continue", "steal:degree_mill", "cog_key", "signal_relay"], corp=scoring("degree_mill", 0),
             runner=runner(rig=[{"card": "cog_key"}, {"card": "signal_relay"}, {"card": "garage_lab"}], clicks=1))
    g = r.game
    assert ids(g.runner.score_area) == ["degree_mill"] and ids(g.runner.rig) == ["garage_lab"]
    assert sorted(ids(g.runner.deck)) == ["cog_key", "signal_relay", *["spark_of_insight"] * 4]


def test_ikawah_project_costs_a_click_and_two_credits_to_steal() -> None:
    r = play(RECORDS, ["run:remote1", "continue", "steal:ikawah_project"], corp=scoring("ikawah_project", 0),
             runner=runner(clicks=3))  # fmt: skip
    g = r.game
    assert ids(g.runner.score_area) == ["ikawah_project"] and g.runner.clicks == 1 and g.runner.credits == 3


def test_remote_enforcement_installs_and_rezzes_ice_from_rnd() -> None:
    r = play(RECORDS, ["score:remote_enforcement", "yes"], active="corp",
             corp=scoring("remote_enforcement", 4, deck=["weyland_slag_rampart", "neutral_emergency_audit"]),
             runner=runner())  # fmt: skip
    g = r.game
    ice = one(r, g.servers["remote2"].ice, "weyland_slag_rampart")
    assert ice.rezzed and g.corp.credits == 5


def test_viral_weaponization_hurts_at_the_end_of_the_scoring_turn() -> None:
    r = play(RECORDS, ["score:viral_weaponization"], active="corp", corp=scoring("viral_weaponization", 4, clicks=0),
             runner=runner(hand=["spark_of_insight"] * 3))  # fmt: skip
    g = r.game
    assert g.turns == 2 and not g.runner.hand and [e["amount"] for e in events(r, "damage")] == [3]


# ================================================================ corp operations


def test_death_and_taxes_pays_for_runner_installs_and_trashes() -> None:
    r = play(RECORDS, ["play:death_and_taxes", "install:cog_key", "yes", "run:remote1", "continue",
                       "trash:neutral_records_vault", "yes"],
             active="corp", corp=corp(hand=["death_and_taxes"], clicks=1,
                                      servers={"remote1": {"root": [rezzed("neutral_records_vault")]}}),
             runner=runner(hand=["cog_key"], credits=8))  # fmt: skip
    g = r.game
    assert g.corp.credits == 5 and [c.id for c in g.in_play] == ["death_and_taxes"]


def test_distract_the_masses_cleans_up_and_leaves_the_game() -> None:
    r = play(RECORDS, ["play:distract_the_masses", "neutral_plywood_screen", "done", "hb_lattice_gate", "done"],
             active="corp", corp=corp(hand=["distract_the_masses", "neutral_plywood_screen", "neutral_board_resolution"],
                                      discard=["hb_lattice_gate", "neutral_checksum_gate"], clicks=1),
             runner=runner())  # fmt: skip
    g = r.game
    assert g.runner.credits == 7 and ids(g.removed) == ["distract_the_masses"]
    assert "hb_lattice_gate" in ids(g.corp.deck) + ids(g.corp.hand) and "neutral_plywood_screen" in ids(g.corp.discard)


def runner_turn_then(corp_decisions: list[str], runner_decisions: list[str], **fields: Any) -> Any:
    """The runner's turn (``runner_decisions``, one click), then the corp's (``corp_decisions``)."""
    return play(RECORDS, [*runner_decisions, *corp_decisions], corp=corp(**fields.pop("corp", {})),
                runner=runner(clicks=1, **fields.pop("runner", {})))  # fmt: skip


def test_economic_warfare_after_a_successful_run() -> None:
    r = runner_turn_then(["play:economic_warfare"], ["run:hq", "continue"], corp={"hand": ["economic_warfare"]})
    assert r.game.runner.credits == 1
    r = play(RECORDS, [], active="corp", corp=corp(hand=["economic_warfare"]), runner=runner())
    assert not [label for label in labels(r) if label.startswith("play:economic_warfare")]


def test_genotyping_mills_rnd_and_recycles_archives() -> None:
    r = play(RECORDS, ["play:genotyping", "hb_lattice_gate", "done"], active="corp",
             corp=corp(hand=["genotyping"], discard=["hb_lattice_gate"], clicks=1), runner=runner())  # fmt: skip
    g = r.game
    assert ids(g.removed) == ["genotyping"] and len(g.corp.discard) == 2 and "hb_lattice_gate" not in ids(g.corp.discard)


def test_high_profile_target_hits_twice_per_tag() -> None:
    r = play(RECORDS, ["play:high_profile_target"], active="corp", corp=corp(hand=["high_profile_target"], clicks=1),
             runner=runner(tags=2, hand=["spark_of_insight"] * 5))  # fmt: skip
    assert len(r.game.runner.hand) == 1


def test_kill_switch_traces_when_an_agenda_is_scored() -> None:
    r = play(RECORDS, ["play:kill_switch", "score:neutral_board_resolution", "pay:0"], active="corp",
             corp=scoring("neutral_board_resolution", 4, hand=["kill_switch"], credits=1, clicks=1),
             runner=runner(hand=["spark_of_insight"]))  # fmt: skip
    g = r.game
    assert g.runner.brain_damage == 1 and [c.id for c in g.in_play] == ["kill_switch"]


def test_kill_switch_reveals_and_traces_an_agenda_accessed_in_rnd() -> None:
    r = play(RECORDS, ["play:kill_switch", "run:rnd", "continue", "pay:0", "pay:0"], active="corp",
             corp=corp(hand=["kill_switch"], clicks=1, deck=["neutral_board_resolution", "neutral_plywood_screen"]),
             runner=runner(hand=["spark_of_insight"], clicks=1))  # fmt: skip
    g = r.game
    assert g.runner.brain_damage == 1 and events(r, "reveal") and ids(g.runner.score_area) == ["neutral_board_resolution"]
    assert not g.in_play  # the stolen agenda ended the current


def test_market_forces_takes_three_credits_a_tag() -> None:
    r = play(RECORDS, ["play:market_forces"], active="corp", corp=corp(hand=["market_forces"], clicks=1),
             runner=runner(tags=1))  # fmt: skip
    assert r.game.runner.credits == 2 and r.game.corp.credits == 8


def test_reverse_infection_purges_and_mills() -> None:
    r = play(RECORDS, ["play:reverse_infection", "purge"], active="corp",
             corp=corp(hand=["reverse_infection"], clicks=1),
             runner=runner(rig=[{"card": "static_spore", "counters": {"virus": 3}}]))  # fmt: skip
    g = r.game
    assert not one(r, g.runner.rig, "static_spore").counters and len(g.runner.discard) == 1


def trashed_last_turn(corp_decisions: list[str], hand: list[str], **runner_fields: Any) -> Any:
    """The runner trashes a corp card in its turn, then the corp plays."""
    return play(RECORDS, ["run:remote1", "continue", "trash:neutral_records_vault", *corp_decisions],
                corp=corp(hand=hand, servers={"remote1": {"root": [rezzed("neutral_records_vault")]}}),
                runner=runner(clicks=1, **runner_fields))  # fmt: skip


def test_riot_suppression_costs_the_runner_clicks_or_brain() -> None:
    r = trashed_last_turn(["play:riot_suppression", "no"], ["riot_suppression"])
    g = r.game
    assert g.next_turn_clicks == {"runner": -3} and ids(g.removed) == ["riot_suppression"]


def test_threat_assessment_stacks_a_card_or_tags() -> None:
    r = trashed_last_turn(["play:threat_assessment", "stack"], ["threat_assessment"], rig=[{"card": "cog_key"}])
    g = r.game
    assert not g.runner.rig and g.runner.deck[-1].id == "cog_key" and ids(g.removed) == ["threat_assessment"]


def test_wake_up_call_trashes_hardware_or_hurts() -> None:
    r = trashed_last_turn(["play:wake_up_call", "trash"], ["wake_up_call"], rig=[{"card": "signal_relay"}])
    g = r.game
    assert not g.runner.rig and "signal_relay" in ids(g.runner.discard) and ids(g.removed) == ["wake_up_call"]


def test_self_growth_program_returns_two_cards() -> None:
    r = play(RECORDS, ["play:self_growth_program", "cog_key"], active="corp",
             corp=corp(hand=["self_growth_program"], clicks=1),
             runner=runner(tags=1, rig=[{"card": "cog_key"}, {"card": "signal_relay"}]))  # fmt: skip
    assert sorted(ids(r.game.runner.hand)) == ["cog_key", "signal_relay"]


def test_standard_procedure_counts_the_named_type_in_the_grip() -> None:
    r = runner_turn_then(["play:standard_procedure", "event"], ["run:hq", "continue"],
                         corp={"hand": ["standard_procedure"]},
                         runner={"hand": ["spark_of_insight", "spark_of_insight", "cog_key"]})  # fmt: skip
    assert r.game.corp.credits == 9


def test_trojan_horse_trashes_a_program_within_the_margin() -> None:
    r = runner_turn_then(["play:trojan_horse", "pay:0", "pay:0"], ["run:hq", "continue"], corp={"hand": ["trojan_horse"]},
                         runner={"rig": [{"card": "cog_key"}]})  # fmt: skip
    assert ids(r.game.runner.discard) == ["cog_key"]


def test_ngo_front_cashes_in_its_counters() -> None:
    r = play(RECORDS, ["use:ngo_front/2"], active="corp", runner=runner(),
             corp=corp(clicks=1, servers={"remote1": {"root": [rezzed("ngo_front", counters={"advancement": 2})]}}))
    assert r.game.corp.credits == 13 and ids(r.game.corp.discard) == ["ngo_front"]


def test_technoco_taxes_and_pays_for_runner_installs() -> None:
    r = play(RECORDS, ["install:cog_key", "yes"], runner=runner(hand=["cog_key"], clicks=1),
             corp=corp(servers={"remote1": {"root": [rezzed("technoco")]}}))  # fmt: skip
    assert r.game.runner.credits == 0 and r.game.corp.credits == 6


# ================================================================ runner programs on HQ and R&D runs


def test_wari_bounces_exposed_ice_of_the_named_subtype() -> None:
    corp_ = corp(servers={"rnd": {"ice": [{"card": "hb_lattice_gate"}]}})
    r = play(RECORDS, ["run:hq", "continue", "yes", "code_gate"], corp=corp_, runner=runner(rig=[{"card": "wari"}]))
    g = r.game
    assert ids(g.corp.hand) == ["hb_lattice_gate"] and ids(g.runner.discard) == ["wari"] and events(r, "exposed")


def test_rng_key_pays_for_a_right_number() -> None:
    r = play(RECORDS, ["run:rnd", "continue", "yes", "0", "credits"], corp=corp(),
             runner=runner(rig=[{"card": "rng_key"}], clicks=1))  # fmt: skip
    assert r.game.runner.credits == 8 and events(r, "reveal")


# ================================================================ identities


def test_419_exposes_the_corp_first_install_unless_paid() -> None:
    r = play(RECORDS, ["install:neutral_records_vault@new", "yes", "no"], active="corp",
             corp=corp(hand=["neutral_records_vault"], clicks=1),
             runner=runner(identity="419_amoral_scammer"))  # fmt: skip
    assert events(r, "exposed")
    r = play(RECORDS, ["install:neutral_records_vault@new", "yes", "yes"], active="corp",
             corp=corp(hand=["neutral_records_vault"], clicks=1),
             runner=runner(identity="419_amoral_scammer"))  # fmt: skip
    assert not events(r, "exposed") and r.game.corp.credits == 4


def test_asa_group_installs_a_second_card_in_the_same_server() -> None:
    r = play(RECORDS, ["install:neutral_records_vault@new", "neutral_central_auditor"], active="corp",
             corp=corp(identity="asa_group_security_through_vigilance",
                       hand=["neutral_records_vault", "neutral_central_auditor"], clicks=1),
             runner=runner())  # fmt: skip
    assert sorted(ids(r.game.servers["remote1"].root)) == ["neutral_central_auditor", "neutral_records_vault"]


def test_azmari_edtech_pays_for_the_named_type() -> None:
    r = play(RECORDS, ["yes", "program", "install:cog_key"], active="corp",
             corp=corp(identity="azmari_edtech_shaping_the_future", clicks=0),
             runner=runner(hand=["cog_key"]))  # fmt: skip
    assert r.game.corp.credits == 7


def test_freedom_khumalo_trashes_an_accessed_card_with_virus_counters() -> None:
    r = play(RECORDS, ["run:hq", "continue", "yes"], corp=corp(hand=["neutral_records_vault"]),
             runner=runner(identity="freedom_khumalo_crypto_anarchist",
                           rig=[{"card": "static_spore", "counters": {"virus": 1}}], clicks=1))  # fmt: skip
    g = r.game
    assert ids(g.corp.discard) == ["neutral_records_vault"] and not one(r, g.runner.rig, "static_spore").counters


def test_kabonesa_wu_installs_a_program_for_the_turn() -> None:
    r = play(RECORDS, ["use:kabonesa_wu_netspace_thrillseeker/0", "cog_key"],
             runner=runner(identity="kabonesa_wu_netspace_thrillseeker", deck=["cog_key", "spark_of_insight"],
                           clicks=1))  # fmt: skip
    g = r.game
    assert g.runner.credits == 2 and ids(g.removed) == ["cog_key"] and not g.runner.rig


def test_sso_industries_advances_ice_for_face_up_agendas() -> None:
    r = play(RECORDS, ["install:city_works_project@new", "neutral_plywood_screen"], active="corp",
             corp=corp(identity="sso_industries_fueling_innovation", hand=["city_works_project"], clicks=1,
                       servers={"hq": {"ice": [{"card": "neutral_plywood_screen"}]}}),
             runner=runner())  # fmt: skip
    assert one(r, r.game.servers["hq"].ice, "neutral_plywood_screen").advancement == 3
