from django.apps import AppConfig


class StatsConfig(AppConfig):
    name = "patience_site.stats"
    label = "stats"
    verbose_name = "Statistics"
