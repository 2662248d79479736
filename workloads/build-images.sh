#!/usr/bin/env bash
# Builds the bundled workloads as local images infernode/<name>:latest, FROM
# scratch, with no registry: each workloads/<name> holding a main package is
# compiled with CGO_ENABLED=0 into a static binary and packed with
# workloads/Dockerfile. `make images` runs it.
#
# A workload that imports a non-standard cgo package (onnx: ONNX Runtime;
# tensor: the libtorch shim) is built with CGO_ENABLED=1 instead and carries
# its shared libraries; see workloads/image-context.sh, which lays out each
# build context.
#
# Usage: workloads/build-images.sh [name ...]   (default: every workload)
# Env:   TAG (default latest), GO (default go), DOCKER (default docker).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
GO=${GO:-go}
DOCKER=${DOCKER:-docker}
TAG=${TAG:-latest}

names=("$@")
if [ ${#names[@]} -eq 0 ]; then
  for dir in workloads/*/; do
    if grep -qs '^package main$' "$dir"*.go; then names+=("$(basename "$dir")"); fi
  done
fi
if [ ${#names[@]} -eq 0 ]; then
  echo "build-images: no workload with a main package under workloads/" >&2; exit 1
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
version=$(git describe --always --dirty 2>/dev/null || echo unknown)
for name in "${names[@]}"; do
  [ -d "workloads/$name" ] || { echo "build-images: no workloads/$name" >&2; exit 1; }
  ctx="$tmp/$name"
  bash workloads/image-context.sh "$name" "$ctx"
  echo "build-images: $name: docker build infernode/$name:$TAG"
  old=$("$DOCKER" image inspect -f '{{.Id}}' "infernode/$name:$TAG" 2>/dev/null || true)
  # The classic builder needs no buildx plugin and works on every engine.
  if ! DOCKER_BUILDKIT=0 "$DOCKER" build -q -f workloads/Dockerfile \
    --label "org.opencontainers.image.title=infernode/$name" \
    --label "org.opencontainers.image.revision=$version" \
    -t "infernode/$name:$TAG" "$ctx" >"$tmp/build.log" 2>&1; then
    cat "$tmp/build.log" >&2; exit 1
  fi
  "$DOCKER" image inspect -f "build-images: infernode/$name:$TAG {{.Id}} {{.Size}} bytes" "infernode/$name:$TAG"
  # Drop the image this tag pointed to before, unless something still uses it.
  new=$("$DOCKER" image inspect -f '{{.Id}}' "infernode/$name:$TAG")
  if [ -n "$old" ] && [ "$old" != "$new" ]; then "$DOCKER" image rm "$old" >/dev/null 2>&1 || true; fi
done
