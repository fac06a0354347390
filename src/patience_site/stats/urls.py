from django.urls import path

from patience_site.stats import views

app_name = "stats"
urlpatterns = [path("stats/", views.stats, name="stats")]
