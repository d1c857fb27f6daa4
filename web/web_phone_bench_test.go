//go:build !js

package main

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"notrueking/gamefile"
	"notrueking/internal/site"
	"notrueking/maps"
	"notrueking/remote"
	"notrueking/rules"
	"notrueking/session"
)

// BenchmarkPhoneLinkToTable measures what a player on a phone waits for:
// from opening a host's join link to a playable table, in Chromium with a
// phone's profile — 390×844 at 3×, touch, the CPU slowed 4× and a link
// of 20 Mbit/s each way with 20 ms of latency, the cache off (so every
// run downloads and compiles the module as a first visit does). The host
// serves the page itself (gzip: a browser asks a plain-HTTP host for no
// Brotli) and admits the device at once, so the time is the page's. It
// reports the mean as link-to-table-ms and, apart, when the module had
// loaded, the first frame was drawn and the host's game had come (the
// page's own marks: app/join.go's ntk-joined).
//
//	go test -run '^$' -bench PhoneLinkToTable -benchtime 3x ./web
func BenchmarkPhoneLinkToTable(b *testing.B) {
	startBrowser(b, browserPath(b))
	pageSite, err := site.Dir(shared.dir)
	if err != nil {
		b.Fatal(err)
	}
	m, err := maps.Load("standard")
	if err != nil {
		b.Fatal(err)
	}
	var total, loaded, first, joined float64
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		g, err := rules.New(m, rules.Config{Players: []string{"Ann", "Ben", "Cy", "Dee"}, Seed: uint64(100 + i)})
		if err != nil {
			b.Fatal(err)
		}
		match := session.NewMatch(g, session.MatchOptions{Players: []string{gamefile.SeatRemote, gamefile.SeatRemote, gamefile.SeatRemote, gamefile.SeatRemote}})
		match.Start()
		h, err := remote.NewHost(remote.HostOptions{Match: match, Page: pageSite, AdmitAuto: true})
		if err != nil {
			b.Fatal(err)
		}
		srv, err := remote.Listen(h, "127.0.0.1:0")
		if err != nil {
			b.Fatal(err)
		}
		link := srv.Link()
		room := link[strings.Index(link, "?join=")+len("?join="):]
		base := strings.TrimSuffix(link[:strings.Index(link, "?")], "/")
		p := newPage(b, "")
		p.run("the phone's profile", network.Enable(), network.SetCacheDisabled(true),
			network.EmulateNetworkConditions(false, 20, 20e6/8, 20e6/8),
			emulation.SetCPUThrottlingRate(4),
			emulation.SetDeviceMetricsOverride(390, 844, 3, true),
			emulation.SetTouchEmulationEnabled(true).WithMaxTouchPoints(5))
		b.StartTimer()
		opened := time.Now()
		p.run("open the join link", chromedp.Navigate(fmt.Sprintf("%s/?join=%s&name=Ann&seat=%s", base, room, g.Seats()[0])))
		deadline := opened.Add(3 * time.Minute)
		for {
			if st, ok := p.state(); ok && st.Scene == "table" && len(st.Held) == 1 && st.Held[0] == 0 {
				break
			}
			if time.Now().After(deadline) {
				b.Fatalf("no table within 3 minutes; page problems: %v; failure text: %q", p.problems, p.failText())
			}
			time.Sleep(20 * time.Millisecond)
		}
		took := time.Since(opened)
		b.StopTimer()
		var marks map[string]float64
		p.run("marks", chromedp.Evaluate(`Object.fromEntries(performance.getEntriesByType("mark").map(m => [m.name, Math.round(m.startTime)]))`, &marks),
			emulation.SetCPUThrottlingRate(1))
		total += float64(took.Milliseconds())
		loaded += marks["ntk-module-loaded"]
		first += marks["ntk-first-frame"]
		joined += marks["ntk-joined"]
		srv.Close()
		match.Close()
		b.StartTimer()
	}
	n := float64(b.N)
	b.ReportMetric(total/n, "link-to-table-ms")
	b.ReportMetric(loaded/n, "module-loaded-ms")
	b.ReportMetric(first/n, "first-frame-ms")
	b.ReportMetric(joined/n, "joined-ms")
	b.ReportMetric(0, "ns/op")
}
