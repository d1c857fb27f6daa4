package rules

// Actor is the acting side of a game: Apply changes it, Undo takes the
// last action back and Redo applies again the one taken back. What a
// screen reads is a Desk (desk.go): the game as the seats of one device
// may know it.
type Actor interface {
	Apply(Action) ([]Event, error)
	Undo() error
	Redo() ([]Event, error)
}

var _ Actor = (*Game)(nil)
