from django.apps import AppConfig


class DailyConfig(AppConfig):
    name = "patience_site.daily"
    label = "daily"
    verbose_name = "Deal of the day"

    def ready(self) -> None:
        from patience_site.daily import services

        services.connect()
