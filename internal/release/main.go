// Command release writes the files a release packs around the binaries,
// all drawn or generated here (the icon from package icon), never kept
// in the repository: .goreleaser.yaml runs it before it builds.
//
//	go run ./internal/release -version 1.2.0 -o build/release
//
// writes into the folder (made if missing, files replaced):
//
//	icons/notrueking-N.png        the icon at each size of icon.Sizes (Linux, the site)
//	winres/winres.json + PNGs     the Windows icon, manifest and version resource,
//	                              for go-winres (which writes the .syso files)
//	NoTrueKing.icns               the macOS icon
//	Info.plist                    the macOS .app bundle's property list
//	notrueking.desktop            the Linux desktop entry (the .deb installs it)
//
// -favicon FILE writes the browser page's favicon.svg instead.
package main

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"notrueking/internal/icon"
	"notrueking/store"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("release", flag.ContinueOnError)
	fs.SetOutput(stderr)
	ver := fs.String("version", "0.0.0", "the release's `VERSION` (1.2.0, or a snapshot's 1.2.1-SNAPSHOT-abc)")
	out := fs.String("o", "build/release", "the `FOLDER` to write into")
	favicon := fs.String("favicon", "", "write only the browser page's favicon.svg to `FILE`")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "release: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	if *favicon != "" {
		if err := store.WriteFile(*favicon, []byte(icon.SVG()), 0o644, true); err != nil {
			fmt.Fprintln(stderr, "release:", err)
			return 1
		}
		return 0
	}
	files, err := Files(*ver)
	if err != nil {
		fmt.Fprintln(stderr, "release:", err)
		return 2
	}
	for _, f := range files {
		p := filepath.Join(*out, filepath.FromSlash(f.Name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			fmt.Fprintln(stderr, "release:", err)
			return 1
		}
		if err := store.WriteFile(p, f.Data, 0o644, true); err != nil {
			fmt.Fprintln(stderr, "release:", err)
			return 1
		}
	}
	fmt.Fprintf(stdout, "wrote %d files into %s\n", len(files), *out)
	return 0
}

// A File is one file to write: its path in the folder, with slashes.
type File struct {
	Name string
	Data []byte
}

// numeric is a version's leading major.minor.patch.
var numeric = regexp.MustCompile(`^v?(\d+)\.(\d+)\.(\d+)`)

// Files are the release's files for version v.
func Files(v string) ([]File, error) {
	m := numeric.FindStringSubmatch(v)
	if m == nil {
		return nil, fmt.Errorf("-version %q: want MAJOR.MINOR.PATCH, with anything after it", v)
	}
	v = strings.TrimPrefix(v, "v")
	dotted := m[1] + "." + m[2] + "." + m[3]
	var fs []File
	for _, n := range icon.Sizes {
		fs = append(fs, File{"icons/notrueking-" + strconv.Itoa(n) + ".png", icon.PNG(n)})
	}
	winIcons := []int{256, 64, 48, 32, 24, 16}
	var names []string
	for _, n := range winIcons {
		name := "icon-" + strconv.Itoa(n) + ".png"
		names = append(names, name)
		fs = append(fs, File{"winres/" + name, icon.PNG(n)})
	}
	wr, err := winres(names, v, dotted+".0")
	if err != nil {
		return nil, err
	}
	fs = append(fs, File{"winres/winres.json", wr},
		File{"NoTrueKing.icns", icns()},
		File{"Info.plist", []byte(infoPlist(v, dotted))},
		File{"notrueking.desktop", []byte(desktopEntry)})
	return fs, nil
}

// winres is go-winres's input: the icon group (the PNGs, largest first),
// a manifest (Windows 10 or later, per-monitor DPI aware, as invoker) and
// the version resource Explorer's Properties show.
func winres(icons []string, v, fileVersion string) ([]byte, error) {
	info := map[string]string{
		"CompanyName":      "The No True King authors",
		"FileDescription":  "No True King",
		"FileVersion":      v,
		"InternalName":     "notrueking",
		"LegalCopyright":   "© 2026 The No True King authors (MIT licence)",
		"OriginalFilename": "notrueking.exe",
		"ProductName":      "No True King",
		"ProductVersion":   v,
	}
	doc := map[string]any{
		"RT_GROUP_ICON": map[string]any{"APP": map[string]any{"0000": icons}},
		"RT_MANIFEST": map[string]any{"#1": map[string]any{"0409": map[string]any{
			"identity":        map[string]string{"name": "NoTrueKing", "version": fileVersion},
			"description":     "No True King",
			"minimum-os":      "win10",
			"execution-level": "as invoker",
			"dpi-awareness":   "per monitor v2",
			"long-path-aware": true,
		}}},
		"RT_VERSION": map[string]any{"#1": map[string]any{"0000": map[string]any{
			"fixed": map[string]string{"file_version": fileVersion, "product_version": fileVersion},
			"info":  map[string]any{"0409": info},
		}}},
	}
	return json.MarshalIndent(doc, "", "  ")
}

// icnsTypes are the .icns entries, each a PNG of the given size.
var icnsTypes = []struct {
	typ  string
	size int
}{
	{"icp4", 16}, {"icp5", 32}, {"icp6", 64}, {"ic07", 128}, {"ic08", 256}, {"ic09", 512},
	{"ic10", 1024}, {"ic11", 32}, {"ic12", 64}, {"ic13", 256}, {"ic14", 512},
}

// icns is the macOS icon file: "icns", its length, then each entry's
// type, length (with its 8-byte header) and PNG.
func icns() []byte {
	var body bytes.Buffer
	for _, e := range icnsTypes {
		png := icon.PNG(e.size)
		body.WriteString(e.typ)
		binary.Write(&body, binary.BigEndian, uint32(8+len(png)))
		body.Write(png)
	}
	var b bytes.Buffer
	b.WriteString("icns")
	binary.Write(&b, binary.BigEndian, uint32(8+body.Len()))
	b.Write(body.Bytes())
	return b.Bytes()
}

// infoPlist is the .app bundle's Contents/Info.plist.
func infoPlist(v, dotted string) string {
	return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
	<key>CFBundleDevelopmentRegion</key><string>en</string>
	<key>CFBundleDisplayName</key><string>No True King</string>
	<key>CFBundleExecutable</key><string>notrueking</string>
	<key>CFBundleIconFile</key><string>NoTrueKing</string>
	<key>CFBundleIdentifier</key><string>org.notrueking.NoTrueKing</string>
	<key>CFBundleInfoDictionaryVersion</key><string>6.0</string>
	<key>CFBundleName</key><string>No True King</string>
	<key>CFBundlePackageType</key><string>APPL</string>
	<key>CFBundleShortVersionString</key><string>` + dotted + `</string>
	<key>CFBundleVersion</key><string>` + xmlEscape(v) + `</string>
	<key>LSApplicationCategoryType</key><string>public.app-category.board-games</string>
	<key>LSMinimumSystemVersion</key><string>12.0</string>
	<key>NSHighResolutionCapable</key><true/>
</dict>
</plist>
`
}

func xmlEscape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(s)
}

// desktopEntry is the Linux menu's entry for the .deb.
const desktopEntry = `[Desktop Entry]
Type=Application
Name=No True King
Comment=A hot-seat board game of puppet masters behind the great houses
Exec=notrueking
Icon=notrueking
Terminal=false
Categories=Game;BoardGame;
`
