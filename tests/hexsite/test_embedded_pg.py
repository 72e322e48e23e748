"""The embedded PostgreSQL starter tells a live server from the files a dead one left behind
(after a crash or a reboot the socket file stays; trusting it would never start the server)."""

from __future__ import annotations

import socket

from hexsite import embedded_pg


def test_a_socket_file_left_by_a_dead_server_does_not_count_as_running(tmp_path, monkeypatch):
    monkeypatch.setattr(embedded_pg, "SOCKET_DIR", tmp_path)
    path = tmp_path / f".s.PGSQL.{embedded_pg.PORT}"
    assert not embedded_pg._is_running()  # no file at all

    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(str(path))
    listener.listen(1)
    try:
        assert embedded_pg._is_running()
    finally:
        listener.close()
    assert path.exists()  # what a killed server leaves behind...
    assert not embedded_pg._is_running()  # ...is not a server
