package records_test

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"notrueking/board"
	"notrueking/maps"
	"notrueking/records"
	"notrueking/rules"
)

// shipped is the folder of the shipped maps, as the program embeds it
// (absolute: the tests change the working directory).
var shipped = func() fs.FS {
	dir, err := filepath.Abs(filepath.Join("..", "maps"))
	if err != nil {
		panic(err)
	}
	return os.DirFS(dir)
}()

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func writeFile(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestMapRef: a shipped map is named by its id, a map file by its path
// relative to the record's folder and its hash; the result loads back.
func TestMapRef(t *testing.T) {
	root := t.TempDir()
	tiny := readFile(t, filepath.Join("..", "maps", "testdata", "tiny.toml"))
	mapPath := filepath.Join(root, "maps", "my tiny.toml")
	writeFile(t, mapPath, tiny)
	recDir := filepath.Join(root, "games", "2026")
	if err := os.MkdirAll(recDir, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir(root)

	for _, tc := range []struct{ dir, arg, name string }{
		{recDir, "maps/my tiny.toml", "../../maps/my tiny.toml"},
		{recDir, mapPath, "../../maps/my tiny.toml"},
		{"maps", "maps/my tiny.toml", "my tiny.toml"},
		{".", "./maps/../maps/my tiny.toml", "maps/my tiny.toml"},
	} {
		loaded, err := maps.Load(tc.arg)
		if err != nil {
			t.Fatal(err)
		}
		name, sum := records.MapRef(tc.dir, tc.arg, loaded)
		if name != tc.name || sum != records.Sum(tiny) || len(sum) != 64 {
			t.Fatalf("MapRef(%s, %s) = %q %q, want %q and the file's hash", tc.dir, tc.arg, name, sum, tc.name)
		}
		m, err := records.LoadMap(shipped, tc.dir, name, sum)
		if err != nil || m.ID != "tiny" {
			t.Fatalf("LoadMap of MapRef's answer: %v", err)
		}
	}
	std, err := maps.Load("standard")
	if err != nil {
		t.Fatal(err)
	}
	for _, arg := range []string{"standard", "standard.toml"} {
		if name, sum := records.MapRef(recDir, arg, std); name != "standard" || sum != "" {
			t.Fatalf("MapRef(%s) = %q %q, want the shipped id", arg, name, sum)
		}
	}
	// As maps.Load does, a shipped name means the shipped map even with a
	// file of that name in the working directory; ./standard is the file.
	writeFile(t, filepath.Join(root, "standard"), tiny)
	if m, err := maps.Load("standard"); err != nil || m.ID != "standard" {
		t.Fatalf("maps.Load(standard) with a file standard here = %v", err)
	}
	if name, sum := records.MapRef(root, "standard", std); name != "standard" || sum != "" {
		t.Fatalf("MapRef(standard) with a file standard here = %q %q, want the shipped id", name, sum)
	}
	file, err := maps.Load("./standard")
	if err != nil {
		t.Fatal(err)
	}
	if name, sum := records.MapRef(root, "./standard", file); name != "standard" || sum != records.Sum(tiny) {
		t.Fatalf("MapRef(./standard) = %q %q, want the file and its hash", name, sum)
	}
	if _, err := maps.Load("no-such-map.toml"); err == nil || !strings.Contains(err.Error(), "no-such-map.toml") {
		t.Fatalf("a missing map file: %v", err)
	}
	// The hash is of what was loaded: a file edited since is not hashed.
	writeFile(t, filepath.Join(root, "standard"), append([]byte("# edited\n"), tiny...))
	if _, sum := records.MapRef(root, "./standard", file); sum != records.Sum(tiny) {
		t.Fatalf("MapRef hashed the edited file: %q", sum)
	}

	rec := rules.Record{Seed: 1, Players: []string{"A", "B"}, Seats: []string{"crown", "torch"}}
	loaded, err := maps.Load("maps/my tiny.toml")
	if err != nil {
		t.Fatal(err)
	}
	records.SetMap(&rec, filepath.Join(recDir, "game.ntk"), "maps/my tiny.toml", loaded)
	var b strings.Builder
	if err := rec.Write(&b); err != nil {
		t.Fatal(err)
	}
	if want := "map ../../maps/my tiny.toml sha256 " + records.Sum(tiny) + "\n"; !strings.Contains(b.String(), want) {
		t.Fatalf("written record lacks %q:\n%s", want, b.String())
	}
}

// TestLoadMap: paths resolve against the record's folder whatever the
// working directory; a changed file is refused with both hashes; shipped
// names are never shadowed.
func TestLoadMap(t *testing.T) {
	root := t.TempDir()
	tiny := readFile(t, filepath.Join("..", "maps", "testdata", "tiny.toml"))
	recDir := filepath.Join(root, "records")
	writeFile(t, filepath.Join(recDir, "maps", "tiny.toml"), tiny)
	elsewhere := filepath.Join(root, "elsewhere")
	if err := os.MkdirAll(elsewhere, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir(elsewhere)
	sum := records.Sum(tiny)

	m, err := records.LoadMap(shipped, recDir, "maps/tiny.toml", sum)
	if err != nil || m.ID != "tiny" {
		t.Fatalf("relative path from another working directory: %v", err)
	}
	// An old record's "map FILE" (no hash) resolves against its folder too.
	if m, err := records.LoadMap(shipped, recDir, "maps/tiny.toml", ""); err != nil || m.ID != "tiny" {
		t.Fatalf("old map line: %v", err)
	}
	if _, err := records.LoadMap(shipped, elsewhere, "maps/tiny.toml", sum); err == nil || !strings.Contains(err.Error(), filepath.Join(elsewhere, "maps", "tiny.toml")) {
		t.Fatalf("a path relative to another folder must not be found: %v", err)
	}

	changed := append([]byte("# edited\n"), tiny...)
	writeFile(t, filepath.Join(recDir, "maps", "tiny.toml"), changed)
	_, err = records.LoadMap(shipped, recDir, "maps/tiny.toml", sum)
	want := "map file " + filepath.Join(recDir, "maps", "tiny.toml") + " changed since the record was written: sha256 " + records.Sum(changed) + ", expected " + sum
	if err == nil || err.Error() != want {
		t.Fatalf("changed map file: %v\nwant %s", err, want)
	}

	// Shadowing: files named like the shipped map, in the working
	// directory and in the record's folder, do not replace it.
	for _, dir := range []string{elsewhere, recDir} {
		writeFile(t, filepath.Join(dir, "standard"), tiny)
		writeFile(t, filepath.Join(dir, "standard.toml"), tiny)
	}
	for _, name := range []string{"standard", "standard.toml"} {
		m, err := records.LoadMap(shipped, recDir, name, "")
		if err != nil || m.ID != "standard" {
			t.Fatalf("map %s with files of that name around: %v (map %v)", name, err, m)
		}
	}
	// With a hash the name is a file in the record's folder.
	if m, err := records.LoadMap(shipped, recDir, "standard", sum); err != nil || m.ID != "tiny" {
		t.Fatalf("map standard sha256 …: %v", err)
	}
	if _, err := records.LoadMap(shipped, recDir, "nowhere", ""); err == nil || !strings.Contains(err.Error(), `map "nowhere" is neither a shipped map (nine, standard) nor a map file: `+filepath.Join(recDir, "nowhere")+" does not exist") {
		t.Fatalf("unknown bare name: %v", err)
	}
	if err := os.Mkdir(filepath.Join(recDir, "folder.toml"), 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := records.LoadMap(shipped, recDir, "folder.toml", ""); err == nil || !strings.Contains(err.Error(), "is a folder") {
		t.Fatalf("a folder as map: %v", err)
	}
}

func TestScenarioRef(t *testing.T) {
	dir := t.TempDir()
	name, sum := records.ScenarioRef(filepath.Join(dir, "records"), filepath.Join(dir, "scenarios", "x.toml"), []byte("map = \"standard\"\n"))
	if name != "../scenarios/x.toml" || sum != records.Sum([]byte("map = \"standard\"\n")) || len(sum) != 64 {
		t.Errorf("ScenarioRef: %q %q", name, sum)
	}
}

// TestRecordOfTheFirstNineSetupStillReplays: a record of a game on the
// nine-house map as first shipped names it without a hash; it replays on
// that version (maps/archive/nine.1.toml) to the final state it had then,
// although the shipped map's setup has changed since, and would not on
// the current version.
func TestRecordOfTheFirstNineSetupStillReplays(t *testing.T) {
	rec, err := rules.ParseRecord(bytes.NewReader(readFile(t, filepath.Join("testdata", "nine-first-setup.ntk"))))
	if err != nil {
		t.Fatal(err)
	}
	if rec.Map != "nine" || rec.MapSHA256 != "" {
		t.Fatalf("the record names map %q sha256 %q; want nine without a hash", rec.Map, rec.MapSHA256)
	}
	m, err := records.LoadMap(shipped, "testdata", rec.Map, rec.MapSHA256)
	if err != nil {
		t.Fatal(err)
	}
	first, err := maps.Versions("nine")
	if err != nil {
		t.Fatal(err)
	}
	if m.SHA256 != first[0].SHA256 {
		t.Fatalf("map nine without a hash loads version %s, want the first, %s", m.SHA256, first[0].SHA256)
	}
	final := func(m *board.Map) (string, error) {
		g, _, err := rules.Replay(m, rec)
		if err != nil {
			return "", err
		}
		data, err := json.MarshalIndent(rules.FinalStateOf(g), "", " ")
		return string(data) + "\n", err
	}
	got, err := final(m)
	if err != nil {
		t.Fatal(err)
	}
	if want := string(readFile(t, filepath.Join("testdata", "nine-first-setup.final.json"))); got != want {
		t.Errorf("the replay's final state differs from the one recorded when it was played")
	}
	current, err := maps.Load("nine")
	if err != nil {
		t.Fatal(err)
	}
	if current.SHA256 == m.SHA256 {
		t.Skip("the shipped nine-house map is still its first version")
	}
	if other, err := final(current); err == nil && other == got {
		t.Error("the record replays to the same end on the current version: the version test proves nothing")
	}
}

// TestShippedMapVersionsAreNamedByHash: a record of a game on a shipped
// map with versions names the version by its SHA-256 and loads it back;
// a hash no version has is refused with the versions there are; a map
// with one version is named by its id alone.
func TestShippedMapVersionsAreNamedByHash(t *testing.T) {
	vs, err := maps.Versions("nine")
	if err != nil {
		t.Fatal(err)
	}
	if len(vs) < 2 || !maps.HasVersions("nine") {
		t.Fatalf("%d versions of the nine-house map", len(vs))
	}
	for _, v := range vs {
		name, sum := records.MapRef(t.TempDir(), "nine", v)
		if name != "nine" || sum != v.SHA256 {
			t.Errorf("MapRef of version %s: %q %q", v.SHA256, name, sum)
		}
		if name, sum := records.MapIdentity(v); name != "nine" || sum != v.SHA256 {
			t.Errorf("MapIdentity of version %s: %q %q", v.SHA256, name, sum)
		}
		m, err := records.LoadMap(shipped, t.TempDir(), "nine", v.SHA256)
		if err != nil || m.SHA256 != v.SHA256 {
			t.Errorf("version %s loads as %v (%v)", v.SHA256, m, err)
		}
	}
	bad := strings.Repeat("ab", 32)
	if _, err := records.LoadMap(shipped, t.TempDir(), "nine", bad); err == nil || !strings.Contains(err.Error(), "no version of the shipped map nine has sha256 "+bad) || !strings.Contains(err.Error(), vs[0].SHA256[:12]) {
		t.Errorf("unknown version: %v", err)
	}
	std, err := maps.Standard()
	if err != nil {
		t.Fatal(err)
	}
	if name, sum := records.MapRef(t.TempDir(), "standard", std); name != "standard" || sum != "" || maps.HasVersions("standard") {
		t.Errorf("the standard map, with one version, is named %q %q", name, sum)
	}
}
