//go:build unix

package cli

import (
	"bufio"
	"context"
	"math/rand/v2"
	"net"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"notrueking/gamefile"
	"notrueking/maps"
	"notrueking/remote"
	"notrueking/rules"
)

// The host killed with SIGKILL. TestHostKill runs this test binary again
// as a child (TestHostKillChild, active only when NTK_HOSTKILL_ARGS holds
// the host command's arguments) that hosts a game with `notrueking host`;
// devices in the parent play it through their clients while the parent
// kills the child at random moments and starts it again on the game's save
// (`host -load SAVE`, the same address). The devices reconnect by
// themselves and take their seats back by their tokens; every action a
// device saw accepted must be in the save, none twice, and the game goes
// on to its end.

const hostKillEnv = "NTK_HOSTKILL_ARGS"

// TestHostKillChild is the child: the host command, until it exits or is
// killed.
func TestHostKillChild(t *testing.T) {
	args := os.Getenv(hostKillEnv)
	if args == "" {
		t.Skip("the child of TestHostKill")
	}
	os.Exit(cmdHost(strings.Fields(args), os.Stdout, os.Stderr))
}

// hostChild is a running host process.
type hostChild struct {
	cmd  *exec.Cmd
	link string
	save string
}

// startHost starts the host command in a child with args; it returns once
// the child printed its link and its save.
func startHost(t *testing.T, cfg, args string) *hostChild {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestHostKillChild$")
	cmd.Env = append(os.Environ(), hostKillEnv+"="+args, "NTK_CONFIG_DIR="+cfg)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	errOut, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	h := &hostChild{cmd: cmd}
	link := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		if sc.Scan() {
			link <- sc.Text()
		}
		close(link)
		for sc.Scan() {
		}
	}()
	save := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(errOut)
		for sc.Scan() {
			line := sc.Text()
			if _, s, ok := strings.Cut(line, "the game is saved in "); ok {
				save <- strings.TrimSuffix(s, " (host -load resumes it)")
			}
		}
		close(save)
	}()
	select {
	case h.link = <-link:
	case <-time.After(30 * time.Second):
		t.Fatal("the host printed no link")
	}
	select {
	case h.save = <-save:
	case <-time.After(30 * time.Second):
		t.Fatal("the host named no save")
	}
	if h.link == "" || h.save == "" {
		t.Fatal("the host ended before it served")
	}
	return h
}

// kill9 kills the child with SIGKILL and waits for it.
func (h *hostChild) kill9() {
	h.cmd.Process.Signal(syscall.SIGKILL)
	h.cmd.Wait()
}

// freePort is a port of the loopback free now.
func freePort(t *testing.T) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// killDecide is a seat's decision at a position: a function of its legal
// actions and the game's length, so that the same game is played however
// often the host dies.
func killDecide(legal []rules.Action, n int) rules.Action {
	r := rand.New(rand.NewPCG(77, uint64(n)))
	a := legal[r.IntN(len(legal))]
	if a.Verb == rules.VArrange {
		a = rules.RandomArrangement(a, r)
	}
	return a
}

// ack is an action a device saw accepted, and the length of the game
// before it.
type ack struct {
	n int
	a rules.Action
}

func TestHostKill(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the host's kills are the long run's")
	}
	kills := 20
	cfg := t.TempDir()
	addr := freePort(t)
	h := startHost(t, cfg, "-admit auto -players 4 -seed 5 -addr "+addr)
	defer func() { h.kill9() }()
	ids := []string{"crown", "torch", "helm", "gauntlet"}
	var mu sync.Mutex
	var acks []ack
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	errs := make(chan error, len(ids))
	var clients []*remote.Client
	for i, id := range ids {
		c, err := remote.Dial(ctx, h.link, remote.ClientOptions{Name: "Dev" + strconv.Itoa(i), Seat: id, Backoff: 20 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		if err := c.WaitReady(ctx); err != nil {
			t.Fatal(err)
		}
		clients = append(clients, c)
		go func() {
			errs <- remote.Play(ctx, c, func(seat rules.Seat, legal []rules.Action) (rules.Action, error) {
				time.Sleep(5 * time.Millisecond) // a device that thinks a little
				return killDecide(legal, c.Len()), nil
			}, func(n int, a rules.Action) {
				mu.Lock()
				acks = append(acks, ack{n, a})
				mu.Unlock()
			})
		}()
	}
	// Kill the host now and then while the game goes on, and start it
	// again on its save.
	r := rand.New(rand.NewPCG(5, 6))
	midGame := 0
	for range kills {
		time.Sleep(time.Duration(20+r.IntN(80)) * time.Millisecond)
		if !clients[0].Over() {
			midGame++
		}
		h.kill9()
		h = startHost(t, cfg, "-load "+h.save+" -admit auto -addr "+addr)
	}
	for range ids {
		select {
		case err := <-errs:
			if err != nil {
				t.Fatal(err)
			}
		case <-ctx.Done():
			t.Fatal("the game did not end")
		}
	}
	// The host exits 0 at the game's end.
	if err := h.cmd.Wait(); err != nil {
		t.Fatalf("the host after the end: %v", err)
	}
	// Every acknowledged action is in the save, where it was played; the
	// game is the one the same decisions give without a host dying.
	f, err := gamefile.ReadFile(h.save, gamefile.Loader)
	if err != nil {
		t.Fatal(err)
	}
	got := f.Game.Actions()
	for _, a := range acks {
		if a.n >= len(got) || got[a.n].Canonical() != a.a.Canonical() {
			t.Fatalf("an acknowledged action (%d: %s) is not in the save", a.n, a.a.Format(f.Game.Map()))
		}
	}
	m, _ := maps.Load("standard")
	clean, err := rules.New(m, rules.Config{Players: []string{"Alice", "Bob", "Carol", "Dave"}, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	for !clean.Over() {
		if _, err := clean.Apply(killDecide(clean.Legal(), clean.Len())); err != nil {
			t.Fatal(err)
		}
	}
	if !slices.Equal(got, clean.Actions()) {
		t.Fatalf("the save's game (%d actions) is not the one the same decisions give without kills (%d)", len(got), clean.Len())
	}
	if len(acks) < 50 || !f.Game.Over() || midGame < kills {
		t.Fatalf("%d actions acknowledged, game over %v, %d of %d kills in the game: the kills tested little", len(acks), f.Game.Over(), midGame, kills)
	}
	t.Logf("%d kills in a game of %d actions, %d acknowledged", midGame, len(got), len(acks))
}
