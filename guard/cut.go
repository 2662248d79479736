package guard

import (
	"strconv"
	"unicode/utf8"
)

// MaxErrorBytes is the most of a chain error string (a revert reason, an
// RPC error) kept in logs and state.
const MaxErrorBytes = 512

// Cut returns s cut to MaxErrorBytes, at a rune boundary, with the number
// of bytes left out appended; a revert reason of megabytes then costs the
// log and the store no more than a short one.
func Cut(s string) string {
	if len(s) <= MaxErrorBytes {
		return s
	}
	n := MaxErrorBytes
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "… (" + strconv.Itoa(len(s)-n) + " bytes cut)"
}

// CutErr is Cut of err's text; "" for nil.
func CutErr(err error) string {
	if err == nil {
		return ""
	}
	return Cut(err.Error())
}
