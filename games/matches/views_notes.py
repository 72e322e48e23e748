"""« Mes notes »: a player's private notes on a match. The match page loads the form in its
side column when the player opens it (htmx); the same address is a page of its own without
JavaScript. Only the match's players have notes (403 for anyone else who may see the match,
404 for who may not)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from games.matches.services.notes import NOTE_MAX, StaleNote, match_note_of, match_note_save
from games.matches.views import visible_match_or_404
from games.refusals import attempt


@login_required
def notes(request, match_id: int):
    match = visible_match_or_404(request, match_id)
    note = match_note_of(match=match, user=request.user)
    context = {
        "match": match,
        "text": note.text if note else "",
        "version": note.version if note else 0,
        "saved_at": note.updated_at if note else None,
        "note_max": NOTE_MAX,
        "page_url": reverse("matches:match", args=[match.pk]),
    }
    status = 200
    if request.method == "POST":
        text = request.POST.get("text", "")
        try:
            seen = int(request.POST.get("version", ""))
        except ValueError:
            seen = -1  # a forged form: stale, refused
        done = attempt(
            request,
            lambda: match_note_save(match=match, user=request.user, text=text, seen_version=seen),
            message=False,
        )
        if done.ok:
            if not request.htmx:
                messages.success(request, _("Your notes are saved."))
                return redirect("matches:notes", match_id=match.pk)
            saved = done.result
            context.update(
                text=saved.text if saved else "",
                version=saved.version if saved else 0,
                saved_at=saved.updated_at if saved else None,
                just_saved=True,
            )
        elif isinstance(done.refusal, StaleNote):
            # Shown as saved elsewhere; the text written here kept in the box, and the form
            # now at the saved version: sending it again replaces them knowingly.
            saved = done.refusal.note
            context.update(
                text=saved.text if saved else "",
                version=saved.version if saved else 0,
                saved_at=saved.updated_at if saved else None,
                error=done.error,
                unsaved=text,
                stale=True,
            )
            status = 409
        else:
            context.update(error=done.error, unsaved=text)
            status = 400
    template = "matches/notes.html#form" if request.htmx else "matches/notes.html"
    return render(request, template, context, status=status)
