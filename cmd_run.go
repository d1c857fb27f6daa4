package main

import (
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"

	"notrueking/internal/safefile"
	"notrueking/maps"
	"notrueking/records"
	"notrueking/rules"
	"notrueking/scenarios"
	"notrueking/session"
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
	f, err := safefile.Open(path, rules.MaxRecordSize)
	if err != nil {
		return c.failed("%v", err)
	}
	defer f.Close()
	rr, err := rules.NewRecordReader(f)
	if err != nil {
		return c.failed("%s: %v", path, err)
	}
	h := rr.Header()
	var run func(step func(rules.RunStep) error) (rules.FinalState, error)
	switch {
	case h.Scenario == session.StartRef:
		// A save of a game from a position holds that position itself.
		g, err := startOfSave(path, h)
		if err != nil {
			return c.failed("%s: line %d: %v", path, rr.MapLine(), err)
		}
		run = func(step func(rules.RunStep) error) (rules.FinalState, error) {
			return rules.RunRecordFrom(g, rr, step)
		}
	case h.Scenario != "":
		// The record starts from a scenario, found relative to the record.
		g, err := scenarios.LoadRef(filepath.Dir(path), h.Scenario, h.ScenarioSHA256)
		if err != nil {
			return c.failed("%s: line %d: %v", path, rr.MapLine(), err)
		}
		run = func(step func(rules.RunStep) error) (rules.FinalState, error) {
			return rules.RunRecordFrom(g, rr, step)
		}
	default:
		m, err := records.LoadMap(maps.ShippedFS(), filepath.Dir(path), h.Map, h.MapSHA256)
		if err != nil {
			return c.failed("%s: line %d: %v", path, rr.MapLine(), err)
		}
		run = func(step func(rules.RunStep) error) (rules.FinalState, error) {
			return rules.RunRecordReader(m, rr, step)
		}
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

// startOfSave is the start position a save at path holds (its header).
func startOfSave(path string, h rules.Record) (*rules.Game, error) {
	data, err := safefile.ReadFile(path, store.MaxSave)
	if err != nil {
		return nil, err
	}
	m, _ := session.ReadMeta(safefile.TrimBOM(data))
	return session.StartGame(h, m)
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
