package maps_test

import (
	"fmt"

	"notrueking/maps"
)

func ExampleSummarize() {
	m, err := maps.Load("standard")
	if err != nil {
		fmt.Println(err)
		return
	}
	s := maps.Summarize(m)
	fmt.Println(s.Name, s.Territories, "territories", s.Kinds, s.Pairs, "pairs", s.Touching, "touching")
	fmt.Println(s.Crowns, "crowns", s.Barrels, "barrels", s.Castles, "castles", s.Towns, "towns")
	for _, h := range s.Houses {
		fmt.Println(h.Name, h.Rank, h.Color, h.Home, h.Cards, h.Start, h.Limits)
	}
	fmt.Println("balance of the", s.BalanceOf)
	for _, b := range append(s.Balance, s.Spread) {
		fmt.Printf("%+v\n", b)
	}
	// Output:
	// Westeros 58 territories [38 12 8 0] 143 pairs 143 touching
	// 19 crowns 24 barrels 10 castles 10 towns
	// Baratheon 1 #e8b923 Dragonstone 7 [2 1 2 0] [10 5 6 0]
	// Stark 2 #c9cfd8 Winterfell 7 [2 1 1 0] [10 5 6 0]
	// Lannister 3 #b3162c Lannisport 7 [2 1 2 0] [10 5 6 0]
	// Greyjoy 3 #1c2629 Pyke 7 [2 1 2 0] [10 5 6 0]
	// Tyrell 5 #379e5c Highgarden 7 [2 1 1 0] [10 5 6 0]
	// balance of the capital
	// {House:Baratheon Lands:1 Crowns:1 Castles:1 Towns:0 Barrels:1 Units:5 Rank:1}
	// {House:Stark Lands:1 Crowns:1 Castles:1 Towns:0 Barrels:1 Units:4 Rank:2}
	// {House:Lannister Lands:1 Crowns:0 Castles:1 Towns:0 Barrels:2 Units:5 Rank:3}
	// {House:Greyjoy Lands:1 Crowns:1 Castles:1 Towns:0 Barrels:1 Units:5 Rank:3}
	// {House:Tyrell Lands:1 Crowns:0 Castles:1 Towns:0 Barrels:2 Units:4 Rank:5}
	// {House:spread Lands:0 Crowns:1 Castles:0 Towns:0 Barrels:1 Units:1 Rank:4}
}

func ExampleParse() {
	_, err := maps.Parse("broken.toml", []byte(`id = "broken"
name = "Broken"
min_players = 2
max_players = 2
loyalty_slots = [1]
shape = "round"

[[conspiracy]]
id = "crown"
name = "Crown"

[[conspiracy]]
id = "torch"
name = "Torch"

[[house]]
id = "stark"
name = "Stark"
color = "#c9cfd8"
home = "winterfel"
rank = 1
limits = { footman = 10, knight = 5, ship = 6 }

[[card]]
id = "eddard-stark"
name = "Eddard Stark"
house = "stark"
strength = 4

[[territory]]
id = "winterfell"
code = "WF"
name = "Winterfell"
kind = "land"
neighbors = ["the-wall"]

[[territory]]
id = "the-wall"
code = "CB"
name = "The Wall"
kind = "land"
neighbors = []

[grid]
width = 2
height = 2
rows = """
CBCB
WFWW
"""
`))
	fmt.Println(err)
	// Output:
	// broken.toml:6: shape: unknown key "shape"
	// broken.toml:20: house.home: unknown territory "winterfel"
	// broken.toml:42: territory.neighbors: the-wall has no neighbours
	// broken.toml:42: territory.neighbors: winterfell lists the-wall as a neighbour but the-wall does not list winterfell (adjacency goes both ways)
	// broken.toml:49: grid.rows: row 2, column 2: unknown code "WW"
}
