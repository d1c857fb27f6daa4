//go:build !js

package remote

import (
	"fmt"
	"time"

	"notrueking/bots"
	"notrueking/gamefile"
	"notrueking/rules"
	"notrueking/words"
)

// Leavers: a seat whose device has been away longer than the host's grace
// (HostOptions.AwayBot) is played by a bot of the host's level — a stand-in
// — until its device comes back by its token, which then plays the seat
// again at once. The seat's token stays the device's: a stand-in is no
// Free. Every device is told both ways by a notice.

// AwayBot is the leaver rule in force.
func (h *Host) AwayBot() AwayBot {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.seats.awayBot
}

// SetAwayBot changes the leaver rule while the game runs (the window's
// network panel): a seat a bot already stands in for keeps it until its
// device returns; off hands no more seats over. A level no bot has is
// refused.
func (h *Host) SetAwayBot(a AwayBot) error {
	if a.After > 0 {
		if _, err := bots.ParseLevel(a.Level); err != nil {
			return fmt.Errorf("the away bot: %v", err)
		}
	}
	h.mu.Lock()
	h.seats.awayBot = a
	h.mu.Unlock()
	h.touch()
	return nil
}

// leaverLoop looks every second (or a quarter of the grace, if shorter)
// for a seat whose device has been away past the grace.
func (h *Host) leaverLoop() {
	every := time.Second
	if a := h.AwayBot().After; a > 0 {
		every = min(every, max(a/4, time.Millisecond))
	}
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-h.done:
			return
		case <-t.C:
			h.standInForLeavers()
		}
	}
}

// standInForLeavers hands every seat whose device is away past the grace
// to the host's bot.
func (h *Host) standInForLeavers() {
	players := h.m.Players()
	now := h.now()
	var gone []rules.Seat
	h.mu.Lock()
	t := &h.seats
	rule := t.awayBot
	if rule.After <= 0 {
		h.mu.Unlock()
		return
	}
	for i := range t.ids {
		s := rules.Seat(i)
		if players[s] == gamefile.SeatRemote && t.holder[s] == nil && t.tokens[s] != "" && t.standIn[s] == "" &&
			!t.away[s].IsZero() && now.Sub(t.away[s]) >= rule.After {
			t.standIn[s] = rule.Level
			gone = append(gone, s)
		}
	}
	h.mu.Unlock()
	for _, s := range gone {
		if err := h.m.SetPlayer(s, rule.Level); err != nil {
			h.logf("seat %s: %v", h.seats.ids[s], err)
			continue
		}
		h.notice(fmt.Sprintf("%s is away: the %s bot plays %s until they return.", h.seatName(s), rule.Level, words.Title(h.seats.ids[s])))
		h.logf("seat %s: away for %v, the %s bot stands in", h.seats.ids[s], rule.After, rule.Level)
	}
	if len(gone) > 0 {
		h.touch()
	}
}

// returned gives a seat a bot stood in for back to its device, come back
// by its token: the device plays it again from its next decision.
func (h *Host) returned(seat rules.Seat) {
	h.mu.Lock()
	level := h.seats.standIn[seat]
	h.seats.standIn[seat] = ""
	h.mu.Unlock()
	if level == "" {
		return
	}
	if err := h.m.SetPlayer(seat, gamefile.SeatRemote); err != nil {
		h.logf("seat %s: %v", h.seats.ids[seat], err)
		return
	}
	h.notice(fmt.Sprintf("%s is back and plays %s again.", h.seatName(seat), words.Title(h.seats.ids[seat])))
	h.logf("seat %s: its device is back; the %s bot stands down", h.seats.ids[seat], level)
}

// seatName is the name of seat's player as the host last knew it.
func (h *Host) seatName(seat rules.Seat) string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.seats.names[seat]
}
