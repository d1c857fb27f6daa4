package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestValidateSummary: the summary of the standard map, byte for byte,
// and -json writes the golden normalised map of package maps.
func TestValidateSummary(t *testing.T) {
	var out, errb bytes.Buffer
	if code := Run([]string{"validate", "standard"}, &out, &errb); code != 0 || errb.Len() != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	want := `standard: Westeros (standard): valid
territories  58: 38 land, 12 sea, 8 port, 0 road
icons        19 crowns, 24 barrels, 10 castles, 10 towns
adjacency    143 pairs; grid 70×126, 143 touching pairs
exceptions   0
players      2-4; conspiracies Crown, Torch, Helm, Gauntlet
loyalty      6 4 3 2 0
houses       5
  Baratheon  rank 1  #e8b923  home Dragonstone  7 cards  start 2 footmen 1 knights 2 ships  limits 10/5/6/0
  Stark      rank 2  #c9cfd8  home Winterfell   7 cards  start 2 footmen 1 knights 1 ships  limits 10/5/6/0
  Lannister  rank 3  #b3162c  home Lannisport   7 cards  start 2 footmen 1 knights 2 ships  limits 10/5/6/0
  Greyjoy    rank 3  #1c2629  home Pyke         7 cards  start 2 footmen 1 knights 2 ships  limits 10/5/6/0
  Tyrell     rank 5  #379e5c  home Highgarden   7 cards  start 2 footmen 1 knights 1 ships  limits 10/5/6/0
balance      (capital: lands crowns castles towns barrels; starting units; rank)
  Baratheon      1      1       1     0       1      5     1
  Stark          1      1       1     0       1      4     2
  Lannister      1      0       1     0       2      5     3
  Greyjoy        1      1       1     0       1      5     3
  Tyrell         1      0       1     0       2      4     5
  spread         0      1       0     0       1      1     4
`
	if out.String() != want {
		t.Errorf("summary:\n%s\nwant:\n%s", out.String(), want)
	}

	// The nine-player map has home regions and rivers.
	out.Reset()
	if code := Run([]string{"validate", "nine"}, &out, &errb); code != 0 {
		t.Fatalf("nine: exit %d: %s", code, errb.String())
	}
	for _, line := range []string{"balance      (home region: lands crowns", "river        The Green Fork: ", "; bridges: "} {
		if !strings.Contains(out.String(), line) {
			t.Errorf("the nine-player map's summary lacks %q:\n%s", line, out.String())
		}
	}

	out.Reset()
	if code := Run([]string{"validate", "-json", "standard"}, &out, &errb); code != 0 {
		t.Fatalf("-json: exit %d: %s", code, errb.String())
	}
	golden, err := os.ReadFile(filepath.Join("maps", "testdata", "standard.json"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out.Bytes(), golden) {
		t.Error("validate -json standard differs from maps/testdata/standard.json")
	}
}

// TestValidateErrors: every problem of a broken map goes to stderr with
// file, line and key and their count (exit 1, nothing on stdout); no
// argument is a usage error; an unknown map name says so.
func TestValidateErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.toml")
	tiny, err := os.ReadFile(filepath.Join("maps", "testdata", "tiny.toml"))
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Replace(string(tiny), `home = "south"`, `home = "narnia"`, 1)
	text = strings.Replace(text, "wwwwSSSS", "wwwwSSXX", 1)
	if err := os.WriteFile(bad, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if code := Run([]string{"validate", bad}, &out, &errb); code != 1 {
		t.Fatalf("exit %d, want 1", code)
	}
	msg := errb.String()
	for _, want := range []string{bad + ":", "house.home: unknown territory \"narnia\"", "grid.rows: row 4, column 4: unknown code \"XX\"", "2 problems"} {
		if !strings.Contains(msg, want) {
			t.Errorf("stderr lacks %q:\n%s", want, msg)
		}
	}
	if out.Len() != 0 {
		t.Errorf("stdout not empty: %s", out.String())
	}
	out.Reset()
	errb.Reset()
	if code := Run([]string{"validate"}, &out, &errb); code != 2 || !strings.Contains(errb.String(), "usage") {
		t.Errorf("no args: exit %d, %q", code, errb.String())
	}
	errb.Reset()
	if code := Run([]string{"validate", "no-such-map"}, &out, &errb); code != 1 || !strings.Contains(errb.String(), "no such map") {
		t.Errorf("unknown map: exit %d, %q", code, errb.String())
	}
}

// TestValidateBalance: -balance plays the games it is asked for and
// prints per house its first places and mean rank, the setup card's
// score and every seat's wins; the same seed prints the same report,
// another seed other games; its flags are refused without it.
func TestValidateBalance(t *testing.T) {
	run := func(args ...string) (int, string, string) {
		var out, errb bytes.Buffer
		code := Run(append([]string{"validate"}, args...), &out, &errb)
		return code, out.String(), errb.String()
	}
	code, out, errs := run("-balance", "-games", "6", "-easy", "1", "-players", "2", "-seed", "2", "-j", "1", "standard")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	_, report, _ := strings.Cut(out, "balance of play: ")
	for _, want := range []string{"2 players, seed 2; the setup card: Baratheon Stark Lannister Greyjoy Tyrell\n",
		"6 random games, random:\n", "1 easy game, easy:\n", "  Lannister  ", "  Tyrell     ", "the setup card scores ", " of 15 on average\n", "  Crown      ", "  Torch      ", "(1/2 = 50.0%)"} {
		if !strings.Contains(report, want) {
			t.Errorf("the balance of play lacks %q:\n%s", want, report)
		}
	}
	if strings.Contains(report, "Helm") {
		t.Errorf("a seat of a third player in a two-player report:\n%s", report)
	}
	if _, again, _ := run("-balance", "-games", "6", "-easy", "1", "-players", "2", "-seed", "2", "-j", "1", "standard"); again != out {
		t.Errorf("the same seed printed\n%s\nthen\n%s", out, again)
	}
	if _, other, _ := run("-balance", "-games", "6", "-players", "2", "-seed", "3", "standard"); other == out {
		t.Error("seeds 2 and 3 printed the same report")
	}
	for _, args := range [][]string{
		{"-games", "5", "standard"},
		{"-seed", "5", "nine"},
		{"-balance", "-json", "standard"},
		{"-balance", "-players", "5", "standard"},
		{"-balance", "-games", "0", "standard"},
	} {
		if code, out, errs := run(args...); code != 2 || errs == "" || strings.Contains(out, "balance of play") {
			t.Errorf("%v: exit %d, stderr %q", args, code, errs)
		}
	}
}
