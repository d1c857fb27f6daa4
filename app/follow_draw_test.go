package app

import (
	"image"
	"math/rand"
	"reflect"
	"testing"

	"notrueking/render/rendertest"
	"notrueking/rules"
	"notrueking/ui"
)

// TestDrawFollowScreens plays by clicks to each screen of following the
// game — the preview of an attack, the running combat, the result card,
// a drawn card, the table after an earlier action, a refused undo — and
// draws each at 1280×720 and 1920×1080 (saved under NTK_SHOTS; look). The
// preview must differ from the table under it: its picture, and with
// -short (no NTK_SHOTS), which draws nothing here, its frame.
func TestDrawFollowScreens(t *testing.T) {
	drawn := lookOnly(t)
	keep := func(a *App, name string) {
		t.Helper()
		a.redraw()
		for _, s := range [][2]int{{1280, 720}, {1920, 1080}} {
			look(t, a, name+"-"+itoa4(s[0]), s[0], s[1])
		}
	}
	want := map[string]bool{}
	var attack *rules.Action // the last action of those legal that attacks
	attacks := func(g *rules.Game, legal []rules.Action, rng *rand.Rand) rules.Action {
		pick := legal[rng.Intn(len(legal))]
		attack = nil
		for _, l := range legal {
			if cv, err := g.PreviewCombat(l); err == nil && cv != nil {
				l := l
				attack = &l
			}
		}
		if attack != nil {
			pick = *attack
		}
		return pick
	}
	clickGames(t, 2, 9, func() bool { return len(want) >= 6 }, attacks, func(cg *clickGame, pick rules.Action) {
		a, c, g := cg.a, cg.c, cg.g
		if attack != nil && !want["preview"] {
			c.lift()
			plainFrame := framed(a)
			var plain *image.RGBA
			if drawn {
				plain = shot(t, a, 1280, 720)
			}
			c.clickTerr(attack.From)
			c.clickTerr(attack.To)
			if !ui.HasText(tbl(a).Widgets(tbl(a).Layout()), "If you attack") {
				t.Fatalf("seed %d: no preview for %s", cg.seed, attack.Format(g.Map()))
			}
			if reflect.DeepEqual(plainFrame, framed(a)) {
				t.Fatal("the preview changed nothing in the frame")
			}
			if drawn && !rendertest.Differs(plain, shot(t, a, 1280, 720)) {
				t.Fatal("the preview changed nothing on the screen")
			}
			keep(a, "follow-preview")
			want["preview"] = true
			tbl(a).Do(ui.Command{Kind: ui.CmdCancel})
			a.rebuild()
		}
		c.do(pick)
		if g.View(rules.Public).Combat != nil && len(tbl(a).State().Notices) == 0 && !want["live"] && atTable(a) {
			keep(a, "follow-live-combat")
			want["live"] = true
		}
		if len(tbl(a).State().Notices) > 0 {
			switch tbl(a).State().Notices[0].Kind {
			case "result":
				if !want["result"] {
					keep(a, "follow-result-card")
					want["result"] = true
				}
			case "drawn":
				if !want["drawn"] {
					keep(a, "follow-drawn-card")
					want["drawn"] = true
				}
			}
		}
		if want["drawn"] && !want["undo"] && len(tbl(a).State().Notices) == 0 && atTable(a) && g.CanUndo() != nil {
			a.press(ui.CmdTarget(ui.Command{Kind: ui.CmdUndo}))
			a.rebuild()
			keep(a, "follow-refused-undo")
			want["undo"] = true
		}
		if cg.steps == 120 && !want["past"] {
			for len(tbl(a).State().Notices) > 0 {
				c.clickWidget("continue", func(w ui.Widget) bool { return w.T.Cmd.Kind == ui.CmdDismiss })
			}
			c.lift()
			tbl(a).Do(ui.Command{Kind: ui.CmdLogEntry, N: 40})
			a.rebuild()
			keep(a, "follow-past-40")
			want["past"] = true
			tbl(a).Do(ui.Command{Kind: ui.CmdPresent})
			a.rebuild()
		}
	})
	if len(want) < 6 {
		t.Fatalf("screens reached: %v", want)
	}
}

func itoa4(n int) string {
	b := []byte{'0' + byte(n/1000%10), '0' + byte(n/100%10), '0' + byte(n/10%10), '0' + byte(n%10)}
	return string(b)
}
