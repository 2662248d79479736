#!/usr/bin/env bash
# Builds the bundled workloads as local images infernode/<name>:latest, FROM
# scratch, with no registry: each workloads/<name> holding a main package is
# compiled with CGO_ENABLED=0 into a static binary and packed with
# workloads/Dockerfile. `make images` runs it.
#
# A workload that imports a non-standard cgo package (onnx: ONNX Runtime) is
# built with CGO_ENABLED=1 instead, and its image carries the dynamic loader
# and the libraries `ldd` lists for the binary, plus each library named in
# workloads/<name>/image-libs (paths from the repository root, loaded with
# dlopen at start-up) in /usr/lib with what `ldd` lists for it.
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

# copy_deps FILE ROOTFS copies the shared libraries and the loader that FILE
# needs (as ldd resolves them here) to the same paths under ROOTFS.
copy_deps() {
  local lib
  for lib in $(ldd "$1" | awk '$2 == "=>" && $3 ~ /^\// {print $3} $1 ~ /^\// {print $1}'); do
    mkdir -p "$2$(dirname "$lib")"
    cp -L "$lib" "$2$lib"
  done
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
version=$(git describe --always --dirty 2>/dev/null || echo unknown)
for name in "${names[@]}"; do
  [ -d "workloads/$name" ] || { echo "build-images: no workloads/$name" >&2; exit 1; }
  ctx="$tmp/$name"
  mkdir -p "$ctx/tmp"
  chmod 1777 "$ctx/tmp"
  mkdir -p "$ctx/rootfs"
  cgo=$(CGO_ENABLED=1 "$GO" list -deps -f '{{if and .CgoFiles (not .Standard)}}{{.ImportPath}}{{end}}' "./workloads/$name")
  if [ -z "$cgo" ]; then
    echo "build-images: $name: go build"
    CGO_ENABLED=0 GOOS=linux "$GO" build -trimpath -ldflags "-s -w" -o "$ctx/workload" "./workloads/$name"
  else
    echo "build-images: $name: go build (cgo: $(echo $cgo))"
    CGO_ENABLED=1 GOOS=linux "$GO" build -trimpath -ldflags "-s -w" -o "$ctx/workload" "./workloads/$name"
    copy_deps "$ctx/workload" "$ctx/rootfs"
    if [ -f "workloads/$name/image-libs" ]; then
      mkdir -p "$ctx/rootfs/usr/lib"
      while read -r lib; do
        [ -n "$lib" ] && [ "${lib#\#}" = "$lib" ] || continue
        [ -e "$lib" ] || { echo "build-images: $name: $lib is missing; run make tools" >&2; exit 1; }
        cp -L "$lib" "$ctx/rootfs/usr/lib/$(basename "$lib")"
        copy_deps "$lib" "$ctx/rootfs"
      done <"workloads/$name/image-libs"
    fi
  fi
  cp /etc/ssl/certs/ca-certificates.crt "$ctx/ca-certificates.crt" 2>/dev/null || : >"$ctx/ca-certificates.crt"
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
