package rules

import (
	"strings"
	"testing"
)

// A record may start from a scenario: its header is one scenario line
// instead of map, seed and player lines; it writes back the same.
func TestScenarioRecordHeader(t *testing.T) {
	text := "# No True King record\nscenario ../scenarios/port-loss.toml sha256 " + strings.Repeat("ab", 32) + "\ncrown move ironmans-bay pyke knight:5\ntorch pass\n"
	r, err := ParseRecord(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	if r.Scenario != "../scenarios/port-loss.toml" || r.ScenarioSHA256 != strings.Repeat("ab", 32) || len(r.Actions) != 2 || r.Map != "" {
		t.Fatalf("read %+v", r)
	}
	var b strings.Builder
	if err := r.Write(&b); err != nil {
		t.Fatal(err)
	}
	if b.String() != text {
		t.Errorf("writes back as\n%s\nnot\n%s", b.String(), text)
	}
	if _, _, err := Replay(mustMap(t), r); err == nil || !strings.Contains(err.Error(), "starts from scenario") {
		t.Errorf("Replay of a scenario record without its scenario: %v", err)
	}
	// Without a hash, and with seats to check the actions against.
	r.ScenarioSHA256, r.Seats = "", []string{"crown", "torch"}
	b.Reset()
	if err := r.Write(&b); err != nil || !strings.Contains(b.String(), "scenario ../scenarios/port-loss.toml\n") {
		t.Errorf("%v %q", err, b.String())
	}
	r.Actions = append(r.Actions, "helm pass")
	if err := r.Write(&b); err == nil {
		t.Error("an action of a seat the game does not have was written")
	}
}

func TestScenarioRecordHeaderRefused(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"scenario a.toml\nmap standard\n", "line 2: a record that starts from a scenario (line 1) has no map line"},
		{"map standard\nscenario a.toml\n", "line 2: a record starts either from a scenario line or from map"},
		{"scenario a.toml\nscenario b.toml\n", "line 2: second scenario line"},
		{"scenario\n", "line 1: scenario line without a path"},
		{"scenario a.toml sha256 xyz\n", "line 1: scenario file hash"},
		{"scenario a.toml\ncrown fly\n", "line 2: action \"crown fly\": unknown verb"},
		{"scenario a.toml\nscenario place stark lord\n", "line 2: second scenario line"},
	} {
		_, err := ParseRecord(strings.NewReader(c.text))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v; want %q", c.text, err, c.want)
		}
	}
}
