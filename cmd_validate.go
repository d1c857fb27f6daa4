package main

import (
	"fmt"
	"io"
	"strings"

	"notrueking/board"
	"notrueking/internal/safefile"
	"notrueking/internal/textcheck"
	"notrueking/maps"
)

// cmdValidate is the "validate" command: `validate [-json] FILE`, where
// FILE is a map file or the name of a shipped map ("standard"). It prints
// a one-screen summary (or, with -json, the normalised map) to stdout and
// returns 0, or prints every problem to stderr and returns 1 (2 for a
// usage error).
func cmdValidate(args []string, stdout, stderr io.Writer) int {
	c := newFlags("validate", stdout, stderr)
	asJSON := c.Bool("json", false, "print the normalised map as JSON")
	pos, code, ok := c.parse(args)
	if !ok {
		return code
	}
	file, code, ok := c.oneArg(pos, "FILE, a map file or a shipped map ("+strings.Join(maps.Shipped(), ", ")+")")
	if !ok {
		return code
	}
	m, err := maps.Load(file)
	if safefile.IsOpenError(err) {
		// Not a map that was read and found wrong: a usage error.
		fmt.Fprintln(stderr, err)
		return 2
	}
	if err != nil {
		fmt.Fprintln(stderr, err)
		if l, ok := err.(maps.ErrorList); ok && len(l) > 1 {
			fmt.Fprintf(stderr, "%d problems\n", len(l))
		}
		return 1
	}
	if *asJSON {
		data, err := maps.JSON(m)
		if err != nil {
			fmt.Fprintln(stderr, err)
			return 1
		}
		stdout.Write(data)
		return 0
	}
	writeSummary(stdout, textcheck.Escape(file), maps.Summarize(m))
	return 0
}

// writeSummary prints the one-screen summary of a valid map read from
// file, ending with the balance report.
func writeSummary(w io.Writer, file string, s maps.Summary) {
	fmt.Fprintf(w, "%s: %s (%s): valid\n", file, s.Name, s.ID)
	fmt.Fprintf(w, "territories  %d: %d land, %d sea, %d port, %d road\n", s.Territories, s.Kinds[board.Land], s.Kinds[board.Sea], s.Kinds[board.Port], s.Kinds[board.Road])
	fmt.Fprintf(w, "icons        %d crowns, %d barrels, %d castles, %d towns\n", s.Crowns, s.Barrels, s.Castles, s.Towns)
	fmt.Fprintf(w, "adjacency    %d pairs; grid %d×%d, %d touching pairs\n", s.Pairs, s.GridW, s.GridH, s.Touching)
	fmt.Fprintf(w, "exceptions   %d\n", len(s.Exceptions))
	for _, e := range s.Exceptions {
		fmt.Fprintf(w, "  %s / %s: %s\n", e.A, e.B, e.Reason)
	}
	for _, r := range s.Rivers {
		var bs []string
		for _, b := range r.Bridges {
			bs = append(bs, b[0]+" / "+b[1])
		}
		fmt.Fprintf(w, "river        %s: %d borders blocked; bridges: %s\n", r.Name, r.Blocked, strings.Join(bs, ", "))
	}
	fmt.Fprintf(w, "players      %d-%d; conspiracies %s\n", s.MinPlayers, s.MaxPlayers, strings.Join(s.Conspiracies, ", "))
	slots := make([]string, len(s.LoyaltySlots))
	for i, v := range s.LoyaltySlots {
		slots[i] = fmt.Sprint(v)
	}
	fmt.Fprintf(w, "loyalty      %s\n", strings.Join(slots, " "))
	fmt.Fprintf(w, "houses       %d\n", len(s.Houses))
	for _, h := range s.Houses {
		fmt.Fprintf(w, "  %-10s rank %d  %s  home %-12s %d cards  start %d footmen %d knights %d ships  limits %d/%d/%d/%d\n",
			h.Name, h.Rank, h.Color, h.Home, h.Cards, h.Start[board.Footman], h.Start[board.Knight], h.Start[board.Ship],
			h.Limits[board.Footman], h.Limits[board.Knight], h.Limits[board.Ship], h.Limits[board.Dragon])
	}
	fmt.Fprintf(w, "balance      (%s: lands crowns castles towns barrels; starting units; rank)\n", s.BalanceOf)
	for _, b := range append(s.Balance, s.Spread) {
		fmt.Fprintf(w, "  %-10s %5d %6d %7d %5d %7d %6d %5d\n", b.House, b.Lands, b.Crowns, b.Castles, b.Towns, b.Barrels, b.Units, b.Rank)
	}
}
