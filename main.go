// Command notrueking is the No True King desktop board game.
package main

func main() {}
