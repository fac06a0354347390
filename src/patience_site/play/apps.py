from django.apps import AppConfig


class PlayConfig(AppConfig):
    name = "patience_site.play"
    label = "play"
    verbose_name = "Play"
