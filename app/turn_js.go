package app

// signalTurn, in the page: the page changes its title and icon, plays its
// sound if the player turned it on, and shows a notification if the
// player allowed them and the page is not in front (web/index.html's
// ntkPage.yourTurn).
func (a *App) signalTurn(on bool, text string) {
	page("yourTurn", on, text)
}

// flashTitle: the page's title is the page's (signalTurn).
func (a *App) flashTitle(int64) {}
