package start

import (
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"notrueking/bots"
	"notrueking/gamefile"
	"notrueking/rules"
	"notrueking/store"
)

// The start screen's last setup: the map, the players, their names, who
// plays each seat, the bots' pause and the variant, kept (store.Prefs, in the
// configuration folder or the browser's storage) each time a game starts
// from the start screen, and put back on it at the next start, except
// what the command line sets.

// setupPref is the name of the setting that holds the last setup.
const setupPref = "start-setup"

// lastSetup is the last setup as the setting holds it (JSON).
type lastSetup struct {
	Map     string   `json:"map"`
	Players int      `json:"players"`
	Names   []string `json:"names"`
	// Seats is who played each seat: gamefile.SeatHuman or a bot level.
	Seats   []string `json:"seats"`
	PauseMS int64    `json:"bot_pause_ms"`
	// Variant is the game's variant ("" plain, "citadel").
	Variant string `json:"variant,omitempty"`
}

// setup is the start screen's setup to keep.
func (s *Screen) setup() lastSetup {
	l := lastSetup{Map: s.maps[s.mapIdx].ID, Players: s.n, Names: slices.Clone(s.names), PauseMS: s.bots.pause.Milliseconds(), Variant: s.variant.String()}
	for _, lv := range s.bots.level {
		seat := gamefile.SeatHuman
		if lv != Human {
			seat = bots.Level(lv).String()
		}
		l.Seats = append(l.Seats, seat)
	}
	return l
}

// KeepSetup writes the start screen's setup to prefs (nil: nowhere); a
// failure is said on the start screen when the player comes back to it.
func (s *Screen) KeepSetup(prefs store.Prefs) {
	if prefs == nil {
		return
	}
	b, err := json.Marshal(s.setup())
	if err == nil {
		err = prefs.Set(setupPref, string(b))
	}
	s.setupErr = err
}

// RestoreSetup puts the last setup kept in prefs back on the start
// screen, except what the options set (-map, -players and -names, -bots,
// -bot-pause, -variant). A setting that does not read, a map no longer offered, a
// name the rules refuse or an unknown level is left out, saying why on the
// start screen's message line; the rest is restored.
func (s *Screen) RestoreSetup(prefs store.Prefs, o Options) {
	if prefs == nil {
		return
	}
	v, ok, err := prefs.Get(setupPref)
	if err != nil || !ok {
		if err != nil {
			s.Say(fmt.Sprintf("The last setup was not restored: %v", err), true)
		}
		return
	}
	var l lastSetup
	if err := json.Unmarshal([]byte(v), &l); err != nil {
		s.Say(fmt.Sprintf("The last setup was not restored: %s: %v", setupPref, err), true)
		return
	}
	var skipped []string
	if o.Map == "" && l.Map != "" {
		if i := slices.IndexFunc(s.maps, func(m Map) bool { return m.ID == l.Map }); i >= 0 {
			s.mapIdx = i
		} else {
			skipped = append(skipped, "the map "+l.Map+" is not offered")
		}
	}
	if len(o.Players) == 0 {
		if l.Players > 0 {
			s.n = l.Players
		}
		for i, n := range l.Names[:min(len(l.Names), len(s.names))] {
			if err := rules.CheckPlayerName(n); err != nil {
				skipped = append(skipped, fmt.Sprintf("name %d: %v", i+1, err))
				continue
			}
			s.names[i] = n
		}
	}
	if o.Bots == nil {
		for i, seat := range l.Seats[:min(len(l.Seats), len(s.bots.level))] {
			if seat == gamefile.SeatHuman {
				s.bots.level[i] = Human
				continue
			}
			lv, err := bots.ParseLevel(seat)
			if err != nil {
				skipped = append(skipped, fmt.Sprintf("seat %d: %v", i+1, err))
				continue
			}
			s.bots.level[i] = int(lv)
		}
	}
	if o.Variant == "" {
		if v, err := rules.ParseVariant(l.Variant); err != nil {
			skipped = append(skipped, err.Error())
		} else {
			s.variant = v
		}
	}
	if p := time.Duration(l.PauseMS) * time.Millisecond; o.BotPause == 0 && slices.Contains(Pauses, p) {
		s.bots.pause = p
	}
	s.clampPlayers()
	if len(skipped) > 0 {
		s.Say(fmt.Sprintf("Part of the last setup was not restored: %v.", skipped), true)
	}
}
