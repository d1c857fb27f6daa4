//go:build !js

package cli

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"

	"notrueking/gamefile"
	"notrueking/remote"
	"notrueking/rules"
	"notrueking/words"
)

// The headless host's console: it reads commands on standard input, one a
// line, and answers each in one line on its output. With -admit ask it
// also puts each device that waits to the host ("… admit? [y/n]"), and y
// or n answers the device asked about.

// consoleHelp lists the console's commands (the answer to help).
const consoleHelp = "commands: seats · admit N [SEAT] · refuse N · bot SEAT LEVEL · free SEAT · kick DEVICE · save · quit · help (y/n answers the device asked about)"

// console carries out the host's commands on its game.
type console struct {
	out  io.Writer
	host *remote.Host
	// ids and players are the seats' conspiracy ids and the game's
	// players' names (for SEAT: an id, a number from 1 or a name).
	ids   []string
	names func() []string
	// save writes the save now; quit stops the host.
	save func() (string, error)
	quit func()

	mu     sync.Mutex
	asking int // the request asked about (0: none)
}

// say writes one answer line.
func (k *console) say(format string, args ...any) {
	k.mu.Lock()
	defer k.mu.Unlock()
	fmt.Fprintf(k.out, format+"\n", args...)
}

// ask puts the oldest waiting device to the host, unless one is asked.
func (k *console) ask() {
	k.mu.Lock()
	if k.asking != 0 {
		k.mu.Unlock()
		return
	}
	ps := k.host.Pending()
	if len(ps) == 0 {
		k.mu.Unlock()
		return
	}
	r := ps[0]
	k.asking = r.ID
	k.mu.Unlock()
	seat := "any free seat"
	if r.Seat >= 0 {
		seat = k.seatText(r.Seat)
	}
	k.say("notrueking: %s (%s) asks to play %s — admit? [y/n] (or admit %d, refuse %d)", r.Name, r.Addr, seat, r.ID, r.ID)
}

// read carries out every line of in, until it ends.
func (k *console) read(in io.Reader) {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 0, 1024), 4096)
	for sc.Scan() {
		if line := strings.TrimSpace(sc.Text()); line != "" {
			k.say("%s", k.do(line))
		}
		k.ask()
	}
}

// do carries out one command line and returns its answer.
func (k *console) do(line string) string {
	f := strings.Fields(line)
	cmd, args := strings.ToLower(f[0]), f[1:]
	want := func(n int, shape string) string {
		if len(args) < n || len(args) > n+strings.Count(shape, "[") {
			return fmt.Sprintf("%s takes %s", cmd, shape)
		}
		return ""
	}
	switch cmd {
	case "help", "?":
		return consoleHelp
	case "y", "yes", "n", "no":
		return k.answer(cmd[0] == 'y')
	case "seats":
		return k.seats()
	case "admit":
		if u := want(1, "N [SEAT]"); u != "" {
			return u
		}
		return k.admit(args)
	case "refuse":
		if u := want(1, "N"); u != "" {
			return u
		}
		id, err := strconv.Atoi(args[0])
		if err != nil {
			return fmt.Sprintf("refuse: %q is no request number (seats lists them)", args[0])
		}
		return k.refuse(id)
	case "bot":
		if u := want(2, "SEAT LEVEL"); u != "" {
			return u
		}
		return k.free(args[0], strings.ToLower(args[1]))
	case "free":
		if u := want(1, "SEAT"); u != "" {
			return u
		}
		return k.free(args[0], gamefile.SeatRemote)
	case "kick":
		if len(args) == 0 {
			return "kick takes DEVICE (a device's name, or its seat)"
		}
		return k.kick(strings.Join(args, " "))
	case "save":
		where, err := k.save()
		if err != nil {
			return "not saved: " + err.Error()
		}
		return "saved in " + where
	case "quit", "exit":
		k.quit()
		return "quitting: the game stays in its save (host -load resumes it)"
	}
	return fmt.Sprintf("unknown command %q: %s", clipWord(f[0]), consoleHelp)
}

// answer is y or n to the device asked about.
func (k *console) answer(yes bool) string {
	k.mu.Lock()
	id := k.asking
	k.asking = 0
	k.mu.Unlock()
	if id == 0 {
		return "no device waits for an answer"
	}
	if yes {
		return k.admit([]string{strconv.Itoa(id)})
	}
	return k.refuse(id)
}

// admit admits request args[0] to seat args[1], or to the seat it asked
// for (any free one).
func (k *console) admit(args []string) string {
	id, err := strconv.Atoi(args[0])
	if err != nil {
		return fmt.Sprintf("admit: %q is no request number (seats lists them)", args[0])
	}
	var req *remote.Request
	for _, r := range k.host.Pending() {
		if r.ID == id {
			req = &r
			break
		}
	}
	if req == nil {
		return fmt.Sprintf("admit: no device %d waits", id)
	}
	seat := k.host.SeatFor(*req)
	if len(args) > 1 {
		if seat, err = k.seat(args[1]); err != nil {
			return "admit: " + err.Error()
		}
	}
	if seat < 0 {
		return "admit: no seat waits for a device (free one first)"
	}
	k.forget(id)
	if err := k.host.Admit(id, seat); err != nil {
		return "admit: " + err.Error()
	}
	return fmt.Sprintf("admitted %s to %s", req.Name, k.seatText(seat))
}

