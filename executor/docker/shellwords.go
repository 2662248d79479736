package docker

import (
	"errors"
	"strings"
)

// splitCommand splits a container's configured command into argv the way a
// POSIX shell splits words, without expansion: single quotes keep everything
// literally, double quotes keep everything but \" \\ \$ \` and a
// backslash-newline, and an unquoted backslash escapes the next character.
// Docker receives the words directly, so no shell runs in the container.
func splitCommand(s string) ([]string, error) {
	var (
		words   []string
		cur     strings.Builder
		inWord  bool
		escaped bool
		quote   rune // 0, '\'' or '"'
	)
	for _, r := range s {
		switch {
		case escaped:
			escaped = false
			if quote == '"' && !strings.ContainsRune("\"\\$`\n", r) {
				cur.WriteRune('\\')
			}
			if r != '\n' {
				cur.WriteRune(r)
			}
			inWord = true
		case quote == '\'':
			if r == '\'' {
				quote = 0
			} else {
				cur.WriteRune(r)
			}
		case quote == '"':
			switch r {
			case '"':
				quote = 0
			case '\\':
				escaped = true
			default:
				cur.WriteRune(r)
			}
		case r == '\\':
			escaped = true
		case r == '\'' || r == '"':
			quote = r
			inWord = true
		case r == ' ' || r == '\t' || r == '\n' || r == '\r':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteRune(r)
			inWord = true
		}
	}
	switch {
	case escaped:
		return nil, errors.New("ends with an unfinished backslash escape")
	case quote != 0:
		return nil, errors.New("has an unterminated " + string(quote) + " quote")
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words, nil
}
