#!/usr/bin/env bash
# Generates the Go code of grpc_predict_v2.proto with protoc and the pinned
# plugins (installed with `go install` into a cache directory on first use).
# Usage: gen.sh [OUTDIR] (default: this directory). `make proto` runs it;
# the stale test runs it into a temporary directory and compares.
set -euo pipefail
cd "$(dirname "$0")"
PROTOC_GEN_GO=v1.36.12      # google.golang.org/protobuf, as go.mod requires it
PROTOC_GEN_GO_GRPC=v1.6.2   # google.golang.org/grpc/cmd/protoc-gen-go-grpc
out=${1:-.}
mkdir -p "$out"
command -v protoc >/dev/null || { echo "gen.sh: protoc is missing: apt-get install protobuf-compiler (or make tools)" >&2; exit 1; }
bin=${INFERNODE_PROTOC_PLUGINS:-${XDG_CACHE_HOME:-$HOME/.cache}/infernode/protoc-plugins/$PROTOC_GEN_GO-$PROTOC_GEN_GO_GRPC}
if [ ! -x "$bin/protoc-gen-go" ] || [ ! -x "$bin/protoc-gen-go-grpc" ]; then
  mkdir -p "$bin"
  GOBIN="$bin" go install "google.golang.org/protobuf/cmd/protoc-gen-go@$PROTOC_GEN_GO"
  GOBIN="$bin" go install "google.golang.org/grpc/cmd/protoc-gen-go-grpc@$PROTOC_GEN_GO_GRPC"
fi
pkg=github.com/infernode/infernode/oipgrpc/inferencepb
PATH="$bin:$PATH" protoc -I . \
  --go_out="$out" --go_opt=paths=source_relative --go_opt="Mgrpc_predict_v2.proto=$pkg" \
  --go-grpc_out="$out" --go-grpc_opt=paths=source_relative --go-grpc_opt="Mgrpc_predict_v2.proto=$pkg" \
  grpc_predict_v2.proto
