package rules

import (
	"testing"
)

func TestTierOrderAndSkipping(t *testing.T) {
	g := scenario(t, 3, 0,
		agentAt{1, "stark", Maester},
		agentAt{2, "lannister", Maester},
		agentAt{0, "baratheon", Marshal},
		agentAt{1, "baratheon", Lord},
	)
	if g.ToAct() != 1 {
		t.Fatalf("to act %d: Crown has no Maester and is skipped", g.ToAct())
	}
	wantErr(t, refuse(t, g, "crown resolve baratheon marshal"), "it is Torch's turn")
	wantErr(t, refuse(t, g, "torch resolve baratheon lord"), "Maester agents resolve now")
	wantErr(t, refuse(t, g, "torch resolve lannister maester"), "is Helm's, not Torch's")
	if got := g.View(1).Prompt; got != "Torch: resolve a Maester agent" {
		t.Fatalf("prompt %q", got)
	}
	act(t, g, "torch resolve stark maester")
	act(t, g, "torch choose draw")
	// Stark's Maester moved up to the empty Marshal slot.
	if g.st.Slots[house(t, g, "stark")][Marshal] != 1 {
		t.Fatal("the Stark Maester did not move up")
	}
	act(t, g, "helm resolve lannister maester")
	act(t, g, "helm choose draw")
	// Marshals now; the turn passes on clockwise from Helm: Crown.
	if g.ToAct() != 0 || g.currentTier() != Marshal {
		t.Fatalf("to act %d tier %s", g.ToAct(), g.currentTier())
	}
	act(t, g, "crown resolve baratheon marshal")
	act(t, g, "crown choose move")
	act(t, g, "crown done")
	act(t, g, "crown done") // the muster that follows
	// Baratheon Lord is taken: the Marshal returns to Crown.
	if g.st.Players[0].Agents != 3 {
		t.Fatalf("Crown holds %d agents", g.st.Players[0].Agents)
	}
	if g.ToAct() != 1 {
		t.Fatalf("to act %d, want Torch (Stark Marshal)", g.ToAct())
	}
}

func TestMoveUp(t *testing.T) {
	tests := []struct {
		name     string
		agents   []agentAt
		resolve  string
		choices  []string
		wantSlot Slot // where seat 0's agent is afterwards (NumSlots = returned)
	}{
		{"maester up to empty marshal", []agentAt{{0, "stark", Maester}}, "stark maester", []string{"draw"}, Marshal},
		{"maester returns when marshal taken", []agentAt{{0, "stark", Maester}, {1, "stark", Marshal}}, "stark maester", []string{"draw"}, NumSlots},
		{"marshal up to empty lord", []agentAt{{0, "stark", Marshal}}, "stark marshal", []string{"move", "done", "done"}, Lord},
		{"marshal returns when lord taken", []agentAt{{0, "stark", Marshal}, {1, "stark", Lord}}, "stark marshal", []string{"muster", "done", "done"}, NumSlots},
		{"lord returns", []agentAt{{0, "stark", Lord}}, "stark lord", []string{"draw", "draw"}, NumSlots},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := scenario(t, 2, 0, tc.agents...)
			act(t, g, "crown resolve "+tc.resolve)
			for i, c := range tc.choices {
				switch {
				case c == "done":
					act(t, g, "crown done")
				case tc.resolve == "stark lord" && i == 1:
					// Lord: the second action must differ.
					wantErr(t, refuse(t, g, "crown choose draw"), "already taken the draw action")
					act(t, g, "crown choose muster")
					act(t, g, "crown done")
				default:
					act(t, g, "crown choose "+c)
				}
			}
			st := house(t, g, "stark")
			got := NumSlots
			for s := Maester; s < NumSlots; s++ {
				if g.st.Slots[st][s] == 0 {
					got = s
				}
			}
			if got != tc.wantSlot {
				t.Fatalf("Crown's agent at %v, want %v", got, tc.wantSlot)
			}
			if tc.wantSlot == NumSlots && g.st.Players[0].Agents != 3 {
				t.Fatalf("returned agent not in hand: %d", g.st.Players[0].Agents)
			}
			if tc.wantSlot != NumSlots && g.st.Phase == PhaseResolve && g.ToAct() == 0 {
				// the moved-up agent resolves again in its new tier
				if a := g.Legal()[0]; a.Verb != VResolve || a.Slot != tc.wantSlot {
					t.Fatalf("first legal %v", a)
				}
			}
		})
	}
}

func TestMarshalMustersAndMoves(t *testing.T) {
	g := scenario(t, 2, 0, agentAt{0, "stark", Marshal}, agentAt{1, "stark", Lord})
	act(t, g, "crown resolve stark marshal")
	wantErr(t, refuse(t, g, "crown choose draw"), "cannot draw")
	act(t, g, "crown choose move")
	if f := g.top(); f.Kind != FrameMove {
		t.Fatalf("top frame %s", f.Kind)
	}
	act(t, g, "crown move winterfell karhold footman:1")
	// the muster follows on its own
	if f := g.top(); f == nil || f.Kind != FrameMuster || f.Points != 1 {
		t.Fatalf("after the move: %+v", g.top())
	}
}

func TestEveryActionMayBeSkipped(t *testing.T) {
	g := scenario(t, 2, 0, agentAt{0, "stark", Maester}, agentAt{1, "tyrell", Maester})
	act(t, g, "crown resolve stark maester")
	act(t, g, "crown choose move")
	evs := act(t, g, "crown done")
	if !hasEvent(evs, "moves no Stark troops") || g.ToAct() != 1 {
		t.Fatalf("events %v, to act %d", evs, g.ToAct())
	}
}

func TestRoundEndsAndFirstPlayerPasses(t *testing.T) {
	g := scenario(t, 2, 1, agentAt{1, "stark", Lord})
	act(t, g, "torch resolve stark lord")
	act(t, g, "torch choose draw")
	act(t, g, "torch choose move")
	act(t, g, "torch done")
	if g.st.Phase != PhaseExchange || g.ToAct() != 1 {
		t.Fatalf("phase %s to act %d", g.st.Phase, g.ToAct())
	}
	act(t, g, "torch keep")
	act(t, g, "crown keep")
	if g.st.Phase != PhasePlace || g.st.Round != 2 || g.st.First != 0 || g.ToAct() != 0 {
		t.Fatalf("phase %s round %d first %d", g.st.Phase, g.st.Round, g.st.First)
	}
	for _, p := range g.st.Players {
		if p.Agents != 3 {
			t.Fatal("agents not back in hand")
		}
	}
}
