package remote

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/url"
	"strings"
)

// The codes a host's links carry and the tokens that take seats back:
// room codes, spectator codes, join and spectator links, seat tokens.

// crockford is Crockford's base-32 alphabet: no I, L, O or U.
const crockford = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"

// NewRoom draws a room code: 10 characters of Crockford's base 32 from
// crypto/rand (50 bits).
func NewRoom() string {
	var b [10]byte
	rand.Read(b[:])
	for i := range b {
		b[i] = crockford[b[i]&31]
	}
	return string(b[:])
}

// checkRoom refuses a room code that a link could not carry.
func checkRoom(room string) error {
	if len(room) < 4 || len(room) > 32 {
		return fmt.Errorf("a room code of %d characters: 4 to 32", len(room))
	}
	for _, r := range room {
		if !(r >= '0' && r <= '9' || r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z') {
			return fmt.Errorf("the room code %q: letters and digits only", clip(room))
		}
	}
	return nil
}

// normRoom reads a room code as Crockford's base 32 does: any case, I and
// L as 1, O as 0.
func normRoom(s string) string {
	return strings.NewReplacer("I", "1", "L", "1", "O", "0").Replace(strings.ToUpper(s))
}

// WatchCode is the spectator link's code of a game whose room code is
// room: drawn from it one way (SHA-256), so that it stays the same when the
// host restarts from its save (a stream's browser source keeps working)
// and a spectator cannot work the seats' room code out of it.
func WatchCode(room string) string {
	sum := sha256.Sum256([]byte("notrueking spectator link\x00" + normRoom(room)))
	b := make([]byte, 10)
	for i := range b {
		b[i] = crockford[sum[i]&31]
	}
	return string(b)
}

// A Link is a join or spectator link as a device reads it.
type Link struct {
	// WS is the WebSocket URL to dial; Room the code the link carries.
	WS, Room string
	// Watch: a spectator link (?watch=CODE), which takes no seat.
	Watch bool
}

// ReadLink reads a join link (http://ADDR/?join=ROOM) or a spectator link
// (http://ADDR/?watch=CODE); https and ws(s) as well.
func ReadLink(link string) (Link, error) {
	u, err := url.Parse(strings.TrimSpace(link))
	if err != nil {
		return Link{}, fmt.Errorf("the link %q: %v", clip(link), err)
	}
	switch u.Scheme {
	case "http", "ws":
		u.Scheme = "ws"
	case "https", "wss":
		u.Scheme = "wss"
	default:
		return Link{}, fmt.Errorf("the link %q: it should start with http://", clip(link))
	}
	if u.Host == "" {
		return Link{}, fmt.Errorf("the link %q names no host", clip(link))
	}
	q := u.Query()
	l := Link{Room: q.Get("join")}
	if w := q.Get("watch"); w != "" {
		if l.Room != "" {
			return Link{}, fmt.Errorf("the link %q: both a join code and a spectator code", clip(link))
		}
		l.Room, l.Watch = w, true
	}
	if err := checkRoom(l.Room); err != nil {
		return Link{}, fmt.Errorf("the link %q: %v", clip(link), err)
	}
	u.Path, u.RawQuery, u.Fragment, u.User = "/ws", "", "", nil
	l.WS = u.String()
	return l, nil
}

// ParseLink reads a join or spectator link as the WebSocket URL to dial
// and the code it carries (ReadLink).
func ParseLink(link string) (wsURL, room string, err error) {
	l, err := ReadLink(link)
	return l.WS, l.Room, err
}

// hashToken is a token's hex SHA-256, as the host keeps it.
func hashToken(token string) string {
	s := sha256.Sum256([]byte(token))
	return hex.EncodeToString(s[:])
}

// newToken draws a seat token: 128 bits from crypto/rand, in hex.
func newToken() string {
	var b [16]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// isToken reports whether s is a seat token's shape: 128 bits in hex.
func isToken(s string) bool {
	if len(s) != 32 {
		return false
	}
	_, err := hex.DecodeString(s)
	return err == nil
}
