package maps_test

import (
	"fmt"
	"os"

	"notrueking/maps"
)

func ExampleValidateMain() {
	code := maps.ValidateMain([]string{"validate", "standard"}, os.Stdout, os.Stderr)
	fmt.Println("exit", code)
	// Output:
	// standard: Westeros (standard): valid
	// territories  58: 38 land, 12 sea, 8 port, 0 road
	// icons        19 crowns, 24 barrels, 10 castles, 10 towns
	// adjacency    143 pairs; grid 70×126, 143 touching pairs
	// exceptions   0
	// players      2-4; conspiracies Crown, Torch, Helm, Gauntlet
	// loyalty      6 4 3 2 0
	// houses       5
	//   Baratheon  rank 1  #e8b923  home Dragonstone  7 cards  start 2 footmen 1 knights 2 ships  limits 10/5/6/0
	//   Stark      rank 2  #c9cfd8  home Winterfell   7 cards  start 2 footmen 1 knights 1 ships  limits 10/5/6/0
	//   Lannister  rank 3  #b3162c  home Lannisport   7 cards  start 2 footmen 1 knights 2 ships  limits 10/5/6/0
	//   Greyjoy    rank 3  #1c2629  home Pyke         7 cards  start 2 footmen 1 knights 2 ships  limits 10/5/6/0
	//   Tyrell     rank 5  #379e5c  home Highgarden   7 cards  start 2 footmen 1 knights 1 ships  limits 10/5/6/0
	// balance      (capital: lands crowns castles towns barrels; starting units; rank)
	//   Baratheon      1      1       1     0       1      5     1
	//   Stark          1      1       1     0       1      4     2
	//   Lannister      1      0       1     0       2      5     3
	//   Greyjoy        1      1       1     0       1      5     3
	//   Tyrell         1      0       1     0       2      4     5
	//   spread         0      1       0     0       1      1     4
	// exit 0
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
