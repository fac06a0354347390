"""Settings for the test suite: a throw-away data folder, no manifest for static
files, and solver budgets by nodes only (so tests never depend on the clock)."""

import os
import tempfile

os.environ.setdefault("PATIENCE_DATA_DIR", tempfile.mkdtemp(prefix="patience-test-"))
os.environ.setdefault("PATIENCE_SECRET_KEY", "test-only-secret-key-not-for-production-0123456789")

from patience_site.settings import *  # noqa: F403

STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
PATIENCE_STATUS_NODES = 3_000
PATIENCE_STATUS_SECONDS = None
PATIENCE_HINT_NODES = 200_000
PATIENCE_HINT_SECONDS = None
PATIENCE_SOLVABLE_NODES = 20_000
PATIENCE_SOLVABLE_SECONDS = None
ALLOWED_HOSTS = ["testserver", "localhost", "127.0.0.1"]
PATIENCE_DAILY_NODES = 5_000

# On SQLite the test database is a file, as in production, not Django's default
# shared-cache in-memory database. In shared-cache mode a writer that meets a lock
# fails at once (SQLITE_LOCKED ignores the busy timeout), and Django ignores close()
# on an in-memory connection, so a live-server thread whose COMMIT failed kept its
# transaction open: the next request's BEGIN failed ("cannot start a transaction
# within a transaction", a 500 seen once in the browser tests). A file database
# gives the tests production's WAL, IMMEDIATE transactions and busy timeout.
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":  # noqa: F405
    DATABASES["default"]["TEST"] = {"NAME": str(DATA_DIR / "test.sqlite3")}  # noqa: F405
