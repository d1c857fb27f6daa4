package main

import (
	"io"

	"notrueking/render"
)

// cmdSpectate is the spectate command: a window that follows a save or
// record file (latest: the newest save) and shows the public view only.
// It takes no setup and writes nothing but the overlay file a streamer
// asks for (and the presenter's options shape its picture).
func cmdSpectate(args []string, stdout, stderr io.Writer) int {
	return spectate("spectate", args, stdout, stderr)
}

// spectate is cmdSpectate called as as ("-spectate": the old flag).
func spectate(as string, args []string, stdout, stderr io.Writer) int {
	w := newWindow("spectate", as, "follows a game another window plays", stdout, stderr)
	p := addPresenter(w.cmdFlags)
	pos, code, ok := w.parse(args)
	if !ok {
		return code
	}
	file, code, ok := w.oneArg(pos, "FILE or latest")
	if !ok {
		return code
	}
	o := render.Options{Spectate: file}
	if err := p.set(&o); err != nil {
		return w.fail("%v", err)
	}
	return open(o, stderr)
}
