"""Pure-Python rules engines. Nothing under this package may import Django, touch the clock,
do I/O at import time or use module-level randomness (see ARCHITECTURE.md, "The engine contract")."""
