"""Safe defaults (reliability review, findings 4 and 11): no public secret key with DEBUG off,
`check --deploy` clean for the README's deploy settings, trusted proxies only, and a CSP that
lets the page connect to its own websocket only."""

from __future__ import annotations

import os
import re
import secrets
import subprocess
import sys
from pathlib import Path

import pytest

from hexsite.security import (
    DEVELOPMENT_SECRET_KEY,
    InsecureConfiguration,
    client_address,
    secret_key,
    trusted_proxies,
    websocket_origin,
    write_secret_key,
)

ROOT = Path(__file__).resolve().parents[2]


def manage(*args: str, **env: str) -> subprocess.CompletedProcess:
    """`manage.py ARGS` in a fresh process with only the given hexsite settings in its
    environment (the rest of the environment, like PATH and the database, is kept)."""
    keep = {
        k: v
        for k, v in os.environ.items()
        if k
        not in (
            "DEBUG",
            "HTTPS",
            "SECRET_KEY",
            "ALLOWED_HOSTS",
            "CSRF_TRUSTED_ORIGINS",
            "SITE_URL",
            "TRUSTED_PROXIES",
        )
    }
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**keep, "DJANGO_SETTINGS_MODULE": "hexsite.settings", **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_with_debug_off_the_site_refuses_to_start_without_a_secret_key(tmp_path):
    out = manage("check", DEBUG="0", SECRET_KEY_FILE=str(tmp_path / "none"))
    assert out.returncode != 0
    assert "refuses to start: SECRET_KEY is not set" in out.stderr


def test_with_debug_off_the_site_refuses_the_repositorys_development_key(tmp_path):
    out = manage(
        "check", DEBUG="0", SECRET_KEY=DEVELOPMENT_SECRET_KEY, SECRET_KEY_FILE=str(tmp_path / "x")
    )
    assert out.returncode != 0
    assert "public development key" in out.stderr


def test_the_key_bin_serve_keeps_in_var_lets_the_site_start_and_stays_the_same(tmp_path):
    stored = tmp_path / "var" / "secret_key"
    write_secret_key(stored)
    first = stored.read_text()
    write_secret_key(stored)  # a second start keeps it: sessions survive restarts
    assert stored.read_text() == first and len(first.strip()) >= 50
    assert stored.stat().st_mode & 0o077 == 0  # readable by its owner only
    out = manage("check", DEBUG="0", SECRET_KEY_FILE=str(stored))
    assert out.returncode == 0, out.stderr[-2000:]


def test_bin_serve_creates_the_key_before_anything_reads_the_settings():
    serve = (ROOT / "bin" / "serve").read_text()
    assert serve.index("write_secret_key") < serve.index("manage.py migrate")


def test_the_secret_key_comes_from_the_environment_first_then_the_stored_file(tmp_path):
    stored = tmp_path / "secret_key"
    stored.write_text("from-the-file-" + "k" * 40 + "\n")
    assert secret_key(debug=False, env={"SECRET_KEY": "env-key"}, stored=stored) == "env-key"
    assert secret_key(debug=False, env={}, stored=stored) == "from-the-file-" + "k" * 40
    assert secret_key(debug=True, env={}, stored=tmp_path / "no") == DEVELOPMENT_SECRET_KEY
    for bad in ("", "   ", DEVELOPMENT_SECRET_KEY, "django-insecure-abc"):
        with pytest.raises(InsecureConfiguration):
            secret_key(debug=False, env={"SECRET_KEY": bad}, stored=tmp_path / "no")


def readme_deploy_settings() -> dict[str, str]:
    readme = (ROOT / "README.md").read_text()
    block = re.search(r"<!-- deploy-settings -->\s*```\n(.*?)```", readme, re.S).group(1)
    pairs = dict(line.strip().split("=", 1) for line in block.strip().splitlines())
    pairs["SECRET_KEY"] = secrets.token_urlsafe(50)  # the README shows how to make one
    return pairs


def test_check_deploy_is_clean_for_the_readmes_deploy_settings(tmp_path):
    settings = readme_deploy_settings()
    assert settings["DEBUG"] == "0" and settings["HTTPS"] == "1"
    out = manage("check", "--deploy", "--fail-level", "WARNING", **settings)
    assert out.returncode == 0, out.stderr[-4000:] + out.stdout[-4000:]
    assert "no issues" in out.stdout


def test_check_deploy_warns_without_https_so_the_clean_run_means_something():
    settings = {**readme_deploy_settings(), "HTTPS": "0"}
    out = manage("check", "--deploy", "--fail-level", "WARNING", **settings)
    assert out.returncode != 0 and "security.W012" in out.stderr + out.stdout


# --- trusted proxies --------------------------------------------------------------------------


def test_only_a_trusted_proxy_may_name_the_client():
    proxies = trusted_proxies("10.0.0.0/24, ::1")
    assert client_address("10.0.0.2", "198.51.100.7", proxies) == "198.51.100.7"
    assert client_address("::1", "198.51.100.7", proxies) == "198.51.100.7"
    # A direct visitor's header is ignored.
    assert client_address("203.0.113.5", "198.51.100.7", proxies) == "203.0.113.5"
    # No proxy configured: nobody is believed.
    assert client_address("10.0.0.2", "198.51.100.7", ()) == "10.0.0.2"


def test_what_a_client_writes_into_x_forwarded_for_is_never_believed():
    proxies = trusted_proxies("10.0.0.2,10.0.0.3")
    # The client wrote "1.2.3.4"; the outer proxy appended the real peer, then the inner one.
    header = "1.2.3.4, 198.51.100.7, 10.0.0.3"
    assert client_address("10.0.0.2", header, proxies) == "198.51.100.7"
    # Garbage where a proxy should have written an address: the proxy itself is the client.
    assert client_address("10.0.0.2", "1.2.3.4, not-an-ip", proxies) == "10.0.0.2"
    assert client_address("10.0.0.2", "", proxies) == "10.0.0.2"


def test_a_wrong_trusted_proxy_entry_refuses_to_start():
    with pytest.raises(InsecureConfiguration):
        trusted_proxies("10.0.0.1, proxy.example")
    out = manage("check", DEBUG="1", TRUSTED_PROXIES="proxy.example")
    assert out.returncode != 0 and "TRUSTED_PROXIES" in out.stderr


# --- Content-Security-Policy ----------------------------------------------------------------------


def test_the_websocket_origin_follows_the_site_url():
    assert websocket_origin("https://hexsite.example") == "wss://hexsite.example"
    assert websocket_origin("http://127.0.0.1:8000/") == "ws://127.0.0.1:8000"


@pytest.mark.django_db
def test_pages_may_connect_only_to_the_sites_own_websocket(client, settings):
    policy = client.get("/").headers["Content-Security-Policy"]
    connect = next(d for d in policy.split(";") if d.strip().startswith("connect-src"))
    sources = connect.split()[1:]
    assert "ws:" not in sources and "wss:" not in sources
    assert set(sources) == {"'self'", websocket_origin(settings.SITE_URL)}
