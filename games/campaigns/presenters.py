"""Turn campaign rows into what templates loop over: map polygons, legend, feed sentences in the
reader's language. No writes, no business rules."""

from __future__ import annotations

from dataclasses import dataclass

from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.armies.choice import ArmyChoice, army_choice
from games.campaigns import map as campaign_map
from games.campaigns import rules
from games.campaigns.models import CampaignPlayer, FeedEntry, Territory
from games.engine import registry
from games.hexboard.words import of_name
from games.matches.systems import get_site

OBJECTIVE_LABELS = {
    rules.EXPANSION: gettext_lazy("Expansion"),
    rules.INVASION: gettext_lazy("Invasion"),
    rules.ALL_OR_NOTHING: gettext_lazy("All or nothing"),
    rules.RAID: gettext_lazy("Raid"),
}
OBJECTIVE_HELP = {
    rules.EXPANSION: gettext_lazy("If you win, take 2 unclaimed territories."),
    rules.INVASION: gettext_lazy("If you win, take 1 of your opponent's territories."),
    rules.ALL_OR_NOTHING: gettext_lazy(
        "If you win, take 2 of your opponent's territories; if you lose, give them 1."
    ),
    rules.RAID: gettext_lazy("If you win, your opponent loses 3 territories, left unclaimed."),
}


def has_army_lists(system: str) -> bool:
    return bool(getattr(registry.get_system(system), "has_army_lists", False))


def army_lists_for(*, battle, user) -> ArmyChoice | None:
    """The user's lists for a battle of a system with army lists (None: the system has none,
    the form then asks nothing), those left out named with why (games/armies/choice.py)."""
    if not has_army_lists(battle.system):
        return None
    limit = int(battle.campaign.rule("army_points_limit") or 0)
    return army_choice(
        user=user,
        system=battle.system,
        points_limit=limit or None,
        over_limit=_("%(name)s (%(total)d points, over this campaign's %(limit)d)"),
    )


def campaign_games(campaign) -> tuple[str, bool]:
    """The games a campaign's battles are played with, by their names, and whether one of them
    has army lists: its page said neither, so a newcomer learnt the game at the first battle."""
    systems = list(campaign.systems or [])
    names = ", ".join(str(get_site(key).name) for key in systems)
    return names, any(has_army_lists(key) for key in systems)


def scenario_label(key: str | None, system: str = "") -> str:
    """A battle's scenario for people, in the words of its system's site (the key itself when
    the system has no site, or none is named)."""
    if not key:
        return ""
    if not system:
        return key
    return str(get_site(system).scenario_label(key))


def objective_label(key: str | None) -> str:
    if key == rules.DRAW:
        return _("a draw")
    return str(OBJECTIVE_LABELS.get(key or "", key or ""))


def objective_choices(
    *, empty: frozenset[str] | set[str] = frozenset()
) -> list[tuple[str, str, str]]:
    """(key, label, help) of each objective; those in `empty` would take nothing if won now,
    and their help says so."""
    out = []
    for k in rules.OBJECTIVES:
        help_text = str(OBJECTIVE_HELP[k])
        if k in empty:
            help_text += " " + _("(Nothing to take at the moment.)")
        out.append((k, str(OBJECTIVE_LABELS[k]), help_text))
    return out


def match_url(match_id: int | None) -> str:
    """The battle's match page, once the battle has one."""
    return reverse("matches:match", args=[match_id]) if match_id else ""


def distinct_initials(names: list[str]) -> dict[str, str]:
    """Each player's mark on the map, unique in the campaign: the first two letters ("AN"),
    more of the beginning when two names share it ("ANN", "ANA"), else the first two letters
    and the end that tells them apart ("PL1", "PL2" for player1 and player2). Colours may look
    alike; the marks never do."""
    upper = {name: name.upper() for name in names}
    marks = {}
    for name, text in upper.items():
        others = [o for n, o in upper.items() if n != name]
        for length in (2, 3, 4):
            if not any(o[:length] == text[:length] for o in others):
                marks[name] = text[:length]
                break
        else:
            ends = (text[-k:] for k in range(1, len(text) + 1))
            end = next((e for e in ends if not any(o.endswith(e) for o in others)), text)
            marks[name] = text[:2] + end
    return marks


@dataclass(frozen=True)
class LegendItem:
    player_id: int | None
    name: str
    initials: str
    colour: str
    pattern: str
    fill: str
    held: int
    removed: bool


@dataclass(frozen=True)
class RegionView:
    number: int
    name: str
    holder_name: str
    label: str
    fill: str
    outline_path: str
    label_x: float
    label_y: float
    name_y: float
    unclaimed: bool
    pk: int = 0
    candidate: bool = False  # the winner may pick it (battle page): a click ticks its box


