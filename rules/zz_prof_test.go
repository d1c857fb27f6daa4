package rules_test

import (
	"testing"

	"notrueking/maps"
	"notrueking/rules"
)

func BenchmarkNineSelfPlay(b *testing.B) {
	m, err := maps.Load("nine")
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < b.N; i++ {
		if _, err := rules.SelfPlay(m, 9, 20, uint64(i)+1); err != nil {
			b.Fatal(err)
		}
	}
}
