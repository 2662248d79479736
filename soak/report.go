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

	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"
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

// Series plotted, one panel each, with each panel's own scale and unit.
var panels = []struct {
	name, unit string
	f          func(Sample) float64
}{
	{"RSS", "MiB", func(s Sample) float64 { return float64(s.RSSBytes) / (1 << 20) }},
	{"goroutines", "count", func(s Sample) float64 { return float64(s.Goroutines) }},
	{"open files", "count", func(s Sample) float64 { return float64(s.OpenFiles) }},
	{"store on disk", "MiB", func(s Sample) float64 { return float64(s.StoreBytes) / (1 << 20) }},
	{"p99 latency", "ms", func(s Sample) float64 { return s.P99.Seconds() * 1000 }},
	{"JSON-RPC requests", "per block", func(s Sample) float64 { return s.RPCPerBlock }},
}

// WritePNG draws one line chart per series (RSS, goroutines, open files,
// store, p99, RPC per block; top to bottom), time on the x axis in
// minutes, each scaled from 0 to its maximum; samples taken while the node
// was down are gaps. Each panel is titled with its series and unit, its y
// axis labelled 0, half and the maximum, and the x axis of the last panel
// in minutes; a legend at the top names the marks (the line, the grey
// warm-up end, a gap: node down).
func WritePNG(w io.Writer, samples []Sample, warmup float64) error {
	const width, panelH, pad, left, head, foot = 960, 120, 10, 70, 30, 36
	img := image.NewRGBA(image.Rect(0, 0, width, head+len(panels)*(panelH+2*pad+13)+foot))
	fill(img, img.Bounds(), color.White)
	black, grey := color.RGBA{0, 0, 0, 255}, color.RGBA{180, 180, 180, 255}
	palette := []color.RGBA{{200, 30, 30, 255}, {30, 120, 200, 255}, {30, 160, 60, 255}, {150, 60, 180, 255}, {220, 120, 0, 255}, {60, 60, 60, 255}}
	tmax := 1.0
	if len(samples) > 0 {
		tmax = max(samples[len(samples)-1].At.Seconds(), 1)
	}
	x := func(t float64) int { return left + int(t/tmax*float64(width-left-pad)) }
	text(img, pad, 18, black, "infernode soak: one panel per series, x = time since start (minutes); grey line = end of warm-up ("+
		strconv.FormatFloat(warmup/60, 'f', 1, 64)+" min); a gap = node down")
	var box image.Rectangle
	for i, p := range panels {
		top := head + i*(panelH+2*pad+13) + 13
		text(img, left, top-2, palette[i], p.name+" ("+p.unit+")")
		box = image.Rect(left, top+2, width-pad, top+2+panelH)
		fill(img, box, color.RGBA{245, 245, 245, 255})
		wx := x(warmup)
		for y := box.Min.Y; y < box.Max.Y; y++ {
			img.Set(wx, y, grey)
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
		for _, v := range []float64{0, vmax / 2, vmax} {
			label := tick(v)
			text(img, left-6-7*len(label), y(v)+5, black, label)
			for dx := left - 4; dx < left; dx++ {
				img.Set(dx, y(v), black)
			}
		}
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
	// The time axis under the last panel: 0, quarters, the end, in minutes.
	for q := range 5 {
		t := tmax * float64(q) / 4
		label := strconv.FormatFloat(t/60, 'f', 1, 64)
		for dy := 0; dy < 4; dy++ {
			img.Set(x(t), box.Max.Y+dy, black)
		}
		text(img, min(x(t)-7*len(label)/2, width-pad-7*len(label)), box.Max.Y+17, black, label)
	}
	text(img, (width-7*len("time since start (minutes)"))/2, box.Max.Y+32, black, "time since start (minutes)")
	return png.Encode(w, img)
}

// tick writes an axis value compactly: 1234567 → 1.2M, 0.25 → 0.25.
func tick(v float64) string {
	switch {
	case v >= 1e6:
		return strconv.FormatFloat(v/1e6, 'f', 1, 64) + "M"
	case v >= 1e4:
		return strconv.FormatFloat(v/1e3, 'f', 0, 64) + "k"
	case v >= 10 || v == 0:
		return strconv.FormatFloat(v, 'f', 0, 64)
	default:
		return strconv.FormatFloat(v, 'f', 2, 64)
	}
}

// text draws s with its baseline at y in a 7x13 bitmap font.
func text(img *image.RGBA, x, y int, c color.Color, s string) {
	d := font.Drawer{Dst: img, Src: image.NewUniform(c), Face: basicfont.Face7x13, Dot: fixed.P(x, y)}
	d.DrawString(s)
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
