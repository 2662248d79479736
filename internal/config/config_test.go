package config

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func TestParseDefaults(t *testing.T) {
	cfg, warnings, err := Parse([]byte(`{"manage_containers": false, "containers": [{"id": "echo", "url": "http://127.0.0.1:3000", "external": true}]}`))
	require.NoError(t, err)
	require.Empty(t, warnings)
	require.False(t, cfg.Managed())
	require.Equal(t, 4000, cfg.Server.Port)
	require.Equal(t, "data", cfg.DataDir)
	require.Equal(t, DefaultQueueSize, cfg.Jobs.QueueSize)
	require.Equal(t, DefaultWorkers, cfg.Jobs.Workers)
	require.Equal(t, 24*time.Hour, cfg.Jobs.Retention.D())
	require.Equal(t, DefaultContainerTimeout, cfg.Containers[0].Timeout)
	require.Equal(t, 3000, cfg.Containers[0].ContainerPort)
	require.Equal(t, "http://127.0.0.1:3000", cfg.Containers[0].BaseURL())
	ch := cfg.Chain
	require.Equal(t, uint64(1_000_000), ch.Unpaid.MaxGas)
	require.Equal(t, uint64(50_000_000), ch.Unpaid.OwnerGasPerDay)
	require.Equal(t, 128<<10, ch.MaxInputBytes)
	require.Equal(t, time.Hour, ch.IntervalDeadline.D())
	require.Equal(t, 7*24*time.Hour, ch.Delegated.MaxHorizon.D())
	require.Equal(t, 10_000, ch.Delegated.MaxPending)

	cfg, _, err = Parse([]byte(`{"containers": [{"id": "a", "image": "x"}, {"id": "b", "image": "y", "port": 3000}]}`))
	require.NoError(t, err)
	require.True(t, cfg.Managed())
	require.Equal(t, "3001", cfg.Containers[0].Port.String(), "auto-assigned port skips the taken 3000")
	require.Equal(t, 3000, cfg.Containers[1].PortNumber())
}

