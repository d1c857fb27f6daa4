package app

import (
	"fmt"
	"path/filepath"

	"notrueking/catalog"
	"notrueking/live"
	"notrueking/records"
	"notrueking/rules"
	"notrueking/scenarios"
	"notrueking/session"
	"notrueking/ui"
)

// Games that start from a position — a scenario file (-scenario), the
// sandbox — and "Save position as scenario" (docs/scenarios.md).

// loadScenario opens the scenario file at path on the table: a tester's
// game (the scenario holds its seed and every secret), autosaved like any
// other game with its start position inside the save (gamefile.Meta.Start).
func loadScenario(c *Context, path string) (Scene, error) {
	g, data, err := scenarios.LoadFile(path)
	if err != nil {
		return nil, err
	}
	return playScenario(c, g, data, path, filepath.Base(path)), nil
}

// playScenario plays g, the game of a scenario's text data, from file
// path ("" for a shipped one) named name: its comment on a card over the
// table.
func playScenario(c *Context, g *rules.Game, data []byte, path, name string) Scene {
	lg, at := playPosition(c, g, path)
	u := lg.Table()
	u.SetMessage(fmt.Sprintf("Scenario %s: %s to act.", name, u.SeatName(g.ToAct())), false)
	// Its comment (what to try, what should happen) on a card over the
	// table until Continue.
	if cm := scenarios.Comment(data); cm != "" {
		u.NoticeScenario(name, catalog.Paragraphs(cm))
	}
	return at
}

// playPosition puts g, a game that starts from a position (a scenario
// file, "" for none: the sandbox's edits; rules.Builder, rules.Editor),
// on the table of a new live game under the rules: a tester's game, in a
// new save that holds the position.
func playPosition(c *Context, g *rules.Game, scenario string) (*live.Game, Scene) {
	fo := session.FilesOptions{Scenario: scenario, Tester: true}
	fo.MapName, fo.MapSum = records.MapIdentity(g.Map())
	return startMatch(c, g, fo, live.Seating{})
}

// savePosition writes the position on the table as a scenario file in
// the positions folder (store.PositionsDir, or Options.PositionsDir) and
// says where; it loads back to the same position (notrueking -scenario
// FILE). The file holds every secret of the position, like a save: it is
// written for its owner only.
func savePosition(c *Context, lg *live.Game) {
	u := lg.Table()
	if u.InPast() {
		u.SetMessage("This is the past: return to the table (Esc) to save the position as it stands.", true)
		return
	}
	g, ok := lg.SecretCopy(ui.CmdSavePosition, "Press Ctrl+S again to save: the file holds every secret of the game (hands, loyalty cards, decks).")
	if !ok {
		return
	}
	msg, err := keepPosition(c, g)
	if err != nil {
		u.SetMessage("The position could not be saved: "+err.Error(), true)
		return
	}
	u.SetMessage(msg, false)
}
