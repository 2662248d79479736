#!/usr/bin/env bash
# Lays out the docker build context of one bundled workload for
# workloads/Dockerfile: DIR/workload (the binary) and DIR/rootfs, laid over
# / (etc/ssl/certs/ca-certificates.crt: the host's CA roots, possibly empty,
# for workloads that call HTTPS providers; an empty tmp, 1777, for
# os.TempDir). workloads/build-images.sh and the Docker e2e tests use it, so
# the images they build are the same.
#
# The binary is static (CGO_ENABLED=0) unless a non-standard package the
# workload imports needs cgo (onnx: ONNX Runtime; tensor: libtorch); then it
# is built with cgo and rootfs carries the dynamic loader and the libraries
# `ldd` lists for it, plus each library named in workloads/NAME/image-libs
# (paths from the repository root, loaded with dlopen at start-up) in
# /usr/lib with what `ldd` lists for it.
#
# Usage: workloads/image-context.sh NAME DIR   (env: GO, default go)
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: $0 NAME DIR" >&2; exit 2; }
name=$1
ctx=$2
cd "$(dirname "$0")/.."
GO=${GO:-go}
[ -d "workloads/$name" ] || { echo "image-context: no workloads/$name" >&2; exit 1; }

# copy_deps FILE copies the shared libraries and the loader that FILE needs
# (as ldd resolves them here) to the same paths under rootfs.
copy_deps() {
  local lib
  for lib in $(ldd "$1" | awk '$2 == "=>" && $3 ~ /^\// {print $3} $1 ~ /^\// {print $1}'); do
    mkdir -p "$ctx/rootfs$(dirname "$lib")"
    cp -L "$lib" "$ctx/rootfs$lib"
  done
}

mkdir -p "$ctx/rootfs/tmp" "$ctx/rootfs/etc/ssl/certs"
chmod 1777 "$ctx/rootfs/tmp"
cgo=$(CGO_ENABLED=1 "$GO" list -deps -f '{{if and .CgoFiles (not .Standard)}}{{.ImportPath}}{{end}}' "./workloads/$name")
if [ -z "$cgo" ]; then
  echo "image-context: $name: go build"
  CGO_ENABLED=0 GOOS=linux "$GO" build -trimpath -ldflags "-s -w" -o "$ctx/workload" "./workloads/$name"
else
  echo "image-context: $name: go build (cgo: $(echo $cgo))"
  CGO_ENABLED=1 GOOS=linux "$GO" build -trimpath -ldflags "-s -w" -o "$ctx/workload" "./workloads/$name"
  copy_deps "$ctx/workload"
  if [ -f "workloads/$name/image-libs" ]; then
    mkdir -p "$ctx/rootfs/usr/lib"
    while read -r lib; do
      [ -n "$lib" ] && [ "${lib#\#}" = "$lib" ] || continue
      [ -e "$lib" ] || { echo "image-context: $name: $lib is missing; run make tools" >&2; exit 1; }
      cp -L "$lib" "$ctx/rootfs/usr/lib/$(basename "$lib")"
      copy_deps "$lib"
    done <"workloads/$name/image-libs"
  fi
fi
ca="$ctx/rootfs/etc/ssl/certs/ca-certificates.crt"
cp /etc/ssl/certs/ca-certificates.crt "$ca" 2>/dev/null || : >"$ca"