func TestParseSeedConfig(t *testing.T) {
	// The shape of an existing node's config.json: string ports, legacy keys.
	doc := `{
	  "log_path": "infernet_node.log",
	  "manage_containers": true,
	  "server": {"port": 4000, "rate_limit": {"num_requests": 100, "period": 100}},
	  "chain": {"enabled": false, "trail_head_blocks": 0, "rpc_url": "http://127.0.0.1:8545",
	            "wallet": {"max_gas_limit": 4000000, "private_key": "", "payment_address": "", "allowed_sim_errors": []},
	            "snapshot_sync": {"sleep": 3, "batch_size": 100}},
	  "startup_wait": 1.0,
	  "docker": {"username": "", "password": ""},
	  "redis": {"host": "redis", "port": 6379},
	  "forward_stats": true,
	  "containers": [{
	    "id": "llm", "image": "org/llm:latest", "external": true, "port": "3000",
	    "allowed_delegate_addresses": [], "allowed_addresses": [], "allowed_ips": [],
	    "command": "--bind=0.0.0.0:3000 --workers=2", "env": {"PROVIDERA_API_KEY": "k"}
	  }]
	}`
	cfg, warnings, err := Parse([]byte(doc))
	require.NoError(t, err)
	require.ElementsMatch(t, []string{
		"chain.snapshot_sync: has no effect with chain.coordinator_address (it tunes the Infernet SDK v1 Reader, chain.registry_address); remove it",
		"forward_stats: legacy key has no effect; remove it",
		"redis: legacy key has no effect; remove it",
		"startup_wait: legacy key has no effect; remove it",
	}, warnings)
	require.Equal(t, "infernet_node.log", cfg.Log.Path, "log_path feeds log.path")
	require.Equal(t, 3000, cfg.Containers[0].PortNumber())
	require.Equal(t, 100, cfg.Server.RateLimit.NumRequests)
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		doc  string
		want []string // every problem, in order
	}{
		{"syntax", `{"server": {"port": 4000,}}`, []string{
			"config: invalid JSON at line 1, column 27: invalid character '}' looking for beginning of object key string; fix the syntax (check for a missing comma or quote)"}},
		{"empty", ``, []string{"config: the file is empty; write a JSON object (see config.example.json)"}},
		{"not object", `[1]`, []string{"config: expected a JSON object at the top level; wrap the settings in { }"}},
		{"typo with suggestion", `{"containers": [{"id":"a","image":"x"},{"id":"b","image":"x"},{"id":"c","imgae":"x"}]}`, []string{
			`containers[2].imgae: unknown field; did you mean "image"?`}},
		{"both dialects", `{"chain": {"registry_address": "0x5FbDB2315678afecb367f032d93F642f64180aa3", "coordinator_address": "0x5FbDB2315678afecb367f032d93F642f64180aa3"}}`, []string{
			"chain.registry_address: is set together with chain.coordinator_address; keep one: chain.coordinator_address for infernode's Coordinator, chain.registry_address for an Infernet SDK v1 deployment"}},
		{"bad registry", `{"chain": {"registry_address": "0x5FbD"}}`, []string{
			"chain.registry_address: \"0x5FbD\" is not an address; write 0x followed by 40 hex digits (the Infernet SDK v1 Registry)"}},
		{"shape and semantic problems of different entries together", `{"manage_containers": false, "server": {"bogus": 1},
			"containers": [{"id": "a", "url": "http://127.0.0.1:3000", "port": "x1"}, {"id": "a", "url": "http://127.0.0.1:3001"}, {"id": "", "url": "http://127.0.0.1:3002"}]}`, []string{
			`containers[0].port: "x1" is not a number; write a number such as 3000`,
			"server.bogus: unknown field; remove it (known fields: grpc_port, header_timeout, host, hosts, idle_timeout, max_batch_items, max_body_bytes, max_body_bytes_in_flight, max_connections, max_ids, max_reply_bytes_in_flight, max_waits, port, rate_limit, rate_limit_ipv6_prefix, read_header_timeout, read_timeout, status_networks, trusted_proxies, write_timeout)",
			`containers[1].id: "a" is also the id of containers[0]; ids must be unique`,
			"containers[2].id: is empty; give every container a unique id"}},
		{"grpc port", `{"server": {"port": 4000, "grpc_port": 4000}}`, []string{
			"server.grpc_port: 4000 is server.port too: give gRPC a port of its own",
		}},
		{"grpc port range", `{"server": {"grpc_port": -1}}`, []string{
			"server.grpc_port: -1 is not a port: use 1 to 65535, or 0 for no gRPC (default)",
		}},
		{"server limits", `{"server": {"write_timeout": "30s", "read_timeout": -1, "max_connections": -2, "max_batch_items": -1}, "memory_limit": -5}`, []string{
			`server.read_timeout: must not be negative; use e.g. "30s"`,
			"server.write_timeout: 30s is too short: it must leave room for the longest GET /api/jobs?wait= (1m0s) and the answer; use at least 1m10s (default 1m30s)",
			"server.max_connections: must be 1 or more, or -1 for no cap (default 4096)",
			"server.max_batch_items: must not be negative; use 1 or more (default 1000)",
			"memory_limit: must be a size in bytes, or -1 for no limit (default 1073741824, 1 GiB)"}},
		{"spending bounds", `{"chain": {"unpaid": {"max_gas": 2000000, "owner_gas_per_day": 1000000}, "max_input_bytes": -1, "interval_deadline": -1, "delegated": {"max_horizon": -1, "max_pending": -1}}}`, []string{
			"chain.unpaid.owner_gas_per_day: 1000000 is below chain.unpaid.max_gas (2000000), so no unpaid delivery could ever be served; raise it (default 50000000)",
			"chain.max_input_bytes: must not be negative; use a size in bytes (default 131072, 128 KiB)",
			`chain.interval_deadline: must not be negative; use e.g. "1h"`,
			`chain.delegated.max_horizon: must not be negative; use e.g. "168h" (7 days, the default)`,
			"chain.delegated.max_pending: must not be negative; use 1 or more (default 10000)"}},
		{"unknown without suggestion", `{"zzzzzz": 1}`, []string{
			"zzzzzz: unknown field; remove it (known fields: cache, chain, chains, containers, data_dir, docker, fleet, jobs, keep_containers, log, log_path, manage_containers, memory_limit, server)"}},
		{"wrong types", `{"manage_containers": "yes", "server": {"port": "abc"}, "jobs": {"timeout": "soon"}}`, []string{
			`jobs.timeout: "soon" is not a duration; write a number of seconds or a string like "30s" or "5m"`,
			`manage_containers: expected true or false, got string "yes"; write true or false (no quotes)`,
			`server.port: expected a whole number, got string "abc"; write a whole number such as 4000 (no quotes)`}},
		{"quoted values that are right without quotes", `{"manage_containers": "false", "server": {"port": "4000"}, "jobs": {"workers": ["x"]}}`, []string{
			`jobs.workers: expected a whole number, got a list; write a whole number such as 4000 (no quotes)`,
			`manage_containers: expected true or false, got string "false"; write it without quotes: false`,
			`server.port: expected a whole number, got string "4000"; write it without quotes: 4000`}},
		{"bad port string", `{"containers": [{"id": "a", "image": "x", "port": "http"}]}`, []string{
			`containers[0].port: "http" is not a number; write a number such as 3000`}},
		{"every container problem", `{"manage_containers": false, "containers": [
			{"id": "", "url": "ftp://x"},
			{"id": "a", "port": 3000},
			{"id": "a", "port": "3000", "allowed_ips": ["10.0.0.0/33", "::1", "10.1.0.0/16"], "allowed_addresses": ["0x12"]},
			{"id": "b,c"},
			{"id": "d", "port": 4000, "volumes": ["nohost"], "env": {"A=B": "x"}, "timeout": -1, "ready_timeout": "-5s"}]}`, []string{
			"containers[0].id: is empty; give every container a unique id",
			`containers[0].url: "ftp://x" is not an http(s) URL; write e.g. http://127.0.0.1:3000`,
			`containers[2].id: "a" is also the id of containers[1]; ids must be unique`,
			"containers[2].port: 3000 is also the port of containers[1]; ports must be unique (omit port to auto-assign one)",
			`containers[2].allowed_addresses[0]: "0x12" is not an address; write 0x followed by 40 hex digits`,
			`containers[2].allowed_ips[0]: "10.0.0.0/33" is not an IP or CIDR; write e.g. 10.0.0.5, 10.0.0.0/8 or 2001:db8::/32`,
			`containers[3].id: "b,c" contains a comma or space; ids are joined with commas on chain, use letters, digits, - or _`,
			"containers[3].url: is required with manage_containers false; set url (e.g. http://127.0.0.1:3000) or port of the running service",
			"containers[4].port: 4000 is the REST port (server.port); pick another port",
			`containers[4].timeout: must not be negative; use e.g. "30s"`,
			`containers[4].ready_timeout: must not be negative; use e.g. "5m", or leave it out for the default (60s)`,
			`containers[4].env: "A=B" is not a variable name; use names without '=' or spaces`,
			`containers[4].volumes[0]: "nohost" is not a bind mount; write "host_path:/container/path" or add ":ro"`}},
		{"managed rules", `{"containers": [{"id": "a"}, {"id": "b", "image": "x", "url": "http://h:1"}]}`, []string{
			"containers[0].image: is required with manage_containers true; set a Docker image, or url for a service that is already running",
			"containers[1].url: is set together with image; use image for a container the node runs or url for a running service, not both"}},
		{"swarm rules", `{"docker": {"mode": "kubernetes"}, "containers": [{"id": "a", "image": "x", "replicas": 3}, {"id": "b", "image": "x", "replicas": -1}]}`, []string{
			`docker.mode: "kubernetes" is not a mode; use "engine" (plain containers, the default) or "swarm" (Docker Swarm services with replicas)`,
			`containers[0].replicas: 3 replicas need docker.mode "swarm" (Docker Swarm services); set it, or use 1`,
			"containers[1].replicas: must not be negative; use 1 or more (default 1)"}},
		{"chain required fields", `{"chain": {"enabled": true, "coordinator_address": "nope"}}`, []string{
			`chain.coordinator_address: "nope" is not an address; write 0x followed by 40 hex digits`,
			"chain.rpc_url: is required when chain.enabled is true; set the JSON-RPC URL of the chain, e.g. http://127.0.0.1:8545",
			"chain.wallet: has no signing key, required when chain.enabled is true: set exactly one of private_key (64 hex digits), keystore (an encrypted key file, with password_file or INFERNODE_KEYSTORE_PASSWORD) or remote_signer ({url, address}); see docs/keys.md"}},
		{"two key forms", `{"chain": {"wallet": {"private_key": "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d", "keystore": "/k.json"}}}`, []string{
			"chain.wallet: more than one signing key: keep exactly one of private_key, keystore and remote_signer"}},
		{"password file without keystore", `{"chain": {"wallet": {"private_key": "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d", "password_file": "/p"}}}`, []string{
			"chain.wallet: password_file is set without keystore; it is the keystore's password: set keystore too, or remove it"}},
		{"remote signer", `{"chain": {"wallet": {"remote_signer": {"url": "ftp://x", "address": "0x12", "timeout": -1}}}}`, []string{
			"chain.wallet: remote_signer.address is required: the account the signer holds (0x followed by 40 hex digits)",
			"chain.wallet.remote_signer.url: is not an http(s) URL; write e.g. http://127.0.0.1:9000 (web3signer's eth1 endpoint)",
			`chain.wallet.remote_signer.timeout: must not be negative; use e.g. "5s" (the default)`}},
		{"host access", `{"containers": [{"id": "a", "image": "x", "volumes": ["/var/run/docker.sock:/var/run/docker.sock", "/:/host:ro", "/data:/data", "/run:/r"]},
			{"id": "b", "image": "x", "host_access": true, "volumes": ["/var/run/docker.sock:/var/run/docker.sock"]}]}`, []string{
			`containers[0].volumes[0]: "/var/run/docker.sock:/var/run/docker.sock" mounts the Docker socket, which gives the container (and whoever sends it input) control of the host; remove it, or set "host_access": true on this container if that is meant`,
			`containers[0].volumes[1]: "/:/host:ro" mounts the host's root (/), which gives the container (and whoever sends it input) control of the host; remove it, or set "host_access": true on this container if that is meant`,
			`containers[0].volumes[3]: "/run:/r" mounts the Docker socket, which gives the container (and whoever sends it input) control of the host; remove it, or set "host_access": true on this container if that is meant`}},
		{"rpc urls", `{"chain": {"rpc_url": "http://127.0.0.1:8545", "rpc_urls": ["https://key:SECRET@rpc.example/v3/APIKEY", "ftp://h/APIKEY2"], "rpc": {"timeout": -1}}}`, []string{
			"chain.rpc_urls[1]: is not an RPC URL; write e.g. http://127.0.0.1:8545 (http, https, ws or wss, with a host)",
			"chain.rpc_urls: and chain.rpc_url are both set; list every endpoint in chain.rpc_urls and remove chain.rpc_url",
			`chain.rpc.timeout: must not be negative; use e.g. "10s"`}},
		{"server", `{"server": {"port": 70000, "rate_limit": {"num_requests": 0, "period": 1}, "status_networks": ["bad"], "hosts": ["ok.example.com", "http://x", "*.example.com"]}, "log": {"level": "loud"}}`, []string{
			`log.level: "loud" is not a level; use debug, info, warn or error`,
			"server.port: 70000 is not a TCP port; use 1-65535 (default 4000)",
			"server.rate_limit.num_requests: must be at least 1; remove rate_limit to disable rate limiting",
			`server.hosts[1]: "http://x" is not a host name; write the name clients use, e.g. node.example.com (no scheme, port or wildcard)`,
			`server.hosts[2]: "*.example.com" is not a host name; write the name clients use, e.g. node.example.com (no scheme, port or wildcard)`,
			`server.status_networks[0]: "bad" is not a CIDR or IP; write e.g. 172.17.0.0/16`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := Parse([]byte(tc.doc))
			require.Error(t, err)
			var ce *Error
			require.ErrorAs(t, err, &ce)
			require.Equal(t, tc.want, ce.Problems)
		})
	}
}

