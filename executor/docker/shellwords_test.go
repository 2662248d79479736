package docker

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestSplitCommand(t *testing.T) {
	tests := []struct {
		in   string
		want []string
		err  string
	}{
		{in: "", want: nil},
		{in: "   \t ", want: nil},
		{in: "serve", want: []string{"serve"}},
		{in: "  --addr :3000   --workers=2 ", want: []string{"--addr", ":3000", "--workers=2"}},
		{in: `--name 'hello world'`, want: []string{"--name", "hello world"}},
		{in: `--name "hello world"`, want: []string{"--name", "hello world"}},
		{in: `a'b c'd`, want: []string{"ab cd"}},
		{in: `''`, want: []string{""}},
		{in: `"" x`, want: []string{"", "x"}},
		{in: `hello\ world`, want: []string{"hello world"}},
		{in: `'single \ keeps "all"'`, want: []string{`single \ keeps "all"`}},
		{in: `"dq \"esc\" \\ \$HOME \n"`, want: []string{`dq "esc" \ $HOME \n`}},
		{in: `$HOME ~ *`, want: []string{"$HOME", "~", "*"}}, // no expansion
		{in: "line\\\ncontinued", want: []string{"linecontinued"}},
		{in: `--json '{"a": [1, 2]}'`, want: []string{"--json", `{"a": [1, 2]}`}},
		{in: "tabs\tand\nnewlines", want: []string{"tabs", "and", "newlines"}},
		{in: `'open`, err: "unterminated ' quote"},
		{in: `"open`, err: `unterminated " quote`},
		{in: `end\`, err: "unfinished backslash"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := splitCommand(tt.in)
			if tt.err != "" {
				require.ErrorContains(t, err, tt.err)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tt.want, got)
		})
	}
}

func FuzzSplitCommand(f *testing.F) {
	for _, s := range []string{"a b", `'a b' "c d"`, `x\ y`, `"\"" '\'`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		words, err := splitCommand(s)
		if err != nil {
			return
		}
		// Re-quoting every word and splitting again must give the same words.
		var quoted string
		for i, w := range words {
			if i > 0 {
				quoted += " "
			}
			quoted += shellQuote(w)
		}
		again, err := splitCommand(quoted)
		require.NoError(t, err)
		require.Equal(t, words, again)
	})
}

func shellQuote(s string) string {
	out := "'"
	for _, r := range s {
		if r == '\'' {
			out += `'\''`
		} else {
			out += string(r)
		}
	}
	return out + "'"
}
