"""Words the installed packages say, which the site says its own way in French.

Django merges the catalogues, and the first installed app's translation of a msgid wins: Django
admin's « Enlever » (Remove) and auth's « Courriel » (Email) came before allauth's own « Retirer »
and « E-mail » on its account pages (remove an address, the sign-up form), where the rest of the
site says « Retirer » and « e-mail ». The site's catalogue (`locale/`, LOCALE_PATHS) is read last
and wins: these msgids are here so that makemessages keeps them in it. Nothing imports this
module."""

from django.utils.translation import gettext_noop

PACKAGE_WORDS = (
    gettext_noop("Remove"),  # allauth: an email address (admin says « Enlever »)
    gettext_noop("Email"),  # allauth: the sign-up and address forms (auth says « Courriel »)
)
