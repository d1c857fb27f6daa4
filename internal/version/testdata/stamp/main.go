// Command stamp prints version.Get(): the version test builds it with and
// without the linker's stamp.
package main

import (
	"fmt"

	"notrueking/internal/version"
)

func main() { fmt.Println(version.Get()) }
