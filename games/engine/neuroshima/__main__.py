"""`python -m games.engine.neuroshima --help`"""

from games.engine.neuroshima.cli import main

raise SystemExit(main())
