package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"notrueking/app"
	"notrueking/bots"
	"notrueking/gamefile"
	"notrueking/internal/version"
	"notrueking/live"
	"notrueking/remote"
	"notrueking/store"
)

const joinUsage = "join LINK [-seat NAME] [-name NAME] [-bot LEVEL [-seed S]] " + presenterUsage

// cmdJoin joins a game hosted elsewhere (LINK: the host's join link) as a
// device: in a window, or with -bot playing its seat headless until the
// game ends (exit 0). The seat token the host gives is kept in the
// configuration folder, so the same device takes its seat back by itself.
func cmdJoin(args []string, stdout, stderr io.Writer) int {
	w := newWindow("join", "join", "joins a game hosted on the network", stdout, stderr)
	seat := w.String("seat", "", "the seat to ask for: its conspiracy id (`NAME`: crown, torch, …); unset = any seat waiting for a player")
	name := w.String("name", "", "your `NAME` as the host and the others see it (1 to 24 characters; default: Player)")
	bot := w.String("bot", "", "play the seat headless with a bot at `LEVEL` (random, steady, easy or strong: it searches from what its seat knows, as the host's bot would) and exit when the game ends")
	seed := w.Uint64("seed", 0, "the -bot's seed `S` (unset: a random one)")
	p := addPresenter(w.cmdFlags)
	pos, code, ok := w.parse(args)
	if !ok {
		return code
	}
	link, code, ok := w.oneArg(pos, "LINK")
	if !ok {
		return code
	}
	if _, _, err := remote.ParseLink(link); err != nil {
		return w.fail("%v", err)
	}
	if err := checkDeviceName(*name); err != nil {
		return w.fail("%v", err)
	}
	if *bot != "" {
		lv, err := bots.ParseLevel(*bot)
		if err != nil {
			return w.fail("-bot: %v", err)
		}
		s := *seed
		if !w.isSet("seed") {
			s = gamefile.SecretSeed()
		}
		return joinBot(link, *seat, *name, lv, s, stderr)
	}
	o := app.Options{Join: link, JoinSeat: strings.ToLower(*seat), JoinName: *name}
	if err := p.set(&o); err != nil {
		return w.fail("%v", err)
	}
	return open(o, stderr)
}

// joinBot plays the seat a device is given with a bot, headless, until the
// game ends (exit 0), the host refuses or ends it (1), or it is
// interrupted (1).
func joinBot(link, seat, name string, lv bots.Level, seed uint64, stderr io.Writer) int {
	if name == "" {
		name = strings.ToUpper(lv.String()[:1]) + lv.String()[1:] + " bot"
	}
	prefs, _ := store.DefaultPrefs()
	key := live.SeatTokenKey(link)
	token := ""
	if prefs != nil && key != "" {
		token, _, _ = prefs.Get(key)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	dctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	c, err := remote.Dial(dctx, link, remote.ClientOptions{Name: name, Seat: strings.ToLower(seat), Token: token, Build: version.Get().Short(),
		SaveToken: func(t string) {
			if prefs != nil && key != "" {
				prefs.Set(key, t)
			}
		}})
	if err != nil {
		fmt.Fprintln(stderr, "notrueking:", oneLine(err))
		return 1
	}
	defer c.Close()
	if err := remote.PlayBot(ctx, c, lv, seed); err != nil {
		fmt.Fprintln(stderr, "notrueking:", oneLine(err))
		return 1
	}
	fmt.Fprintln(stderr, "notrueking: the game is over")
	return 0
}

// checkDeviceName refuses a -name the host would refuse (join, play
// -join): 1 to remote.MaxName characters, not blank; "" is the default.
func checkDeviceName(name string) error {
	if name != "" && (len([]rune(name)) > remote.MaxName || strings.TrimSpace(name) == "") {
		return fmt.Errorf("-name %q: 1 to %d characters", short(name), remote.MaxName)
	}
	return nil
}