def campaign_map_view(
    *,
    territories: list[Territory],
    players: list[CampaignPlayer],
    candidates: frozenset[int] | set[int] = frozenset(),
) -> dict[str, object]:
    legend: dict[int, LegendItem] = {}
    held_count: dict[int, int] = {}
    for t in territories:
        if t.holder_id:
            held_count[t.holder_id] = held_count.get(t.holder_id, 0) + 1
    marks = distinct_initials([p.user.get_username() for p in players])
    for p in players:
        colour, pattern = campaign_map.holder_style(p.order)
        name = p.user.get_username()
        fill = colour if pattern == "solid" else f"url(#pat-{p.pk})"
        legend[p.pk] = LegendItem(
            p.pk,
            name,
            marks[name],
            colour,
            pattern,
            fill,
            held_count.get(p.pk, 0),
            p.removed_at is not None,
        )
    regions = []
    for t in territories:
        shape = campaign_map.region_shape(t.hexes)
        name_y, label_y = campaign_map.text_rows(shape.label_y)
        item = legend.get(t.holder_id) if t.holder_id else None
        regions.append(
            RegionView(
                number=t.number,
                name=t.name,
                holder_name=item.name if item else "",
                label=f"{t.number}·{item.initials}" if item else str(t.number),
                fill=item.fill if item else campaign_map.UNCLAIMED_FILL,
                outline_path=shape.outline_path,
                label_x=shape.label_x,
                label_y=label_y,
                name_y=name_y,
                unclaimed=item is None,
                pk=t.pk,
                candidate=t.pk in candidates,
            )
        )
    all_hexes = [h for t in territories for h in t.hexes]
    view_box = campaign_map.view_box(all_hexes)
    phone_width = campaign_map.phone_width(view_box)
    return {
        "regions": regions,
        "legend": list(legend.values()),
        "view_box": view_box,
        "phone_width": phone_width,
        "scrolls_on_phone": phone_width > campaign_map.PHONE_COLUMN_PX,
        "unclaimed_fill": campaign_map.UNCLAIMED_FILL,
        "unclaimed_count": sum(1 for r in regions if r.unclaimed),
    }


ACTION_SENTENCES = {
    rules.CLAIM: gettext_lazy("%(chooser)s claims %(territories)s (%(objective)s)."),
    rules.STEAL: gettext_lazy("%(chooser)s takes %(territories)s from %(source)s (%(objective)s)."),
    rules.RAZE: gettext_lazy(
        "%(chooser)s raids %(source)s: %(territories)s become unclaimed (%(objective)s)."
    ),
}


def feed_line(entry: FeedEntry) -> str:
    """The entry as a sentence in the active language."""
    p = dict(entry.params)
    kind = entry.kind
    if kind == "created":
        return _("%(organiser)s created the campaign.") % p
    if kind == "joined":
        return (
            ngettext(
                "%(player)s joined: %(count)d unclaimed territory added to the map, to be won "
                "in battle.",
                "%(player)s joined: %(count)d unclaimed territories added to the map, to be won "
                "in battle.",
                p.get("count", 0),
            )
            % p
        )
    if kind == "round_started":
        return _("Round %(number)s begins.") % p
    if kind == "paused":
        return _("The organiser paused the campaign.")
    if kind == "resumed":
        return _("The organiser resumed the campaign.")
    if kind == "challenged":
        return _("%(a)s challenges %(b)s.") % p
    if kind in ("accepted", "declined"):
        p["of_a"] = of_name(str(p.get("a", "")))
        if kind == "accepted":
            return _("%(b)s accepts the challenge %(of_a)s.") % p
        return _("%(b)s declines the challenge %(of_a)s.") % p
    if kind == "withdrawn":
        return _("%(a)s withdraws the challenge to %(b)s.") % p
    if kind == "paired":
        return _("%(a)s will fight %(b)s.") % p
    if kind == "revealed":
        p["objective_a"] = objective_label(p.get("objective_a"))
        p["objective_b"] = objective_label(p.get("objective_b"))
        return (
            _("Objectives revealed: %(a)s plays %(objective_a)s, %(b)s plays %(objective_b)s.") % p
        )
    if kind == "result":
        if p.get("winner"):
            return _("%(winner)s wins the battle %(a)s – %(b)s.") % p
        return _("The battle %(a)s – %(b)s is a draw: nothing changes.") % p
    if kind == "report":
        return _("%(author)s wrote a battle report.") % p
    if kind == "replayed":
        return _("%(a)s and %(b)s drew: the battle is played again.") % p
    if kind == "territories_moved":
        p["objective"] = objective_label(p.get("objective"))
        names = p.get("territories") or []
        if not names:
            return _("%(chooser)s finds nothing to take (%(objective)s).") % p
        p["territories"] = ", ".join(names)
        return str(ACTION_SENTENCES.get(p.get("action"), "%(territories)s")) % p
    if kind == "deadline_extended":
        return _("The organiser gives %(a)s and %(b)s %(hours)s more hours.") % p
    if kind == "corrected":
        if p.get("winner"):
            return (
                _("The organiser corrects %(a)s – %(b)s: %(winner)s wins. Reason: %(reason)s") % p
            )
        return _("The organiser corrects %(a)s – %(b)s to a draw. Reason: %(reason)s") % p
    if kind == "removed":
        if p.get("reason"):
            return (
                _(
                    "The organiser removed %(player)s; their territories are unclaimed. Reason: %(reason)s"
                )
                % p
            )
        return _("The organiser removed %(player)s; their territories are unclaimed.") % p
    if kind == "left":
        return _("%(player)s left the campaign; their territories are unclaimed.") % p
    if kind == "finished":
        if p.get("winner"):
            return _("The campaign is over: %(winner)s wins!") % p
        return _("The campaign is over.")
    return kind


