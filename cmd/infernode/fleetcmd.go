package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/infernode/infernode/fleet"
)

func fleetCommand() command {
	return command{name: "fleet", summary: "fleet tools: certs makes the CA and member certificates for the fleet's etcd", run: runFleet}
}

const fleetUsage = `usage: infernode fleet SUBCOMMAND [flags]

  certs  --dir DIR --members m1,m2,m3 [--hosts 10.0.0.1,node1.example]
         make a CA (DIR/ca.pem, DIR/ca-key.pem) and, for each member, a certificate and key
         (DIR/<member>.pem, DIR/<member>-key.pem) for the fleet's etcd: the embedded etcd serves its
         client and peer URLs with them and asks every client and peer for one (docs/fleet.md, TLS).
         Run it again with more members to add them (same CA); existing files are kept.
`

func runFleet(_ context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		fmt.Fprint(stderr, fleetUsage)
		if len(args) == 0 {
			return errUsage
		}
		return nil
	}
	if args[0] != "certs" {
		what := fmt.Sprintf("unknown subcommand %q", args[0])
		if strings.HasPrefix(args[0], "-") {
			what = "flag provided but not defined: " + args[0]
		}
		fmt.Fprintf(stderr, "infernode fleet: %s\nsee `infernode fleet --help`\n", what)
		return errUsage
	}
	fs := newFlags("fleet certs", "--dir DIR --members m1,m2,m3 [--hosts H1,H2]", stderr)
	dir := fs.String("dir", "", "directory for the CA and the members' certificates (made if missing)")
	members := fs.String("members", "", "the members' node ids, comma-separated (fleet.node_id)")
	hosts := fs.String("hosts", "", "IP addresses and DNS names the members' etcd URLs use, comma-separated (loopback is always included)")
	pos, err := parseFlags(fs, args[1:])
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef(fs, "unexpected argument %q", pos[0])
	}
	if *dir == "" || *members == "" {
		return usagef(fs, "--dir and --members are required")
	}
	files, err := fleet.GenerateCerts(*dir, split(*members), split(*hosts))
	if err != nil {
		return err
	}
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(files)
}

func split(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}
