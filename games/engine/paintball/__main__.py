"""`python -m games.engine.paintball --help`"""

from games.engine.paintball.cli import main

raise SystemExit(main())