func TestParseAccepts(t *testing.T) {
	for _, tc := range []struct {
		name  string
		doc   string
		check func(t *testing.T, c *Config)
	}{
		{"port as number", `{"containers": [{"id": "a", "image": "x", "port": 3005}]}`, func(t *testing.T, c *Config) {
			require.Equal(t, 3005, c.Containers[0].PortNumber())
		}},
		{"empty port string auto-assigns", `{"containers": [{"id": "a", "image": "x", "port": ""}]}`, func(t *testing.T, c *Config) {
			require.Equal(t, 3000, c.Containers[0].PortNumber())
		}},
		{"durations", `{"jobs": {"timeout": 30, "retention": "1h", "purge_every": "0.5"}}`, func(t *testing.T, c *Config) {
			require.Equal(t, 30*time.Second, c.Jobs.Timeout.D())
			require.Equal(t, time.Hour, c.Jobs.Retention.D())
			require.Equal(t, 500*time.Millisecond, c.Jobs.PurgeEvery.D())
		}},
		{"log object", `{"log": {"path": "node.log", "level": "debug"}}`, func(t *testing.T, c *Config) {
			require.Equal(t, "node.log", c.Log.Path)
			require.Equal(t, "debug", c.Log.Level)
		}},
		{"ipv6 and cidr", `{"containers": [{"id": "a", "image": "x", "allowed_ips": ["::1", "fd00::/8", "10.0.0.0/8", "127.0.0.1"]}]}`, nil},
		{"chain enabled", `{"chain": {"enabled": true, "rpc_url": "ws://127.0.0.1:8546", "coordinator_address": "0x5FbDB2315678afecb367f032d93F642f64180aa3",
			"wallet": {"private_key": "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80"}}}`, nil},
		{"accepted_payments as numbers", `{"containers": [{"id": "a", "image": "x", "accepted_payments": {"0x0000000000000000000000000000000000000000": 1000000000000000000000, "0x5FbDB2315678afecb367f032d93F642f64180aa3": "7"}}]}`, func(t *testing.T, c *Config) {
			require.Equal(t, map[string]string{"0x0000000000000000000000000000000000000000": "1000000000000000000000", "0x5FbDB2315678afecb367f032d93F642f64180aa3": "7"}, c.Containers[0].AcceptedPayments)
		}},
		{"chain link defaults", `{"chain": {"rpc_urls": ["https://a.example/KEY", "wss://b.example"]}}`, func(t *testing.T, c *Config) {
			require.Equal(t, []string{"https://a.example/KEY", "wss://b.example"}, c.Chain.URLs())
			require.Equal(t, 10*time.Second, c.Chain.RPC.Timeout.D())
			require.Equal(t, uint64(5), c.Chain.RPC.MaxHeadLag)
			require.Equal(t, uint64(10), c.Chain.Wallet.StuckBlocks)
			require.Equal(t, uint64(1), c.Chain.Confirmations)
		}},
		{"nulls", `{"log": null, "containers": null, "server": {"rate_limit": null}}`, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, _, err := Parse([]byte(tc.doc))
			require.NoError(t, err)
			if tc.check != nil {
				tc.check(t, c)
			}
		})
	}
}

