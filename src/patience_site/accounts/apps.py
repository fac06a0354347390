from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "patience_site.accounts"
    label = "accounts"
    verbose_name = "Accounts"

    def ready(self) -> None:
        from patience_site.accounts import signals  # noqa: F401 - connects the receivers
