"""URLs: pages, the API under /api/, the language switch and the admin."""

from django.contrib import admin
from django.urls import include, path

from patience_site.play.api import api

urlpatterns = [
    path("api/", api.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("accounts/", include("patience_site.accounts.urls")),
    path("", include("patience_site.play.urls")),
]