// Existing configs ship "docker": {"username": "your-username", "password": ""}:
// it loads, with a warning that pulls are anonymous.
func TestParseDockerUsernameWithoutPassword(t *testing.T) {
	cfg, warnings, err := Parse([]byte(`{"docker": {"username": "your-username", "password": ""}}`))
	require.NoError(t, err)
	require.Equal(t, []string{"docker.password: is empty while docker.username is set; image pulls are anonymous (set docker.password to authenticate)"}, warnings)
	require.Equal(t, "your-username", cfg.Docker.Username)
}

func TestLoad(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "c.json")
	require.NoError(t, os.WriteFile(p, []byte(`{"data_dir": "/tmp/x"}`), 0o600))
	c, _, err := Load(p)
	require.NoError(t, err)
	require.Equal(t, "/tmp/x", c.DataDir)

	_, _, err = Load(filepath.Join(dir, "missing.json"))
	require.ErrorContains(t, err, "not found; pass --config FILE or set INFERNODE_CONFIG")

	require.NoError(t, os.WriteFile(p, []byte(`{"x": 1}`), 0o600))
	_, _, err = Load(p)
	require.ErrorContains(t, err, "c.json: x: unknown field")
}

func TestLoadWarnsAboutAKeyOthersCanRead(t *testing.T) {
	p := filepath.Join(t.TempDir(), "c.json")
	key := "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d"
	require.NoError(t, os.WriteFile(p, []byte(`{"chain": {"wallet": {"private_key": "`+key+`"}}}`), 0o600))
	require.NoError(t, os.Chmod(p, 0o644))
	_, warnings, err := Load(p)
	require.NoError(t, err)
	require.Len(t, warnings, 1)
	require.Contains(t, warnings[0], "accessible by group or others (mode 0644): chmod 600 "+p)
	require.NotContains(t, warnings[0], key[2:])

	require.NoError(t, os.Chmod(p, 0o600))
	_, warnings, err = Load(p)
	require.NoError(t, err)
	require.Empty(t, warnings)

	// The other forms keep no key in the file: nothing to warn about.
	require.NoError(t, os.WriteFile(p, []byte(`{"chain": {"wallet": {"keystore": "/k.json", "password_file": "/p"}}}`), 0o644))
	require.NoError(t, os.Chmod(p, 0o644))
	c, warnings, err := Load(p)
	require.NoError(t, err)
	require.Empty(t, warnings)
	require.Equal(t, "keystore", c.Chain.Wallet.KeyForm())
	require.NoError(t, os.WriteFile(p, []byte(`{"chain": {"wallet": {"remote_signer": {"url": "http://127.0.0.1:9000", "address": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", "timeout": "2s"}}}}`), 0o644))
	c, _, err = Load(p)
	require.NoError(t, err)
	require.Equal(t, "remote_signer", c.Chain.Wallet.KeyForm())
	require.Equal(t, 2*time.Second, c.Chain.Wallet.RemoteSigner.Timeout.D())
}

