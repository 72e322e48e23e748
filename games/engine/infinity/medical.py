"""MediKit and Doctor (tier 2: spec Part C's 'MediKit / Doctor / Paramedic', B.6's short skills;
the text's 'Equipe Liee Exemple-5', a paramedic leader using its MediKit on a downed member).
The text gives no MediKit rule; we follow the later editions' wording (M, infinitythewiki.com
'MediKit', 'Doctor'): a short skill on an Unconscious comrade, in base contact with no roll of the
user, or at a distance as a BS roll with the MediKit's range bands; the patient then makes a PH
roll: success, it gets back up with one wound left; failure, it is Dead. A Doctor works in base
contact on its own WIP roll, failure killing the patient. One skill `heal` covers all three: the
engine takes the Doctor's skill if the trooper has it, else the MediKit, in contact when it can.

G: Servant (the text's 'Ghost : Serviteur'): « le Médecin / l'Ingénieur fait le Jet de VOL et
c'est le D.C.D. qui exécute la Compétence … il est nécessaire que le D.C.D. soit au contact socle
à socle de la cible. Le D.C.D. n'a pas les Compétences Spéciales Médecin ou Ingénieur : il ne
peut pas soigner … de lui-même ». So `heal` names the servant remote (it executes the skill, in
base contact with the patient), and its controller, a Doctor in Normal state, rolls WIP (dice
'<controller>.wip'); method 'servant', the Doctor's rule otherwise (failure kills)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.engine.hexgrid import distance
from games.engine.infinity import common as cm
from games.engine.infinity.ctx import Ctx, refuse
from games.engine.infinity.data import weapon
from games.engine.infinity.movement import in_contact
from games.engine.infinity.rolls import Die, judge
from games.engine.infinity.state import State, Trooper
from games.engine.protocol import IllegalMove

MEDIKIT = "medikit"  # the MediKit's range bands live in weapons.json, never fired as a weapon


def can_heal(t: Trooper) -> bool:
    return t.prof.has("medikit") or t.prof.has("doctor") or t.prof.has("g_servant")


def servant_doctor(state: State, servant: Trooper) -> Trooper:
    """The Doctor a G: Servant remote treats for, or a refusal (an Engineer repairs: tier 3)."""
    if servant.controller is None or not state.has_trooper(servant.controller):
        raise refuse("skill_not_allowed", "This remote has no controller to act through it.")
    doctor = state.trooper(servant.controller)
    if not doctor.prof.has("doctor"):
        raise refuse("skill_not_allowed", "Only a Doctor heals through its servant remote.")
    if not doctor.normal:
        raise refuse("trooper_cannot_act", "The servant is disconnected: its Doctor is down.")
    return doctor


def method(state: State, actor: Trooper, patient: Trooper) -> str:
    """'doctor', 'servant', 'contact' (MediKit) or 'remote' (MediKit at a distance), or a
    refusal."""
    assert actor.hex is not None and patient.hex is not None
    contact = in_contact(state, actor.hex, patient.hex)
    if actor.prof.has("g_servant"):
        servant_doctor(state, actor)
        if not contact:
            raise refuse("skill_not_allowed", "The servant treats a comrade in base contact.")
        return "servant"
    if actor.prof.has("doctor") and contact:
        return "doctor"
    if not actor.prof.has("medikit"):
        raise refuse("skill_not_allowed", "A Doctor treats a comrade in base contact.")
    if contact:
        return "contact"
    if weapon(MEDIKIT).range_mod(distance(actor.hex, patient.hex)) is None:
        raise refuse("out_of_range", "The patient is out of the MediKit's range.")
    if not cm.sees(state, actor, patient.hex):
        raise refuse("no_line_of_fire", "A MediKit used at a distance needs a line of fire.")
    return "remote"


def check(state: State, actor: Trooper, patient_id: str | None) -> str:
    """The method a `heal` declaration would use, or a refusal with a reason."""
    if not can_heal(actor):
        raise refuse("skill_not_allowed", "Only a trooper with a MediKit or Doctor heals.")
    if patient_id is None or not state.has_trooper(patient_id):
        raise refuse("unknown_trooper", "Name the comrade to treat (target).")
    patient = state.trooper(patient_id)
    if patient.seat != actor.seat or patient.id == actor.id or patient.hex is None:
        raise refuse("unknown_trooper", "Treat another trooper of your own on the table.")
    if patient.state != "unconscious":
        raise refuse("skill_not_allowed", "Only an Unconscious comrade can be treated.")
    return method(state, actor, patient)


@dataclass(frozen=True)
class Treatment:
    actor: str
    patient: str
    method: str
    roll: Die | None  # the user's roll: BS at a distance, WIP for a Doctor
    ph: Die | None  # the patient's PH roll (MediKit)
    controller: str | None = None  # G: Servant: the Doctor whose WIP roll it was

    @property
    def success(self) -> bool:
        if self.roll is not None and not self.roll.success:
            return False
        return self.ph is None or self.ph.success


def roll(ctx: Ctx, actor_id: str, patient_id: str) -> Treatment | None:
    """The dice of one treatment, keyed '<user>.bs' or '<user>.wip', then '<patient>.ph'."""
    state = ctx.state
    actor, patient = state.trooper(actor_id), state.trooper(patient_id)
    if not actor.normal or patient.state != "unconscious":
        return None
    try:
        how = method(state, actor, patient)
    except IllegalMove:  # the second skill took the patient out of reach: nothing happens
        return None
    assert actor.hex is not None and patient.hex is not None
    user: Die | None = None
    if how == "doctor":
        user = judge(ctx.dice.d20(f"{actor.id}.wip"), actor.prof.wip)
        return Treatment(actor.id, patient.id, how, user, None)
    if how == "servant":
        doctor = servant_doctor(state, actor)
        user = judge(ctx.dice.d20(f"{doctor.id}.wip"), doctor.prof.wip)
        return Treatment(actor.id, patient.id, how, user, None, doctor.id)
    if how == "remote":
        sv, _ = cm.bs_sv(state, actor, weapon(MEDIKIT), actor.hex, patient.hex, cm.NO_BONUS)
        user = judge(ctx.dice.d20(f"{actor.id}.bs"), sv)
        if not user.success:
            return Treatment(actor.id, patient.id, how, user, None)
    ph = judge(ctx.dice.d20(f"{patient.id}.ph"), patient.prof.ph)
    return Treatment(actor.id, patient.id, how, user, ph)


def apply(ctx: Ctx, treatment: Treatment) -> None:
    """Up with one wound left, or Dead; a fireteam leader back up in the turn its fall broke
    the link restores it (FT-18)."""
    from games.engine.infinity import fireteams as ft

    data: dict[str, Any] = {
        "trooper": treatment.actor,
        "patient": treatment.patient,
        "method": treatment.method,
        "success": treatment.success,
    }
    if treatment.roll is not None:
        data.update(die=treatment.roll.value, sv=treatment.roll.sv)
    if treatment.ph is not None:
        data.update(ph_die=treatment.ph.value, ph_sv=treatment.ph.sv)
    if treatment.controller is not None:
        data.update(controller=treatment.controller)
    ctx.emit("Treated", **data)
    patient = ctx.state.trooper(treatment.patient)
    if treatment.method == "remote" and treatment.ph is None:
        return  # a missed MediKit does nothing
    if treatment.success:
        ctx.state = ctx.state.update(patient.id, state="normal", wounds=patient.prof.w - 1)
        ctx.emit("StateChanged", trooper=patient.id, state="normal", civilian=False)
        ft.restore(ctx, patient.seat, patient.id)
    else:
        ctx.state = ctx.state.update(patient.id, state="dead", wounds=patient.prof.w + 1)
        ctx.emit("StateChanged", trooper=patient.id, state="dead", civilian=False)
