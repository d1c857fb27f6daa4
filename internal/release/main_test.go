package main

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"image/png"
	"strings"
	"testing"
)

// TestFiles: the .icns parses back into PNGs of its entries' sizes, the
// Windows resource names icons that are written beside it and a numeric
// version, the property list carries the version, and a version that is
// not MAJOR.MINOR.PATCH is refused.
func TestFiles(t *testing.T) {
	fs, err := Files("1.2.3-SNAPSHOT-abc1234")
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string][]byte{}
	for _, f := range fs {
		byName[f.Name] = f.Data
	}
	ic := byName["NoTrueKing.icns"]
	if len(ic) < 8 || string(ic[:4]) != "icns" || int(binary.BigEndian.Uint32(ic[4:8])) != len(ic) {
		t.Fatalf("the .icns header is wrong")
	}
	rest := ic[8:]
	for _, e := range icnsTypes {
		if len(rest) < 8 || string(rest[:4]) != e.typ {
			t.Fatalf("the .icns lacks entry %s", e.typ)
		}
		n := int(binary.BigEndian.Uint32(rest[4:8]))
		cfg, err := png.DecodeConfig(bytes.NewReader(rest[8:n]))
		if err != nil || cfg.Width != e.size {
			t.Errorf("the .icns entry %s: %d px (%v), want %d", e.typ, cfg.Width, err, e.size)
		}
		rest = rest[n:]
	}
	if len(rest) != 0 {
		t.Errorf("%d bytes after the last .icns entry", len(rest))
	}
	var wr struct {
		Group   map[string]map[string][]string `json:"RT_GROUP_ICON"`
		Version map[string]map[string]struct {
			Fixed map[string]string            `json:"fixed"`
			Info  map[string]map[string]string `json:"info"`
		} `json:"RT_VERSION"`
	}
	if err := json.Unmarshal(byName["winres/winres.json"], &wr); err != nil {
		t.Fatal(err)
	}
	for _, name := range wr.Group["APP"]["0000"] {
		if byName["winres/"+name] == nil {
			t.Errorf("winres.json names %s, which is not written", name)
		}
	}
	v := wr.Version["#1"]["0000"]
	if v.Fixed["file_version"] != "1.2.3.0" || v.Info["0409"]["ProductVersion"] != "1.2.3-SNAPSHOT-abc1234" {
		t.Errorf("the version resource: %+v", v)
	}
	plist := string(byName["Info.plist"])
	for _, s := range []string{"<key>CFBundleShortVersionString</key><string>1.2.3</string>", "<key>CFBundleExecutable</key><string>notrueking</string>", "<key>CFBundleIconFile</key><string>NoTrueKing</string>"} {
		if !strings.Contains(plist, s) {
			t.Errorf("Info.plist lacks %s", s)
		}
	}
	if _, err := Files("snapshot"); err == nil {
		t.Error("a version without MAJOR.MINOR.PATCH was taken")
	}
}
