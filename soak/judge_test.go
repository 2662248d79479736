package soak

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// series makes a sample every 15 s for d, each from f(at); as the soak
// does, the samples at 40 % and 70 % of an hour (the kills) and at its end
// are taken with the node down and carry a census of the store.
func series(d time.Duration, f func(at time.Duration, s *Sample)) []Sample {
	var out []Sample
	for at := time.Duration(0); at <= d; at += 15 * time.Second {
		s := Sample{At: at, Up: true, RSSBytes: 100e6, Goroutines: 80, OpenFiles: 30, StoreBytes: 5e6, P99: 20 * time.Millisecond}
		if at == 24*time.Minute || at == 42*time.Minute || at == time.Hour {
			s = Sample{At: at, LiveBytes: 2e6, CompactedBytes: 1e6}
		}
		f(at, &s)
		out = append(out, s)
	}
	return out
}

func TestJudge(t *testing.T) {
	const d = time.Hour
	th := DefaultThresholds(d, 10*time.Minute)
	grow := func(at time.Duration) float64 { return at.Seconds() / d.Seconds() } // 0 → 1 over the run
	for _, tc := range []struct {
		name string
		f    func(time.Duration, *Sample)
		want string // a substring of the one failure; "" for none
	}{
		{"flat", func(time.Duration, *Sample) {}, ""},
		{"noisy but flat", func(at time.Duration, s *Sample) {
			if at/(15*time.Second)%2 == 0 {
				s.Goroutines += 6
				s.RSSBytes += 10e6
			}
		}, ""},
		{"rss grows 30 %", func(at time.Duration, s *Sample) { s.RSSBytes = int64(100e6 * (1 + 0.3*grow(at))) }, "RSS grew"},
		{"rss grows 10 %", func(at time.Duration, s *Sample) { s.RSSBytes = int64(100e6 * (1 + 0.1*grow(at))) }, ""},
		{"goroutines climb", func(at time.Duration, s *Sample) { s.Goroutines = 80 + int(60*grow(at)) }, "goroutines keep climbing"},
		{"open files climb", func(at time.Duration, s *Sample) { s.OpenFiles = 30 + int(40*grow(at)) }, "open files keep climbing"},
		{"p99 triples", func(at time.Duration, s *Sample) {
			if at > 55*time.Minute {
				s.P99 = 60 * time.Millisecond
			}
		}, "p99 latency"},
		{"one window's spike in the last tenth, its p99 steady", func(at time.Duration, s *Sample) {
			s.Latencies = steady(150)
			if at == 58*time.Minute {
				s.Latencies = append(steady(148), 200*time.Millisecond, 200*time.Millisecond)
				s.P99 = 200 * time.Millisecond
			}
		}, ""},
		{"the last tenth's p99 triples", func(at time.Duration, s *Sample) {
			s.Latencies = steady(150)
			if at > 55*time.Minute {
				s.Latencies = append(steady(140), slices.Repeat([]time.Duration{90 * time.Millisecond}, 10)...)
			}
		}, "p99 latency"},
		{"p99 triples below the floor", func(at time.Duration, s *Sample) {
			s.P99 = time.Millisecond
			if at > 55*time.Minute {
				s.P99 = 3 * time.Millisecond
			}
		}, ""},
		{"compacted store keeps growing", func(at time.Duration, s *Sample) {
			if s.CompactedBytes > 0 {
				s.CompactedBytes = int64(1e6 + 2e6*grow(at))
			}
		}, "store grew past its plateau: compacted size"},
		{"live keys keep growing", func(at time.Duration, s *Sample) {
			if s.LiveBytes > 0 {
				s.LiveBytes = int64(1e6 + 2e6*grow(at))
			}
		}, "store grew past its plateau: live keys"},
		{"live keys at their plateau, noisy", func(at time.Duration, s *Sample) {
			if at == 42*time.Minute {
				s.LiveBytes, s.CompactedBytes = 2.6e6, 1.3e6
			}
		}, ""},
		{"the size on disk saw-toothed and growing is not judged", func(at time.Duration, s *Sample) {
			s.StoreBytes = int64(1e6 + 20e6*grow(at))
		}, ""},
		{"down samples are not judged", func(at time.Duration, s *Sample) {
			if at > 30*time.Minute && at < 32*time.Minute {
				s.Up, s.Goroutines, s.OpenFiles = false, 0, 0
			}
		}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fails := Judge(series(d, tc.f), th)
			if tc.want == "" {
				require.Empty(t, fails)
				return
			}
			require.Len(t, fails, 1, "%v", fails)
			require.Contains(t, fails[0], tc.want)
		})
	}
	require.Contains(t, Judge(series(time.Minute, func(time.Duration, *Sample) {}), th)[0], "too few")
}

// steady is n request latencies of 10 to 30 ms.
func steady(n int) []time.Duration {
	out := make([]time.Duration, n)
	for i := range out {
		out[i] = time.Duration(10+i%21) * time.Millisecond
	}
	return out
}

func TestDefaultThresholdsWarmup(t *testing.T) {
	require.Equal(t, 10*time.Minute, DefaultThresholds(6*time.Hour, time.Hour).Warmup)
	require.Equal(t, 2*time.Minute, DefaultThresholds(20*time.Minute, 4*time.Minute).Warmup)
}

func TestPercentile(t *testing.T) {
	var d []time.Duration
	for i := 100; i >= 1; i-- {
		d = append(d, time.Duration(i)*time.Millisecond)
	}
	require.Equal(t, 50*time.Millisecond, Percentile(d, 0.5))
	require.Equal(t, 99*time.Millisecond, Percentile(d, 0.99))
	require.Zero(t, Percentile(nil, 0.99))
}

func TestReports(t *testing.T) {
	s := series(5*time.Minute, func(at time.Duration, s *Sample) { s.Up = at != time.Minute })
	var csvOut, pngOut bytes.Buffer
	require.NoError(t, WriteCSV(&csvOut, s))
	lines := strings.Split(strings.TrimSpace(csvOut.String()), "\n")
	require.Len(t, lines, len(s)+1)
	require.Equal(t, "60,false,100000000,80,30,5000000,0.0,20.0,0.00,0,0,0,0", lines[5])
	require.NoError(t, WritePNG(&pngOut, s, 30))
	raw := bytes.Clone(pngOut.Bytes())
	img, err := png.Decode(&pngOut)
	require.NoError(t, err)
	require.Equal(t, 960, img.Bounds().Dx())
	// Labelled: the legend line, the panel titles and the axes are drawn in
	// black text; count the black pixels of the legend's row band.
	black := 0
	for y := 5; y < 22; y++ {
		for x := 0; x < img.Bounds().Dx(); x++ {
			if r, g, b, _ := img.At(x, y).RGBA(); r == 0 && g == 0 && b == 0 {
				black++
			}
		}
	}
	require.Greater(t, black, 500, "the legend is drawn")
	if dir := os.Getenv("SOAK_PNG_OUT"); dir != "" { // to look at it
		require.NoError(t, os.WriteFile(filepath.Join(dir, "reports.png"), raw, 0o644))
	}
}

func TestParseDuration(t *testing.T) {
	d, err := ParseDuration("20m")
	require.NoError(t, err)
	require.Equal(t, 20*time.Minute, d)
	_, err = ParseDuration("4m")
	require.EqualError(t, err, "SOAK=4m is below the soak's minimum of 5m0s (too few samples past the warm-up and the two restarts to judge); run e.g. make soak SOAK=20m")
	_, err = ParseDuration("an hour")
	require.ErrorContains(t, err, `SOAK="an hour" is not a duration`)
}
