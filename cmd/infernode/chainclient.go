package main

// chainClientCommands are the chain-side client subcommands (delegated
// subscription signing/posting, reading deliveries). Placeholder until
// implemented.
func chainClientCommands() []command { return nil }
