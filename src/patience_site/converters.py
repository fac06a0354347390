"""URL converters shared by the apps (registered once, in ``urls.py``)."""


class GameIdConverter:
    """A game id in a URL (``bisley``, ``big-apple``, ...); unknown ids get a 404
    from the view, with a message."""

    regex = "[a-z][a-z-]*"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value
