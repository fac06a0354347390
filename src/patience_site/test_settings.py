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