def done_message() -> str:
    return _("Done.")


def form_problem() -> str:
    return _("Check the form: a field is missing or invalid.")


def house_rule_lines(house_rules: dict) -> list[str]:
    """The campaign's house rules as sentences, for the campaign page."""
    merged = rules.house_rules(house_rules)
    modes = {
        "challenge": _("Battles: players challenge each other."),
        "organiser": _("Battles: the organiser pairs players."),
        "auto": _("Battles: automatic pairing each round."),
    }
    lines = [
        modes.get(merged["pairing_mode"], ""),
        _(
            "Objectives are declared within %(hours)s hours; a player who misses it plays %(objective)s."
        )
        % {
            "hours": merged["declaration_deadline_hours"],
            "objective": objective_label(merged["default_objective"]),
        },
        _("The winner picks territories within %(hours)s hours, else the lowest-numbered ones.")
        % {"hours": merged["choice_deadline_hours"]},
        DRAW_SENTENCES[merged["draw_effect"]](),
        _("Fewer territories than the objective names: take what exists.")
        if merged["nothing_to_take"] == "partial"
        else _("Fewer territories than the objective names: take nothing."),
    ]
    if merged["invasion_requires_adjacency"]:
        lines.append(_("Stolen territories must touch one the winner holds."))
    n = int(merged["battles_per_round"])
    lines.append(
        ngettext(
            "Each player fights at most %(n)d battle per round.",
            "Each player fights at most %(n)d battles per round.",
            n,
        )
        % {"n": n}
    )
    if merged["army_required"]:
        lines.append(_("Each player brings an army list of their own to every battle."))
    if int(merged["army_points_limit"] or 0):
        lines.append(
            _("Army lists cost at most %(n)d points.") % {"n": int(merged["army_points_limit"])}
        )
    stakes = [int(merged[k]) for k in rules.STAKES]
    if stakes != [rules.DEFAULT_HOUSE_RULES[k] for k in rules.STAKES]:
        lines.append(
            _(
                "Territories at stake: Expansion %(expansion)d, Invasion %(invasion)d, All or "
                "nothing %(all)d (%(loss)d given on a loss), Raid %(raid)d."
            )
            % dict(zip(("expansion", "invasion", "all", "loss", "raid"), stakes, strict=True))
        )
    return lines


DRAW_SENTENCES = {
    rules.DRAW_NOTHING: lambda: _("A draw changes nothing."),
    rules.DRAW_BOTH_CLAIM: lambda: _("After a draw each player takes one unclaimed territory."),
    rules.DRAW_REPLAY: lambda: _("A drawn battle is played again, once."),
}


def feed_with_reports(feed: list[FeedEntry]) -> list[tuple]:
    """(entry, sentence, report card or None): a report's line carries its card (the text,
    the picture, the match's automatic summary and its replay)."""
    from games.reports.models import BattleReport
    from games.reports.selectors import report_cards

    ids = [e.params.get("report") for e in feed if e.kind == "report"]
    reports = BattleReport.objects.filter(pk__in=[i for i in ids if isinstance(i, int)])
    cards = {
        c["report"].pk: c
        for c in report_cards(reports=reports.select_related("author", "match").defer("image"))
    }
    return [
        (
            entry,
            feed_line(entry),
            cards.get(entry.params.get("report")) if entry.kind == "report" else None,
        )
        for entry in feed
    ]


def battle_reports(*, battle) -> list[dict]:
    from games.reports.selectors import report_cards, reports_of

    return report_cards(reports=reports_of(match_ids=[battle.match_id] if battle.match_id else []))


def may_report(*, battle, user) -> bool:
    from games.reports.services import report_may_write

    return battle.match is not None and report_may_write(match=battle.match, user=user)


def campaign_match_contexts(matches):
    """The match page's line of each campaign battle among `matches`, by match id (one query;
    matches.hooks.on_match_context)."""
    from django.urls import reverse

    from games.campaigns.models import Battle
    from games.matches.hooks import MatchContext, competition_label

    ours = [match.pk for match in matches if match.competition.startswith("campaign:")]
    battles = Battle.objects.select_related("campaign", "round", "player_a__user", "player_b__user")
    return {
        battle.match_id: MatchContext(
            label=competition_label(_("Campaign %(name)s"), battle.campaign.name),
            detail=_("round %(n)d: %(a)s – %(b)s")
            % {"n": battle.round.number, "a": battle.player_a, "b": battle.player_b},
            deadline=battle.round.ends,
            url=reverse("campaigns:battle", args=[battle.campaign_id, battle.pk]),
        )
        for battle in (battles.filter(match_id__in=ours) if ours else [])
    }
