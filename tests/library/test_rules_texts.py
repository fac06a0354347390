"""Every game has its rules page in English and German, with the same sections."""

from __future__ import annotations

import re

import pytest

from patience import GAMES, UnknownGameError, UnknownLanguageError
from patience.games import LANGUAGES, rules_text


@pytest.mark.parametrize("game", sorted(GAMES))
def test_rules_text_in_every_language_with_the_same_sections(game: str) -> None:
    sections = {}
    for language in LANGUAGES:
        text = rules_text(game, language)
        assert text.startswith(f"# {GAMES[game].name}\n")
        sections[language] = re.findall(r"\*\*[^*]+\*\*", text)
    assert len(sections["en"]) == len(sections["de"]) >= 6


def test_german_uses_the_source_sites_words() -> None:
    assert "Zielstapel" in rules_text("bisley", "de")
    assert "Automatisch abschließen" in rules_text("bisley", "de")
    assert "Die Partie steckt" in rules_text("gilbert", "de")
    assert "Ablagestapel" in rules_text("gilbert", "de")
    assert "Zelle" in rules_text("big-apple", "de")


def test_unknown_language_or_game_is_a_clear_error() -> None:
    with pytest.raises(UnknownLanguageError, match="'fr'"):
        rules_text("bisley", "fr")
    with pytest.raises(UnknownLanguageError, match=re.escape("'../x'")):
        rules_text("bisley", "../x")
    with pytest.raises(UnknownGameError, match="'chess'"):
        rules_text("chess", "en")
