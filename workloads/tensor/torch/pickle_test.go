package torch

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestUnpickleOpcodes(t *testing.T) {
	tests := []struct {
		name string
		prog string // opcodes, STOP appended
		want any
		err  string
	}{
		{"BINUNICODE", "X\x02\x00\x00\x00hi", "hi", ""},
		{"BINBYTES", "B\x02\x00\x00\x00hi", []byte("hi"), ""},
		{"SHORT_BINUNICODE", "\x8c\x02hi", "hi", ""},
		{"SHORT_BINSTRING", "U\x02hi", "hi", ""},
		{"SHORT_BINBYTES", "C\x02hi", []byte("hi"), ""},
		{"BINSTRING", "T\x02\x00\x00\x00hi", "hi", ""},
		{"BINUNICODE8", "\x8d\x02\x00\x00\x00\x00\x00\x00\x00hi", "hi", ""},
		{"BINBYTES8", "\x8e\x02\x00\x00\x00\x00\x00\x00\x00hi", []byte("hi"), ""},
		{"length past the end", "X\x09\x00\x00\x00hi", nil, "unexpected end of data"},
		{"BINSTRING negative length", "T\xff\xff\xff\xffhi", nil, "unexpected end of data"},
		{"huge 8-byte length", "\x8d\xff\xff\xff\xff\xff\xff\xff\xffhi", nil, "unexpected end of data"},
		{"truncated length", "X\x02\x00", nil, "unexpected end of data"},
		{"BININT1", "K\x07", int64(7), ""},
		{"BININT2", "M\x01\x02", int64(513), ""},
		{"BININT is signed", "J\xff\xff\xff\xff", int64(-1), ""},
		{"LONG1", "\x8a\x02\x01\x02", int64(513), ""},
		{"LONG1 negative", "\x8a\x01\xff", int64(-1), ""},
		{"LONG4", "\x8b\x02\x00\x00\x00\x01\x02", int64(513), ""},
		{"LONG4 too long", "\x8b\x00\x00\x02\x00", nil, "LONG4 too long"},
		{"BINPUT and BINGET", "(K\x05q\x01h\x01t", Tuple{int64(5), int64(5)}, ""},
		{"LONG_BINPUT and LONG_BINGET", "(K\x05r\x01\x01\x00\x00j\x01\x01\x00\x00t", Tuple{int64(5), int64(5)}, ""},
		{"BINGET missing", "h\x09", nil, "memo 9 missing"},
		{"truncated BININT2", "M\x01", nil, "unexpected end of data"},
		{"APPEND", "]K\x07a", &[]any{int64(7)}, ""},
		{"APPENDS", "](K\x01K\x02e", &[]any{int64(1), int64(2)}, ""},
		{"SETITEMS", "}(\x8c\x01aK\x01u", &Dict{Keys: []any{"a"}, Values: []any{int64(1)}}, ""},
		{"SETITEM", "}\x8c\x01aK\x01s", &Dict{Keys: []any{"a"}, Values: []any{int64(1)}}, ""},
		{"APPEND to a non-list", "K\x01K\x02a", nil, "pickle: APPEND to a non-list"},
		{"APPENDS to a non-list", "K\x01(K\x02e", nil, "pickle: APPENDS to a non-list"},
		{"ADDITEMS on a non-set", "K\x01(K\x02\x90", nil, "pickle: ADDITEMS on a non-set"},
		{"SETITEM on a non-dict", "]K\x01K\x02s", nil, "pickle: SETITEM on a non-dict"},
		{"SETITEMS on a non-dict", "](K\x01K\x02u", nil, "pickle: SETITEMS on a non-dict"},
		{"APPEND on an empty stack", "K\x01a", nil, "stack underflow"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := unpickle([]byte(tc.prog+"."), nil)
			if tc.err != "" {
				require.ErrorContains(t, err, tc.err)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.want, got)
		})
	}
}
