"""The replay: a finished match kept in the history, opened on the table in replay mode and
stepped through by keys and the slider, and a review drawn on it.

The match is a real record (seeded play to the end, kept by ``savegame.keep_in_history`` as
the table keeps one) and read back as History reads it (``savegame.read_match``); every test
posts real key and mouse events to the app.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pygame
import pytest
from ui_harness import click, key, make_app, run_until, user_dirs

from game.engine import DealScored, GameState, Trick, load_record, new_game
from game.review.model import Decision, MoveValue, Review
from game.sim import play_deal, random_chooser
from game.ui import savegame
from game.ui.replay import keys as replay_keys
from game.ui.replay.review import LABEL_COLORS
from game.ui.replay.scene import ReplayScene
from game.ui.replay.track import Track
from game.ui.scenes import keys as keylist
from game.ui.scenes.summary import SummaryScene
from game.ui.table.hint import HINT_COLOR


def finished(game: str, players: int, seed: int = 3, **options: Any) -> GameState:
    """A whole match played to its end by seeded random seats."""
    state = new_game(game, players=players, seed=seed, **options)
    choose = random_chooser(random.Random(seed))
    while not state.is_over:
        if state.between_deals:
            state.deal_next()
        play_deal(state, choose)
    return state


def kept(state: GameState, seats: list[str]) -> savegame.SavedMatch:
    """The match as History reads it back from the file the table keeps it in."""
    setup = savegame.MatchSetup(state.name, state.players, seats)
    assert savegame.keep_in_history(state, setup) is None
    (path,) = savegame.history()
    return savegame.read_match(path)


def open_replay(app: Any, saved: savegame.SavedMatch, **kw: Any) -> ReplayScene:
    scene = app.open("replay", match=saved, **kw)
    assert isinstance(scene, ReplayScene)
    assert run_until(app, lambda: scene.model.synced and not scene.model.loading)
    return scene


def settle(app: Any, scene: ReplayScene) -> None:
    """Run the show to its end, closing each deal's summary on the way (Enter)."""
    for _ in range(50):
        assert run_until(
            app, lambda: isinstance(app.scenes.top, SummaryScene) or scene.model.synced
        )
        if not isinstance(app.scenes.top, SummaryScene):
            return
        key(app, pygame.K_RETURN)


@pytest.fixture
def tressette(app: Any) -> tuple[GameState, ReplayScene]:
    state = finished("tressette", 4)
    return state, open_replay(app, kept(state, ["human", "rules", "rules", "rules"]))


def test_right_to_the_end_reaches_the_saved_scores(app, tressette) -> None:
    state, scene = tressette
    summaries = 0
    while scene.pos < scene.track.end:
        key(app, pygame.K_RIGHT)
        for _ in range(50):
            assert run_until(
                app, lambda: isinstance(app.scenes.top, SummaryScene) or scene.model.synced
            )
            if not isinstance(app.scenes.top, SummaryScene):
                break
            summaries += 1
            ended = app.scenes.top.data.deal_no
            assert scene.painter.where().startswith(f"Deal {ended} ·")  # not the next one yet
            key(app, pygame.K_RETURN)
    settle(app, scene)
    assert scene.model.state == state
    assert scene.model.state.scores == state.scores
    assert summaries == scene.track.deals


def test_left_back_to_the_start_is_the_first_deal_as_dealt(app, tressette) -> None:
    state, scene = tressette
    key(app, pygame.K_END)
    assert scene.model.state == state  # End: the match as it ended
    for _ in range(5):  # Left steps back a move at a time, laid out at once
        key(app, pygame.K_LEFT)
    assert scene.pos == scene.track.end - 5 and scene.model.synced
    assert scene.model.state.history == state.history[:-5]
    key(app, pygame.K_HOME)
    first = new_game("tressette", players=4, seed=3)
    assert scene.pos == 0 and scene.model.state == first
    m = scene.model
    shown = {sp.card for sp in m.table.hands[m.viewer]}
    assert shown == set(first.view(m.viewer).hand)
    assert all(sp.card is None for s in (1, 2, 3) for sp in m.table.hands[s])  # hidden
    key(app, pygame.K_LEFT)  # nothing before the start
    assert scene.pos == 0


