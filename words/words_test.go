package words

import (
	"testing"
	"time"

	"notrueking/board"
)

func TestCount(t *testing.T) {
	for _, c := range []struct {
		n    int
		noun string
		want string
	}{
		{1, "card", "1 card"}, {0, "card", "0 cards"}, {2, "card", "2 cards"},
		{1, "footman", "1 footman"}, {3, "footman", "3 footmen"}, {0, "footman", "0 footmen"},
		{2, "cross", "2 crosses"}, {2, "match", "2 matches"}, {2, "box", "2 boxes"},
		{-1, "point", "-1 points"}, {1, "die", "1 die"}, {3, "die", "3 dice"},
	} {
		if got := Count(c.n, c.noun); got != c.want {
			t.Errorf("Count(%d, %q) = %q, want %q", c.n, c.noun, got, c.want)
		}
	}
}

func TestUnits(t *testing.T) {
	for _, c := range []struct {
		us   [board.NumUnits]int
		want string
	}{
		{[board.NumUnits]int{}, "no units"},
		{[board.NumUnits]int{board.Footman: 2}, "2 footmen"},
		{[board.NumUnits]int{board.Footman: 1, board.Knight: 1}, "1 footman and 1 knight"},
		{[board.NumUnits]int{board.Footman: 2, board.Knight: 1, board.Ship: 3}, "2 footmen, 1 knight and 3 ships"},
		{[board.NumUnits]int{board.Dragon: 1}, "1 dragon"},
		{[board.NumUnits]int{board.Ship: 2, board.Dragon: 2}, "2 ships and 2 dragons"},
	} {
		if got := Units(c.us); got != c.want {
			t.Errorf("Units(%v) = %q, want %q", c.us, got, c.want)
		}
	}
	if got := Unit(2, board.Footman); got != "footmen" {
		t.Errorf("Unit(2, footman) = %q", got)
	}
	if got := UnitCount(1, board.Knight); got != "1 knight" {
		t.Errorf("UnitCount(1, knight) = %q", got)
	}
}

func TestOrdinal(t *testing.T) {
	for n, want := range map[int]string{1: "1st", 2: "2nd", 3: "3rd", 4: "4th", 9: "9th", 11: "11th", 12: "12th", 13: "13th", 21: "21st", 22: "22nd", 111: "111th", 101: "101st"} {
		if got := Ordinal(n); got != want {
			t.Errorf("Ordinal(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestListArticleAgreeTitle(t *testing.T) {
	if got := List(nil); got != "" {
		t.Errorf("List(nil) = %q", got)
	}
	if got := List([]string{"a", "b", "c"}); got != "a, b and c" {
		t.Errorf("List = %q", got)
	}
	if got := Article("easy"); got != "an easy" {
		t.Errorf("Article(easy) = %q", got)
	}
	if got := Article("strong"); got != "a strong" {
		t.Errorf("Article(strong) = %q", got)
	}
	if Agree(1, "is", "are") != "is" || Agree(2, "is", "are") != "are" || Agree(0, "is", "are") != "are" {
		t.Error("Agree")
	}
	if Title("crown") != "Crown" || Title("") != "" {
		t.Error("Title")
	}
}

func TestDuration(t *testing.T) {
	for d, want := range map[time.Duration]string{
		2 * time.Minute: "2 minutes", 90 * time.Second: "90 seconds", time.Hour: "1 hour",
		time.Second: "1 second", 61 * time.Minute: "61 minutes", 1500 * time.Millisecond: "2 seconds",
	} {
		if got := Duration(d); got != want {
			t.Errorf("Duration(%v) = %q, want %q", d, got, want)
		}
	}
}
