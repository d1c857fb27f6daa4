package main

import (
	"io"

	"notrueking/render"
)

// cmdReplay is the replay command: the game of a record or save file in
// the replay viewer. The file is read here, headless, so that a bad one is
// refused before any window opens; the viewer only reads it.
func cmdReplay(args []string, stdout, stderr io.Writer) int {
	return replay("replay", args, stdout, stderr)
}

// replay is cmdReplay called as as ("-replay": the old flag).
func replay(as string, args []string, stdout, stderr io.Writer) int {
	w := newWindow("replay", as, "watches a game as it was played", stdout, stderr)
	p := addPresenter(w.cmdFlags)
	pos, code, ok := w.parse(args)
	if !ok {
		return code
	}
	file, code, ok := w.oneArg(pos, "FILE")
	if !ok {
		return code
	}
	if _, err := loadGameAt("", file, -1, io.Discard); err != nil {
		return w.fail("%s: %v", as, oneLine(err))
	}
	o := render.Options{Map: "standard", Replay: file}
	if err := p.set(&o); err != nil {
		return w.fail("%v", err)
	}
	return open(o, stderr)
}