def test_page_keys_land_where_the_engine_events_say(app, tressette) -> None:
    state, scene = tressette
    record = state.record()

    def logged(pos: int) -> set[str]:
        """What the move before ``pos`` logged, replayed by the engine: "trick" for a trick
        taken, "scored" for a deal scored."""
        before = load_record({**record, "moves": record["moves"][: pos - 1]})
        after = load_record({**record, "moves": record["moves"][:pos]})
        kinds = {"trick": Trick, "scored": DealScored}
        new = after.events[len(before.events) :]
        return {k for k, kind in kinds.items() if any(isinstance(e.data, kind) for e in new)}

    key(app, pygame.K_PAGEDOWN)
    first = scene.pos
    assert "trick" in logged(first)  # right after the first trick
    assert all("trick" not in logged(p) for p in range(1, first))
    key(app, pygame.K_PAGEDOWN)
    assert "trick" in logged(scene.pos) and scene.pos - first == 4  # a trick of 4 cards
    key(app, pygame.K_PAGEUP)
    assert scene.pos == first
    # Shift+PgDn: the start of the next deal, right after the move that scored the first
    key(app, pygame.K_PAGEDOWN, pygame.KMOD_SHIFT)
    deal2 = scene.pos
    assert "scored" in logged(deal2)
    assert scene.model.state.view(0).deal_no == 2 and not scene.model.state.history[deal2:]
    assert scene.model.state.current_player is not None  # the next deal is dealt
    key(app, pygame.K_RIGHT)
    assert run_until(app, lambda: scene.model.synced)
    key(app, pygame.K_PAGEUP, pygame.KMOD_SHIFT)  # back to the start of this deal
    assert scene.pos == deal2
    key(app, pygame.K_PAGEUP, pygame.KMOD_SHIFT)  # and of the one before
    assert scene.pos == 0


def test_the_slider_goes_where_it_is_clicked_and_dragged(app, tressette) -> None:
    _state, scene = tressette
    slider = scene.slider
    target = scene.track.end // 2
    click(app, (slider.x_of(target), slider.rect.centery))
    assert scene.pos == target and scene.model.synced
    later = target + 7
    y = slider.rect.centery
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(slider.x_of(target), y), button=1)
    )
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=(slider.x_of(later), y), rel=(1, 0), buttons=(1, 0, 0)
        )
    )
    app.step()
    assert scene.pos == later  # the drag follows the mouse
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(0, y), button=1))
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=(0, y), rel=(1, 0), buttons=(0, 0, 0))
    )
    app.step()
    assert scene.pos == later  # let go: the mouse moves on alone


def test_f_shows_every_hand_and_v_turns_the_table(app, tressette) -> None:
    _state, scene = tressette
    m = scene.model
    key(app, pygame.K_PAGEDOWN)
    key(app, pygame.K_f)
    for s in range(4):
        hand = m.table.hands[s]
        assert {sp.card for sp in hand} == set(m.state.hand(s)), s
        assert all(sp.face_up for sp in hand), s
    key(app, pygame.K_RIGHT)  # a move animated face up: its events unfiltered
    assert run_until(app, lambda: m.synced)
    assert all(sp.card is not None for s in range(4) for sp in m.table.hands[s])
    # a hand that declared Buongioco shows every card face up too, not just those declared
    declared = next(p for p in range(scene.track.end) if scene.track.state_at(p).view(0).shown[2])
    scene.go_to(declared + 1)
    assert {sp.card for sp in m.table.hands[2]} == set(m.state.hand(2))
    key(app, pygame.K_f)  # back to the hands as the human saw them
    assert all(sp.card is None for s in (1, 3) for sp in m.table.hands[s])
    assert {sp.card for sp in m.table.hands[2]} - {None} == set(m.state.view(0).shown[2])
    key(app, pygame.K_v)
    assert m.viewer == 1 and m.table.layout.viewer == 1
    assert {sp.card for sp in m.table.hands[1]} == set(m.state.view(1).hand)
    assert all(sp.card is None for s in (0, 3) for sp in m.table.hands[s])


