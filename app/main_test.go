package app

import (
	"image"
	"os"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"notrueking/internal/tabletest"
	"notrueking/live"
	"notrueking/render/rendertest"
	"notrueking/replay"
	"notrueking/rules"
	"notrueking/sandbox"
	"notrueking/session"
	"notrueking/spectate"
	"notrueking/table"
	"notrueking/ui"
)

// TestMain runs the tests while Ebitengine's loop ticks, on a display
// (rendertest.Main); the textures of a test's apps go when it ends. The
// tests are parallel (t.Parallel; not those that set the environment or
// the working folder, which Go forbids): two at a time, the tests that
// draw (needDisplay) one at a time (rendertest.NeedDisplay) beside those
// that draw nothing — they play games, build frames and widgets. Most of
// a picture's time is software GL on Ebitengine's render thread, so the
// other core plays games meanwhile.
func TestMain(m *testing.M) {
	appMade = func(a *App) { rendertest.Track(a) }
	rendertest.Main(m, "app")
}

// needDisplay skips a test without a display; with one, the test is
// parallel and draws while no other test does (TestMain).
func needDisplay(t testing.TB) {
	t.Helper()
	if tt, ok := t.(*testing.T); ok {
		tt.Parallel()
	}
	rendertest.NeedDisplay(t)
}

// shot draws a's scene as it stands, hover effects and tooltip included,
// into a w×h image and reads it back.
func shot(t testing.TB, a *App, w, h int) *image.RGBA {
	t.Helper()
	img := ebiten.NewImage(w, h)
	defer img.Deallocate()
	a.rebuild()
	a.drawTo(img)
	return rendertest.Snapshot(img)
}

var saveShot = rendertest.SaveShot

// The tests' view of the app: what the scene up holds.

// is reports whether the scene up (under an overlay: the scene it
// covers) is a T.
func is[T Scene](a *App) bool {
	_, ok := covered(a.mgr.cur).(T)
	return ok
}

// atTable reports whether the game's table is up: the table, under a
// notice or in try mode.
func atTable(a *App) bool { return is[*tableScene](a) }

// noticeUp and tryUp report whether the game's table is up under a notice
// that waits for Continue, or in try mode.
func noticeUp(a *App) bool { return atTable(a) && tbl(a).Mode() == table.ModeNotice }
func tryUp(a *App) bool    { return atTable(a) && tbl(a).Mode() == table.ModeTry }

// helpOpen reports whether the help overlay is up.
func helpOpen(a *App) bool {
	_, ok := a.mgr.cur.(*helpScene)
	return ok
}

// playing is the game in view (nil for none).
func playing(a *App) *live.Game { return a.f.sh.Live }

// tbl is the table the scene up shows: the game's, the sandbox's or the
// spectator's (nil for none).
func tbl(a *App) *table.Table {
	switch s := covered(a.mgr.cur).(type) {
	case *sandboxScene:
		return s.sb.Table()
	case *spectateScene:
		if lg := s.s.Game(); lg != nil {
			return lg.Table()
		}
		return nil
	}
	if lg := playing(a); lg != nil {
		return lg.Table()
	}
	return nil
}

// game is the rules game in view (nil for none, a game run elsewhere or a
// scripted engine), as its match holds it: a test reads it, and plays on
// it, outside the match's lock.
func game(a *App) *rules.Game {
	if lg := playing(a); lg != nil {
		return gameOf(lg)
	}
	return nil
}

// match is the match of the game in view (nil for none).
func match(a *App) *session.Match {
	if lg := playing(a); lg != nil {
		return matchOf(lg)
	}
	return nil
}

// matchOf, filesOf and gameOf are game lg's match, its files and its
// rules game (nil: no match runs it at this window).
func matchOf(lg *live.Game) *session.Match {
	m, _ := lg.Match()
	return m
}

func filesOf(lg *live.Game) *session.Files {
	_, f := lg.Match()
	return f
}

func gameOf(lg *live.Game) *rules.Game {
	var g *rules.Game
	if m := matchOf(lg); m != nil {
		m.Do(func(x *rules.Game) { g = x })
	}
	return g
}

// sess is the autosave of the game in view (nil for none).
func sess(a *App) *session.Session {
	if lg := playing(a); lg != nil {
		if _, f := lg.Match(); f != nil {
			return f.Session()
		}
	}
	return nil
}

// curtainSeat is the seat the curtain up waits for (-1 for no curtain).
func curtainSeat(a *App) rules.Seat {
	if s, ok := covered(a.mgr.cur).(*curtainScene); ok {
		return s.seat
	}
	return -1
}

// beginOn puts scripted engine e (seed) on a's table, as a new game does.
func beginOn(a *App, e table.Game, seed uint64) {
	a.mgr.goTo(begin(live.OnDesk(e, a.gameOptions(seed, false))))
	a.rebuild()
}

// beginWith starts rules game g of id on a's table, every seat a person
// at this screen.
func beginWith(a *App, g *rules.Game, fo session.FilesOptions) {
	_, at := startMatch(a.ctx(), g, fo, live.Seating{})
	a.mgr.goTo(at)
	a.rebuild()
}

// startOn starts a game of the start screen's choices (Start).
func startOn(t testing.TB, a *App) {
	t.Helper()
	at, err := startGame(a.ctx())
	if err != nil {
		t.Fatalf("no game: %v", err)
	}
	a.mgr.goTo(at)
	a.rebuild()
}

// tick runs one frame's tick of the scene up at now; it reports a change
// to show (and builds it).
func tick(a *App, now time.Time) bool {
	ch := a.mgr.tick(now, a.ctx())
	if ch {
		a.rebuild()
	}
	return ch
}

