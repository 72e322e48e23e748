"""`python -m games.engine.skirmish --help`"""

from games.engine.skirmish.cli import main

raise SystemExit(main())
