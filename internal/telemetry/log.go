package telemetry

import (
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
)

// LogOptions configures NewLogger.
type LogOptions struct {
	// Level is debug, info, warn or error. Default info.
	Level string
	// Format is "text" or "json". Default text.
	Format string
	// Path, when set, also writes the log to this file (JSON lines are
	// easiest to ship; the format applies to both outputs).
	Path string
	// MaxFileSize rotates the file when it would grow past this many
	// bytes; 0 never rotates.
	MaxFileSize int64
	// BackupCount is how many rotated files (path.1 ... path.N) are kept.
	BackupCount int
}

// NewLogger builds a logger writing to stderr and, when opts.Path is set,
// to a rotating file. The returned closer closes the file.
func NewLogger(stderr io.Writer, opts LogOptions) (*slog.Logger, io.Closer, error) {
	var level slog.Level
	switch strings.ToLower(opts.Level) {
	case "", "info":
		level = slog.LevelInfo
	case "debug":
		level = slog.LevelDebug
	case "warn", "warning":
		level = slog.LevelWarn
	case "error":
		level = slog.LevelError
	default:
		return nil, nil, fmt.Errorf("log level %q: use debug, info, warn or error", opts.Level)
	}
	w := stderr
	var closer io.Closer = io.NopCloser(nil)
	if opts.Path != "" {
		f, err := openRotating(opts.Path, opts.MaxFileSize, opts.BackupCount)
		if err != nil {
			return nil, nil, err
		}
		w, closer = io.MultiWriter(stderr, f), f
	}
	ho := &slog.HandlerOptions{Level: level}
	var h slog.Handler
	switch strings.ToLower(opts.Format) {
	case "", "text":
		h = slog.NewTextHandler(w, ho)
	case "json":
		h = slog.NewJSONHandler(w, ho)
	default:
		closer.Close()
		return nil, nil, fmt.Errorf("log format %q: use text or json", opts.Format)
	}
	return slog.New(h), closer, nil
}

// rotating is a file that is renamed to path.1 (shifting older backups)
// when a write would take it past max bytes.
type rotating struct {
	mu      sync.Mutex
	path    string
	max     int64
	backups int
	f       *os.File
	size    int64
}

func openRotating(path string, max int64, backups int) (*rotating, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, fmt.Errorf("open log file %s: %w", path, err)
	}
	r := &rotating{path: path, max: max, backups: backups}
	if err := r.open(); err != nil {
		return nil, err
	}
	return r, nil
}

func (r *rotating) open() error {
	f, err := os.OpenFile(r.path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return fmt.Errorf("open log file %s: %w", r.path, err)
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return fmt.Errorf("open log file %s: %w", r.path, err)
	}
	r.f, r.size = f, st.Size()
	return nil
}

func (r *rotating) Write(p []byte) (int, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.max > 0 && r.size > 0 && r.size+int64(len(p)) > r.max {
		if err := r.rotate(); err != nil {
			return 0, err
		}
	}
	n, err := r.f.Write(p)
	r.size += int64(n)
	return n, err
}

func (r *rotating) rotate() error {
	if err := r.f.Close(); err != nil {
		return err
	}
	if r.backups <= 0 {
		if err := os.Truncate(r.path, 0); err != nil {
			return err
		}
		return r.open()
	}
	for i := r.backups - 1; i >= 1; i-- {
		_ = os.Rename(fmt.Sprintf("%s.%d", r.path, i), fmt.Sprintf("%s.%d", r.path, i+1))
	}
	if err := os.Rename(r.path, r.path+".1"); err != nil {
		return err
	}
	return r.open()
}

func (r *rotating) Close() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.f.Close()
}
