"""A player's data and the deletion of their account (games/accounts/privacy.py): the matches'
part (games/matches/privacy.py), which accounts and matches cannot join themselves, and the
inbox's own: the notifications in the player's inbox and the browsers they let us push to, and
the deleted player's words quoted in other players' chat notices, and their former name in
other players' notices (a notice delivered is frozen: its parameters hold names as text)."""

from __future__ import annotations

from django.db import connection
from django.db.models import TextField
from django.db.models.functions import Cast
from django.urls import reverse

from games.accounts.names import rename_in_text
from games.accounts.privacy import former_username, on_data_section, on_erasure_step
from games.accounts.selectors import profile_for
from games.matches import privacy as matches_privacy
from games.matches.models import ChatMessage
from games.notifications.between_players import chat_excerpt
from games.notifications.models import MatchPresence, Notification, PushSubscription


def inbox_data(user) -> list[dict]:
    return [
        {
            "kind": n.kind,
            "match": n.match_id,
            "details": n.params,
            "created_at": n.created_at,
            "read_at": n.read_at,
        }
        for n in Notification.objects.filter(user=user).order_by("created_at", "pk")
    ]


def push_data(user) -> list[dict]:
    """Which browsers may be pushed to: the push service's host and since when (the keys are
    the browser's, of no use to anybody reading the file)."""
    from urllib.parse import urlsplit

    return [
        {"push_service": urlsplit(s.endpoint).hostname, "since": s.created_at}
        for s in PushSubscription.objects.filter(user=user).order_by("created_at")
    ]


def chat_quotes_forget(user) -> None:
    """The other players' chat notices that quote this player's lines quote them no more (the
    notice then says « message supprimé », and names the deleted player): run before the
    matches empty the lines themselves."""
    lines = ChatMessage.objects.filter(author=user).values_list("match_id", "text")
    quoted: dict[int, set[str]] = {}
    for match_id, text in lines:
        quoted.setdefault(match_id, set()).add(chat_excerpt(text))
    if not quoted:
        return
    notices = Notification.objects.filter(
        kind=Notification.Kind.CHAT, match_id__in=list(quoted)
    ).exclude(user=user)
    for notice in notices:
        if notice.params.get("excerpt") in quoted[notice.match_id]:
            notice.params = {**notice.params, "excerpt": "", "by": user.get_username()}
            notice.save(update_fields=["params"])


# The parameters of a notice that hold players' names ("by" may list several: "anna, bruno").
# The others are left as written: a chat quote ("excerpt") and an organiser's "reason" are their
# authors' words, "name"/"campaign" things players named, "system" a game's key.
NAME_PARAMS = ("by", "loser", "opponent", "old", "new", "player", "winner", "champion", "author")


def notices_rename(user) -> None:
    """Other players' notices that name the deleted player by their former name name them by
    the new one (« joueur supprimé <n> »), and a link to the former name's profile follows."""
    former, new = former_username(user), user.get_username()
    if not former:
        return
    old_profile = reverse("accounts:profile", args=[former])
    # (A scan of every notice's text, once per deletion: deletions are rare, notices many, and
    # an index for it would cost every notice written.)
    notices = (
        Notification.objects.exclude(user=user)
        .annotate(params_text=Cast("params", TextField()))
        .filter(params_text__contains=former)
    )
    for notice in notices:
        params = dict(notice.params)
        for key in NAME_PARAMS:
            if isinstance(params.get(key), str):
                params[key] = rename_in_text(params[key], former, new)
        for key in ("link", "url"):
            if params.get(key) == old_profile:
                params[key] = reverse("accounts:profile", args=[new])
        if params != notice.params:
            notice.params = params
            notice.save(update_fields=["params"])


def notifications_forget(user) -> None:
    Notification.objects.filter(user=user).delete()
    PushSubscription.objects.filter(user=user).delete()
    MatchPresence.objects.filter(user=user).delete()


# The jobs that carried a Discord post's text and webhook in their arguments (queued before
# post_discord_notice, which carries the notice's id), under both names the task had.
_POSTS_WITH_TEXT = (
    "games.notifications.tasks.post_discord_webhook",
    "games.matches.tasks.post_discord_webhook",
)


def waiting_posts_drop(user) -> None:
    """The player's jobs still waiting in the queue: those that carry their data (a Discord post
    with its text, to their webhook) are dropped. The others carry references (a notice, a
    match, the account's id) and, run after the deletion, find nothing to send: the notices,
    the webhook, the email addresses and the push browsers are gone, the account inactive."""
    webhook = profile_for(user).discord_webhook_url
    if not webhook:
        return
    with connection.cursor() as cursor:
        cursor.execute(
            "DELETE FROM procrastinate_jobs WHERE status = 'todo' AND task_name = ANY(%s)"
            " AND args->>'url' = %s",
            [list(_POSTS_WITH_TEXT), webhook],
        )


def register() -> None:
    on_data_section("matches", matches_privacy.matches_data)
    on_data_section("chat_lines", matches_privacy.chat_lines_data)
    on_data_section("match_notes", matches_privacy.match_notes_data)
    on_data_section("notifications", inbox_data)
    on_data_section("push_browsers", push_data)
    on_erasure_step(matches_privacy.matches_leave_all, stage="play")
    on_erasure_step(chat_quotes_forget, stage="belongings")  # (before the lines are emptied)
    on_erasure_step(notices_rename, stage="belongings")
    on_erasure_step(matches_privacy.matches_forget, stage="belongings")
    # A belonging: the play and competitions stages before it may still tell this player
    # something (their own resignation, a withdrawal), which goes with the rest.
    on_erasure_step(notifications_forget, stage="belongings")
    on_erasure_step(waiting_posts_drop, stage="belongings")
