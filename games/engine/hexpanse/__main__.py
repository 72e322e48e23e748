"""`python -m games.engine.hexpanse --help`"""

from games.engine.hexpanse.cli import main

raise SystemExit(main())
