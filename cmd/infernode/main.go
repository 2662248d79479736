// Command infernode is the compute node and its client: `serve` runs the
// node, `dev` the one-command local stack, `deploy` the contracts, and the
// client subcommands talk to a running node over REST.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
	"syscall"
)

// command is one subcommand. run gets the arguments after the subcommand
// name; it returns errUsage for a usage mistake (exit 2).
type command struct {
	name    string
	summary string
	run     func(ctx context.Context, args []string, stdout, stderr io.Writer) error
}

var errUsage = errors.New("usage")

// commands lists every subcommand; each lives in its own file.
func commands() []command {
	cmds := []command{versionCommand(), serveCommand(), devCommand(), deployCommand(), benchCommand(), walletCommand(), verifyProofCommand(), fleetCommand(), inferCommand()}
	cmds = append(cmds, clientCommands()...)
	cmds = append(cmds, chainClientCommands()...)
	return cmds
}

func main() {
	// Before anything else: the keystore password leaves the start-up
	// environment (the process re-executes itself without it).
	handed, err := takePassword()
	if err != nil {
		fmt.Fprintln(os.Stderr, "infernode:", err)
		os.Exit(1)
	}
	if !handed {
		if err := hidePassword(); err != nil && !errors.Is(err, errors.ErrUnsupported) {
			fmt.Fprintln(os.Stderr, "infernode: warning: the keystore password stays in /proc/<pid>/environ:", err)
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	cmds := commands()
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		printUsage(stderr, cmds)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	if args[0] == "--version" || args[0] == "-version" {
		args = append([]string{"version"}, args[1:]...)
	}
	for _, c := range cmds {
		if c.name != args[0] {
			continue
		}
		err := c.run(ctx, args[1:], stdout, stderr)
		switch {
		case err == nil:
			return 0
		case errors.Is(err, flag.ErrHelp):
			return 0
		case errors.Is(err, errUsage):
			return 2
		default:
			fmt.Fprintf(stderr, "infernode %s: %v\n", c.name, err)
			return 1
		}
	}
	fmt.Fprintf(stderr, "infernode: unknown command %q\n\n", args[0])
	printUsage(stderr, cmds)
	return 2
}

func printUsage(w io.Writer, cmds []command) {
	fmt.Fprintln(w, "usage: infernode <command> [flags]\n\ncommands:")
	sort.Slice(cmds, func(i, j int) bool { return cmds[i].name < cmds[j].name })
	for _, c := range cmds {
		fmt.Fprintf(w, "  %-12s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w, "\nRun 'infernode <command> --help' for a command's flags, 'infernode --version' for the version.")
}
