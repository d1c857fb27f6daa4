package rules

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"

	"notrueking/board"
)

// What one seat knows, across a network: a bot playing a seat at a device
// (notrueking join -bot) searches from the same Information its seat has at
// the host, so it makes the host's bot's decisions. An Information holds
// no other seat's secret (see Information), so sending it to that seat's
// device tells the device nothing its seat may not know; the generator is
// erased in it and stays so on the wire.

// UnmarshalJSON reads what MarshalJSON wrote.
func (r *generator) UnmarshalJSON(data []byte) error {
	var b []byte
	if err := json.Unmarshal(data, &b); err != nil {
		return err
	}
	return r.pcg.UnmarshalBinary(b)
}

// informationWire is an Information on the wire.
type informationWire struct {
	Players  []string         `json:"players"`
	Variant  Variant          `json:"variant"`
	Seat     Seat             `json:"seat"`
	State    state            `json:"state"`
	Hidden   [][]int          `json:"hidden"`
	Deck     []int            `json:"deck"`
	Epoch    [][]board.CardID `json:"epoch"`
	Len      int              `json:"len"`
	Deeds    [][]Deed         `json:"deeds"`
	Wings    []int            `json:"wings,omitempty"`
	WingDeck int              `json:"wing_deck,omitempty"`
}

// MarshalJSON writes the information as JSON (its map is named apart:
// DecodeInformation takes it).
func (in *Information) MarshalJSON() ([]byte, error) {
	return json.Marshal(informationWire{Players: in.cfg.Players, Variant: in.cfg.Variant, Seat: in.seat, State: in.st,
		Hidden: in.hidden, Deck: in.deck, Epoch: in.epoch, Len: in.len, Deeds: in.deeds, Wings: in.wings, WingDeck: in.wingDeck})
}

// MaxInformation bounds an Information's JSON a device reads.
const MaxInformation = 2 << 20

// DecodeInformation reads an Information that MarshalJSON wrote, of a game
// on map m; a text that is not one (too large, unknown fields, sizes that
// do not fit the map) is refused with the reason.
func DecodeInformation(m *board.Map, data []byte) (*Information, error) {
	if len(data) > MaxInformation {
		return nil, fmt.Errorf("a seat's information of %d bytes: at most %d", len(data), MaxInformation)
	}
	var w informationWire
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&w); err != nil {
		return nil, fmt.Errorf("a seat's information: %v", err)
	}
	np, nh, nt := len(w.Players), len(m.Houses), len(m.Territories)
	switch {
	case np < 2 || len(w.State.Players) != np || w.Seat < 0 || int(w.Seat) >= np:
		return nil, errors.New("a seat's information whose players do not fit")
	case len(w.State.Units) != nt || len(w.State.Flags) != nt || len(w.State.Decks) != nh || len(w.State.Discards) != nh || len(w.State.Slots) != nh:
		return nil, errors.New("a seat's information that does not fit the map")
	case len(w.Hidden) != np || len(w.Deck) != nh || len(w.Epoch) != nh || len(w.Deeds) != np:
		return nil, errors.New("a seat's information whose counts do not fit")
	}
	for _, h := range w.Hidden {
		if len(h) != nh {
			return nil, errors.New("a seat's information whose hidden cards do not fit the houses")
		}
	}
	in := &Information{m: m, cfg: Config{Players: w.Players, Variant: w.Variant}, seat: w.Seat, st: w.State,
		hidden: w.Hidden, deck: w.Deck, epoch: w.Epoch, len: w.Len, deeds: w.Deeds, wings: w.Wings, wingDeck: w.WingDeck}
	// The decoded state must be one the engine could hold: its checks
	// refuse a broken one rather than let a search panic on it.
	if err := in.checkSample(); err != nil {
		return nil, fmt.Errorf("a seat's information that is no position: %v", err)
	}
	return in, nil
}

// checkSample deals the information once and checks the position it
// makes as a whole (a panic of a broken state is an error too).
func (in *Information) checkSample() (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%v", r)
		}
	}()
	g := in.Sample(rand.New(rand.NewPCG(1, 2)))
	return errors.Join(g.whole()...)
}
