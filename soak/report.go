package soak

import (
	"encoding/csv"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"math"
	"strconv"
)

// WriteCSV writes the samples, one row each, with a header.
func WriteCSV(w io.Writer, samples []Sample) error {
	cw := csv.NewWriter(w)
	_ = cw.Write([]string{"seconds", "up", "rss_bytes", "goroutines", "open_files", "store_bytes", "p50_ms", "p99_ms", "rpc_per_block", "jobs_accepted", "deliveries", "live_bytes", "compacted_bytes"})
	for _, s := range samples {
		_ = cw.Write([]string{
			strconv.FormatFloat(s.At.Seconds(), 'f', 0, 64), strconv.FormatBool(s.Up),
			strconv.FormatInt(s.RSSBytes, 10), strconv.Itoa(s.Goroutines), strconv.Itoa(s.OpenFiles),
			strconv.FormatInt(s.StoreBytes, 10),
			ms(s.P50), ms(s.P99), strconv.FormatFloat(s.RPCPerBlock, 'f', 2, 64),
			strconv.FormatInt(s.Jobs, 10), strconv.FormatInt(s.Deliveries, 10),
			strconv.FormatInt(s.LiveBytes, 10), strconv.FormatInt(s.CompactedBytes, 10),
		})
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return fmt.Errorf("write the soak CSV: %w", err)
	}
	return nil
}

func ms(d interface{ Seconds() float64 }) string {
	return strconv.FormatFloat(d.Seconds()*1000, 'f', 1, 64)
}

// Series plotted, one panel each, with each panel's own scale.
var panels = []struct {
	name string
	f    func(Sample) float64
}{
	{"rss", func(s Sample) float64 { return float64(s.RSSBytes) }},
	{"goroutines", func(s Sample) float64 { return float64(s.Goroutines) }},
	{"open files", func(s Sample) float64 { return float64(s.OpenFiles) }},
	{"store bytes", func(s Sample) float64 { return float64(s.StoreBytes) }},
	{"p99", func(s Sample) float64 { return s.P99.Seconds() }},
	{"rpc per block", func(s Sample) float64 { return s.RPCPerBlock }},
}

// WritePNG draws one line chart per series (RSS, goroutines, open files,
// store, p99, RPC per block; top to bottom), time on the x axis, each
// scaled from 0 to its maximum; samples taken while the node was down are
// gaps. A grey vertical line marks the end of the warm-up.
func WritePNG(w io.Writer, samples []Sample, warmup float64) error {
	const width, panelH, pad = 900, 120, 10
	img := image.NewRGBA(image.Rect(0, 0, width, len(panels)*(panelH+pad)+pad))
	fill(img, img.Bounds(), color.White)
	if len(samples) == 0 {
		return png.Encode(w, img)
	}
	tmax := samples[len(samples)-1].At.Seconds()
	if tmax <= 0 {
		tmax = 1
	}
	x := func(t float64) int { return pad + int(t/tmax*float64(width-2*pad)) }
	palette := []color.RGBA{{200, 30, 30, 255}, {30, 120, 200, 255}, {30, 160, 60, 255}, {150, 60, 180, 255}, {220, 120, 0, 255}, {60, 60, 60, 255}}
	for i, p := range panels {
		top := pad + i*(panelH+pad)
		box := image.Rect(pad, top, width-pad, top+panelH)
		fill(img, box, color.RGBA{245, 245, 245, 255})
		wx := x(warmup)
		for y := box.Min.Y; y < box.Max.Y; y++ {
			img.Set(wx, y, color.RGBA{180, 180, 180, 255})
		}
		vmax := 0.0
		for _, s := range samples {
			if s.Up {
				vmax = math.Max(vmax, p.f(s))
			}
		}
		if vmax == 0 {
			vmax = 1
		}
		y := func(v float64) int { return box.Max.Y - 1 - int(v/vmax*float64(panelH-2)) }
		var prev *Sample
		for j := range samples {
			s := &samples[j]
			if !s.Up {
				prev = nil
				continue
			}
			if prev != nil {
				line(img, x(prev.At.Seconds()), y(p.f(*prev)), x(s.At.Seconds()), y(p.f(*s)), palette[i])
			}
			prev = s
		}
	}
	return png.Encode(w, img)
}

func fill(img *image.RGBA, r image.Rectangle, c color.Color) {
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			img.Set(x, y, c)
		}
	}
}

// line draws from (x0,y0) to (x1,y1) by stepping along the longer axis.
func line(img *image.RGBA, x0, y0, x1, y1 int, c color.Color) {
	n := max(abs(x1-x0), abs(y1-y0), 1)
	for i := 0; i <= n; i++ {
		img.Set(x0+(x1-x0)*i/n, y0+(y1-y0)*i/n, c)
	}
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
