from django.apps import AppConfig


class ClockConfig(AppConfig):
    """Deadlines, the time bank, reminders, loss on time, vacation and weekends. Seats'
    deadlines live on games.matches' Seat rows, the vacation allowance and the weekend setting
    on the player's profile; the clock subscribes to every match change rather than being
    called by the match services."""

    name = "games.clock"
    label = "clock"

    def ready(self):
        from games.clock.presenters import clock_seat_notes
        from games.clock.services import clock_on_match_changed
        from games.matches.hooks import on_match_changed, on_seat_notes

        on_match_changed(clock_on_match_changed)
        on_seat_notes(clock_seat_notes)
