// Package placer places the board's overlay: every territory's name and
// icons inside it, placed from the map and the size alone (so a name never
// moves as units come and go), the rivers' names along them, the ports'
// anchors, then the unit tokens and flags inside their territories round
// the names, at the size the screen shows them (PlanOverlay). It answers
// in pixels relative to the grid's origin on the screen; render draws the
// plan. It reads the board's camera and shapes from ui, and ui does not
// import it.
package placer
