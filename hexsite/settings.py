"""hexsite settings. Everything that differs between machines comes from the environment:
DATABASE_URL (else the embedded Postgres), REDIS_URL (else the embedded Redis),
EMAIL_URL-style SMTP settings (else the console backend), SECRET_KEY, DEBUG, ALLOWED_HOSTS,
HTTPS, TRUSTED_PROXIES. With DEBUG off the site refuses to start without a secret key of its own
(hexsite/security.py)."""

from __future__ import annotations

import os
from pathlib import Path

import dj_database_url
from django.utils.translation import gettext_lazy as _

from games.hexboard.discovery import site_apps  # pure: names the site packages, no models
from hexsite import security

BASE_DIR = Path(__file__).resolve().parent.parent

# Off unless asked for: Django's debug pages show local variables, and a match's seed is one of
# them. Set DEBUG=1 only on a machine nobody else can reach.
DEBUG = os.environ.get("DEBUG", "0") == "1"
# HTTPS=1 behind TLS (production): cookies only over HTTPS, HSTS. Off for http://127.0.0.1.
HTTPS = os.environ.get("HTTPS", "0") == "1"
try:
    SECRET_KEY = security.secret_key(
        debug=DEBUG,
        env=os.environ,
        stored=Path(os.environ.get("SECRET_KEY_FILE", BASE_DIR / "var" / "secret_key")),
    )
    # Reverse proxies whose X-Forwarded-For names the client (login and sign-up limits count
    # per client address): addresses or networks, comma separated. Empty: nobody is believed.
    TRUSTED_PROXIES = security.trusted_proxies(os.environ.get("TRUSTED_PROXIES", ""))
except security.InsecureConfiguration as refusal:
    from django.core.exceptions import ImproperlyConfigured

    raise ImproperlyConfigured(str(refusal)) from None
# Former keys, comma separated, still accepted after SECRET_KEY changes: sessions and email
# links signed before, and the digests of deleted accounts' names (games/accounts/retired_names).
SECRET_KEY_FALLBACKS = [k for k in os.environ.get("SECRET_KEY_FALLBACKS", "").split(",") if k]
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
    "django.contrib.sites",
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
    "games.announcements",
    "games.campaigns",
    "games.league",
    "games.hexboard",
    "games.safety",
    "games.armies",
    "games.reports",
    *site_apps(),  # games.<system>_site for every registered system
    "hexsite",  # the site-wide `manage.py bench` command
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Pages and partials gzip'd (a move's answer: about 6 KB of HTML, 2 KB sent) for well under
    # a millisecond of CPU (manage.py bench live). Django's GZipMiddleware pads each answer at
    # random against BREACH, and forms carry CSRF tokens masked anew on every answer. Static
    # files are WhiteNoise's, answered above it.
    "django.middleware.gzip.GZipMiddleware",
    "csp.middleware.CSPMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "games.safety.middleware.RefuseNulCharacters",
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
                "games.notifications.context_processors.unread_count",
                "games.accounts.context_processors.theme",
                "games.accounts.context_processors.turn_chime",
            ],
            # `{% url %}` remembered per process (hexsite/templatetags/remembered_urls.py).
            "builtins": ["hexsite.templatetags.remembered_urls"],
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
# A connection taken from the pool is checked first: after PostgreSQL restarts the pool's idle
# connections are dead, and without a check each would fail one request before the pool dropped
# it. Django's check is an empty query, a round trip per request; our backend (PostgreSQL's,
# hexsite/postgresql/) asks the kernel instead and queries only a connection that heard
# something (hexsite/dbpool.py).
DATABASES["default"]["ENGINE"] = "hexsite.postgresql"
# Prepared statements: the same few queries run on every move (the session, the seats, the
# move's writes), and PostgreSQL parsed and planned each one again each time. With server-side
# parameters psycopg prepares a query on a connection after its second run there, and
# PostgreSQL then only executes it. Measured with `manage.py bench live` (issue 14, three
# interleaved pairs): PostgreSQL's CPU per move 7.5-8.6 -> 5.2-5.3 ms, for about 8 MB more
# memory. `DB_PREPARE_THRESHOLD=off` goes back to client-side parameters, as a pooler in
# transaction mode without prepared statement support (PgBouncer < 1.21) needs.
_prepare = os.environ.get("DB_PREPARE_THRESHOLD", "2")
if _prepare != "off":
    DATABASES["default"]["OPTIONS"]["server_side_binding"] = True
    DATABASES["default"]["OPTIONS"]["prepare_threshold"] = int(_prepare)
DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
DATABASES["default"].setdefault("TEST", {})
# Several test runs may share one server (two checkouts, two developers): name the test DB apart.
DATABASES["default"]["TEST"]["NAME"] = os.environ.get("HEXSITE_TEST_DB", "test_hexsite")
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Cache: a table in the database, so every process (and every machine) shares the login and
# sign-up limits and a restart does not reset them. The table is created by a migration
# (games/accounts/migrations), so `migrate` is all a deployment runs.
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.db.DatabaseCache",
        "LOCATION": "hexsite_cache",
        # Culling (past MAX_ENTRIES) would forget counts early: an attacker rotating addresses
        # must not be able to flush the limits of the address they attack from.
        "OPTIONS": {"MAX_ENTRIES": 100_000},
    }
}

# --- Channels: REDIS_URL, else the embedded Redis ----------------------------------------------
# Every process (daphne, the task worker, a management command) must share the layer: the
# worker's changes (the computer's moves, losses on time) nudge the pages daphne holds open.
# The database name prefixes the messages, so two databases served from one Redis (the site's
# and a test run's) never hear of each other's matches.
_CHANNEL_PREFIX = f"hexsite-{DATABASES['default']['NAME']}"
# Redis pub/sub (channels_redis.pubsub): a group message is one PUBLISH, which Redis hands at
# once to every process subscribed to the group, and each process queues it in memory for its
# sockets. channels_redis' list-based layer (channels_redis.core) took four round trips to Redis
# per group message and kept every socket of a process in one Redis key that dropped messages
# beyond its `capacity` (the 200-player burst of `manage.py bench live` made pages miss moves
# until session 23 raised it); measured against it in session 34
# (hexsite/bench_live/HISTORY.md). What pub/sub gives up, a message for a process that is not
# connected to Redis at that moment, the list-based layer lost too past its 60 s expiry: a match
# page whose socket comes back refetches, its heartbeat learns the match's version every minute,
# and redis-py subscribes again after a reconnection. redis-py's read timeout (5 s by default)
# is given room for slow moments.
REDIS_SOCKET_TIMEOUT = 30
if os.environ.get("REDIS_URL"):
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {
                "hosts": [
                    {"address": os.environ["REDIS_URL"], "socket_timeout": REDIS_SOCKET_TIMEOUT}
                ],
                "prefix": _CHANNEL_PREFIX,
            },
        }
    }
else:
    # Started by the first process that asks for its channel layer (hexsite/embedded_redis.py).
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "hexsite.embedded_redis.EmbeddedRedisChannelLayer",
            "CONFIG": {"prefix": _CHANNEL_PREFIX, "socket_timeout": REDIS_SOCKET_TIMEOUT},
        }
    }

