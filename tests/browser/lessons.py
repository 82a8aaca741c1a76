"""Every lesson page and what a person does on it, as data: one row per notebook.

A row says which controls to move or press and what must follow (which charts change, which
text appears, which log grows), plus the screenshots to keep. ``test_lessons.py`` opens each page
once, checks it renders offline, then runs the row. A new lesson is a new row; a lesson in
another language is a row with that language's texts.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .pagekit import (
    Back,
    Choose,
    Click,
    Land,
    Marked,
    Matches,
    Play,
    Repeat,
    Shot,
    Shows,
    Slide,
    Step,
    StepUntilChanged,
    Type,
)


@dataclass(frozen=True)
class Lesson:
    notebook: str  # under notebooks/
    steps: tuple[Step, ...] = ()
    opens: tuple[Step, ...] = ()  # what must hold as soon as the page is ready


def fig(name: str) -> str:
    """The box around a chart (``widgets.common.boxed(fig, "<game>-fig-<name>")``)."""
    return f".{name.split('-')[0]}-fig-{'-'.join(name.split('-')[1:])}"


CHECK_SAID = ".check-cnw1-two-links .check-feedback"  # a check's feedback (widgets/kit/check.py)
LQ_SAID = ".check-logiquo1-half .check-feedback"
LQ3_SAID = ".check-logiquo3-winner .check-feedback"
LQ4_SAID = ".check-logiquo4-tenth .check-feedback"
LQ2_SAID = ".check-logiquo2-even .check-feedback"
LQ4G_SAID = ".check-logiquo4-gain .check-feedback"
LQ5_SAID = ".check-lq5-ig1-stops .check-feedback"
CNW6_SAID = ".check-cnw6-opener-share .check-feedback"
AW2_SAID = ".check-aw2-carrier-damage .check-feedback"
CNW4_SAID = ".check-cnw4-strike .check-feedback"
AW5_SAID = ".check-aw5-games-needed .check-feedback"
AW3_SAID = ".check-aw3-predict .check-feedback"
RAILS5_SAID = ".check-rails5-random-tickets .check-feedback"

LESSONS: tuple[Lesson, ...] = (
    Lesson("index.ipynb"),
    # ---------------------------------------------------------------- For teachers (issue #14)
    *(
        Lesson(
            f"teachers/{game}.ipynb",
            (
                Click(
                    ".teachers-notes-toggle",
                    shows=(".teachers-notes", "§"),  # the rulebook notes unfold
                ),
            ),
        )
        for game in ("airwar", "cnw", "logiquo", "rails")
    ),
    *(
        Lesson(
            f"teachers/{game}_worksheets.ipynb",
            (Click(".teachers-prepare", shows=(".teachers-view", "Worksheet ·")),),
        )
        for game in ("airwar", "cnw", "logiquo", "rails")
    ),
    # ---------------------------------------------------------------- AirWar: Pacific!
    Lesson(
        "airwar/01_cards_and_capacity.ipynb",
        (
            Shows(".airwar-tiles", "Air-to-Air"),
            Choose(".airwar-side", 1, charts=(fig("airwar-scatter"),)),
            # the calculator's lines and chart stay veiled until the prediction (aw1-predict)
            Shows(".airwar-capacity .check-veil", "Make your prediction first"),
            Type(".check-aw1-predict .check-number", "6"),
            Click(
                ".check-aw1-predict .check-submit",
                shows=(".check-aw1-predict .check-feedback", "the exact value is 3"),
            ),
            Choose(".airwar-cap-bases", (0, 2), charts=(fig("airwar-capacity"),)),
            Shot("airwar__01_browser", ".airwar-browser"),
            Shot("airwar__01_after_controls"),
        ),
    ),
    Lesson(
        "airwar/02_a_raid_step_by_step.ipynb",
        (
            StepUntilChanged(".airwar-raid-next", fig("airwar-raid"), ".airwar-raid-explain"),
            Shows(".airwar-raid-explain", "Step"),
            Shows(".airwar-raid-explain", "§"),
            Shot("airwar__02_raid"),
            # the Carrier stage's prediction: its raid's chart is veiled until a number is
            # committed; a wrong one is told the gap and the doubled Carrier attack (§Portaerei)
            Shows(".airwar-raid .check-veil", "Make your prediction first"),
            Type(".check-aw2-predict .check-number", "4"),
            Click(
                ".check-aw2-predict .check-submit",
                shows=(".check-aw2-predict .check-feedback", "the exact value is 8"),
            ),
            # the Carrier stage's check: a wrong damage gets a hint, Show me plays the carrier
            # raid to its end and explains the doubled Carrier attack
            Type(".check-aw2-carrier-damage .check-number", "1"),
            Click(".check-aw2-carrier-damage .check-submit", shows=(AW2_SAID, "Not yet")),
            Click(".check-aw2-carrier-damage .check-show", shows=(AW2_SAID, "×2")),
            Shows(".check-score:not(.kit-review .check-score)", "2 of"),
            Shot("element__airwar_check", ".check-aw2-carrier-damage"),
        ),
    ),
    Lesson(
        "airwar/03_odds_of_interception.ipynb",
        (
            # the pick curve stays veiled until a prediction (widgets.kit.check_kinds.Predict)
            Shows(".airwar-odds .check-veil", "Make your prediction first"),
            Type(".check-aw3-predict .check-number", "80"),
            Click(".check-aw3-predict .check-submit", shows=(AW3_SAID, "the exact value is 70%")),
            Slide(".airwar-odds-bombers", "ArrowRight", 1, charts=(fig("airwar-pick"),)),
            Slide(".airwar-odds-k", "ArrowRight", 1, charts=(fig("airwar-damage"),)),
            Click(
                ".airwar-odds-run",
                charts=(fig("airwar-pick"),),
                shows=(".airwar-odds-mc", "simulated"),
            ),
            Shot("airwar__03_after_controls"),
        ),
    ),
    Lesson(
        "airwar/04_play.ipynb",
        (
            Play("airwar", moves=4),
            Shot("airwar__04_my_turn", ".airwar-table"),
            Back("airwar"),
            Shot("airwar__04_after_actions"),
        ),
    ),
    Lesson(
        "airwar/05_strategy.ipynb",
        (
            # what more games buy: veiled until the interval at 100,000 games is predicted
            Type(".check-aw5-predict .check-number", "3"),
            Click(
                ".check-aw5-predict .check-submit",
                shows=(".check-aw5-predict .check-feedback", "the exact value is 0.3"),
            ),
            Shows(".kit-intervals-text", "100,000 games"),
            Type(".airwar-strategy-games", "5"),
            Click(
                ".airwar-strategy-run",
                charts=(fig("airwar-turns"),),
                shows=(".airwar-strategy-summary", "5 seeded games"),
            ),
            Shot("airwar__05_after_run"),
            # the study's check: a wrong number of games gets a hint, the right one the reasoning
            Type(".check-aw5-games-needed .check-number", "1000"),
            Click(".check-aw5-games-needed .check-submit", shows=(AW5_SAID, "Not yet")),
            Type(".check-aw5-games-needed .check-number", "38400"),
            Click(".check-aw5-games-needed .check-submit", shows=(AW5_SAID, "Right")),
            Shows(".check-score:not(.kit-review .check-score)", "2 of"),
        ),
    ),
    Lesson(
        "airwar/06_the_real_campaign.ipynb",
        (
            # the timeline is veiled until the longest campaign is predicted (aw6-predict);
            # then the seeded table played on: the timeline's counts change; a campaign's tiles
            # carry the cards' historical notes
            Click(".check-aw6-predict .check-choice input[type='radio'] >> nth=0"),
            Click(
                ".check-aw6-predict .check-submit",
                shows=(".check-aw6-predict .check-feedback", "Rabaul"),
            ),
            Slide(".airwar-history-turns", "ArrowRight", 4, charts=(".airwar-history-timeline",)),
            Choose(".airwar-history-campaign", 2),  # Midway, third to begin
            Shows(".airwar-history-tiles", "Torpedo Squadron 8"),
            Shot("airwar__06_after_turns"),
            Click(
                ".check-aw6-recalled .check-show",
                shows=(".check-aw6-recalled .check-feedback", "The answer"),
            ),
            Shows(".check-score:not(.kit-review .check-score)", "2 of"),
        ),
    ),
    # ---------------------------------------------------------------- CNW
    Lesson(
        "cnw/01_board_and_dice.ipynb",
        (
            # one roll (§7.2): the chart stays veiled until the prediction (cnw1-roll-predict)
            Type(".check-cnw1-roll-predict .check-number", "7.2"),
            Click(
                ".check-cnw1-roll-predict .check-submit",
                shows=(".check-cnw1-roll-predict .check-feedback", "the exact value is 13.8%"),
            ),
            # fewer defenders change the single-roll chart
            Slide(".cnw-defenders", "ArrowLeft", 2, charts=(fig("cnw-roll"),)),
            Shot("cnw__01_after_slider"),
            Choose(".cnw-gateway-select", "WAW"),
            Shows(".cnw-gateway-info", "SVO"),
            Marked(".cnw-board-map", 2),
            Click(".cnw-view-toggle", nth=1, charts=(".cnw-board-map",)),
            Shot("cnw__01_schematic_waw"),
            Shot("element__cnw_map_schematic", ".cnw-board-map"),
            # a check answered in the page: WAW (chosen on the map above) has more than two links
            Click(".check-cnw1-two-links .check-submit", shows=(CHECK_SAID, "Not yet")),
            Click(".check-cnw1-two-links .check-show", charts=(fig("cnw-map"),)),
            Shows(CHECK_SAID, "The answer"),
            Shows(".check-score", "2 of"),
            Shot("element__cnw_check", ".check-cnw1-two-links"),
        ),
        opens=(Land(".cnw-board-map", ".geo .layer.bg path, .geo path.land, .geo .land"),),
    ),
    Lesson(
        "cnw/02_battles.ipynb",
        (
            # more attackers move the conquest curve (the single roll keeps its 3 attack dice)
            Slide(".cnw-attackers", "ArrowRight", 4, charts=(fig("cnw-curve"),)),
            Shot("cnw__02_after_slider"),
            Shot("element__cnw_battle", ".cnw-panel-battle"),
            Click(".cnw-roll"),
            Matches(".cnw-dice", "[⚀⚁⚂⚃⚄⚅]"),
        ),
    ),
    Lesson(
        "cnw/03_shipments_and_delivery_chains.ipynb",
        (
            Choose(".cnw-shipment-select", 5, charts=(fig("cnw-corridor"),)),
            Click(".cnw-all-hubs", charts=(fig("cnw-hops"),)),
            Click(".cnw-deck-by", nth=1, charts=(fig("cnw-deck"),)),
            Shot("cnw__02_after_controls"),
        ),
    ),
    Lesson(
        "cnw/04_setup.ipynb",
        (
            # the placement round (§4 step 5): the plans' table is veiled until the prediction
            # (cnw3-best-plan); "show me" reveals it; another plan repaints the map and the tables
            Shows(".cnw-place-deal", "pawns left to place"),
            Click(".check-cnw3-best-plan .check-show", shows=(".cnw-place-plans-table", "Spread")),
            Click(".cnw-place-plan", nth=3, charts=(fig("cnw-placement"),)),
            Shows(".cnw-place-plans-table", "One stack"),
            Shot("element__cnw_placement", ".cnw-placement"),
        ),
    ),
    Lesson(
        "cnw/05_a_turn_step_by_step.ipynb",
        (
            # the step's text and log are veiled until the prediction (cnw3-base-predict)
            Type(".check-cnw3-base-predict .check-number", "14"),
            Click(
                ".check-cnw3-base-predict .check-submit",
                shows=(".check-cnw3-base-predict .check-feedback", "the exact value is"),
            ),
            Repeat(3, (Click(".cnw-turn-next", grows=".cnw-turn-log li"),), (fig("cnw-turn"),)),
            Shows(".cnw-turn-explain", "Last step"),
            Shot("cnw__05_after_steps"),
            # elimination (§7.5): the last gateway falls, the cards change hands
            Click(".cnw-elim-attack", shows=(".cnw-elim-story", "is out")),
            Shot("element__cnw_elimination", ".cnw-elimination"),
        ),
    ),
    Lesson(
        "cnw/06_gateway_cards_and_imprevisti.ipynb",
        (
            # three Air Charter cards make a tris (§9.1); the hand slider moves the exact odds
            Click(".cnw-card-ANC"),
            Click(".cnw-card-ORD"),
            Click(".cnw-card-MIA", shows=(".cnw-tris-result", "+8")),
            # the tris chart stays veiled until a prediction (issue #25): 20% counts one kind only
            Shows(".cnw-odds-panel .check-veil", "Make your prediction first"),
            Type(".check-cnw4-predict-tris .check-number", "20"),
            Click(
                ".check-cnw4-predict-tris .check-submit",
                shows=(".check-cnw4-predict-tris .check-feedback", "the exact value is 33.4%"),
            ),
            Slide(".cnw-tris-k", "ArrowRight", 1, charts=(fig("cnw-tris"),)),
            Shows(".cnw-tris-odds", "77.8%"),
            Shot("element__cnw_cards", ".cnw-deck-panel"),
            Shot("element__cnw_tris_odds", ".cnw-odds-panel"),
            # the Imprevisti (§9.2): more draws move the markers; a check's "show me"
            Slide(".cnw-imp-draws", "ArrowRight", 2, charts=(fig("cnw-often"),)),
            Click(".check-cnw4-strike .check-show", shows=(CNW4_SAID, "§7.3")),
            Shot("element__cnw_imprevisti", ".cnw-imp-panel"),
            Shot("element__cnw_imprevisti_often", ".cnw-often-panel"),
        ),
    ),
    Lesson(
        "cnw/07_network_objectives.ipynb",
        (
            # the heatmap and its line stay veiled until the §11.1 prediction (issue #25)
            Shows(".cnw-objectives .check-veil", "Make your prediction first"),
            Type(".check-cnw4-predict-self .check-number", "0"),
            Click(
                ".check-cnw4-predict-self .check-submit",
                shows=(".check-cnw4-predict-self .check-feedback", "the exact value is"),
            ),
            # the objectives (§11): another card paints its targets on the map
            Choose(".cnw-obj-card", 6, charts=(fig("cnw-obj-map"),)),
            Shows(".cnw-obj-info", "still to take"),
            Shot("cnw__07_objectives", ".cnw-objectives"),
        ),
        opens=(Land(fig("cnw-obj-map")),),
    ),
    Lesson(
        "cnw/08_play.ipynb",
        (
            # starting pawns (§4 step 5): choose a gateway of yours, press Go
            Repeat(
                3,
                (Choose(".cnw-source-select"), Click(".cnw-go", grows=".cnw-log li")),
                (fig("cnw-table"),),
            ),
            Shows(".cnw-log", "place a pawn"),
            Click(".cnw-finish", grows=".cnw-log li", by=50, shows=(".cnw-status", "Game over")),
            Shot("cnw__08_play"),
        ),
        opens=(Land(fig("cnw-table")),),
    ),
    Lesson(
        "cnw/09_strategy_lab.ipynb",
        (
            Shows(".kit-intervals-text", "100,000 games"),  # what more games buy
            Type(".cnw-lab-games", "5"),
            # the opener's share is predicted before the seat chart and the summary show it
            # (issue #25): committing it runs the 5 games, then the summary is there
            Shows(".cnw-strategy-lab .check-veil", "Make your prediction first"),
            Type(".check-cnw6-opener-share .check-number", "33"),
            Click(
                ".check-cnw6-opener-share .check-submit",
                charts=(fig("cnw-victory"),),
                shows=(CNW6_SAID, "the exact value is"),
            ),
            Shows(".cnw-lab-result", "5 games"),
            Click(".cnw-lab-players", charts=(fig("cnw-sweep"),)),
            Shot("cnw__09_after_run"),
        ),
    ),
    Lesson(
        "cnw/10_the_real_network.ipynb",
        (
            # Energy: its deadlines differ from Aerospace/AOG's (Semiconductor's are the same)
            Click(".cnw-real-sector", nth=5, charts=(fig("cnw-real-deadlines"),)),
            # the designs table and the hops chart stay veiled until the prediction (issue #25)
            Type(".check-cnw7-hub-hops .check-number", "3"),
            Click(
                ".check-cnw7-hub-hops .check-submit",
                shows=(".check-cnw7-hub-hops .check-feedback", "the exact value is 2.27"),
            ),
            # the prediction put hub-and-spoke on the map: the bridged board, then back
            Click(".cnw-real-network", nth=1, charts=(fig("cnw-real-hops"),)),
            Click(".cnw-real-network", nth=2, charts=(fig("cnw-real-hops"),)),
            # on hub-and-spoke, losing the hub with most spokes cuts corridors off
            Choose(".cnw-real-lost", "DXB", charts=(fig("cnw-real-loss"),)),
            Shows(".cnw-real-loss-info", "Hub-and-spoke"),
            Shot("cnw__10_after_loss"),
            Click(
                ".check-cnw7-worst-loss .check-show",
                shows=(".check-cnw7-worst-loss .check-feedback", "The answer"),
            ),
            Shows(".check-score:not(.kit-review .check-score)", "2 of"),  # and the prediction
        ),
    ),
    # ---------------------------------------------------------------- Logiquo CyberGame
    Lesson(
        "logiquo/01_threats_and_controls.ipynb",
        (
            Choose(".logiquo-kind", 1, charts=(fig("logiquo-count"),)),
            Shows(".logiquo-card-face", "CIS Controls v8"),
            Click(".logiquo-order", nth=2, charts=(fig("logiquo-heatmap"),)),
            Choose(".logiquo-threat-pick", 9, charts=(fig("logiquo-network"),)),
            # a prediction (issue #25): the cover chart stays veiled until it is made; 3 picks are
            # too few, and the prediction reveals the chart with the gap
            Shows(".logiquo-panel-cover .check-veil", "Make your prediction first"),
            Type(".check-logiquo1-half .check-number", "3"),
            Click(".check-logiquo1-half .check-submit", shows=(LQ_SAID, "the exact value is")),
            Slide(".logiquo-budget", "ArrowRight", 3, charts=(fig("logiquo-cover"),)),
            Shows(".check-score", "1 of"),
            Shot("element__logiquo_check", ".check-logiquo1-half"),
            Shot("logiquo__01_heatmap", fig("logiquo-heatmap")),
            Shot("logiquo__01_network", fig("logiquo-network")),
            Shot("logiquo__01_after_controls"),
        ),
    ),
    Lesson(
        "logiquo/02_odds_of_defense.ipynb",
        (
            # the hand curve stays veiled until the even-chance prediction (issue #25)
            Shows(".logiquo-panel-hand .check-veil", "Make your prediction first"),
            Type(".check-logiquo2-even .check-number", "6"),
            Click(".check-logiquo2-even .check-submit", shows=(LQ2_SAID, "the exact value is")),
            Slide(".logiquo-players", "ArrowRight", 2, charts=(fig("logiquo-hand"),)),
            Slide(".logiquo-threats", "ArrowLeft", 30, charts=(fig("logiquo-chain"),)),
            Click(
                ".logiquo-mc-run",
                charts=(fig("logiquo-hand"),),
                shows=(".logiquo-mc-result", "99.9%"),
            ),
            Shot("logiquo__02_after_controls"),
        ),
    ),
    Lesson(
        "logiquo/03_play_together.ipynb",
        (
            Play("logiquo", moves=4),
            Shot("logiquo__03_my_turn", ".logiquo-table"),
            Back("logiquo"),
            Shot("logiquo__03_after_actions"),
            # §Fine del Gioco: the same seed played on to the end of the deck eliminates players
            Click(".logiquo-ending-mode", nth=1, shows=(".logiquo-ending-result", "eliminated")),
            Click(".check-logiquo3-winner .check-show", shows=(LQ3_SAID, "The answer")),
            Shows(".logiquo-ending-result", "★ winner"),
            Shot("element__logiquo_ending", ".logiquo-ending"),
        ),
    ),
    Lesson(
        "logiquo/04_strategy_lab.ipynb",
        (
            Shows(".kit-intervals-text", "100,000 games"),  # what more games buy
            # the turns chart stays veiled until the prediction of where gifts add more turns
            Shows(".logiquo-strategy .check-veil", "Make your prediction first"),
            Click(".check-logiquo4-gain .check-choice input[type='radio'] >> nth=1"),
            Click(".check-logiquo4-gain .check-submit", shows=(LQ4G_SAID, "You said")),
            Type(".logiquo-strategy-games", "5"),
            Click(
                ".logiquo-strategy-run",
                charts=(fig("logiquo-turns"),),
                shows=(".logiquo-strategy-summary", "5 games per policy"),
            ),
            Shot("logiquo__04_after_run"),
            # the free rider (§Obiettivo): the same deals with the first seat selfish
            Type(".logiquo-free-rider-games", "5"),
            Click(
                ".logiquo-free-rider-run",
                charts=(fig("logiquo-free-rider"),),
                shows=(".logiquo-free-rider-summary", "5 games per table"),
            ),
            # the study's check: a wrong number of games gets a hint, "show me" the reasoning
            Type(".check-logiquo4-tenth .check-number", "1000"),
            Click(".check-logiquo4-tenth .check-submit", shows=(LQ4_SAID, "Not yet")),
            Click(".check-logiquo4-tenth .check-show", shows=(LQ4_SAID, "The answer")),
            Shows(".check-score:not(.kit-review .check-score)", "2 of"),  # and the prediction
        ),
    ),
    Lesson(
        "logiquo/05_the_real_threat_model.ipynb",
        (
            Choose(".logiquo-real-category", "Social", charts=(".logiquo-real-chain",)),
            # the IG chart and its summary stay veiled until the IG1 prediction (issue #25)
            Shows(".logiquo-real-coverage .check-veil", "Make your prediction first"),
            Type(".check-lq5-ig1-stops .check-number", "21"),
            Click(".check-lq5-ig1-stops .check-submit", shows=(LQ5_SAID, "the exact value is")),
            Click(".logiquo-real-ig", nth=1, charts=(".logiquo-real-igchart",)),
            Shows(".logiquo-real-ig-summary", "IG2"),
            Click(".logiquo-real-preset-1", charts=(".logiquo-real-profile",)),
            Shot("logiquo__05_after_ig1"),
            Shows(".check-score:not(.kit-review .check-score)", "1 of"),
        ),
    ),
    # ---------------------------------------------------------------- Rails across the USA
    Lesson(
        "rails/01_the_map_as_a_graph.ipynb",
        (
            Click(".rails-measure", nth=2, charts=(fig("rails-map"),)),
            # the corridors' slider and chart stay veiled until the prediction (issue #25)
            Shows(".rails-corridor-panel .check-veil", "Make your prediction first"),
            Type(".check-rails1-top-doubles .check-number", "5"),
            Click(
                ".check-rails1-top-doubles .check-submit",
                shows=(".check-rails1-top-doubles .check-feedback", "the exact value is"),
            ),
            Slide(".rails-corridors", "ArrowRight", 5, charts=(fig("rails-map"),)),
            Shot("rails__01_map_betweenness", fig("rails-map")),
            Shot("rails__01_after_controls"),
        ),
        opens=(Land(fig("rails-map")),),
    ),
    Lesson(
        "rails/02_cards_and_odds.ipynb",
        (
            Slide(".rails-locos", "ArrowRight", 1, charts=(fig("rails-ready"),)),
            # the wipe's sentence and chart stay veiled until the prediction (issue #25)
            Shows(".rails-wipe-view .check-veil", "Make your prediction first"),
            Type(".check-rails2-wipe-rows .check-number", "5"),
            Click(
                ".check-rails2-wipe-rows .check-submit",
                shows=(".check-rails2-wipe-rows .check-feedback", "the exact value is"),
            ),
            Slide(".rails-deck-locos", "ArrowLeft", 3, charts=(fig("rails-wipe"),)),
            Click(".rails-mc-run", shows=(".rails-mc-result", "95%")),
            Shot("rails__02_after_controls"),
        ),
    ),
    Lesson(
        "rails/03_tickets_and_longest_path.ipynb",
        (
            Choose(".rails-ticket-select", 4, charts=(fig("rails-ticket"),)),
            Slide(".rails-trail-step", "ArrowLeft", 2, charts=(fig("rails-trail"),)),
            Shot("rails__03_after_controls"),
        ),
    ),
    Lesson(
        "rails/04_play.ipynb",
        (
            # the deal's view jumps to the first turn; a check answered wrong, then shown
            Click(".rails-turn-moment", nth=1, shows=(".rails-turn-info", "payable now")),
            Type(".check-rails4-pile", "1"),
            Click(
                ".check-rails4-pile .check-submit",
                shows=(".check-rails4-pile .check-feedback", "Not yet"),
            ),
            Click(
                ".check-rails4-pile .check-show",
                shows=(".check-rails4-pile .check-feedback", "The answer"),
            ),
            Shows(".check-score:not(.kit-review .check-score)", "1 of"),
            Shot("element__rails_check", ".check-rails4-pile"),
            Click(".rails-keep", grows=".rails-log li"),
            # two turns of two blind cards (the bot answers in between), then one more
            Repeat(5, (Click(".rails-draw-deck", grows=".rails-log li"),)),
            Back("rails"),
            Shows(".rails-log", "Move"),
            Shot("rails__04_after_turns"),
        ),
    ),
    Lesson(
        "rails/05_strategy.ipynb",
        (
            Shows(".kit-intervals-text", "100,000 games"),  # what more games buy
            Type(".rails-strategy-games", "5"),
            Click(
                ".rails-strategy-run",
                charts=(fig("rails-length"),),
                shows=(".rails-strategy-summary", "5 games"),
            ),
            Shot("rails__05_after_run"),
            # a check under the lab: a wrong share gets the hint; "show me" presses the default
            # 1,000 games (shipped precomputed) and the bars change
            Type(".check-rails5-random-tickets .check-number", "50"),
            Click(".check-rails5-random-tickets .check-submit", shows=(RAILS5_SAID, "Not yet")),
            Click(
                ".check-rails5-random-tickets .check-show",
                charts=(fig("rails-rates"),),
                shows=(RAILS5_SAID, "The answer"),
            ),
            Shows(".check-score:not(.kit-review .check-score)", "1 of"),
        ),
    ),
    Lesson(
        "rails/06_network_design.ipynb",
        (
            Click(".rails-design-answer", nth=2, charts=(fig("rails-design"),)),
            Choose(".rails-design-ticket", 18, charts=(fig("rails-design-cards"),)),  # Chicago
            Shows(".rails-design-cards-info", "Santa Fe"),
            Shot("rails__06_after_controls"),
            Click(
                ".check-rails6-exact .check-show",
                shows=(".check-rails6-exact .check-feedback", "The answer"),
            ),
            Shows(".check-score:not(.kit-review .check-score)", "1 of"),
        ),
    ),
)

# An Italian twin (notebooks/it/...) opens like its English page; what its controls do is the
# English row's business (same code), what it must say is tests/browser/italian.py's.
LESSONS += tuple(
    Lesson(f"it/{row.notebook}")
    for row in LESSONS
    if (Path(__file__).resolve().parents[2] / "notebooks" / "it" / row.notebook).exists()
)
