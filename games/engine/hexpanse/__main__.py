import sys

from games.engine.hexpanse.cli import main

sys.exit(main())
