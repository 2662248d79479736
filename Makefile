# infernode: `make run` starts the local stack, `make test` runs every test.
GO      ?= go
BIN     := bin
TESTFLAGS ?= -count=1 -timeout 30m
# COMMIT is what `infernode version` reports (a tarball without git: unknown).
COMMIT  ?= $(shell c=$$(git rev-parse --short=12 HEAD 2>/dev/null) && { git diff --quiet HEAD 2>/dev/null || c=$$c-dirty; echo $$c; } || echo unknown)

.PHONY: all build run soak test test-unit tidy-check tools docker realmodels libtorch images contracts proto bench bench-proof fuzz lint clean sim

all: build

# -v names each package as it compiles: the first build (modules, go-ethereum)
# takes minutes and would otherwise print nothing.
build:
	@echo "building $(BIN)/infernode (the first build downloads modules and takes a few minutes)"
	$(GO) build -v -ldflags "-X github.com/infernode/infernode/internal/version.Commit=$(COMMIT)" -o $(BIN)/infernode ./cmd/infernode

## run: the one-command local stack (embedded chain, contracts, echo, node).
## ARGS passes flags to `infernode dev`, e.g. `make run ARGS='--rpc-port 9545 --rest-port 4001'`
## (`bin/infernode dev --help` lists them all).
ARGS ?=
run: build
	./$(BIN)/infernode dev $(ARGS)

## soak: the real node against anvil (1 s blocks) for SOAK (default 1h, at
## least 5m; e.g. `make soak SOAK=6h`) under steady job and chain load, hostile noise and
## two kill -9 restarts, sampled every 15 s; fails on the thresholds of
## docs/testing.md (Soak) and writes a CSV, a PNG and a summary under
## SOAK_OUT (default: a new temp dir, printed).
SOAK     ?= 1h
SOAK_OUT ?=
soak: build
	bash .ci/tools.sh anvil
	SOAK=$(SOAK) SOAK_BIN=$(abspath $(BIN)/infernode) SOAK_OUT=$(SOAK_OUT) $(GO) test -tags soak -count=1 -v -timeout 0 -run '^TestSoak$$' ./soak/

## tools: installs geth, abigen, anvil, solc-js into .tools/ and contracts/.
tools:
	bash .ci/tools.sh

## docker: makes sure a Docker engine is running (installs docker.io if needed).
docker:
	bash .ci/docker.sh

## realmodels: exports the real-model suite (ResNet-18, MobileNetV3-small, a
## transformer encoder) with Debian's PyTorch into .tools/realmodels.
realmodels:
	bash .ci/realmodels.sh

## libtorch: installs Debian's libtorch-dev and builds the tensor workload's
## libtorch shim into .tools/lib/libinfernode_torch.so.
libtorch:
	bash .ci/libtorch.sh

## images: builds the bundled workloads as FROM scratch images, no registry.
images: docker tools libtorch
	bash workloads/build-images.sh

## contracts: recompiles the Solidity sources and regenerates the Go bindings.
contracts: tools
	bash contracts/build.sh

## proto: regenerates the gRPC front door's Go code (oipgrpc/inferencepb) from
## KServe's grpc_predict_v2.proto with protoc (apt protobuf-compiler; `make
## tools` installs it) and the pinned plugins.
proto:
	bash oipgrpc/inferencepb/gen.sh

## test: every test tier (unit, in-process integration, real geth/anvil/Docker,
## faults), lint and a short fuzz pass. On a fresh 2-core machine the installs
## take about 13 minutes (each says what and how long as it starts) and the
## tests about 13 more.
test: tools docker realmodels libtorch tidy-check
	@echo "test: go vet ./... (about 2 minutes on 2 cores)"
	$(GO) vet ./...
	bash .ci/lint.sh
	@echo "test: go test ./... (about 13 minutes on 2 cores)"
	$(GO) test $(TESTFLAGS) ./...
	bash .ci/fuzz.sh

## sim: the deterministic relay simulator (docs/testing.md). SEED=<n> replays one seed;
## SEEDS=<n> runs n seeds (from SEED, default 1); SIM_HOURS (24) and SIM_SUBS (200) size each.
## Then the fleet simulator: FLEET_SEEDS (20) seeds from SEED of FLEET_HOURS (72) and FLEET_SUBS (6) each.
SEED ?= 1
SEEDS ?= 1
SIM_HOURS ?= 24
SIM_SUBS ?= 200
FLEET_SEEDS ?= 20
FLEET_HOURS ?= 72
FLEET_SUBS ?= 6
sim:
	GOMAXPROCS=2 $(GO) test -v -count=1 -timeout 0 -run '^TestSim$$|^TestFleetSim$$' ./sim/ -args -sim.seed=$(SEED) -sim.seeds=$(SEEDS) -sim.hours=$(SIM_HOURS) -sim.subs=$(SIM_SUBS) -sim.fleet.seeds=$(FLEET_SEEDS) -sim.fleet.hours=$(FLEET_HOURS) -sim.fleet.subs=$(FLEET_SUBS)

## lint: staticcheck (pinned, installed into .tools/bin), failing on findings.
lint:
	bash .ci/lint.sh

## fuzz: every fuzz target briefly (FUZZTIME inputs each, default 10000x).
fuzz:
	bash .ci/fuzz.sh

## tidy-check: fails when go.mod or go.sum is not what `go mod tidy` writes.
tidy-check:
	@echo "tidy-check: go mod tidy -diff (downloads the modules on a first run, about 1 minute)"
	@$(GO) mod tidy -diff || { echo "go.mod/go.sum are not tidy: run 'go mod tidy' and commit the result" >&2; exit 1; }

## test-unit: the fast tier only (no external processes).
test-unit:
	$(GO) test -short -count=1 ./...

## bench-proof: BenchmarkProveResNet20 (a CIFAR-10 ResNet-20 set up, proved through the node and
## verified on anvil: 15-50 minutes and up to 8.5 GB; needs realmodels' PyTorch and make tools).
## PROOF_BENCH_DIR=DIR keeps the setup there and a later run reuses it (the proofs alone: minutes,
## under 5 GB); PROOF_BENCH_PROFILE=DIR writes pprof profiles; PROOF_BENCH_PUBLIC_INPUTS=packed|hashed
## compares the input's public layouts (default: hashed) (docs/proof.md).
bench-proof: build
	$(GO) test -run '^$$' -bench BenchmarkProveResNet20 -benchtime 1x -timeout 90m ./workloads/e2e/

## bench: every Go benchmark once.
bench: build
	$(GO) test -run '^$$' -bench . -benchmem ./...

clean:
	rm -rf $(BIN)
