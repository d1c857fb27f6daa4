// Command notrueking is the No True King desktop board game.
package main

import (
	"fmt"
	"os"

	"notrueking/render"
)

func main() {
	if err := render.Run(render.Options{}); err != nil {
		fmt.Fprintln(os.Stderr, "notrueking:", err)
		os.Exit(1)
	}
}
