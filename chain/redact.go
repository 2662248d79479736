package chain

import (
	"errors"
	"net/url"
	"strings"
)

// Redact returns what of an RPC URL may be shown: its scheme and host
// (with port). A path, query, fragment or user-info may hold an API key.
func Redact(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return "(unparsable URL)"
	}
	return u.Scheme + "://" + u.Host
}

// RedactError returns err with raw (an RPC URL) and its secret parts cut
// from its message, as Redact shows it; errors.Is and errors.As still see
// the error underneath. Commands taking an --rpc URL wrap what they return
// with it.
func RedactError(err error, raw string) error { return redactErr(err, raw) }

// redactedError shows a message with an endpoint's URL cut to Redact's
// form; errors.Is and errors.As still see the error underneath.
type redactedError struct {
	msg string
	err error
}

func (e *redactedError) Error() string { return e.msg }
func (e *redactedError) Unwrap() error { return e.err }

// redactErr removes raw (an endpoint's URL) and its secret parts from
// err's message. Transport errors (*url.Error) name the URL they failed on.
func redactErr(err error, raw string) error {
	if err == nil || raw == "" {
		return err
	}
	var ue *url.Error
	if errors.As(err, &ue) {
		ue.URL = Redact(ue.URL)
	}
	msg := err.Error()
	clean := strings.ReplaceAll(msg, raw, Redact(raw))
	if u, perr := url.Parse(raw); perr == nil && u.User != nil {
		// net/http prints the URL with the password as "***", url.Redacted
		// as "xxxxx": both still name the user and the path.
		http := strings.Replace(u.String(), u.User.String()+"@", u.User.Username()+":***@", 1)
		for _, shown := range []string{http, u.Redacted()} {
			clean = strings.ReplaceAll(clean, shown, Redact(raw))
		}
	}
	for _, s := range secrets(raw)[1:] {
		clean = strings.ReplaceAll(clean, s, "…")
	}
	if clean == msg {
		return err
	}
	return &redactedError{msg: clean, err: err}
}

// secrets are the parts of raw that must never be shown, longest first.
func secrets(raw string) []string {
	out := []string{raw}
	u, err := url.Parse(raw)
	if err != nil {
		return out
	}
	if u.User != nil {
		out = append(out, u.User.String())
	}
	if u.RawQuery != "" {
		out = append(out, u.RawQuery)
	}
	if p := u.EscapedPath(); p != "" && p != "/" {
		out = append(out, p)
	}
	if u.Fragment != "" {
		out = append(out, u.Fragment)
	}
	return out
}