// moved tells a's game that it moved outside the table (a test applied
// actions): its files and its scene follow.
func moved(a *App) {
	lg := playing(a)
	lg.Table().Refresh()
	a.mgr.goTo(sceneOf(lg, lg.Moved(false)))
	a.rebuild()
}

// curtainApp is an app whose game e (seed) has begun: it stands on the
// hand-off curtain of the first seat to act.
func curtainApp(t testing.TB, e table.Game, seed uint64) *App {
	t.Helper()
	a, err := newApp(Options{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	beginOn(a, e, seed)
	if !is[*curtainScene](a) {
		t.Fatalf("a new game starts at %T, want the curtain", a.mgr.cur)
	}
	return a
}

// tableApp is a begun game past its first curtain.
func tableApp(t testing.TB, f *tabletest.Engine) *App {
	t.Helper()
	a := curtainApp(t, f, 1)
	a.press(ui.CmdTarget(ui.Command{Kind: ui.CmdLift}))
	a.rebuild()
	if !atTable(a) {
		t.Fatalf("after the curtain: %T, want the table", a.mgr.cur)
	}
	return a
}

// openOn goes to the scene next opens (a file, a save, a scenario), as
// the start screen and Run do.
func openOn(a *App, next func(*Context) (Scene, error)) error {
	s, err := next(a.ctx())
	if err != nil {
		return err
	}
	a.mgr.goTo(s)
	a.rebuild()
	return nil
}

// spec is what the spectator window up follows (nil for none).
func spec(a *App) *spectate.Spectator {
	if s, ok := covered(a.mgr.cur).(*spectateScene); ok {
		return s.s
	}
	return nil
}

// status is why the spectator window up waits ("" while it follows).
func status(a *App) string {
	st, _ := spec(a).Status()
	return st
}

// toCurtain puts a's game behind the curtain of the seat to act.
func toCurtain(a *App) {
	lg := playing(a)
	lg.Table().Hide()
	a.mgr.goTo(&curtainScene{lg: lg, seat: lg.Table().Game().ToAct()})
	a.rebuild()
}

// toolsOpen reports whether the Tools menu is up.
func toolsOpen(a *App) bool {
	_, ok := a.mgr.cur.(*toolsScene)
	return ok
}

// toTable puts a's game's table up, as it stands (no curtain).
func toTable(a *App) {
	a.mgr.goTo(&tableScene{lg: playing(a)})
	a.rebuild()
}

// rp is the replay viewer up (nil for none).
func rp(a *App) *replay.Viewer {
	if s, ok := covered(a.mgr.cur).(*replayScene); ok {
		return s.r
	}
	return nil
}

// sandboxUp is the sandbox up (nil for none).
func sandboxUp(a *App) *sandbox.Sandbox {
	if s, ok := covered(a.mgr.cur).(*sandboxScene); ok {
		return s.sb
	}
	return nil
}

// fromStart does on a's start screen what next opens, as its button
// would (a failure goes to its message line).
func fromStart(a *App, next func(*Context) (Scene, error)) {
	a.home.open(a.ctx(), next)
	a.rebuild()
}

// haveDisplay reports whether images can be drawn and read back.
var haveDisplay = rendertest.HaveDisplay

// shotsWanted reports whether NTK_SHOTS asks for the pictures to look at.
func shotsWanted() bool { return os.Getenv("NTK_SHOTS") != "" }

// look draws a's scene for looking at: at w×h, kept as name.png, when
// NTK_SHOTS names a folder; else small (640×360) and kept nowhere — the
// painter must draw it all the same, and large pictures cost seconds of
// software GL; with -short (and no NTK_SHOTS) not at all: only the
// scene's frame is built. The pictures the tests compare are drawn by
// shot, whatever the flags.
func look(t testing.TB, a *App, name string, w, h int) {
	t.Helper()
	switch {
	case shotsWanted():
	case testing.Short():
		a.rebuild()
		return
	default:
		w, h = 640, 360
	}
	saveShot(t, name, shot(t, a, w, h))
}

// lookOnly starts a test that draws only to be looked at (look): with
// -short and no NTK_SHOTS it draws nothing, so it runs in parallel
// (TestMain); else it needs the display. It reports whether it draws.
func lookOnly(t *testing.T) bool {
	t.Helper()
	if testing.Short() && !shotsWanted() {
		t.Parallel() // draws nothing (TestMain)
		return false
	}
	needDisplay(t)
	return true
}

// mustApp is a new app of o and ng (nil: no game can be started).
func mustApp(t testing.TB, o Options, ng newGameFunc) *App {
	t.Helper()
	a, err := newApp(o, ng)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// startedApp is an app of o whose start screen's Start (Enter, or N with
// games to continue) began a new game of the rules engine.
func startedApp(t testing.TB, o Options) *App {
	t.Helper()
	a := mustApp(t, o, defaultNewGame)
	if len(a.home.s.Continues()) > 0 {
		a.handle(ui.Input{Keys: []ui.Key{ui.KeyN}}) // Enter would continue the newest game
	} else {
		a.handle(ui.Input{Enter: true})
	}
	return a
}

// rulesGame is a rules game on a shipped map (tabletest.RulesGame).
func rulesGame(t testing.TB, mapName string, players []string, seed uint64) *rules.Game {
	t.Helper()
	g, err := tabletest.RulesGame(mapName, players, seed)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// homeMsg and homeErr are the start screen's message line and whether it
// says a refusal.
func homeMsg(a *App) string {
	msg, _ := a.home.s.Message()
	return msg
}

func homeErr(a *App) bool {
	_, isErr := a.home.s.Message()
	return isErr
}
