package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// metricName is a metric name in a PromQL expression or in Go source.
var metricName = regexp.MustCompile(`\binfernode_[a-z_]+`)

// exportedMetrics are the metric names the node's code declares: a
// collector's Name (the full name, or Namespace "infernode" with Subsystem
// and Name, as rest/ writes them) or a prometheus.NewDesc.
func exportedMetrics(t *testing.T, root string) map[string]bool {
	full := regexp.MustCompile(`(?:Name:\s*|NewDesc\()"(infernode_[a-z_]+)"`)
	parts := regexp.MustCompile(`Namespace:\s*"infernode",\s*Subsystem:\s*"([a-z_]+)",\s*Name:\s*"([a-z_]+)"`)
	names := map[string]bool{}
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "node_modules" || strings.HasPrefix(d.Name(), ".")) && path != root {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, m := range full.FindAllStringSubmatch(string(src), -1) {
			names[m[1]] = true
		}
		for _, m := range parts.FindAllStringSubmatch(string(src), -1) {
			names["infernode_"+m[1]+"_"+m[2]] = true
		}
		return nil
	})
	require.NoError(t, err)
	return names
}

// TestMonitoringNamesExportedMetrics: every query of the Grafana dashboard
// and every alert rule in docs/monitoring names metrics the node exports,
// and together they cover what an operator watches.
func TestMonitoringNamesExportedMetrics(t *testing.T) {
	root := filepath.Join("..", "..")
	exported := exportedMetrics(t, root)
	require.True(t, exported["infernode_jobs_finished_total"], "the source scan finds the node's metrics")

	raw, err := os.ReadFile(filepath.Join(root, "docs", "monitoring", "grafana-dashboard.json"))
	require.NoError(t, err)
	var dash struct {
		Panels []struct {
			Title   string `json:"title"`
			Targets []struct {
				Expr string `json:"expr"`
			} `json:"targets"`
		} `json:"panels"`
	}
	require.NoError(t, json.Unmarshal(raw, &dash), "the dashboard is JSON")
	var exprs []string
	for _, p := range dash.Panels {
		require.NotEmpty(t, p.Targets, "panel %q has no query", p.Title)
		for _, tg := range p.Targets {
			exprs = append(exprs, tg.Expr)
		}
	}
	rules, err := os.ReadFile(filepath.Join(root, "docs", "monitoring", "alerts.yml"))
	require.NoError(t, err)
	n := 0
	for _, line := range strings.Split(string(rules), "\n") {
		if expr, ok := strings.CutPrefix(strings.TrimSpace(line), "expr:"); ok {
			exprs = append(exprs, expr)
			n++
		}
	}
	require.Positive(t, n, "alerts.yml has rules")

	used := map[string]bool{}
	for _, e := range exprs {
		names := metricName.FindAllString(e, -1)
		require.NotEmpty(t, names, "query %q names no infernode metric", e)
		for _, name := range names {
			base := name
			for _, suffix := range []string{"_bucket", "_sum", "_count"} {
				if b, ok := strings.CutSuffix(name, suffix); ok && exported[b] {
					base = b
				}
			}
			require.True(t, exported[base], "query %q names %s, which the node does not export", e, name)
			used[base] = true
		}
	}
	for _, want := range []string{
		"infernode_jobs_finished_total",    // jobs by status
		"infernode_job_queue_depth",        // queue depth
		"infernode_container_call_seconds", // container latency
		"infernode_container_ready",        // container health
		"infernode_relay_lag_blocks",       // relay lag
		"infernode_relay_deliveries_total", // deliveries
		"infernode_wallet_balance_wei",     // wallet balance
	} {
		require.True(t, used[want], "the dashboard and alerts do not watch %s", want)
	}
}
