package bots

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"

	"notrueking/rules"
)

// explore is the UCB exploration constant for rewards in 0..1.
const explore = 0.7

// node is one node of the search tree: the actions taken from the root,
// whatever the hidden information of the deal that reached it (single
// observer ISMCTS). Statistics are kept for every seat; a seat choosing at
// a node compares its children by its own reward.
type node struct {
	act    rules.Action
	kids   []*node
	visits int
	avail  int       // times the node's action was legal when its parent was reached
	sum    []float64 // reward per seat over the visits
	score  []float64 // final score per seat over the visits
}

func (n *node) child(a rules.Action) *node {
	for _, k := range n.kids {
		if k.act == a {
			return k
		}
	}
	return nil
}

// search runs iterations of ISMCTS from in and returns the root action
// with the most visits. rootLegal lists the actions weighed at the root
// (the legal actions, or the loyalty cards weighed).
func search(ctx context.Context, in *rules.Information, rootLegal []rules.Action, b Budget, r *rand.Rand) (Decision, error) {
	iterations, horizon := b.Iterations, b.Rounds
	seat := in.Seat()
	np := in.Players()
	newNode := func(a rules.Action) *node {
		return &node{act: a, sum: make([]float64, np), score: make([]float64, np)}
	}
	root := newNode(rules.Action{})
	maxScore := 0
	for _, v := range in.Map().LoyaltySlots {
		maxScore += v
	}
	var legal, fresh []rules.Action
	path := make([]*node, 0, 64)
	reward := make([]float64, np)
	var om *opponentModel
	if b.Candidates > 1 {
		om = newOpponentModel(in)
	}
	root0 := -1
	done := 0
	for it := 0; it < iterations; it++ {
		if it&15 == 0 {
			if err := ctx.Err(); err != nil {
				return Decision{}, err
			}
		}
		if b.Yield != nil {
			b.Yield()
		}
		var g *rules.Game
		if om != nil {
			g = in.SampleWeighted(r, b.Candidates, om.weight)
		} else {
			g = in.Sample(r)
		}
		if root0 < 0 {
			root0 = g.Round()
		}
		n := root
		path = append(path[:0], root)
		expanded := false
		for !g.Over() && !expanded {
			mover := g.ToAct()
			if n == root {
				legal = append(legal[:0], rootLegal...)
			} else {
				legal = g.AppendLegal(legal[:0])
			}
			if len(legal) == 0 {
				break
			}
			if legal[0].Verb == rules.VArrange && n != root {
				// Another seat's (or a later) loyalty card: the search
				// does not branch on it; it is dealt at random.
				if err := g.Step(playout(g, legal, b.Playout, r)); err != nil {
					return Decision{}, err
				}
				continue
			}
			if len(legal) == 1 && n != root {
				if err := g.Step(legal[0]); err != nil {
					return Decision{}, err
				}
				continue
			}
			fresh = fresh[:0]
			for _, a := range legal {
				if n.child(a) == nil {
					fresh = append(fresh, a)
				}
			}
			var next *node
			if len(fresh) > 0 {
				next = newNode(fresh[r.IntN(len(fresh))])
				n.kids = append(n.kids, next)
				expanded = true
			}
			best := math.Inf(-1)
			for _, a := range legal {
				k := n.child(a)
				if k == nil {
					continue
				}
				k.avail++
				if expanded || k.visits == 0 {
					continue
				}
				u := k.sum[mover]/float64(k.visits) + explore*math.Sqrt(math.Log(float64(k.avail))/float64(k.visits))
				if u > best {
					best, next = u, k
				}
			}
			if err := g.Step(next.act); err != nil {
				return Decision{}, err
			}
			n = next
			path = append(path, n)
		}
		// Play out at random, to the end of the game or of the budget's
		// horizon.
		for !g.Over() && (horizon <= 0 || g.Round() < root0+horizon) {
			legal = g.AppendLegal(legal[:0])
			if err := g.Step(playout(g, legal, b.Playout, r)); err != nil {
				return Decision{}, err
			}
		}
		// The whole score: points and the tie-breaks (revealed tokens,
		// house cards, turn order) decide the winner at every horizon.
		scores, win, _ := g.Standing()
		for i := range reward {
			reward[i] = 0.5 * float64(scores[i]) / float64(max(maxScore, 1))
		}
		if win >= 0 {
			reward[win] += 0.5
		}
		for _, p := range path {
			p.visits++
			for i := range reward {
				p.sum[i] += reward[i]
				p.score[i] += float64(scores[i])
			}
		}
		done++
	}
	kids := slices.Clone(root.kids)
	slices.SortStableFunc(kids, func(a, b *node) int {
		if a.visits != b.visits {
			return b.visits - a.visits
		}
		return cmpFloat(b.sum[seat], a.sum[seat])
	})
	d := Decision{Iterations: done}
	for i, k := range kids {
		if i == 3 || k.visits == 0 {
			break
		}
		d.Top = append(d.Top, Option{Action: k.act, Visits: k.visits,
			Value: k.sum[seat] / float64(k.visits), Score: k.score[seat] / float64(k.visits)})
	}
	if len(d.Top) == 0 {
		d.Action = rootLegal[0]
		return d, nil
	}
	d.Action = d.Top[0].Action
	return d, nil
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// playout is the policy's action among legal (the legal actions of g).
func playout(g *rules.Game, legal []rules.Action, p Playout, r *rand.Rand) rules.Action {
	if p == Greedy {
		switch legal[0].Verb {
		case rules.VArrange:
			return byRanking(g, legal[0])
		case rules.VExchange, rules.VKeep:
			return steadyExchange(g, legal, r)
		}
	}
	a := legal[r.IntN(len(legal))]
	if a.Verb == rules.VArrange {
		a = rules.RandomArrangement(a, r)
	}
	return a
}
