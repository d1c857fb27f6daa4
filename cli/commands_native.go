//go:build !js

package cli

// The desktop program's command table.
func init() {
	commands = []command{
		{"play", playUsage, "open the game window: the start screen, or a game set up by the flags (the default command)", cmdPlay},
		{"replay", "replay FILE " + presenterUsage, "watch the game of a record or save in the replay viewer (nothing is played or written)", cmdReplay},
		{"spectate", "spectate FILE|latest|LINK " + presenterUsage, "follow a game's save, or a hosted game by its spectator link, in a window that shows the public view only, for a stream", cmdSpectate},
		{"sandbox", "sandbox " + setupUsage + " [-record FILE] " + presenterUsage, "edit a position of a map's setup, then play from it (a tester's tool)", cmdSandbox},
		{"host", hostUsage, "host a game on the network without a window: prints the join link, runs until the game ends; players join from their own devices", cmdHost},
		{"join", joinUsage, "join a game hosted on the network (the host's join link) in a window, or play its seat headless with -bot", cmdJoin},
		{"validate", "validate [-json] [-balance [-games N] [-easy N] [-players N] [-seed S] [-j N]] FILE", "check a map file (or a shipped map) and print its summary, or every problem", cmdValidate},
		{"run", "run RECORD", "replay a game record headlessly, printing every event and the final state as JSON", cmdRun},
		{"selfplay", "selfplay [-map NAME|FILE] [-players N] [-games G] [-seed S] [-variant citadel]", "play random legal games headlessly; print their speed and a checksum", cmdSelfplay},
		{"render", "render -o FILE.png [-size WxH] [-load RECORD [-at N] | -scenario FILE] [-map NAME|FILE] [-players N] [-seed N] [-variant citadel] [-f]", "draw the public table of a game as a PNG picture", cmdRender},
		{"suggest", "suggest -load RECORD [-at N] [-level random|steady|easy|strong] [-seed S] [-why]", "print the move a bot would make for the seat to act", cmdSuggest},
		{"bots", "bots -seats LEVEL,LEVEL,... [-map NAME|FILE] [-players N] [-games G] [-seed S] [-j CORES] [-q] [-records DIR] [-playout greedy|uniform] [-deal model|uniform] [-variant citadel]", "play a tournament of bots and print its table", cmdBots},
		{"help", "help [COMMAND]", "list the commands, or show one command's flags", cmdHelp},
	}
}
