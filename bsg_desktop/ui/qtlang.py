"""Qt's own texts (standard buttons, the file dialog, key names) in the interface language.

PySide6 ships Qt's translations (``qtbase_<lang>.qm``); installing the one for the
current language makes Save / Discard / Cancel, OK, "Look in", "File name" and the
like Hungarian along with the rest of the window. English needs none.

Qt asks for some texts with their keyboard mnemonic ("&Look in:", "Files of &type:")
while a shipped catalogue may hold them only without it ("Look in:"), so they would
stay English. `MnemonicFallback`, installed after Qt's catalogue (and so asked first),
answers such a text with the catalogue's translation of the bare text, keeping the
mnemonic on the same letter where the translation has it, else on its first letter.

The file dialog's Type, Size and Date columns come from the mime database and from
`QLocale`, not from a catalogue: the default locale follows the interface language so
that a save reads "JSON dokumentum, 3 bájt" rather than "JSON document, 3 bytes".
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QObject, QTranslator

from bsg_desktop.i18n import SOURCE

_installed: list[QTranslator] = []


def _bare(text: str) -> str:
    """``text`` without its mnemonic marks ("&&", a literal ampersand, stays one)."""
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&")


def _with_mnemonic(source: str, translation: str) -> str:
    """Put the source's mnemonic into ``translation``: on the same letter if it occurs
    there, else on its first letter or digit; a translation that has one is kept."""
    if "&" in translation.replace("&&", ""):
        return translation
    at = source.replace("&&", "\0\0").find("&")
    letter = source[at + 1].lower() if 0 <= at < len(source) - 1 else ""
    spots = [i for i, ch in enumerate(translation) if ch.isalnum()]
    same = [i for i in spots if translation[i].lower() == letter]
    spot = (same or spots or [None])[0]
    if spot is None:
        return translation
    return translation[:spot] + "&" + translation[spot:]


class MnemonicFallback(QTranslator):
    """Translates a text with "&" that ``base`` lacks by ``base``'s text without it."""

    def __init__(self, base: QTranslator, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.base = base

    def isEmpty(self) -> bool:  # noqa: N802  (Qt skips an empty translator)
        return False

    def translate(self, context: str, source: str, disambiguation: str | None = None,  # type: ignore[override]
                  n: int = -1) -> str | None:
        if not source or "&" not in source or self.base.translate(context, source,
                                                                   disambiguation, n):
            return None  # not ours (None, a null text, lets Qt's catalogue answer)
        bare = _bare(source)
        found = self.base.translate(context, bare, disambiguation, n)
        return _with_mnemonic(source, found) if found else None


def apply_qt_language(lang: str) -> bool:
    """Install Qt's translation for ``lang`` (replacing the previous one); True if Qt's
    texts are now in that language (always for English, Qt's own)."""
    app = QCoreApplication.instance()
    if app is None:
        return False
    while _installed:
        app.removeTranslator(_installed.pop())
    QLocale.setDefault(QLocale(lang))  # Qt's own locale of that code (C for one it lacks)
    if lang == SOURCE:
        return True
    t = QTranslator(app)
    folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    if not t.load(f"qtbase_{lang}", folder):
        return False  # a Qt build without translations: Qt's texts stay English
    fallback = MnemonicFallback(t, app)
    for each in (t, fallback):  # the one installed last is asked first
        app.installTranslator(each)
        _installed.append(each)
    return True
