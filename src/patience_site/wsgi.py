"""WSGI entry point (``patience_site.wsgi:application``)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "patience_site.settings")
application = get_wsgi_application()
