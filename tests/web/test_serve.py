"""``patience serve`` on a fresh data folder: migrates, collects static files and
serves pages, the API and static files with gunicorn."""

from __future__ import annotations

import re
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@pytest.fixture
def server(tmp_path: Path) -> object:
    port = _free_port()
    env = {"PATIENCE_DATA_DIR": str(tmp_path / "data"), "PATH": "/usr/bin:/bin"}
    cmd = [sys.executable, "-m", "patience.cli", "serve", "--port", str(port), "--workers", "1"]
    cmd.append("--no-background")
    log = (tmp_path / "server.log").open("wb")
    proc = subprocess.Popen(cmd, env=env, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    for _ in range(1200):  # up to 2 min: migrations and collectstatic first, on a busy host
        try:
            urllib.request.urlopen(base + "/", timeout=1)
            break
        except OSError:
            if proc.poll() is not None:
                break
            time.sleep(0.1)
    yield base, tmp_path
    proc.terminate()
    proc.wait(timeout=20)


def test_serve_sets_up_and_serves_everything(server: tuple[str, Path]) -> None:
    base, tmp = server
    log = (tmp / "server.log").read_text
    home = urllib.request.urlopen(base + "/", timeout=10).read().decode()
    assert "Bisley" in home, log()
    assert (tmp / "data" / "patience.sqlite3").exists()
    assert (tmp / "data" / "secret.key").exists()
    page = urllib.request.urlopen(base + "/bisley/deal/1", timeout=10).read().decode()
    assets = re.findall(r'(?:src|href)="(/static/[^"]+)"', page)
    assert any(a.endswith(".js") for a in assets) and any(a.endswith(".css") for a in assets)
    for asset in assets:  # hashed names from the manifest, served by whitenoise
        response = urllib.request.urlopen(base + asset, timeout=10)
        assert response.status == 200 and response.read()
    app = next(a for a in assets if "/app." in a)
    script = urllib.request.urlopen(base + app, timeout=10).read().decode()
    imports = re.findall(r'from "(\./[^"]+)"', script)
    assert imports and all(re.search(r"\.[0-9a-f]{12}\.js$", i) for i in imports), imports
    assert "Traceback" not in log()


def test_production_settings_pass_the_deploy_check(tmp_path: Path) -> None:
    env = {
        "PATH": "/usr/bin:/bin",
        "PATIENCE_DATA_DIR": str(tmp_path),
        "PATIENCE_HTTPS": "1",
        "PATIENCE_SECRET_KEY": "k" * 20 + "-a-long-and-random-enough-secret-for-the-check-0",
    }
    cmd = [sys.executable, "-m", "patience.cli", "manage", "check", "--deploy"]
    done = subprocess.run([*cmd, "--fail-level", "WARNING"], env=env, capture_output=True)
    assert done.returncode == 0, done.stdout.decode() + done.stderr.decode()


@pytest.mark.parametrize(("setting", "pragma"), [("", "2"), ("normal", "1"), ("sometimes", None)])
def test_sqlite_synchronous_setting(tmp_path: Path, setting: str, pragma: str | None) -> None:
    env = {"PATH": "/usr/bin:/bin", "PATIENCE_DATA_DIR": str(tmp_path)}
    if setting:
        env["PATIENCE_SQLITE_SYNCHRONOUS"] = setting
    code = "from django.db import connection as c; c.ensure_connection(); "
    code += "print(c.cursor().execute('PRAGMA synchronous').fetchone()[0])"
    cmd = [sys.executable, "-m", "patience.cli", "manage", "shell", "-v", "0", "-c", code]
    done = subprocess.run(cmd, env=env, capture_output=True, text=True)
    if pragma is None:  # refused with a clear message
        assert done.returncode != 0 and "must be FULL or NORMAL" in done.stderr
    else:  # 2 = FULL, 1 = NORMAL
        assert done.returncode == 0 and done.stdout.split() == [pragma], done.stderr


def test_several_hosts_share_redis(tmp_path: Path) -> None:
    """With REDIS_URL the cache, the sessions and the sign-in throttle use Redis."""
    url = "redis://127.0.0.1:6379/15"
    try:
        socket.create_connection(("127.0.0.1", 6379), timeout=2).close()
    except OSError:
        pytest.fail("this test needs Redis at 127.0.0.1:6379 (Debian: apt-get install redis)")
    code = (
        "from django.conf import settings; from django.core.cache import cache;"
        "cache.set('patience-test', 42); print(cache.get('patience-test'),"
        "settings.SESSION_ENGINE, settings.AXES_HANDLER)"
    )
    env = {"PATH": "/usr/bin:/bin", "PATIENCE_DATA_DIR": str(tmp_path), "REDIS_URL": url}
    cmd = [sys.executable, "-m", "patience.cli", "manage", "shell", "-v", "0", "-c", code]
    done = subprocess.run(cmd, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1].split() == [
        "42",
        "django.contrib.sessions.backends.cached_db",
        "axes.handlers.cache.AxesCacheHandler",
    ]