func TestDefaultPath(t *testing.T) {
	t.Setenv("INFERNODE_CONFIG", "")
	t.Setenv("INFERNET_CONFIG_PATH", "")
	require.Equal(t, "config.json", DefaultPath())
	t.Setenv("INFERNET_CONFIG_PATH", "b.json")
	require.Equal(t, "b.json", DefaultPath())
	t.Setenv("INFERNODE_CONFIG", "a.json")
	require.Equal(t, "a.json", DefaultPath())
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{
		`{}`, `{"containers":[{"id":"a","image":"x","port":"3000"}]}`,
		`{"jobs":{"timeout":"1s"}}`, `{"chain":{"enabled":true}}`, `[`, `{"server":{"port":1e99}}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		cfg, _, err := Parse(b)
		if err == nil {
			require.NotNil(t, cfg)
			require.NoError(t, cfg.Validate(), "a parsed config re-validates")
			return
		}
		var ce *Error
		require.ErrorAs(t, err, &ce, "every failure is a config.Error: %v", err)
		require.NotEmpty(t, ce.Problems)
	})
}

// In swarm mode replicas default to 1 and no host port is assigned: every
// task gets one from the engine.
func TestSwarmDefaults(t *testing.T) {
	cfg, _, err := Parse([]byte(`{"docker": {"mode": "swarm"}, "containers": [{"id": "a", "image": "x", "replicas": 3}, {"id": "b", "image": "x"}, {"id": "c", "image": "x", "port": 3100}]}`))
	require.NoError(t, err)
	require.True(t, cfg.Swarm())
	require.Equal(t, 3, cfg.Containers[0].Replicas)
	require.Equal(t, 1, cfg.Containers[1].Replicas)
	require.Empty(t, cfg.Containers[0].Port.String())
	require.Equal(t, 3100, cfg.Containers[2].PortNumber())

	cfg, _, err = Parse([]byte(`{"containers": [{"id": "a", "image": "x"}]}`))
	require.NoError(t, err)
	require.False(t, cfg.Swarm())
	require.Equal(t, "3000", cfg.Containers[0].Port.String(), "engine mode still assigns host ports")
}

// Auto-assigned ports move off ports another process holds; ports the file
// gives are the operator's and stay.
func TestReassignTakenPorts(t *testing.T) {
	cfg, _, err := Parse([]byte(`{"server": {"port": 3003}, "containers": [{"id": "a", "image": "x"}, {"id": "b", "image": "y", "port": 3002},
		{"id": "c", "image": "z"}, {"id": "d", "image": "w"}]}`))
	require.NoError(t, err)
	require.Equal(t, []string{"3000", "3002", "3001", "3004"}, ports(cfg))
	held := map[int]bool{3000: true, 3002: true, 3004: true, 3005: true}
	moved := cfg.ReassignTakenPorts(func(p int) bool { return held[p] })
	require.Equal(t, map[string]string{"a": "3000 -> 3006", "d": "3004 -> 3007"}, moved)
	require.Equal(t, []string{"3006", "3002", "3001", "3007"}, ports(cfg), "b's port is the operator's; 3001 is free")

	require.Empty(t, cfg.ReassignTakenPorts(func(int) bool { return false }))
}

func ports(cfg *Config) []string {
	var out []string
	for _, c := range cfg.Containers {
		out = append(out, c.Port.String())
	}
	return out
}

func TestCacheKeys(t *testing.T) {
	c, _, err := Parse([]byte(`{"containers":[{"id":"m","url":"http://127.0.0.1:3000","cache":true}]}`))
	require.NoError(t, err)
	require.True(t, c.Containers[0].Cache)
	require.Equal(t, int64(DefaultCacheMaxBytes), c.Cache.MaxBytes)
	require.Zero(t, c.Cache.TTL)
	c, _, err = Parse([]byte(`{"cache":{"max_bytes":1048576,"ttl":"1h"}}`))
	require.NoError(t, err)
	require.Equal(t, int64(1<<20), c.Cache.MaxBytes)
	require.Equal(t, time.Hour, c.Cache.TTL.D())
	_, _, err = Parse([]byte(`{"cache":{"max_bytes":-1,"ttl":"-1s"}}`))
	require.ErrorContains(t, err, "cache.max_bytes: must not be negative")
	require.ErrorContains(t, err, "cache.ttl: must not be negative")
}
