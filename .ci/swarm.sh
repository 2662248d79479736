#!/usr/bin/env bash
# Makes the Docker engine a single-machine swarm manager for the tests of
# docker.mode "swarm" (`up`), and undoes it (`down`) only when `up` made it:
# a swarm that was active before CI is left alone. Idempotent. The swarm
# listens on loopback only; the tests' services use a per-run prefix and
# remove themselves.
set -euo pipefail
marker=${INFERNODE_SWARM_MARKER:-/tmp/infernode-ci-swarm-created}
state() { docker info --format '{{.Swarm.LocalNodeState}}' 2>/dev/null || echo unknown; }
case "${1:-up}" in
up)
  if [ "$(state)" = active ]; then
    echo "swarm: already active"; exit 0
  fi
  docker swarm init --advertise-addr 127.0.0.1 --listen-addr 127.0.0.1:2377 >/dev/null
  touch "$marker"
  echo "swarm: initialised (single machine, loopback)"
  ;;
down)
  if [ -f "$marker" ] && [ "$(state)" = active ]; then
    docker swarm leave --force >/dev/null && echo "swarm: left (CI made it)"
  fi
  rm -f "$marker"
  ;;
*)
  echo "usage: $0 up|down" >&2; exit 2
  ;;
esac
