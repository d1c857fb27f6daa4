package main

import (
	"io"

	"notrueking/app"
)

// cmdSpectate is the spectate command: a window that follows a save or
// record file (latest: the newest save) and shows the public view only.
// It takes no setup and writes nothing but the overlay file a streamer
// asks for (and the presenter's options shape its picture).
func cmdSpectate(args []string, stdout, stderr io.Writer) int {
	return spectate("spectate", args, stdout, stderr)
}

// spectate is cmdSpectate called as as ("-spectate": the old flag). The
// spectator window reads its file itself, and waits for it to appear.
func spectate(as string, args []string, stdout, stderr io.Writer) int {
	w := newWindow("spectate", as, "follows a game another window plays", stdout, stderr)
	return w.watch(args, "FILE or latest", func(o *app.Options, file string) error {
		o.Spectate = file
		return nil
	})
}