// refuse sends request id away.
func (k *console) refuse(id int) string {
	k.forget(id)
	if err := k.host.Refuse(id, ""); err != nil {
		return "refuse: " + err.Error()
	}
	return fmt.Sprintf("refused device %d", id)
}

// forget stops asking about request id (it was answered by number).
func (k *console) forget(id int) {
	k.mu.Lock()
	if k.asking == id {
		k.asking = 0
	}
	k.mu.Unlock()
}

// free hands seat word to who: a bot level, or gamefile.SeatRemote.
func (k *console) free(word, who string) string {
	seat, err := k.seat(word)
	if err != nil {
		return err.Error()
	}
	if err := k.host.Free(seat, who); err != nil {
		return err.Error()
	}
	if who == gamefile.SeatRemote {
		return fmt.Sprintf("%s waits for another device", k.seatText(seat))
	}
	return fmt.Sprintf("%s is played by the %s bot", k.seatText(seat), who)
}

// kick sends the device named name (or holding the seat name says) away:
// its seat waits for another device and its token opens nothing.
func (k *console) kick(name string) string {
	for _, p := range k.host.Presence() {
		if p.Device != "" && strings.EqualFold(p.Device, name) {
			if answer := k.free(strconv.Itoa(int(p.Seat)+1), gamefile.SeatRemote); !strings.HasSuffix(answer, "another device") {
				return answer
			}
			return fmt.Sprintf("sent %s's device away: %s waits for another device", p.Device, k.seatText(p.Seat))
		}
	}
	seat, err := k.seat(name)
	if err != nil {
		return fmt.Sprintf("kick: no device is called %q (seats lists them)", clipWord(name))
	}
	return k.free(strconv.Itoa(int(seat)+1), gamefile.SeatRemote)
}

// seats is every seat in one line: who plays it and its device, and the
// devices waiting.
func (k *console) seats() string {
	var parts []string
	now := time.Now()
	for _, p := range k.host.Presence() {
		s := k.seatText(p.Seat) + ": "
		switch {
		case p.StandIn:
			s += fmt.Sprintf("the %s bot, standing in while %s is away %s", p.Kind, p.Device, since(now, p.AwaySince))
		case p.Kind == "host":
			s += "at the host"
		case p.Kind == gamefile.SeatRemote && p.Connected:
			s += p.Device + "'s device"
		case p.Kind == gamefile.SeatRemote && p.Device != "":
			s += fmt.Sprintf("%s's device, away %s", p.Device, since(now, p.AwaySince))
		case p.Kind == gamefile.SeatRemote:
			s += "waits for a device"
		default:
			s += "the " + p.Kind + " bot"
		}
		parts = append(parts, s)
	}
	for _, r := range k.host.Pending() {
		ask := "any seat"
		if r.Seat >= 0 {
			ask = k.seatText(r.Seat)
		}
		parts = append(parts, fmt.Sprintf("waiting: %d %s (%s) for %s", r.ID, r.Name, r.Addr, ask))
	}
	return strings.Join(parts, "; ")
}

// since is how long ago a Unix millisecond time was ("" when unknown).
func since(now time.Time, ms int64) string {
	if ms <= 0 {
		return ""
	}
	return "for " + now.Sub(time.UnixMilli(ms)).Round(time.Second).String()
}

// seat reads a seat as the host names it: its conspiracy id, its number
// from 1, or its player's name.
func (k *console) seat(word string) (rules.Seat, error) {
	if n, err := strconv.Atoi(word); err == nil {
		if n >= 1 && n <= len(k.ids) {
			return rules.Seat(n - 1), nil
		}
		return -1, fmt.Errorf("there is no seat %d (1 to %d)", n, len(k.ids))
	}
	for i, id := range k.ids {
		if strings.EqualFold(id, word) {
			return rules.Seat(i), nil
		}
	}
	for i, n := range k.names() {
		if strings.EqualFold(n, word) {
			return rules.Seat(i), nil
		}
	}
	return -1, fmt.Errorf("there is no seat %q (%s, or 1 to %d)", clipWord(word), strings.Join(k.ids, ", "), len(k.ids))
}

// seatText names a seat, its player first: "Ben (Torch)".
func (k *console) seatText(seat rules.Seat) string {
	if seat < 0 || int(seat) >= len(k.ids) {
		return "?"
	}
	names := k.names()
	return fmt.Sprintf("%s (%s)", names[seat], words.Title(k.ids[seat]))
}

// clipWord is a word of the host's line as an answer quotes it: at most
// 24 characters.
func clipWord(s string) string {
	if r := []rune(s); len(r) > 24 {
		return string(r[:24]) + "…"
	}
	return s
}
