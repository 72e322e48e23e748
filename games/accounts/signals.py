"""A new account starts with the language the visitor was reading the site in."""

from allauth.account.signals import user_signed_up
from django.dispatch import receiver
from django.utils import translation

from games.accounts.models import Profile
from games.accounts.selectors import profile_for


@receiver(user_signed_up)
def profile_on_signup(sender, request, user, **kwargs):
    profile = profile_for(user)
    language = (translation.get_language() or "fr")[:2]
    if language in Profile.Language.values and profile.language != language:
        profile.language = language
        profile.save(update_fields=["language"])
