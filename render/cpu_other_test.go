//go:build !unix

package render

// processCPU is not measured here: CPU metrics read 0.
func processCPU() int64 { return 0 }
