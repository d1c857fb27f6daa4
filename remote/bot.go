package remote

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"

	"notrueking/bots"
	"notrueking/rules"
)

// PlayBot plays the client's seats as a bot until the game ends (nil),
// ctx ends or the client does (their reason). A device has no engine: the
// bots' searches need a seat's rules.Information, which the host does not
// send, so a device's bot plays at level random only — uniformly over its
// seat's legal actions, seeded.
func PlayBot(ctx context.Context, c *Client, level bots.Level, seed uint64) error {
	if level != bots.Random {
		return fmt.Errorf("a device's bot plays at level random only, not %s: the bots' searches need the seat's information, which stays at the host", level)
	}
	r := rand.New(rand.NewPCG(seed, 0x6e746b))
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
		seat := c.ToAct()
		if legal := c.LegalFor(seat); len(legal) > 0 {
			a := legal[r.IntN(len(legal))]
			if a.Verb == rules.VArrange {
				a = rules.RandomArrangement(a, r)
			}
			_, err := c.Apply(a)
			switch {
			case err == nil:
				continue
			case errors.Is(err, ErrStale), errors.Is(err, ErrLinkDown), errors.Is(err, ErrNoAnswer):
				// the state it acted on is gone: wait for the next
			default:
				return fmt.Errorf("%s was refused: %w", a.Format(c.Map()), err)
			}
		}
		if err := c.Wait(ctx, seq); err != nil {
			return err
		}
	}
}
