package app

import (
	"notrueking/gamefile"
	"notrueking/rules"
	"notrueking/session"
)

// The files a live game writes are the match's (session.Files: the
// autosave, the -record file, the -overlay file, one chain of observers
// told after every action, undo and redo, whoever made it). The table
// never writes and never calls back into the app. The spectator window's
// -overlay file is written from here too (writesOverlay).

// gameID is where a live game comes from, as its files name it: the map
// (a shipped map's id or a map file's path, and the file's SHA-256), the
// scenario file it was opened from ("" for none), the save it resumes
// (nil for a new game), and whether it is a tester's game.
type gameID struct {
	mapName, mapSum string
	scenario        string
	resumed         *session.Session
	tester          bool
}

// filesOptions are the files of a game from id, under the app's options.
func filesOptions(c *Context, id gameID) session.FilesOptions {
	o := &c.app.opts
	return session.FilesOptions{Saves: o.Saves, StoreErr: c.app.storeErr, MapName: id.mapName, MapSum: id.mapSum,
		Scenario: id.scenario, Resumed: id.resumed, Tester: id.tester, RecordPath: o.RecordPath, OverlayPath: o.Overlay}
}

// open starts game p's match: its files (a new save, or the resumed one)
// and its seats. A scripted engine (no rules game) has neither: the table
// acts on it directly.
func open(c *Context, p play, id gameID, st seating) play {
	g := p.game
	if g == nil {
		return p
	}
	f := session.OpenFiles(g, filesOptions(c, id), st.players, st.pause)
	m := session.NewMatch(g, session.MatchOptions{Players: st.players, Pause: st.pause, BotSeed: st.seed,
		Yield: searchYield, OnSeats: f.KeepSeats}, f.Observers()...)
	m.Start()
	return play{on: m.Desk(windowSeats(m)...), game: g, match: m, files: f}
}

// windowSeats are the seats the window's desk holds: every seat but those
// played from another device (a hosted game's remote seats, whose secrets
// the host's screen never shows and whose decisions it never takes). The
// bots' seats are held: the table takes their moves back with a human's.
func windowSeats(m *session.Match) []rules.Seat {
	var out []rules.Seat
	for i, p := range m.Players() {
		if p != gamefile.SeatRemote {
			out = append(out, rules.Seat(i))
		}
	}
	return out
}

// writesOverlay has the spectator window s write the -overlay file at
// path after each newly seen position of the game it follows (a write's
// failure is kept for the banner). The overlay reads public views only,
// so it is given the game itself behind a desk that holds no seat: the
// ranks' "since when" needs its history.
func (s *spectator) writesOverlay(path string) {
	s.hooks = append(s.hooks, func(rules.Desk, int) {
		s.overlayErr = session.WriteOverlay(path, s.desk())
	})
}
