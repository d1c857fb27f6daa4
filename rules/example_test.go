package rules_test

import (
	"fmt"

	"notrueking/maps"
	"notrueking/rules"
)

// Example plays the opening decisions of a two-player game through record
// lines and prints what the table shows.
func Example() {
	m, err := maps.Standard()
	if err != nil {
		fmt.Println(err)
		return
	}
	g, err := rules.New(m, rules.Config{Players: []string{"Alice", "Bob"}, Seed: 7})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, line := range []string{
		"crown arrange stark baratheon lannister greyjoy tyrell",
		"torch arrange tyrell greyjoy lannister stark baratheon",
	} {
		a, err := g.ParseAction(line)
		if err == nil {
			_, err = g.Apply(a)
		}
		if err != nil {
			fmt.Println(err)
			return
		}
	}
	v := g.View(rules.Public)
	fmt.Println(v.Phase, "phase,", len(g.Legal()), "empty slots")
	// The prompt as the table reads it, and as the seat to act does.
	fmt.Println(v.Prompt)
	fmt.Println(g.View(g.ToAct()).Prompt)
	// A refusal says why, in players' words.
	a, _ := g.ParseAction("crown move winterfell dorne footman:1")
	fmt.Println(g.Check(a))
	// Output:
	// place phase, 15 empty slots
	// Waiting for Alice (Crown) to place an agent (3 left)
	// Alice (Crown): place an agent (3 left)
	// Alice (Crown) must place an agent on an empty slot
}
