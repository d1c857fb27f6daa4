//go:build js

package cli

// A web page's command table: the window's commands (the page's address
// gives their flags); the headless ones (host, run, selfplay, render,
// bots, …) are the desktop program's, and their code stays out of the
// page's module.
func init() {
	commands = []command{
		{"play", playUsage, "open the game window: the start screen, or a game set up by the flags (the default command)", cmdPlay},
		{"replay", "replay FILE " + presenterUsage, "watch the game of a record or save in the replay viewer (nothing is played or written)", cmdReplay},
		{"spectate", "spectate FILE|latest|LINK " + presenterUsage, "follow a game's save, or a hosted game by its spectator link, in a window that shows the public view only, for a stream", cmdSpectate},
		{"sandbox", "sandbox " + setupUsage + " [-record FILE] " + presenterUsage, "edit a position of a map's setup, then play from it (a tester's tool)", cmdSandbox},
		{"join", joinUsage, "join a game hosted on the network (the host's join link) in a window, or play its seat headless with -bot", cmdJoin},
		{"help", "help [COMMAND]", "list the commands, or show one command's flags", cmdHelp},
	}
}
