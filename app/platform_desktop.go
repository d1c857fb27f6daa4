//go:build !js

package app

import (
	"path/filepath"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"notrueking/board"
	"notrueking/catalog"
	"notrueking/rules"
	"notrueking/session"
	"notrueking/store"
)

// The desktop side of what differs in a browser (see browser_js.go).

// openSaves opens the saves folder (store.DefaultDir).
func openSaves() (store.Store, error) {
	d, err := store.OpenDefault()
	if err != nil {
		return nil, err
	}
	return d, nil
}

// openPrefs keeps the settings in the configuration folder
// (store.DefaultPrefs), beside the saves.
func openPrefs() (store.Prefs, error) { return store.DefaultPrefs() }

// CheckPlatform accepts every option: the desktop has files. (The browser
// build refuses what a web page cannot do: browser_js.go.)
func CheckPlatform(Options) error { return nil }

// runGame runs the app in its window.
func runGame(a *App) error { return ebiten.RunGame(a) }

// browserMap never handles a map on the desktop: maps are files there.
func browserMap(name, sum string) (m *board.Map, handled bool, err error) { return nil, false, nil }

// keepPosition writes the position as a scenario file in the positions
// folder (position.go) and says where.
func keepPosition(c *Context, g *rules.Game) (string, error) {
	dir, err := positionsDir(c)
	if err != nil {
		return "", err
	}
	path, err := catalog.Save(dir, g, time.Now())
	if err != nil {
		return "", err
	}
	// The name first: a narrow message line cuts the end.
	return "Saved " + filepath.Base(path) + " in " + filepath.Dir(path) + " (open it with -scenario FILE)", nil
}

// searchYield is nil on the desktop: a bot searches on its own goroutine
// while the window draws on another thread.
func searchYield() func() { return nil }

// keepExports writes the exported games into the exports folder
// (export.go) and says where; with an error, the message says what was
// written before it.
func keepExports(c *Context, files []session.ExportFile) (string, error) {
	dir, err := exportsDir(c)
	if err != nil {
		return "", err
	}
	paths, err := session.WriteExports(dir, files)
	if len(paths) == 0 {
		return "", err
	}
	return session.ExportedTo(dir, paths), err
}

// canHost says this build can host a game on the network (the browser's
// page cannot listen).
const canHost = true

// positionsDir is where the window saves positions: Options.PositionsDir,
// else store.PositionsDir.
func positionsDir(c *Context) (string, error) {
	if dir := c.app.opts.PositionsDir; dir != "" {
		return dir, nil
	}
	return store.PositionsDir()
}

// exportsDir is the folder exports are written to: Options.ExportsDir,
// else store.ExportsDir.
func exportsDir(c *Context) (string, error) {
	if d := c.app.opts.ExportsDir; d != "" {
		return d, nil
	}
	return store.ExportsDir()
}

// askText is nil on the desktop: a line of talk is typed on the table.
var askText func(title string) (string, bool)

// mark is a page's performance mark: nothing on the desktop.
func mark(string) {}
