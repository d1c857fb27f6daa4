package session

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"notrueking/gamefile"
	"notrueking/internal/safefile"
	"notrueking/rules"
	"notrueking/store"
)

// The crash test. TestCrashKill runs this test binary again as a child
// process (TestCrashChild, active only when NTK_CRASH_CHILD names a saves
// folder). The child continues the newest unfinished game in that folder,
// or starts the next of the example games, and plays it on with autosave:
// after each action it prints "ack ID N" only once Apply has returned with
// the save durable. Now and then it takes the action back and plays it
// again (the save is cut back, then appended to): it prints "undo ID N"
// before the undo, and "ack ID N" again after the redo. The parent kills
// the child with SIGKILL at random moments, starts it again (it resumes
// from the save), and after every kill checks that each acknowledged action
// is in the save and the save replays.
//
// The actions are those of the example games in testdata/ (each one a
// whole game of random legal actions, played by a seeded random player):
// the child plays them in order, so the engine API needed is only Replay
// and Apply, and the parent knows which action each acknowledgement means.

const crashEnv = "NTK_CRASH_CHILD"

var crashSources = []string{"two-players.ntk", "three-players.ntk", "four-players.ntk"}

func loadSources(t testing.TB) []rules.Record {
	var out []rules.Record
	for _, name := range crashSources {
		f, err := safefile.Open(filepath.Join("..", "testdata", name), store.MaxSave)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := rules.ParseRecord(f)
		f.Close()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out = append(out, rec)
	}
	return out
}

// sourceOf finds the example game a save plays and checks that the save's
// actions are its first ones.
func sourceOf(srcs []rules.Record, rec rules.Record) (int, error) {
	for k, s := range srcs {
		if s.Seed != rec.Seed || strings.Join(s.Players, "\x00") != strings.Join(rec.Players, "\x00") {
			continue
		}
		if len(rec.Actions) > len(s.Actions) {
			return k, fmt.Errorf("save has %d actions, its game only %d", len(rec.Actions), len(s.Actions))
		}
		for i, a := range rec.Actions {
			if a != s.Actions[i] {
				return k, fmt.Errorf("action %d is %q, the game's is %q", i+1, a, s.Actions[i])
			}
		}
		return k, nil
	}
	return -1, fmt.Errorf("save of seed %d plays none of the example games", rec.Seed)
}

func TestCrashChild(t *testing.T) {
	dir := os.Getenv(crashEnv)
	if dir == "" {
		t.Skip("the crash test's child process (run by TestCrashKill)")
	}
	fail := func(format string, args ...any) {
		fmt.Printf("bad "+format+"\n", args...)
		os.Exit(3)
	}
	st, err := store.OpenDir(dir)
	if err != nil {
		fail("%v", err)
	}
	srcs := loadSources(t)
	var s *Session
	k := -1
	if l, err := Unfinished(st); err != nil {
		fail("list: %v", err)
	} else if len(l) > 0 {
		if s, err = Resume(st, l[0].ID, loadMap); err != nil {
			fail("resume %s: %v", l[0].ID, err)
		}
		if k, err = sourceOf(srcs, s.Record()); err != nil {
			fail("resume %s: %v", l[0].ID, err)
		}
	}
	for played := 0; played < 5000; {
		if s == nil || s.Game().Over() {
			ents, _ := st.List()
			k = len(ents) % len(srcs)
			src := srcs[k]
			src.Actions, src.Lines = nil, nil
			g, _, err := gamefile.Replay(src, gamefile.Meta{}, ".", loadMap)
			if err != nil {
				fail("new game: %v", err)
			}
			s = New(st, store.NewID(time.Now()), g, src.Map, true)
			if err := s.Save(); err != nil {
				fail("first save: %v", err)
			}
		}
		n := len(s.Game().Actions())
		fmt.Printf("ready %s %d\n", s.ID(), n)
		for _, line := range srcs[k].Actions[n:] {
			a, err := s.Game().ParseAction(line)
			if err != nil {
				fail("parse: %v", err)
			}
			if _, err := s.Apply(a); err != nil {
				fail("apply: %v", err)
			}
			if err := s.Err(); err != nil {
				fail("save: %v", err)
			}
			played++
			n := s.Game().Len()
			fmt.Printf("ack %s %d\n", s.ID(), n)
			if rand.IntN(6) == 0 && s.CanUndo() == nil {
				fmt.Printf("undo %s %d\n", s.ID(), n)
				if err := s.Undo(); err != nil || s.Err() != nil {
					fail("undo: %v, %v", err, s.Err())
				}
				if _, err := s.Redo(); err != nil || s.Err() != nil {
					fail("redo: %v, %v", err, s.Err())
				}
				fmt.Printf("ack %s %d\n", s.ID(), n)
			}
		}
	}
	os.Exit(0)
}

