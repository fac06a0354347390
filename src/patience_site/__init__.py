"""The patience web site: a Django project on top of the ``patience`` library.

Apps: ``play`` (games, the JSON API, the game pages). The library is the only
rules engine; views stay thin and call ``play.services``.
"""
