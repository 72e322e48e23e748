"""`python -m games.engine.infinity --help`"""

from games.engine.infinity.cli import main

raise SystemExit(main())