def test_a_replay_thinks_saves_and_counts_nothing(app, tressette, monkeypatch) -> None:
    state, scene = tressette
    from game.ui import stats
    from game.ui.worker import AIWorker

    def no(*args: Any, **kw: Any) -> Any:
        raise AssertionError("a replay asked the AI")

    monkeypatch.setattr(AIWorker, "think", no)
    monkeypatch.setattr(scene.model.ai.worker.pool, "submit", no)
    before = {p.name for p in savegame.history()}
    key(app, pygame.K_h)  # no hint either
    while scene.pos < scene.track.end:
        key(app, pygame.K_PAGEDOWN)
        if scene.track.deal_at(scene.pos) != scene.track.deal_at(scene.pos - 1):
            key(app, pygame.K_LEFT)  # a deal's last move played as in play: its summary
            key(app, pygame.K_RIGHT)
            settle(app, scene)
    settle(app, scene)
    assert scene.model.state == state and scene.model.ai.thought is None
    assert not savegame.save_path(scene.model.setup.slot).exists()
    assert not stats.stats_path().exists()
    assert {p.name for p in savegame.history()} == before


def test_esc_leaves_for_the_scene_below(app, tressette) -> None:
    _state, scene = tressette
    below = app.scenes.stack[-2]
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is below and scene not in app.scenes.stack


def review_of(state: GameState, seat: int, deal: int = 1) -> Review:
    """A review of ``seat``'s decisions in ``deal``, made of the match's real moves: the
    first decision with a choice a blunder (another legal move was best, with the coach's
    reason for it), the others the best move; the chance to win falls after the blunder."""
    record = state.record()
    track = Track(state, (Trick,))
    start = track.deal_starts[deal - 1]
    stop = track.deal_starts[deal] if deal < track.deals else track.end
    decisions = []
    for k in range(start, stop):
        st = track.state_at(k)
        if st.current_player != seat:
            continue
        legal = [m.text for m in st.legal_moves()]
        played = record["moves"][k]
        blunder = not decisions and len(legal) > 1
        best = next(t for t in legal if t != played) if blunder else played
        win = 0.6 if not decisions else 0.25
        values = tuple(
            MoveValue(t, 3.0 if t == best else 1.0, win if t == played else 0.7) for t in legal
        )
        decisions.append(
            Decision(
                index=k,
                deal=deal,
                seat=seat,
                move=played,
                best=best,
                loss=2.0 if blunder else 0.0,
                label="blunder" if blunder else "best",
                values=values,
                reason={"code": "wins_trick", "parts": {"points": 3, "thirds": 1}, "move": None},
            )
        )
    return Review(seat, "test", decisions, {deal: 62.0}, 71.0)


def test_the_review_rings_the_best_move_beside_the_blunder(app, drawn) -> None:
    state = finished("tressette", 4)
    review = review_of(state, 0)
    scene = open_replay(app, kept(state, ["human", "rules", "rules", "rules"]), review=review)
    blunder = review.decisions[0]
    key(app, pygame.K_n)  # N: the next mistake
    assert scene.pos == blunder.index and scene.model.synced
    app.step()
    band = scene.painter.band_message()
    assert band.startswith(
        f"Blunder: {scene.model.hints.move_words(state.parse_move(blunder.move))}"
    )
    assert "wins the trick: 1 point" in band  # the coach's reason, worded as a hint's
    rings = scene.review.rings(scene.pos)
    colors = {color for _rect, color in rings}
    assert colors == {HINT_COLOR, LABEL_COLORS["blunder"]}
    hand = {sp.card: scene.model.sprite_rect(sp) for sp in scene.model.table.hands[0]}
    best, played = state.parse_move(blunder.best), state.parse_move(blunder.move)
    assert (hand[best.cards[0]], HINT_COLOR) in rings
    assert (hand[played.cards[0]], LABEL_COLORS["blunder"]) in rings
    assert any("Accuracy: deal 62, match 71" in text for text in drawn)
    surface = pygame.display.get_surface()
    edge = hand[best.cards[0]].inflate(6, 6)
    assert any(
        tuple(surface.get_at((x, edge.top))[:3]) == HINT_COLOR for x in range(edge.left, edge.right)
    )  # the ring is on screen
    key(app, pygame.K_RIGHT)  # after the blunder: no ring, the position said again
    assert run_until(app, lambda: scene.model.synced)
    assert scene.review.rings(scene.pos) == []
    assert scene.painter.band_message().startswith("Deal 1 · Move")


