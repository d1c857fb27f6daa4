// Package lan finds the address other devices on the local network reach
// this machine at, for a host's join link.
package lan

import (
	"net"
	"net/netip"
	"slices"
	"strconv"
)

// Addresses lists this machine's IPv4 addresses on interfaces that are
// up, private ones (192.168/16, 10/8, 172.16/12: a home or office network)
// first, then the others, loopback last; each group in the interfaces'
// order.
func Addresses() []netip.Addr {
	ifs, err := net.Interfaces()
	if err != nil {
		return nil
	}
	var private, public, loop []netip.Addr
	for _, ifc := range ifs {
		if ifc.Flags&net.FlagUp == 0 {
			continue
		}
		addrs, err := ifc.Addrs()
		if err != nil {
			continue
		}
		for _, a := range addrs {
			p, ok := prefixOf(a)
			if !ok || !p.Addr().Is4() {
				continue
			}
			ip := p.Addr()
			switch {
			case ip.IsLoopback():
				loop = append(loop, ip)
			case ip.IsPrivate():
				private = append(private, ip)
			case ip.IsGlobalUnicast():
				public = append(public, ip)
			}
		}
	}
	return slices.Concat(private, public, loop)
}

func prefixOf(a net.Addr) (netip.Prefix, bool) {
	n, ok := a.(*net.IPNet)
	if !ok {
		return netip.Prefix{}, false
	}
	ip, ok := netip.AddrFromSlice(n.IP)
	if !ok {
		return netip.Prefix{}, false
	}
	ones, _ := n.Mask.Size()
	return netip.PrefixFrom(ip.Unmap(), ones), true
}

// Reachable is the HOST:PORT another device uses to reach a server
// listening at addr: the address itself when it names one, else (the
// server listens on every address: 0.0.0.0 or ::) this machine's first
// LAN address (Addresses), or 127.0.0.1 without one.
func Reachable(addr net.Addr) string {
	ap, err := netip.ParseAddrPort(addr.String())
	if err != nil {
		return addr.String()
	}
	port := strconv.Itoa(int(ap.Port()))
	if ip := ap.Addr().Unmap(); !ip.IsUnspecified() {
		return net.JoinHostPort(ip.String(), port)
	}
	if as := Addresses(); len(as) > 0 {
		return net.JoinHostPort(as[0].String(), port)
	}
	return net.JoinHostPort("127.0.0.1", port)
}
