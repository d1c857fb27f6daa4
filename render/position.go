package render

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"notrueking/internal/safefile"
	"notrueking/records"
	"notrueking/rules"
	"notrueking/scenarios"
	"notrueking/session"
	"notrueking/store"
	"notrueking/ui"
)

// Games that start from a position — a scenario file (-scenario), the
// sandbox — and "Save position as scenario" (docs/scenarios.md).

// loadScenario opens the scenario file at path on the table: a tester's
// game (the scenario holds its seed and every secret), autosaved like any
// other game with its start position inside the save (session.Meta.Start).
func (a *App) loadScenario(path string) error {
	g, data, err := scenarios.LoadFile(path)
	if err != nil {
		return err
	}
	a.scenarioPath = path
	a.playPosition(g)
	a.tbl.SetMessage(fmt.Sprintf("Scenario %s: %s to act.", filepath.Base(path), a.tbl.SeatName(g.ToAct())), false)
	// Its comment (what to try, what should happen) on a card over the
	// table until Continue.
	if c := scenarios.Comment(data); c != "" {
		a.tbl.NoticeScenario(filepath.Base(path), paragraphs(c))
	}
	return nil
}

// playPosition puts g, a game that starts from a position (a scenario,
// the sandbox's edits: rules.Builder, rules.Editor), on the table under
// the rules: a tester's game, in a new save that holds the position.
func (a *App) playPosition(g *rules.Game) {
	if a.tbl != nil {
		a.closeGame()
	}
	a.tester = true
	a.mapName, a.mapSum = records.MapIdentity(g.Map())
	a.bots.interrupt()
	a.bots = nil
	a.begin(playRules(g), g.Config().Seed)
}

// closeGame takes the game on the table off it (it stays saved and
// offered under Continue); the next game gets its own save and record.
func (a *App) closeGame() {
	a.tbl, a.sess, a.recPath, a.recErr = nil, nil, "", nil
}

// positionName is the file name a saved position gets: the map, the
// round and the day, e.g. standard-round-3-2026-11-23.toml (a taken name
// gets -2, -3, …: nothing is overwritten).
func positionName(g *rules.Game, now time.Time) string {
	return fmt.Sprintf("%s-round-%d-%s.toml", g.Map().ID, publicRound(g), now.Format("2006-01-02"))
}

// savePosition writes the position on the table as a scenario file in
// the positions folder (store.PositionsDir, or Options.PositionsDir) and
// says where; it loads back to the same position (notrueking -scenario
// FILE). The file holds every secret of the position, like a save: it is
// written for its owner only.
func (a *App) savePosition() {
	g := a.game()
	if g == nil || a.tbl == nil {
		return
	}
	if a.tbl.InPast() {
		a.tbl.SetMessage("This is the past: return to the table (Esc) to save the position as it stands.", true)
		return
	}
	if !a.secretTool(ui.CmdSavePosition, g, "Press Ctrl+S again to save: the file holds every secret of the game (hands, loyalty cards, decks).") {
		return
	}
	msg, err := a.keepPosition(g)
	if err != nil {
		a.tbl.SetMessage("The position could not be saved: "+err.Error(), true)
		return
	}
	a.tbl.SetMessage(msg, false)
}

// writePosition writes g's position into the positions folder under a
// free name and returns the file's path.
func (a *App) writePosition(g *rules.Game) (string, error) {
	dir := a.opts.PositionsDir
	if dir == "" {
		d, err := store.PositionsDir()
		if err != nil {
			return "", err
		}
		dir = d
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", err
	}
	name, sum := records.MapIdentity(g.Map())
	return store.WriteNew(filepath.Join(dir, positionName(g, time.Now())), scenarios.Export(g, name, sum), 0o600)
}

// recordStart gives rec, the record of a game that starts from a
// position, its scenario line for a record file at recordPath: the
// scenario file the game was opened from (-scenario), named relative to
// the record, or else the start position written beside the record
// (RECORD.start.toml, a new file).
func (a *App) recordStart(rec *rules.Record, recordPath string, g *rules.Game) error {
	if a.scenarioPath != "" {
		data, err := safefile.ReadFile(a.scenarioPath, scenarios.MaxFileSize)
		if err == nil {
			rec.Scenario, rec.ScenarioSHA256 = records.ScenarioRef(filepath.Dir(recordPath), a.scenarioPath, data)
			if _, err := scenarios.LoadRef(filepath.Dir(recordPath), rec.Scenario, rec.ScenarioSHA256); err == nil {
				return nil
			}
		}
		// The scenario file changed or went away: the record keeps its
		// own copy of the start.
	}
	start, err := scenarios.StartOf(g)
	if err != nil {
		return err
	}
	if start == nil {
		return errors.New("the game does not start from a position")
	}
	p, err := store.WriteNew(recordPath+".start.toml", start, 0o600)
	if err != nil {
		return err
	}
	a.scenarioPath = p
	rec.Scenario, rec.ScenarioSHA256 = records.ScenarioRef(filepath.Dir(recordPath), p, start)
	return nil
}

// sessionStart gives a new save of g its start position when g starts
// from one.
func sessionStart(s *session.Session, g *rules.Game) error {
	start, err := scenarios.StartOf(g)
	if err != nil {
		return err
	}
	s.Start = start
	return nil
}

// recordTarget is the record file's path: the one written, or the one
// asked for (-record) before the first write (it is in the same folder).
func (a *App) recordTarget() string {
	if a.recPath != "" {
		return a.recPath
	}
	return a.opts.RecordPath
}

// paragraphs joins a comment's lines, wrapped by hand in the file, into
// paragraphs: a new one at an empty line and at "Try:" and "Expect:".
func paragraphs(c string) []string {
	var out []string
	open := false
	for _, l := range strings.Split(c, "\n") {
		l = strings.TrimSpace(l)
		switch {
		case l == "":
			open = false
		case !open || strings.HasPrefix(l, "Try:") || strings.HasPrefix(l, "Expect:"):
			out = append(out, l)
			open = true
		default:
			out[len(out)-1] += " " + l
		}
	}
	return out
}

// armedTool is a tool that shows every secret, asked for once: its
// command and 1 + the game's Len when it was.
type armedTool struct {
	cmd ui.CmdKind
	at  int
}

// secretTool reports whether the tester's tool cmd, which shows (or
// writes out) every secret of g, may go ahead. In a tester's game it
// may; in a game that is not, the first ask only puts warning on the
// message line, and a second ask of the same tool at the same position
// goes ahead.
func (a *App) secretTool(cmd ui.CmdKind, g *rules.Game, warning string) bool {
	if a.tester || a.armed == (armedTool{cmd, g.Len() + 1}) {
		a.armed = armedTool{}
		return true
	}
	a.armed = armedTool{cmd, g.Len() + 1}
	a.tbl.SetMessage(warning, true)
	return false
}
