//go:build !js

package remote

import (
	"context"
	"errors"
	"net"
	"net/http"
	"time"

	"notrueking/internal/lan"
)

// A Server is a host listening on the network: the window's and the
// headless host's alike.
type Server struct {
	h     *Host
	ln    net.Listener
	srv   *http.Server
	link  string
	watch string
	done  chan error
}

// Listen serves h at addr (HOST:PORT; "" or ":PORT" listens on every
// address). When addr gives no port, DefaultPort is tried and, if taken,
// any free one. The link it reports names an address other devices reach
// (this machine's LAN address when it listens on every address).
func Listen(h *Host, addr string) (*Server, error) {
	ln, err := listen(addr)
	if err != nil {
		return nil, err
	}
	s := &Server{h: h, ln: ln, done: make(chan error, 1)}
	s.srv = &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second, MaxHeaderBytes: 16 << 10}
	s.link = h.Link(lan.Reachable(ln.Addr()))
	s.watch = h.WatchLink(lan.Reachable(ln.Addr()))
	go func() { s.done <- s.srv.Serve(ln) }()
	return s, nil
}

// listen listens at addr, trying DefaultPort then any port when addr
// names none.
func listen(addr string) (net.Listener, error) {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		// No port: the address alone (or nothing).
		host, port = addr, ""
	}
	if port != "" {
		return net.Listen("tcp", net.JoinHostPort(host, port))
	}
	if ln, err := net.Listen("tcp", net.JoinHostPort(host, DefaultPort)); err == nil {
		return ln, nil
	}
	return net.Listen("tcp", net.JoinHostPort(host, "0"))
}

// Link is the join link: http://ADDR/?join=ROOM.
func (s *Server) Link() string { return s.link }

// WatchLink is the spectator link: http://ADDR/?watch=CODE.
func (s *Server) WatchLink() string { return s.watch }

// Addr is the address the server listens at.
func (s *Server) Addr() net.Addr { return s.ln.Addr() }

// Host is the host served.
func (s *Server) Host() *Host { return s.h }

// Close sends every device away and stops listening.
func (s *Server) Close() error {
	s.h.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	err := s.srv.Shutdown(ctx)
	if errors.Is(err, context.DeadlineExceeded) {
		err = s.srv.Close()
	}
	return err
}
