"""``patience serve``: set up the data folder and database, then serve the site
with gunicorn (a production server; no Django runserver)."""

from __future__ import annotations

import argparse
import os
import shlex
import subprocess
import sys
from typing import Any, TextIO


def add_site_commands(sub: Any) -> None:
    """Register ``serve`` and ``manage`` on the ``patience`` command (entry point
    ``patience.commands``)."""
    serve = sub.add_parser("serve", help="run the web site (SQLite in the data folder by default)")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    serve.add_argument("--port", type=int, default=8000, help="port (8000)")
    serve.add_argument("--workers", type=int, default=2, help="worker processes (2)")
    serve.add_argument(
        "--threads",
        type=int,
        default=8,
        help="threads per worker (8; a thread waiting for a hint's search uses no CPU)",
    )
    serve.add_argument(
        "--no-background",
        action="store_true",
        help="do not prepare the deals of the day and the pool of solvable deals meanwhile",
    )
    serve.set_defaults(func=cmd_serve)
    manage = sub.add_parser(
        "manage",
        help="Django's manage.py for the site (e.g. createsuperuser, fill_deal_pool)",
        add_help=False,
    )
    manage.add_argument("args", nargs=argparse.REMAINDER)
    manage.set_defaults(func=cmd_manage)


def cmd_manage(args: argparse.Namespace, out: TextIO) -> int:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "patience_site.settings")
    from django.core.management import execute_from_command_line

    execute_from_command_line(["patience manage", *args.args])
    return 0


def prepare() -> None:
    """Create the data folder, migrate the database and collect static files."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "patience_site.settings")
    import django
    from django.conf import settings
    from django.core.management import call_command

    django.setup()
    settings.DATA_DIR.mkdir(parents=True, exist_ok=True)
    call_command("migrate", interactive=False, verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)


#: What ``serve`` runs beside the site, at low priority, one after the other: the
#: deals of the day ahead, and some proved deals per game for the Solvable toggle.
BACKGROUND = [
    ["prepare_daily", "--days", "2"],
    *[["fill_deal_pool", game, "--count", "5"] for game in ("bisley", "gilbert", "big-apple")],
]


def background_jobs() -> subprocess.Popen[bytes]:
    """Run the ``BACKGROUND`` commands in one child process (niced), so that the
    site's first players need not wait for the solver."""
    script = " && ".join(
        shlex.join([sys.executable, "-m", "patience.cli", "manage", *job]) for job in BACKGROUND
    )
    return subprocess.Popen(
        ["nice", "-n", "10", "sh", "-c", script], stdout=subprocess.DEVNULL, start_new_session=True
    )


def cmd_serve(args: argparse.Namespace, out: TextIO) -> int:
    if args.host not in ("0.0.0.0", "::") and "PATIENCE_ALLOWED_HOSTS" not in os.environ:
        os.environ["PATIENCE_ALLOWED_HOSTS"] = f"localhost,127.0.0.1,[::1],{args.host}"
    prepare()
    if not args.no_background:
        background_jobs()
    from django.conf import settings
    from gunicorn.app.base import BaseApplication

    from patience_site.wsgi import application

    class Server(BaseApplication):  # type: ignore[misc]
        def load_config(self) -> None:
            self.cfg.set("bind", f"{args.host}:{args.port}")
            self.cfg.set("workers", args.workers)
            self.cfg.set("worker_class", "gthread")
            self.cfg.set("threads", args.threads)
            self.cfg.set("timeout", 60)
            self.cfg.set("accesslog", "-")
            self.cfg.set("access_log_format", '%(h)s %(t)s "%(r)s" %(s)s %(b)s %(M)sms')

        def load(self) -> Any:
            return application

    print(
        f"patience: serving http://{args.host}:{args.port}/ (data in {settings.DATA_DIR})",
        file=out,
        flush=True,
    )
    Server().run()
    return 0


def main() -> None:  # pragma: no cover - python -m patience_site.serve
    from patience.cli import main as cli_main

    sys.exit(cli_main(["serve", *sys.argv[1:]]))


if __name__ == "__main__":  # pragma: no cover
    main()
