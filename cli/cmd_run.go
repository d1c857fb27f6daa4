//go:build !js

package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"

	"notrueking/gamefile"
	"notrueking/internal/safefile"
	"notrueking/rules"
	"notrueking/store"
)

// cmdRun is the run command: it replays a record headlessly, applying
// each action as it is read, and writes each step and the final state as
// a line of JSON (docs/records.md). The record file is bounded
// (rules.MaxRecordSize, regular files only); its map is resolved against
// the record's folder. A cut-off last line is ignored with a warning on
// stderr (exit status 0).
func cmdRun(args []string, stdout, stderr io.Writer) int {
	c := newFlags("run", stdout, stderr)
	pos, code, ok := c.parse(args)
	if !ok {
		return code
	}
	path, code, ok := c.oneArg(pos, "RECORD")
	if !ok {
		return code
	}
	// Refusals before the replay starts (the file, its header, where it
	// starts) are usage errors, exit 2; the replay's own failure exits 1.
	f, err := safefile.Open(path, rules.MaxRecordSize)
	if err != nil {
		return c.fail("%v", err)
	}
	defer f.Close()
	rr, err := rules.NewRecordReader(f)
	if err != nil {
		return c.fail("%s: %v", path, err)
	}
	h := rr.Header()
	// Where the record starts: its map, seed and players, a scenario
	// file (relative to the record) or the start position its save holds.
	var own string
	if h.Scenario == gamefile.StartRef {
		if own, err = ownStart(path); err != nil {
			return c.fail("%v", err)
		}
	}
	g, err := gamefile.Start(h, own, filepath.Dir(path), gamefile.Loader(filepath.Dir(path)))
	if err != nil {
		return c.fail("%s: line %d: %v", path, rr.MapLine(), err)
	}
	run := func(step func(rules.RunStep) error) (rules.FinalState, error) {
		return rules.RunRecordFrom(g, rr, step)
	}
	err = runJSON(stdout, run)
	if w := rr.Warning(); w != "" {
		fmt.Fprintf(stderr, "%s%s: warning: %s\n", c.prefix, path, w)
	}
	if err != nil {
		return c.failed("%s: %v", path, err)
	}
	return 0
}

// ownStart is the start position a save at path holds in its header.
func ownStart(path string) (string, error) {
	data, err := safefile.ReadFile(path, store.MaxSave)
	if err != nil {
		return "", err
	}
	m, _, err := gamefile.ReadMeta(data)
	if err != nil {
		return "", fmt.Errorf("%s: %v", path, err)
	}
	return m.Start, nil
}

// runJSON writes a run as JSON lines: each step as it is played, then
// {"final":...}. HTML characters are not escaped: the lines are read by
// tools, not pasted into pages.
func runJSON(w io.Writer, run func(step func(rules.RunStep) error) (rules.FinalState, error)) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	final, err := run(func(s rules.RunStep) error { return enc.Encode(s) })
	if err != nil {
		return err
	}
	return enc.Encode(struct {
		Final rules.FinalState `json:"final"`
	}{final})
}
