#!/usr/bin/env bash
# Makes sure a Docker engine answers on the default socket: installs Debian's
# docker.io when dockerd is missing (root only) and starts dockerd in the
# background when no engine is running.
set -euo pipefail
if docker info >/dev/null 2>&1; then
  echo "docker: engine running"; exit 0
fi
if ! command -v dockerd >/dev/null 2>&1; then
  if [ "$(id -u)" != 0 ]; then
    echo "docker: no engine and not root: install Docker and start it, then rerun" >&2; exit 1
  fi
  echo "docker: installing docker.io (apt, about 1 minute)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq docker.io >/dev/null
fi
if ! docker info >/dev/null 2>&1; then
  echo "docker: starting dockerd"
  (dockerd >/tmp/infernode-dockerd.log 2>&1 &)
  for _ in $(seq 1 60); do
    docker info >/dev/null 2>&1 && break
    sleep 1
  done
fi
docker info >/dev/null 2>&1 || { echo "docker: engine did not start; see /tmp/infernode-dockerd.log" >&2; tail -n 20 /tmp/infernode-dockerd.log >&2; exit 1; }
echo "docker: engine running"
