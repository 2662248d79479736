package main

// clientCommands are the REST client subcommands (health, info, resources,
// job, batch, stream, results, ids). Placeholder until implemented.
func clientCommands() []command { return nil }
