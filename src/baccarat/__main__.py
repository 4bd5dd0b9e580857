"""``python -m baccarat``: the command line, as the ``baccarat`` script runs it."""

from baccarat.cli import main

if __name__ == "__main__":
    main()
