"""hexsite settings. Everything that differs between machines comes from the environment:
DATABASE_URL (else the embedded Postgres), REDIS_URL (else the in-memory channel layer),
EMAIL_URL-style SMTP settings (else the console backend), SECRET_KEY, DEBUG, ALLOWED_HOSTS."""

from __future__ import annotations

import os
from pathlib import Path

import dj_database_url
from django.utils.translation import gettext_lazy as _

from games.hexboard.discovery import site_apps  # pure: names the site packages, no models

BASE_DIR = Path(__file__).resolve().parent.parent

# Off unless asked for: Django's debug pages show local variables, and a match's seed is one of
# them. Set DEBUG=1 only on a machine nobody else can reach.
DEBUG = os.environ.get("DEBUG", "0") == "1"
# HTTPS=1 behind TLS (production): cookies only over HTTPS, HSTS. Off for http://127.0.0.1.
HTTPS = os.environ.get("HTTPS", "0") == "1"
SECRET_KEY = os.environ.get(
    "SECRET_KEY", "dev-only-insecure-key-change-me-in-production-0123456789"
)
ALLOWED_HOSTS = os.environ.get("ALLOWED_HOSTS", "127.0.0.1,localhost,testserver").split(",")
CSRF_TRUSTED_ORIGINS = [o for o in os.environ.get("CSRF_TRUSTED_ORIGINS", "").split(",") if o]

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "channels",
    "django_htmx",
    "template_partials",
    "allauth",
    "allauth.account",
    "procrastinate.contrib.django",
    "games.accounts",
    "games.matches",
    "games.clock",
    "games.notifications",
    "games.campaigns",
    "games.league",
    "games.hexboard",
    *site_apps(),
    "hexsite",  # the site-wide `manage.py bench` command  # games.<system>_site for every registered system
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "csp.middleware.CSPMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "games.accounts.middleware.UserPreferencesMiddleware",
]

ROOT_URLCONF = "hexsite.urls"
ASGI_APPLICATION = "hexsite.asgi.application"
WSGI_APPLICATION = None

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "games.matches.context_processors.turn_count",
            ],
        },
    }
]

# --- Database: DATABASE_URL, else the embedded Postgres -----------------------------------------
if os.environ.get("DATABASE_URL"):
    DATABASES = {"default": dj_database_url.config()}
else:
    from hexsite import embedded_pg

    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.postgresql",
            "NAME": "hexsite",
            **embedded_pg.ensure_running(),
        }
    }
# A pool of connections per process (psycopg_pool): under ASGI each request runs in a new thread,
# so CONN_MAX_AGE would reuse nothing and every request would start a PostgreSQL backend. A web
# process runs its views and database work on one thread, so a few connections suffice (each is a
# PostgreSQL backend of a few MB).
DATABASES["default"]["CONN_MAX_AGE"] = 0
DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
    "min_size": int(os.environ.get("DB_POOL_MIN", "1")),
    "max_size": int(os.environ.get("DB_POOL_MAX", "8")),
    "timeout": 30,
}
DATABASES["default"].setdefault("TEST", {})
# Several test runs may share one server (two checkouts, two developers): name the test DB apart.
DATABASES["default"]["TEST"]["NAME"] = os.environ.get("HEXSITE_TEST_DB", "test_hexsite")
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Channels: Redis when REDIS_URL is set, in-memory otherwise ----------------------------------
if os.environ.get("REDIS_URL"):
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {"hosts": [os.environ["REDIS_URL"]]},
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "games.notifications.layers.InMemoryChannelLayer"}}

# --- Accounts (django-allauth) --------------------------------------------------------------------
# Django's and allauth's, each loading the profile with the user (one query per request less).
AUTHENTICATION_BACKENDS = [
    "games.accounts.backends.ModelBackend",
    "games.accounts.backends.AuthenticationBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]
ACCOUNT_LOGIN_METHODS = {"username", "email"}
ACCOUNT_SIGNUP_FIELDS = ["email*", "username*", "password1*", "password2*"]
ACCOUNT_EMAIL_VERIFICATION = os.environ.get("ACCOUNT_EMAIL_VERIFICATION", "mandatory")
ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION = True
ACCOUNT_RATE_LIMITS = {"login_failed": "5/m/ip,5/5m/key"}
LOGIN_REDIRECT_URL = "/games/"
LOGIN_URL = "/accounts/login/"

# --- Email: SMTP when EMAIL_HOST is set, the console otherwise -----------------------------------
if os.environ.get("EMAIL_HOST"):
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    EMAIL_HOST = os.environ["EMAIL_HOST"]
    EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "587"))
    EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
    EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
    EMAIL_USE_TLS = os.environ.get("EMAIL_USE_TLS", "1") == "1"
else:
    EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "hexsite <noreply@hexsite.local>")
SITE_URL = os.environ.get("SITE_URL", "http://127.0.0.1:8000")

# --- Internationalisation: French first, English too ---------------------------------------------
LANGUAGE_CODE = "fr"
LANGUAGES = [("fr", _("French")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
USE_TZ = True
TIME_ZONE = "Europe/Paris"

# --- Static files ---------------------------------------------------------------------------------
STATIC_URL = "/static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"

# --- Security -------------------------------------------------------------------------------------
SESSION_COOKIE_HTTPONLY = True
CSRF_COOKIE_HTTPONLY = False  # htmx reads the token from the page's meta tag, not the cookie
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
# whitenoise serves static files straight from the source folders (no build step, never stale);
# a proxy in front may serve a `collectstatic` copy instead.
WHITENOISE_USE_FINDERS = True
if HTTPS:
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = 3600
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "connect-src": ["'self'", "ws:", "wss:"],
        "frame-ancestors": ["'none'"],
        "form-action": ["'self'"],
        "base-uri": ["'self'"],
    }
}


LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}
