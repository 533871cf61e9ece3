"""Qt's own texts (standard buttons, the file dialog, key names) in the interface language.

PySide6 ships Qt's translations (``qtbase_<lang>.qm``); installing the one for the
current language makes Save / Discard / Cancel, OK, "Look in", "File name" and the
like Hungarian along with the rest of the window. English needs none.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QTranslator

_installed: QTranslator | None = None


def apply_qt_language(lang: str) -> bool:
    """Install Qt's translation for ``lang`` (replacing the previous one); True if Qt's
    texts are now in that language (always for English, Qt's own)."""
    global _installed
    app = QCoreApplication.instance()
    if app is None:
        return False
    if _installed is not None:
        app.removeTranslator(_installed)
        _installed = None
    if lang == "en":
        return True
    t = QTranslator(app)
    folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    if not t.load(f"qtbase_{lang}", folder):
        return False  # a Qt build without translations: Qt's texts stay English
    app.installTranslator(t)
    _installed = t
    return True
