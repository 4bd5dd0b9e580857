"""The practice table in the browser: FastAPI, server-rendered pages, a JSON API, one settings object.

Build it with :func:`baccarat.web.app.create_app` (``baccarat serve`` does), from
:class:`baccarat.web.settings.Settings`.
"""
