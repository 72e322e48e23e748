"""Django's PostgreSQL backend with the pool's cheaper check (hexsite/dbpool.py)."""
