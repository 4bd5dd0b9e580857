"""The presenters: from the service's views to what a page or the API shows, as plain data.

Each function takes views of the ledger (or the engine's values) and gives dicts and lists of
strings and numbers, translated and with amounts formatted in the page's language; nothing here
renders a template or answers a request. The routers call them and hand the data to a template
(:mod:`baccarat.web.pages`) or to the JSON API, so a page and the API never disagree.

- :mod:`.coup`: a coup, its timeline, a history line, a settlement's sentences.
- :mod:`.table`: rule sets and bets, the shoe panel, the player, fair shoes, a deal's answer.
- :mod:`.panels`: the side panels (roads, statistics, odds for the next coup).
- :mod:`.felt`: the bet spots, chips and the coach's sentences.
- :mod:`.labels`: names in refusals as words; a refusal's message.
- :mod:`.chemin`: the Chemin de Fer table. :mod:`.guides`: the guides' figures.
"""
