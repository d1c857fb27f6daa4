//go:build !unix

package store

func isEINVAL(error) bool { return false }
