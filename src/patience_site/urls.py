"""URLs: pages, the API under /api/, the language switch and the admin."""

from django.contrib import admin
from django.urls import include, path, register_converter

from patience_site.converters import GameIdConverter
from patience_site.play.api import api

register_converter(GameIdConverter, "gameid")

urlpatterns = [
    path("api/", api.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("accounts/", include("patience_site.accounts.urls")),
    path("", include("patience_site.daily.urls")),
    path("", include("patience_site.stats.urls")),
    path("", include("patience_site.play.urls")),
]