def test_a_review_set_later_and_its_progress(app, tressette, drawn) -> None:
    state, scene = tressette
    scene.review_progress(3, 12)
    app.step()
    assert any("Reviewing… 3 of 12" in text for text in drawn)
    review = review_of(state, 2)
    scene.set_review(review)  # the judge is done: its seat's hands are shown
    assert scene.model.viewer == 2
    key(app, pygame.K_n)
    assert scene.pos == review.decisions[0].index
    key(app, pygame.K_n, pygame.KMOD_SHIFT)  # no mistake before it: it stays
    assert scene.pos == review.decisions[0].index


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080)])
def test_the_review_box_covers_no_hand(tmp_path, monkeypatch, size) -> None:
    """Drawn for real in a window of each size: the review's box lies in the side panel,
    clear of every hand, plate, pile and the trick, of the slider and the panel's buttons."""
    user_dirs(tmp_path, monkeypatch)
    app = make_app(size=size)
    state = finished("capodama", 6)
    scene = open_replay(app, kept(state, ["human"] + ["rules"] * 5), review=review_of(state, 0))
    app.step()
    lay = scene.model.table.layout
    box = scene.painter.side_box
    assert box is not None and lay.panel.contains(box)
    for name, rect in lay.regions().items():
        assert not box.colliderect(rect), name
    assert not box.colliderect(scene.slider.rect)
    assert lay.band.contains(scene.slider.rect)
    buttons = [b.rect for b in scene.model.prompt.panel_buttons]
    assert not any(box.colliderect(b) for b in buttons)
    app.shutdown()


def test_the_key_list_over_a_replay_names_every_replay_key(app, tressette) -> None:
    _state, scene = tressette
    key(app, pygame.K_F1)
    shown = app.scenes.top
    assert isinstance(shown, keylist.KeysScene) and shown.listed is keylist.REPLAY_KEYS
    app.step()
    drawn = {row.keys: " ".join(lines) for row, lines in shown.rows}
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is scene  # Esc closes the list, not the replay
    listed = {code for row in keylist.REPLAY_KEYS for code in row.codes}
    root = Path(replay_keys.__file__).parent
    used: set[str] = set()
    for path in sorted(root.glob("*.py")):
        used |= set(re.findall(r"pygame\.(K_\w+)", path.read_text(encoding="utf-8")))
    assert used >= {"K_RIGHT", "K_HOME", "K_PAGEDOWN", "K_f", "K_v", "K_n", "K_ESCAPE"}
    missing = sorted(name for name in used if getattr(pygame, name) not in listed)
    assert not missing, f"keys the replay handles but its list does not name: {missing}"
    for row in keylist.REPLAY_KEYS:
        assert drawn[row.keys].startswith(row.does)


def test_deck_and_language_switch_in_a_replay(app, tressette) -> None:
    _state, scene = tressette
    deck = app.settings.deck
    key(app, pygame.K_d)
    assert app.settings.deck != deck and scene.model.deck == app.settings.deck
    app.set_language("it")
    app.step()
    labels = [b.label for b in scene.model.prompt.panel_buttons]
    assert "Indietro (Esc)" in labels and "Tutte le mani (F)" in labels
    assert scene.painter.band_message().startswith("Smazzata 1 · Mossa 0 di ")
    app.set_language("en")


def test_an_idle_replay_lets_the_app_sleep(app, tressette) -> None:
    """Nobody decides in a replay: once the show is over and the glow of the seat to play
    holds still, the table waits for a key (an AI seat to play is not waited for)."""
    _state, scene = tressette
    key(app, pygame.K_PAGEDOWN)
    assert scene.model.state.current_player != 0  # an AI seat's turn
    assert run_until(app, lambda: scene.wake_in() is None, 200)


@pytest.mark.parametrize(
    ("game", "players"), [("scopa", 2), ("cattura", 2), ("capodama", 4), ("capodama", 1)]
)
def test_every_game_replays_to_its_end_and_back(app, game: str, players: int) -> None:
    """Each game's table in replay mode: its first deal played by Right (summaries closed on
    the way) lands on the record's positions, End on the match as it ended, Home on its start."""
    state = finished(game, players)
    seats = ["human"] + ["rules"] * (players - 1)
    scene = open_replay(app, kept(state, seats))
    stop = scene.track.deal_starts[1] if scene.track.deals > 1 else scene.track.end
    while scene.pos < stop:
        key(app, pygame.K_RIGHT)
        settle(app, scene)
        assert scene.model.state.history == state.history[: scene.pos]
    key(app, pygame.K_PAGEDOWN)
    assert scene.pos in (*scene.track.takes, *scene.track.deal_starts, scene.track.end)
    key(app, pygame.K_END)
    assert scene.model.state == state
    key(app, pygame.K_HOME)
    assert scene.model.state == new_game(game, players=players, seed=3)