func TestCrashKill(t *testing.T) {
	if os.Getenv(crashEnv) != "" {
		t.Skip("in the child")
	}
	if testing.Short() {
		t.Skip("-short")
	}
	const wantKills = 50
	budget := 8 * time.Second
	dir := filepath.Join(t.TempDir(), "saves")
	srcs := loadSources(t)
	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 7))
	acked := map[string]int{} // save id → most actions acknowledged
	kills, killsAfterAck, resumes, acks, undos := 0, 0, 0, 0, 0
	start := time.Now()
	for runs := 0; kills < wantKills || (kills < 2*wantKills && time.Since(start) < budget/2); runs++ {
		// Bounded by children started, not by time (a loaded machine is
		// slow, not wrong): every child is killed unless it finished.
		if runs > 20*wantKills {
			t.Fatalf("only %d kills in %d children", kills, runs)
		}
		cmd := exec.Command(os.Args[0], "-test.run=^TestCrashChild$", "-test.count=1")
		cmd.Env = append(os.Environ(), crashEnv+"="+dir)
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		var stderr strings.Builder
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		lines := make(chan string, 1024)
		go func() {
			sc := bufio.NewScanner(out)
			for sc.Scan() {
				lines <- sc.Text()
			}
			close(lines)
		}()
		var got []string
		// One kill in five comes at any moment after the start (also
		// while the child loads and replays the save); the others come
		// a random time after the child has acknowledged an action.
		var timer <-chan time.Time
		if rng.IntN(5) == 0 {
			timer = time.After(time.Duration(rng.IntN(40)) * time.Millisecond)
		}
		deadline := time.After(10 * time.Second)
	wait:
		for {
			select {
			case l, ok := <-lines:
				if !ok {
					break wait // the child ended by itself
				}
				got = append(got, l)
				if timer == nil && strings.HasPrefix(l, "ack ") {
					timer = time.After(time.Duration(rng.IntN(30_000)) * time.Microsecond)
				}
			case <-timer:
				break wait
			case <-deadline:
				break wait
			}
		}
		cmd.Process.Kill() // SIGKILL
		kills++
		for l := range lines {
			got = append(got, l)
		}
		cmd.Wait()
		// Check every acknowledgement against the saves on disk.
		st, err := store.OpenDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		sawAck := false
		for _, l := range got {
			f := strings.Fields(l)
			switch {
			case len(f) == 3 && f[0] == "ack":
				n, _ := strconv.Atoi(f[2])
				acked[f[1]] = max(acked[f[1]], n)
				acks++
				sawAck = true
			case len(f) == 3 && f[0] == "undo":
				// Action N is being taken back: the save may hold one
				// action fewer until it is played again.
				n, _ := strconv.Atoi(f[2])
				acked[f[1]] = n - 1
				undos++
			case len(f) == 3 && f[0] == "ready":
				n, _ := strconv.Atoi(f[2])
				if n < acked[f[1]] {
					t.Fatalf("run %d resumed %s at %d actions, but %d were acknowledged", kills, f[1], n, acked[f[1]])
				}
				if n > 0 {
					resumes++
				}
			case len(f) > 0 && f[0] == "bad":
				t.Fatalf("run %d: child: %s\n%s", kills, l, stderr.String())
			}
		}
		if sawAck {
			killsAfterAck++
		}
		for id, n := range acked {
			data, err := st.Load(id)
			if err != nil {
				t.Fatalf("after kill %d: save %s (%d actions acknowledged): %v", kills, id, n, err)
			}
			rec, _, ok, err := gamefile.Decode(data)
			if err != nil || !ok {
				t.Fatalf("after kill %d: save %s does not read (header %v): %v", kills, id, ok, err)
			}
			if len(rec.Actions) < n {
				t.Fatalf("after kill %d: save %s holds %d actions, %d were acknowledged: %d lost", kills, id, len(rec.Actions), n, n-len(rec.Actions))
			}
			if _, err := sourceOf(srcs, rec); err != nil {
				t.Fatalf("after kill %d: save %s: %v", kills, id, err)
			}
			if _, _, err := gamefile.Replay(rec, gamefile.Meta{}, ".", loadMap); err != nil {
				t.Fatalf("after kill %d: save %s does not replay: %v", kills, id, err)
			}
		}
	}
	if killsAfterAck < wantKills/2 || acks < 100 || undos < 10 {
		t.Fatalf("only %d of %d kills came after an acknowledged action, %d acknowledgements and %d undos in all", killsAfterAck, kills, acks, undos)
	}
	t.Logf("%d SIGKILLs (%d after an acknowledged action), %d resumes, %d actions acknowledged (%d undone and redone) in %d games, 0 lost, %v",
		kills, killsAfterAck, resumes, acks, undos, len(acked), time.Since(start).Round(time.Millisecond))
}
