package remote

import (
	"encoding/json"
	"reflect"
	"testing"

	"notrueking/board"
)

// FuzzDecode: Decode never panics, and whatever it accepts encodes and
// decodes again to the same message.
func FuzzDecode(f *testing.F) {
	for _, m := range []any{
		Hello{T: KHello, Proto: Proto, Build: "v1", Name: "Ann", Room: "ABCDEFGHJK", Token: "00ff", Seat: "crown"},
		Hello{T: KHello, Proto: 2, Name: "Ben", Watch: true},
		Act{T: KAct, ID: 7, Epoch: 1 << 40, Version: 12, Line: "crown place stark lord"},
		UndoRedo{T: KUndo, ID: 8, Epoch: 3, Version: 4},
		UndoRedo{T: KRedo, ID: 9, Epoch: 3, Version: 5},
		Ask{T: KAsk, ID: 10, Q: QCheck, Line: "crown done"},
		Ask{T: KAsk, ID: 11, Q: QViewAt, N: 3, Seat: -1},
		Ask{T: KAsk, ID: 12, Q: QTry, House: 2, From: 3, To: 4, Units: [board.NumUnits]int{1, 2, 0, 0}},
		Ask{T: KAsk, ID: 13, Q: QDest, House: 1, From: 5},
		Ping{T: KPing},
		Ping{T: KBye},
	} {
		f.Add(marshal(m))
	}
	for _, s := range []string{``, `{}`, `null`, `[]`, `{"t":"update"}`, `{"t":"ping"} {}`, `{"t":"act","id":"x"}`,
		`{"t":"hello","proto":1e400}`, "{\"t\":\"hello\",\"name\":\"\xff\"}", `{"t":"ask","units":[1,2,3,4,5]}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		msg, err := Decode(data)
		if err != nil {
			if msg != nil {
				t.Fatalf("an error and a message: %v %#v", err, msg)
			}
			if err.Error() == "" {
				t.Fatal("a refusal without a reason")
			}
			return
		}
		b, err := json.Marshal(msg)
		if err != nil {
			t.Fatalf("%#v does not encode: %v", msg, err)
		}
		// (Encoding may lengthen it past MaxIn: '<' is written \u003c.)
		again, err := decode(b)
		if err != nil {
			t.Fatalf("%s decoded, its encoding %s does not: %v", data, b, err)
		}
		if !reflect.DeepEqual(msg, again) {
			t.Fatalf("%s decoded to %#v, its encoding to %#v", data, msg, again)
		}
	})
}
