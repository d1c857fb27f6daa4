package lan

import (
	"net"
	"strings"
	"testing"
)

// TestReachable: a listener on one address is reached at that address; one
// on every address at a LAN address of this machine (or loopback), never
// at 0.0.0.0, with the same port.
func TestReachable(t *testing.T) {
	for _, c := range []struct{ listen, want string }{
		{"127.0.0.1:0", "127.0.0.1:"},
		{"0.0.0.0:0", ""},
	} {
		ln, err := net.Listen("tcp4", c.listen)
		if err != nil {
			t.Fatal(err)
		}
		got := Reachable(ln.Addr())
		_, port, _ := net.SplitHostPort(ln.Addr().String())
		host, gotPort, err := net.SplitHostPort(got)
		ln.Close()
		if err != nil || gotPort != port {
			t.Fatalf("%s: reachable at %q, want port %s", c.listen, got, port)
		}
		if c.want != "" && !strings.HasPrefix(got, c.want) {
			t.Errorf("%s: reachable at %q, want %s…", c.listen, got, c.want)
		}
		if ip := net.ParseIP(host); ip == nil || ip.IsUnspecified() {
			t.Errorf("%s: reachable at %q, an address nobody can dial", c.listen, got)
		}
	}
	for _, a := range Addresses() {
		if !a.Is4() {
			t.Errorf("Addresses lists %v, not IPv4", a)
		}
	}
}
