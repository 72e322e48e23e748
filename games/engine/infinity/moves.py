"""The commands of spec E.2 (each names itself in "type", Appendix D I1) and their JSON codec:
`decode` is the only parser of moves, and refuses anything malformed with a sentence."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.engine.hexgrid import Hex
from games.engine.infinity.geometry import AIMS
from games.engine.infinity.state import ARO_SKILLS, ORDER_KINDS, SKILLS, Aro, Policy, Skill, Trigger
from games.engine.move_fields import read_hex, read_int, read_str, read_strs
from games.engine.protocol import JSON, MalformedMove

TYPES = (
    "initiative",
    "deployment",
    "deploy",
    "deploy_done",
    "lay_mine",
    "fireteam_form",
    "fireteam_break",
    "order",
    "declare",
    "aro",
    "aro_done",
    "koala_target",
    "guts",
    "appoint_lieutenant",
    "end_turn",
    "end_game",
    "set_policy",
    "set_ambush",
)
POLICY_SIGHT = ("shoot", "dodge", "pass", "ask")
POLICY_TEMPLATE = ("dodge", "same", "pass", "ask")


@dataclass(frozen=True)
class Cmd:
    type: str
    seat: int | None
    trooper: str | None = None
    kind: str | None = None  # order kind
    fireteam: bool = False
    leader: str | None = None
    members: tuple[str, ...] = ()
    join: tuple[str, ...] = ()
    skill: Skill | None = None
    second: Skill | None = None
    aro: Aro | None = None
    hex: Hex | None = None  # deploy
    facing: int | None = None
    hidden: bool = False  # deploy in hidden deployment (the lobby option)
    marker: bool | None = None  # deploy: a camouflaged trooper as a marker (default) or not
    to: Hex | None = None  # guts
    prone: bool = False  # guts: go Prone instead of moving
    lieutenant: bool = False  # guts: the Lieutenant special order makes the roll pass
    choice: str | None = None  # initiative, deployment: first or second
    deploy: str | None = None  # initiative: the winner takes the Deployment privilege instead
    policy: Policy | None = None
    policies: tuple[tuple[str, Policy], ...] = ()  # end_turn / deploy_done: set on the way
    triggers: tuple[Trigger, ...] = ()
    coordinated: tuple[str, ...] = ()  # order: the troopers of a coordinated order
    koalas_at: tuple[Hex, ...] | None = None  # deploy: where its CrazyKoalas go (koalas.py)
    koala_moves: tuple[tuple[str, Hex], ...] = ()  # declare a movement skill: koalas follow
    koala: str | None = None  # koala_target: the CrazyKoala aimed (at `trooper`)
    echoes: tuple[Hex, ...] | None = None  # deploy: a Holoprojector L2's two echoes (holo.py)
    real: int = 0  # deploy with echoes: 0 the figure is real, 1 or 2 that echo (secret)
    disguise: str | None = None  # deploy: a Holoprojector L1's profile shown (disguise.py)


def _bad(reason: str) -> MalformedMove:
    return MalformedMove(reason)


def _hex(value: Any, what: str = "hex") -> Hex:
    return read_hex(value, what, "{name} must be a pair of whole numbers [q, r].")


def _hexes(value: Any, what: str) -> tuple[Hex, ...]:
    if not isinstance(value, list | tuple):
        raise _bad(f"{what} must be a list of hexes.")
    return tuple(_hex(v, what) for v in value)


def _str(raw: dict[str, Any], key: str, required: bool = False) -> str | None:
    value = raw.get(key)
    if value is None:
        if required:
            raise _bad(f"The move needs a {key}.")
        return None
    return read_str(value, key, "{name} must be a string.")


def _int(raw: dict[str, Any], key: str, lo: int, hi: int) -> int | None:
    value = raw.get(key)
    if value is None:
        return None
    return read_int(value, key, "{name} must be a whole number from {lo} to {hi}.", lo=lo, hi=hi)


def _ids(value: Any, what: str) -> tuple[str, ...]:
    return read_strs(value, what, "{name} must be a list of ids.")


def _aims(raw: dict[str, Any]) -> tuple[str, ...]:
    value = raw.get("aim")
    if value is None:
        return ()
    values = [value] if isinstance(value, str) else value
    if not isinstance(values, list) or not all(v in AIMS for v in values):
        raise _bad("aim is one of d0-d5 or v0-v5 (or a list of them).")
    return tuple(values)


def decode_skill(raw: Any, part_of: str | None = None) -> Skill:
    if not isinstance(raw, dict):
        raise _bad("A declaration is an object.")
    skill = part_of or _str(raw, "skill", required=True)
    if skill not in SKILLS:
        raise _bad(f"Unknown skill {skill!r}.")
    parts: tuple[Skill, ...] = ()
    if raw.get("coordinated") is not None:
        items = raw["coordinated"]
        if part_of is not None or not isinstance(items, list):
            raise _bad("coordinated is a list of the other troopers' declarations.")
        parts = tuple(decode_skill(item, part_of=skill) for item in items)
        if any(p.trooper is None for p in parts):
            raise _bad("Each coordinated declaration names its trooper.")
    paths: list[tuple[str, tuple[Hex, ...]]] = []
    trooper = _str(raw, "trooper")
    if "path" in raw:  # the acting trooper's ("" until the order fills it in)
        paths.append((trooper or "", _hexes(raw["path"], "path")))
    if "paths" in raw:
        if not isinstance(raw["paths"], dict):
            raise _bad("paths maps trooper ids to paths.")
        paths += [(str(k), _hexes(v, "path")) for k, v in sorted(raw["paths"].items())]
    facings: list[tuple[str, int]] = []
    if raw.get("facing") is not None:
        facings.append((trooper or "", _int(raw, "facing", 0, 5) or 0))
    if "facings" in raw:
        if not isinstance(raw["facings"], dict) or not all(
            isinstance(v, int) and 0 <= v <= 5 for v in raw["facings"].values()
        ):
            raise _bad("facings maps trooper ids to directions 0-5.")
        facings += [(str(k), int(v)) for k, v in sorted(raw["facings"].items())]
    companions: tuple[tuple[str, tuple[Hex, ...]], ...] = ()
    if "companions" in raw:
        if not isinstance(raw["companions"], dict):
            raise _bad("companions maps civilian ids to paths.")
        companions = tuple(
            (str(k), _hexes(v, "path")) for k, v in sorted(raw["companions"].items())
        )
    targets: list[tuple[str, int]] = []
    for item in raw.get("targets") or []:
        if (
            not isinstance(item, dict)
            or not isinstance(item.get("trooper"), str)
            or not isinstance(item.get("burst", 1), int)
            or isinstance(item.get("burst", 1), bool)
        ):
            raise _bad("targets is a list of {trooper, burst}.")
        targets.append((item["trooper"], int(item.get("burst", 1))))
    return Skill(
        skill=skill,
        trooper=trooper,
        paths=tuple(paths),
        facings=tuple(facings),
        companions=companions,
        weapon=_str(raw, "weapon"),
        mode=_str(raw, "mode"),
        targets=tuple(targets),
        aims=_aims(raw),
        civilian=_str(raw, "civilian"),
        target=_str(raw, "target"),
        to=_hex(raw["to"], "to") if raw.get("to") is not None else None,
        parts=parts,
        berserk=raw.get("berserk") is True,
        structure=_hex(raw["structure"], "structure") if raw.get("structure") is not None else None,
        screen=_int(raw, "screen", 0, 5),
        mine=_str(raw, "mine"),
        disguise=_str(raw, "disguise"),
    )


def decode_policy(raw: Any) -> Policy:
    if not isinstance(raw, dict):
        raise _bad("A policy is an object.")
    sight = raw.get("on_sight", "ask")
    template = raw.get("on_template", "ask")
    if sight not in POLICY_SIGHT or template not in POLICY_TEMPLATE:
        raise _bad("on_sight is shoot/dodge/pass/ask; on_template dodge/same/pass/ask.")
    return Policy(
        on_sight=sight,
        on_template=template,
        weapon=_str(raw, "weapon"),
        max_range=_int(raw, "max_range", 1, 99),
    )


def _first_or_second(data: dict[str, Any], field: str) -> str:
    value = _str(data, field, required=True)
    if value is None or value not in ("first", "second"):
        raise _bad(f"{field} is first or second.")
    return value


def decode(data: JSON) -> Cmd:
    if not isinstance(data, dict):
        raise _bad("A move is a JSON object with a type.")
    kind = data.get("type")
    if kind not in TYPES:
        raise _bad(f"Unknown move type {kind!r}.")
    seat = data.get("seat")
    if seat is not None and seat not in (0, 1):
        raise _bad("seat is 0 or 1.")
    trooper = _str(data, "trooper")
    if kind == "order":
        order_kind = _str(data, "kind") or "regular"
        if order_kind not in ORDER_KINDS:
            raise _bad(f"Unknown order kind {order_kind!r}.")
        return Cmd(
            kind,
            seat,
            trooper=trooper,
            kind=order_kind,
            fireteam=bool(data.get("fireteam", False)),
            leader=_str(data, "leader"),
            join=_ids(data.get("join", []), "join"),
            coordinated=_ids(data.get("coordinated", []), "coordinated"),
        )
    if kind == "declare":
        second = decode_skill(data["second"]) if data.get("second") is not None else None
        koalas = data.get("koalas")
        if koalas is not None and not isinstance(koalas, dict):
            raise _bad("koalas must map each CrazyKoala to its new hex.")
        moves = tuple((str(k), _hex(v, "koalas")) for k, v in (koalas or {}).items())
        return Cmd(kind, seat, skill=decode_skill(data), second=second, koala_moves=moves)
    if kind == "aro":
        skill = _str(data, "skill", required=True)
        if skill not in ARO_SKILLS:
            raise _bad("An ARO is bs_attack, cc_attack, dodge or change_facing.")
        aro = Aro(
            trooper=_str(data, "trooper", required=True) or "",
            skill=skill or "",
            window=0,
            weapon=_str(data, "weapon"),
            mode=_str(data, "mode"),
            target=_str(data, "target"),
            at=_hex(data["at"], "at") if data.get("at") is not None else None,
            to=_hex(data["to"], "to") if data.get("to") is not None else None,
            facing=_int(data, "facing", 0, 5),
            aims=_aims(data),
            berserk=data.get("berserk") is True,
        )
        return Cmd(kind, seat, trooper=aro.trooper, aro=aro)
    if kind == "fireteam_form":
        return Cmd(
            kind,
            seat,
            leader=_str(data, "leader", required=True),
            members=_ids(data.get("members"), "members"),
        )
    if kind == "deploy":
        return Cmd(
            kind,
            seat,
            trooper=_str(data, "trooper", required=True),
            hex=_hex(data.get("hex")),
            facing=_int(data, "facing", 0, 5),
            hidden=bool(data.get("hidden", False)),
            marker=None if data.get("marker") is None else bool(data["marker"]),
            koalas_at=_hexes(data["koalas"], "koalas") if data.get("koalas") is not None else None,
            echoes=_hexes(data["echoes"], "echoes") if data.get("echoes") is not None else None,
            real=_int(data, "real", 0, 2) or 0,
            disguise=_str(data, "disguise"),
        )
    if kind == "guts":
        prone = data.get("prone") is True
        lieutenant = data.get("lieutenant") is True
        return Cmd(
            kind,
            seat,
            trooper=_str(data, "trooper", required=True),
            to=None if prone or lieutenant else _hex(data.get("to"), "to"),
            prone=prone,
            lieutenant=lieutenant,
        )
    if kind == "lay_mine":
        return Cmd(
            kind, seat, trooper=_str(data, "trooper", required=True), hex=_hex(data.get("hex"))
        )
    if kind == "appoint_lieutenant":
        return Cmd(kind, seat, trooper=_str(data, "trooper", required=True))
    if kind == "koala_target":
        koala = _str(data, "koala", required=True)
        return Cmd(kind, seat, trooper=_str(data, "target", required=True), koala=koala)
    if kind == "initiative" and "deploy" in data:
        # B.5: the roll-off's winner takes the Deployment privilege (setup.py); never both
        if "choice" in data:
            raise _bad("Choose the turn order (choice) or the deployment order (deploy), not both.")
        return Cmd(kind, seat, deploy=_first_or_second(data, "deploy"))
    if kind in ("initiative", "deployment"):
        return Cmd(kind, seat, choice=_first_or_second(data, "choice"))
    if kind == "set_policy":
        ids = _ids(data.get("troopers", [trooper] if trooper else []), "troopers")
        return Cmd(kind, seat, members=ids, policy=decode_policy(data.get("policy")))
    if kind == "set_ambush":
        items = data.get("triggers", [])
        if not isinstance(items, list):
            raise _bad("triggers is a list.")
        triggers = []
        for item in items:
            if not isinstance(item, dict):
                raise _bad("A trigger is {trooper, weapon, within}.")
            triggers.append(
                Trigger(
                    trooper=_str(item, "trooper", required=True) or "",
                    weapon=_str(item, "weapon", required=True) or "",
                    within=_int(item, "within", 1, 99) or 1,
                    mode=_str(item, "mode") or "N",
                )
            )
        return Cmd(kind, seat, triggers=tuple(triggers))
    if kind in ("end_turn", "deploy_done"):
        raw = data.get("policies") or {}
        if not isinstance(raw, dict):
            raise _bad("policies maps trooper ids to policies.")
        return Cmd(
            kind, seat, policies=tuple(sorted((str(t), decode_policy(p)) for t, p in raw.items()))
        )
    return Cmd(kind, seat)