# --- Background worker: no job stays stuck when a worker dies ------------------------------------
# Each worker writes a heartbeat; one silent for four beats is dead (kill -9, out of memory, a
# reboot) and its running jobs are put back in the queue (hexsite/tasks.py). The worker also
# looks, that often, for computer seats that must act with no job queued (games/matches/tasks.py).
WORKER_HEARTBEAT_SECONDS = float(os.environ.get("HEXSITE_WORKER_HEARTBEAT", "5"))
WORKER_STALLED_SECONDS = 4 * WORKER_HEARTBEAT_SECONDS
RECOVERY_SECONDS = int(os.environ.get("HEXSITE_RECOVERY_SECONDS", "15"))  # divides 60
# Backups of the database (hexsite/backups.py): `manage.py backup`, and every night at 03:17 UTC
# a job of the worker; the BACKUP_KEEP newest dumps are kept (0: all). An empty BACKUP_DIR turns
# the nightly dump off (a host that backs PostgreSQL up by other means).
BACKUP_DIR = os.environ.get("BACKUP_DIR", str(BASE_DIR / "var" / "backups"))
BACKUP_KEEP = int(os.environ.get("BACKUP_KEEP", "14"))
# Jobs run side by side, each synchronous one on a thread of the worker's event loop (in the web
# process, the requests' pool). One at a time, the turn bookkeeping of a burst of moves queued
# behind each other, and behind a computer's move, while the web process was busy: `manage.py
# bench live` left 51-162 jobs waiting after its 200-player burst; with four, none, at the same
# moves per second (issue 14). Each match's turn jobs still run one at a time: a procrastinate
# lock (games/notifications/turns.py, notify_turns_later).
WORKER_CONCURRENCY = max(1, int(os.environ.get("WORKER_CONCURRENCY", "4")))
PROCRASTINATE_WORKER_DEFAULTS = {
    "update_heartbeat_interval": WORKER_HEARTBEAT_SECONDS,
    "stalled_worker_timeout": WORKER_STALLED_SECONDS,
    "concurrency": WORKER_CONCURRENCY,
}

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
ACCOUNT_ADAPTER = "games.accounts.adapter.AccountAdapter"
# Counted in the shared cache (CACHES) per client address (TRUSTED_PROXIES). The per-key limit
# of failed logins is keyed on the account *and* the address (games/accounts/adapter.py): a
# stranger guessing a player's password blocks only their own address, never the player.
ACCOUNT_RATE_LIMITS = {
    "login_failed": "10/m/ip,5/5m/key",
    "login": "30/m/ip",
    "signup": "20/h/ip",
    "reset_password": "20/m/ip,5/m/key",
}
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
# The name emails are signed with (and allauth's "[name]" subjects, through django.contrib.sites,
# whose one row games.accounts keeps equal to SITE_NAME and SITE_URL after every migrate).
SITE_NAME = os.environ.get("SITE_NAME", "hexsite")
# Who runs the site, for its legal notice and privacy page (games/accounts/views_legal.py): the
# publisher (a person or a club: name, address, how to reach them), the host, and the address
# players write to about their data. Each is free text, lines kept; unset, the pages say so.
LEGAL_PUBLISHER = os.environ.get("LEGAL_PUBLISHER", "")
LEGAL_HOST = os.environ.get("LEGAL_HOST", "")
PRIVACY_CONTACT = os.environ.get("PRIVACY_CONTACT", "")
SITE_ID = 1
# Browser push (Web Push, VAPID): the key pair from the environment, else generated once and
# kept in var/vapid (games/notifications/push.py). The subject is a contact for push services.
VAPID_PRIVATE_KEY = os.environ.get("VAPID_PRIVATE_KEY", "")
VAPID_PUBLIC_KEY = os.environ.get("VAPID_PUBLIC_KEY", "")
VAPID_SUBJECT = os.environ.get(
    "VAPID_SUBJECT", "mailto:" + DEFAULT_FROM_EMAIL.split("<")[-1].strip(">")
)
VAPID_KEY_DIR = Path(os.environ.get("VAPID_KEY_DIR", BASE_DIR / "var" / "vapid"))

# --- Internationalisation: French first, English too ---------------------------------------------
LANGUAGE_CODE = "fr"
LANGUAGES = [("fr", _("French")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
# English dates day first on a 24-hour clock (hexsite/formats/en), French ones as Django writes them.
FORMAT_MODULE_PATH = ["hexsite.formats"]
USE_I18N = True
USE_TZ = True
TIME_ZONE = "Europe/Paris"

# --- Static files ---------------------------------------------------------------------------------
STATIC_URL = "/static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"

# --- Security -------------------------------------------------------------------------------------
SESSION_COOKIE_HTTPONLY = True
# Django's database sessions with the player's id in a column: a request reads its session, its
# player and their profile in one query, compiled once per connection (games/accounts/sessions.py).
SESSION_ENGINE = "games.accounts.sessions"
CSRF_COOKIE_HTTPONLY = False  # htmx reads the token from the page's meta tag, not the cookie
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
# whitenoise serves static files straight from the source folders (no build step, never stale);
# a proxy in front may serve a `collectstatic` copy instead.
WHITENOISE_USE_FINDERS = True
if HTTPS:
    # Behind TLS, usually ended by the reverse proxy, which must set X-Forwarded-Proto (and
    # replace any such header a client sent): plain http is redirected to https.
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = int(os.environ.get("HSTS_SECONDS", str(365 * 24 * 3600)))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = os.environ.get("HSTS_INCLUDE_SUBDOMAINS", "1") == "1"
    SECURE_HSTS_PRELOAD = os.environ.get("HSTS_PRELOAD", "1") == "1"
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        # Only the site's own websocket ('self' covers it in current browsers; the explicit
        # origin for older ones), never any host.
        "connect-src": ["'self'", security.websocket_origin(SITE_URL)],
        "frame-ancestors": ["'none'"],
        "form-action": ["'self'"],
        "base-uri": ["'self'"],
    }
}


LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    # A job that forgets its arguments once done (an erased address) is not named with them in
    # the log either (hexsite/job_arguments.py).
    "filters": {"forgotten_arguments": {"()": "hexsite.job_arguments.HideForgottenArguments"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "filters": ["forgotten_arguments"]}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}
