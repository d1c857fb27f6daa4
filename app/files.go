package app

import (
	"notrueking/hosting"
	"notrueking/live"
	"notrueking/rules"
	"notrueking/session"
)

// The files a live game writes are the match's (session.Files: the
// autosave, the -record file, the -overlay file, one chain of observers
// told after every action, undo and redo, whoever made it). The table
// never writes and never calls back into the app. The spectator window's
// -overlay file is written by package spectate.

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

// startMatch starts rules game g of id at this window with seats
// st: its match, its files (a new save, or the resumed one) under the
// app's options, its server when a seat is played from another device;
// and puts it on the table. It returns the game and the scene it stands
// at.
func startMatch(c *Context, g *rules.Game, id gameID, st live.Seating) (*live.Game, Scene) {
	o := &c.app.opts
	run := live.Run{Yield: searchYield, Files: session.FilesOptions{Saves: o.Saves, StoreErr: c.app.storeErr, MapName: id.mapName, MapSum: id.mapSum,
		Scenario: id.scenario, Resumed: id.resumed, Tester: id.tester, RecordPath: o.RecordPath, OverlayPath: o.Overlay}}
	if canHost {
		run.Host = &hosting.Options{Addr: o.HostAddr, Page: o.HostPage, NoSpectators: o.NoSpectators}
	}
	lg := live.Start(g, st, run, c.app.gameOptions(g.Config().Seed, id.tester))
	return lg, begin(lg)
}

// gameOptions are how the window shows a game of seed: a tester's seed is
// shown; any other game's shuffle button draws a secret seed of its own.
func (a *App) gameOptions(seed uint64, tester bool) live.Options {
	o := live.Options{Seed: seed, Tester: tester, LargeLog: a.opts.LargeText, OnTurn: a.signalTurn}
	if !tester {
		// The shuffle button must not leak the secret seed either.
		o.Shuffle = secretSeed()
	}
	return o
}
