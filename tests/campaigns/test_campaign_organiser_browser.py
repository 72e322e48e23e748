"""The organiser's campaign flow in real browsers: house rules chosen when creating the
campaign and stated on its page; after a battle the winner writes a report with a picture,
which an open campaign page shows by itself (live); the organiser corrects the result and the
new winner is asked to choose their territories."""

from __future__ import annotations

import pytest
from PIL import Image
from playwright.sync_api import expect

from games.campaigns import rules, services
from games.campaigns.models import Battle, Campaign
from games.matches.services import match_resign
from tests.browser_support import artifact, make_verified_user, signed_in_page
from tests.campaigns.support import battle_between, declare_both

pytestmark = pytest.mark.browser
PASSWORD = "hexsite-camp-12345"


def test_house_rules_a_battle_report_seen_live_and_a_correction(
    daphne_server,
    new_context,
    tmp_path,
):
    make_verified_user("orga", PASSWORD)
    alice = make_verified_user("alice", PASSWORD)
    bob = make_verified_user("bob", PASSWORD)

    organiser = signed_in_page(new_context, daphne_server, "orga", PASSWORD)
    organiser.goto(f"{daphne_server.url}/campaigns/")
    organiser.fill("input[name=name]", "Guerre des Hexes")
    organiser.check("input[name=systems][value=neuroshima]")
    organiser.select_option("select[name=draw_effect]", "both_claim")
    organiser.fill("input[name=battles_per_round]", "2")
    organiser.fill("input[name=stake_raid]", "2")
    organiser.click("form.campaign-form button[type=submit]")
    house = organiser.locator(".house-rules")
    expect(house).to_contain_text("chaque joueur prend un territoire vierge")
    expect(house).to_contain_text("au plus 2 batailles par manche")
    expect(house).to_contain_text("Raid 2")
    campaign = Campaign.objects.get(name="Guerre des Hexes")
    assert campaign.rule("stake_expansion") == 2  # left as it was: the rulebook's number

    for user in (alice, bob):
        services.campaign_join(campaign_id=campaign.pk, user=user)
    services.campaign_start(campaign_id=campaign.pk, user=campaign.organiser)
    battle = declare_both(
        battle_between(campaign, alice, bob), alice, rules.EXPANSION, bob, rules.EXPANSION
    )
    match_resign(match_id=battle.match_id, user=bob)
    campaign_url = f"{daphne_server.url}/campaigns/{campaign.pk}/"

    watcher = signed_in_page(new_context, daphne_server, "bob", PASSWORD)
    watcher.goto(campaign_url)
    expect(watcher.locator("body[data-following]")).to_have_count(1)
    watcher.evaluate("window.notReloaded = true")

    picture = tmp_path / "carte.png"
    Image.new("RGB", (64, 48), (20, 120, 40)).save(picture)
    writer = signed_in_page(new_context, daphne_server, "alice", PASSWORD)
    writer.goto(f"{daphne_server.url}/campaigns/{campaign.pk}/battles/{battle.pk}/")
    writer.click("#write-report")
    writer.fill("#report-text", "La colline est tombée à l’aube.")
    writer.set_input_files("#report-image", str(picture))
    writer.click("#publish-report")
    expect(writer.locator(".battle-report")).to_contain_text("La colline est tombée à l’aube.")

    # Bob's open campaign page shows the report by itself, with its picture and the replay.
    card = watcher.locator("#campaign-feed .battle-report")
    expect(card).to_contain_text("La colline est tombée à l’aube.")
    expect(card.locator("img.report-image")).to_be_visible()
    expect(card.get_by_role("link", name="revoir la partie")).to_be_visible()
    assert watcher.evaluate("window.notReloaded === true")
    card.screenshot(path=str(artifact("campaign-battle-report.png")))

    organiser.goto(f"{campaign_url}organiser/")
    organiser.select_option(f"#winner-{battle.pk}", "b")
    organiser.fill(f"#reason-{battle.pk}", "Abandon par erreur, reconnu par alice")
    organiser.click(f"form.correct-form:has(#winner-{battle.pk}) button[type=submit]")
    battle.refresh_from_db()
    assert battle.status == Battle.Status.CHOOSING

    chooser = signed_in_page(new_context, daphne_server, "bob", PASSWORD)
    chooser.goto(f"{daphne_server.url}/notifications/")
    expect(chooser.locator(".inbox-list")).to_contain_text("Abandon par erreur")
    chooser.goto(f"{daphne_server.url}/campaigns/{campaign.pk}/battles/{battle.pk}/")
    boxes = chooser.locator(".choice input[type=checkbox]")
    expect(boxes).not_to_have_count(0)
