"""Django settings, all from the environment (defaults: a local SQLite site).

Environment variables:

- ``PATIENCE_DATA_DIR``: the data folder (database, secret key, static files);
  default ``~/.local/share/patience`` (``$XDG_DATA_HOME/patience``).
- ``DATABASE_URL``: any database dj-database-url understands; default SQLite in
  the data folder.
- ``PATIENCE_SQLITE_SYNCHRONOUS``: ``FULL`` (default) or ``NORMAL`` (SQLite only; see
  docs/deployment.md).
- ``REDIS_URL``: a Redis shared by several hosts (cache, sessions, sign-in throttling).
- ``PATIENCE_SECRET_KEY``: the secret key; default a random key kept in the data folder.
- ``PATIENCE_DEBUG``: ``1`` for Django's debug mode (never in production).
- ``PATIENCE_ALLOWED_HOSTS``: comma-separated host names; default local names only.
- ``PATIENCE_TIME_ZONE``: the site's time zone (default ``UTC``).
- ``PATIENCE_HTTPS``: ``1`` behind an HTTPS proxy (secure cookies, HSTS, redirect).
- ``PATIENCE_CSRF_TRUSTED_ORIGINS``: comma-separated origins, e.g. ``https://example.org``.
- ``EMAIL_HOST`` (and ``EMAIL_PORT``, ``EMAIL_HOST_USER``, ...): send e-mail by SMTP.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

import dj_database_url
import django_stubs_ext
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

django_stubs_ext.monkeypatch()  # generic Django classes (ModelAdmin[Game]) at run time

BASE_DIR = Path(__file__).resolve().parent


def _data_dir() -> Path:
    env = os.environ.get("PATIENCE_DATA_DIR")
    if env:
        return Path(env).expanduser().resolve()
    xdg = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(xdg) / "patience"


DATA_DIR = _data_dir()


def _secret_key() -> str:
    env = os.environ.get("PATIENCE_SECRET_KEY")
    if env:
        return env
    path = DATA_DIR / "secret.key"
    if path.exists():
        return path.read_text().strip()
    key = secrets.token_urlsafe(50)
    try:
        DATA_DIR.mkdir(parents=True, exist_ok=True)
        path.write_text(key)
        path.chmod(0o600)
    except OSError:
        pass  # a read-only place: the key lives for this process only
    return key


SECRET_KEY = _secret_key()
DEBUG = os.environ.get("PATIENCE_DEBUG", "") == "1"
ALLOWED_HOSTS = [
    h.strip()
    for h in os.environ.get("PATIENCE_ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]").split(",")
    if h.strip()
]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "axes",
    "csp",
    "ninja",  # the API docs' files served from here, not from a CDN
    "patience_site.play",
    "patience_site.accounts",
    "patience_site.daily",
    "patience_site.stats",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "patience_site.play.middleware.ApiJsonErrors",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "axes.middleware.AxesMiddleware",
    "csp.middleware.CSPMiddleware",
]

ROOT_URLCONF = "patience_site.urls"
WSGI_APPLICATION = "patience_site.wsgi.application"

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
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{DATA_DIR / 'patience.sqlite3'}", conn_max_age=600
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    Path(DATABASES["default"]["NAME"]).parent.mkdir(parents=True, exist_ok=True)
    # WAL lets readers and one writer work at once; IMMEDIATE takes the write
    # lock at the start of a transaction, so two writers queue instead of failing.
    # synchronous: see docs/deployment.md (FULL: a commit is on disk before the reply).
    SQLITE_SYNCHRONOUS = os.environ.get("PATIENCE_SQLITE_SYNCHRONOUS", "FULL").upper()
    if SQLITE_SYNCHRONOUS not in ("FULL", "NORMAL"):
        raise ImproperlyConfigured("PATIENCE_SQLITE_SYNCHRONOUS must be FULL or NORMAL")
    DATABASES["default"]["OPTIONS"] = {
        "init_command": f"PRAGMA journal_mode=WAL; PRAGMA synchronous={SQLITE_SYNCHRONOUS};",
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Several hosts share one Redis (REDIS_URL): the cache, the sessions (in the
# database, read through the cache) and django-axes' counts of failed sign-ins.
REDIS_URL = os.environ.get("REDIS_URL", "")
if REDIS_URL:
    CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": REDIS_URL}
    }
    SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
    AXES_HANDLER = "axes.handlers.cache.AxesCacheHandler"

# Accounts: Django's own auth, argon2 hashes, login throttling by django-axes.
PASSWORD_HASHERS = [
    "django.contrib.auth.hashers.Argon2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2PasswordHasher",
]
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = 5  # failed sign-ins per username and address ...
AXES_COOLOFF_TIME = 1  # ... lock them for an hour
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_LOCKOUT_TEMPLATE = "registration/locked.html"
AXES_RESET_ON_SUCCESS = True
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/"
EMAIL_BACKEND = (
    "django.core.mail.backends.smtp.EmailBackend"
    if os.environ.get("EMAIL_HOST")
    else "django.core.mail.backends.console.EmailBackend"
)
EMAIL_HOST = os.environ.get("EMAIL_HOST", "localhost")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "587"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = os.environ.get("EMAIL_USE_TLS", "1") == "1"
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "patience <noreply@localhost>")

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("de", _("German"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
TIME_ZONE = os.environ.get("PATIENCE_TIME_ZONE", "UTC")
USE_TZ = True

STATIC_URL = "/static/"
STATIC_ROOT = DATA_DIR / "static"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "patience_site.storage.StaticStorage"},
}

# Behind an HTTPS proxy (production): PATIENCE_HTTPS=1 turns on secure cookies,
# the redirect to HTTPS and HSTS; `patience manage check --deploy` then passes.
HTTPS = os.environ.get("PATIENCE_HTTPS", "") == "1"
if HTTPS:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = 31_536_000
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
CSRF_TRUSTED_ORIGINS = [
    o.strip() for o in os.environ.get("PATIENCE_CSRF_TRUSTED_ORIGINS", "").split(",") if o.strip()
]
# Content-Security-Policy (django-csp): scripts and styles from this site only; no
# inline script anywhere (the pages hand data to the scripts as JSON blobs).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        "font-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
}
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
CSRF_COOKIE_SAMESITE = "Lax"
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
# Bodies of API requests are tiny (a move and a version); refuse large ones early.
DATA_UPLOAD_MAX_MEMORY_SIZE = 64 * 1024

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": "WARNING"},
}

# Solver budgets of the site: the status check after every move (cheap; a known
# winning line is reused at no cost), the hint (a deeper search) and the proof
# per deal tried for a Solvable deal (the solver's quick budget).
PATIENCE_STATUS_NODES = int(os.environ.get("PATIENCE_STATUS_NODES", "50000"))
PATIENCE_STATUS_SECONDS: float | None = float(os.environ.get("PATIENCE_STATUS_SECONDS", "0.003"))
PATIENCE_HINT_NODES = int(os.environ.get("PATIENCE_HINT_NODES", "5000000"))
PATIENCE_HINT_SECONDS: float | None = float(os.environ.get("PATIENCE_HINT_SECONDS", "5"))
PATIENCE_SOLVABLE_NODES = int(os.environ.get("PATIENCE_SOLVABLE_NODES", "1000000"))
PATIENCE_SOLVABLE_SECONDS: float | None = float(os.environ.get("PATIENCE_SOLVABLE_SECONDS", "0.2"))
# The deal of the day is the first deal proved winnable within this many nodes (no
# clock, so the choice is the same on every host), from a start hashed from the date.
PATIENCE_DAILY_NODES = int(os.environ.get("PATIENCE_DAILY_NODES", "20000"))
