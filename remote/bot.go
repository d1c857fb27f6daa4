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
			if err := wait(); err != nil {
				return err
			}
			if level != bots.Random {
				in, err := c.Information(seat)
				if err != nil {
					return fmt.Errorf("the host did not tell the seat's information: %w", err)
				}
				if in.Len() != c.Len() {
					goto next // the game moved on meanwhile
				}
				d, err := bots.Decide(ctx, in, level, seed)
				if err != nil {
					return err
				}
				a = d.Action
				if err := wait(); err != nil {
					return err
				}
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
	next:
		if err := c.Wait(ctx, seq); err != nil {
			return err
		}
	}
}
