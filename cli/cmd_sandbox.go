package cli

import (
	"io"

	"notrueking/app"
)

// cmdSandbox is the sandbox command: the sandbox on the initial position
// of the map and players, to edit it and play from there (a tester's
// tool; docs/sandbox.md).
func cmdSandbox(args []string, stdout, stderr io.Writer) int {
	return sandbox("sandbox", args, stdout, stderr)
}

// sandbox is cmdSandbox called as as ("-sandbox": the old flag).
func sandbox(as string, args []string, stdout, stderr io.Writer) int {
	w := newWindow("sandbox", as, "starts from the map's setup", stdout, stderr)
	w.hints = map[string]string{"load": "open the game, then Edit position", "scenario": "open it, then Edit position"}
	s := addSetup(w.cmdFlags)
	record := addRecord(w.cmdFlags)
	p := addPresenter(w.cmdFlags)
	pos, code, ok := w.parse(args)
	if !ok {
		return code
	}
	if len(pos) > 0 {
		return w.unexpected(pos[0])
	}
	if err := checkRecord(*record); err != nil {
		return w.fail("%v", err)
	}
	o := app.Options{Sandbox: true, RecordPath: *record}
	if err := p.set(&o); err != nil {
		return w.fail("%v", err)
	}
	st, err := s.read()
	if err != nil {
		return w.fail("%v", err)
	}
	if err := s.set(&o, st); err != nil {
		return w.fail("%v", err)
	}
	return open(o, stderr)
}
