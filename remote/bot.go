package remote

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"notrueking/bots"
	"notrueking/rules"
)

// botInterval is the least time between two messages of PlayBot's.
var botInterval = 2 * time.Second / RatePerSecond

// ErrChooseLater is a chooser's answer (Play) when the game moved on while
// it chose: Play asks again once the client holds the game anew.
var ErrChooseLater = errors.New("the game moved on while choosing")

// Play plays the client's seats until the game ends (nil), ctx ends or
// the client does (their reason): whenever a held seat is to act, choose
// picks its action from its legal ones, and the client sends it. A request
// the link loses (down, no answer, made at a version the game has left)
// is chosen again once the client holds the game anew — the host applied
// it or it did not, and the position says which. acted, when set, is told
// each action the host accepted and the game's length before it.
func Play(ctx context.Context, c *Client, choose func(seat rules.Seat, legal []rules.Action) (rules.Action, error), acted func(n int, a rules.Action)) error {
	if err := c.WaitReady(ctx); err != nil {
		return err
	}
	for {
		seq := c.Seq()
		if err := c.Err(); err != nil {
			return err
		}
		if c.Over() {
			return nil
		}
		// The decision is made on one state, and goes to the host with it
		// (ApplyAt): one that changed while it was read is read again.
		e, v := c.Version()
		seat := c.ToAct()
		legal := c.LegalFor(seat)
		n := c.Len()
		if e2, v2 := c.Version(); e2 != e || v2 != v {
			continue
		}
		if len(legal) > 0 {
			a, err := choose(seat, legal)
			switch {
			case errors.Is(err, ErrChooseLater):
			case err != nil:
				return err
			default:
				_, err = c.ApplyAt(e, v, a)
				switch {
				case err == nil:
					if acted != nil {
						acted(n, a)
					}
					continue
				case errors.Is(err, ErrStale), errors.Is(err, ErrLinkDown), errors.Is(err, ErrNoAnswer):
					// The state it acted on is gone: choose again.
				default:
					return fmt.Errorf("%s was refused: %w", a.Format(c.Map()), err)
				}
			}
		}
		if err := c.Wait(ctx, seq); err != nil {
			return err
		}
	}
}

// PlayBot plays the client's seats as a bot until the game ends (nil),
// ctx ends or the client does (their reason). At level random it picks
// uniformly over its seat's legal actions, seeded; at a searching level it
// asks the host for its seat's information (what the seat knows, no more)
// and searches from it with the seed, as the host's bot would.
func PlayBot(ctx context.Context, c *Client, level bots.Level, seed uint64) error {
	r := rand.New(rand.NewPCG(seed, 0x6e746b))
	// A host closes a device that sends more than RatePerSecond messages:
	// the bot sends at most half as many, however fast it decides.
	pace := time.NewTicker(botInterval)
	defer pace.Stop()
	wait := func() error {
		select {
		case <-pace.C:
			return nil
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return Play(ctx, c, func(seat rules.Seat, legal []rules.Action) (rules.Action, error) {
		a := legal[r.IntN(len(legal))]
		if a.Verb == rules.VArrange {
			a = rules.RandomArrangement(a, r)
		}
		if err := wait(); err != nil {
			return a, err
		}
		if level == bots.Random {
			return a, nil
		}
		in, err := c.Information(seat)
		if errors.Is(err, ErrLinkDown) || errors.Is(err, ErrNoAnswer) {
			return a, ErrChooseLater
		}
		if err != nil {
			return a, fmt.Errorf("the host did not tell the seat's information: %w", err)
		}
		if in.Len() != c.Len() {
			return a, ErrChooseLater
		}
		d, err := bots.Decide(ctx, in, level, seed)
		if err != nil {
			return a, err
		}
		return d.Action, wait()
	}, nil)
}
