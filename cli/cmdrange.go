package cli

import (
	"errors"
	"fmt"
	"strconv"
	"time"
)

// Every number the command line takes has a stated range, checked when
// the command line is read — before any work, and before any memory is
// sized by it: a value outside is a usage error (one line, exit status 2)
// that names the range. The ranges are in each flag's help.

// intIn is an int flag whose value must lie in [lo, hi].
type intIn struct {
	p      *int
	lo, hi int
}

func (v intIn) String() string {
	if v.p == nil {
		return ""
	}
	return strconv.Itoa(*v.p)
}

func (v intIn) Set(s string) error {
	n, err := strconv.ParseInt(s, 0, 64)
	if err != nil {
		return errors.New("not a whole number")
	}
	if n < int64(v.lo) || n > int64(v.hi) {
		return fmt.Errorf("out of range: %d to %d", v.lo, v.hi)
	}
	*v.p = int(n)
	return nil
}

// intIn defines flag name, an int of default def that must lie in
// [lo, hi] when given (the default may lie outside: "not given").
func (c *cmdFlags) intIn(name string, def, lo, hi int, usage string) *int {
	p := new(int)
	c.intVarIn(p, name, def, lo, hi, usage)
	return p
}

// intVarIn is intIn into *p.
func (c *cmdFlags) intVarIn(p *int, name string, def, lo, hi int, usage string) {
	*p = def
	c.Var(intIn{p, lo, hi}, name, fmt.Sprintf("%s; %d to %d", usage, lo, hi))
}

// durationIn is a duration flag whose value must lie in [lo, hi].
type durationIn struct {
	p      *time.Duration
	lo, hi time.Duration
}

func (v durationIn) String() string {
	if v.p == nil {
		return ""
	}
	return v.p.String()
}

func (v durationIn) Set(s string) error {
	d, err := time.ParseDuration(s)
	if err != nil {
		return errors.New("not a duration (e.g. 300ms, 1.5s)")
	}
	if d < v.lo || d > v.hi {
		return fmt.Errorf("out of range: %v to %v", v.lo, v.hi)
	}
	*v.p = d
	return nil
}

// durationIn defines flag name, a duration of default def that must lie
// in [lo, hi] when given.
func (c *cmdFlags) durationIn(name string, def, lo, hi time.Duration, usage string) *time.Duration {
	p := new(time.Duration)
	*p = def
	c.Var(durationIn{p, lo, hi}, name, fmt.Sprintf("%s; %v to %v", usage, lo, hi))
	return p
}

// The ranges of the numbers several commands take.
const (
	// maxPlayers is the most players any map seats (the nine-house map);
	// each command checks the map's own range once the map is loaded.
	minPlayers, maxPlayers = 2, 9
	// maxAt bounds -at: more actions than any record within its size
	// bound holds.
	maxAt = 1 << 24
	// maxJobs bounds -j: games played at once.
	maxJobs = 256
)
