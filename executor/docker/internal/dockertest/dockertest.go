// Package dockertest builds throwaway FROM scratch images for tests that
// run containers on the real Docker engine, and cleans up after them. No
// registry is involved: the image is built from a locally compiled static
// Go binary through the engine's build API.
package dockertest

import (
	"archive/tar"
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	cerrdefs "github.com/containerd/errdefs"
	"github.com/docker/docker/api/types/build"
	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/api/types/filters"
	"github.com/docker/docker/api/types/image"
	"github.com/docker/docker/api/types/network"
	"github.com/docker/docker/api/types/swarm"
	"github.com/docker/docker/client"
)

// Client connects to the default engine (DOCKER_HOST or the default socket)
// and checks it answers, with an error that says how to get one.
func Client(ctx context.Context) (*client.Client, error) {
	cli, err := client.NewClientWithOpts(client.FromEnv, client.WithAPIVersionNegotiation())
	if err != nil {
		return nil, err
	}
	if _, err := cli.Ping(ctx); err != nil {
		cli.Close()
		return nil, fmt.Errorf("no Docker engine at %s (run `make docker`): %w", cli.DaemonHost(), err)
	}
	return cli, nil
}

// RunID returns a short random tag that keeps one test run's names apart
// from other runs and from a real node.
func RunID() string {
	b := make([]byte, 4)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// DefaultDockerfile packs the binary FROM scratch as the entrypoint; the
// context also holds ca-certificates.crt (empty) and tmp/, the layout of
// workloads/Dockerfile, which a caller may pass instead.
const DefaultDockerfile = "FROM scratch\nCOPY workload /workload\nEXPOSE 3000\nENTRYPOINT [\"/workload\"]\n"

// BuildImage compiles the Go main package pkg (an import path or a
// ./relative directory, resolved from dir) with CGO_ENABLED=0 and builds
// image tag FROM scratch from dockerfile with the binary as "workload".
func BuildImage(ctx context.Context, cli *client.Client, dir, pkg, tag, dockerfile string) error {
	tmp, err := os.MkdirTemp("", "dockertest-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	bin := filepath.Join(tmp, "workload")
	cmd := exec.CommandContext(ctx, "go", "build", "-trimpath", "-ldflags=-s -w", "-o", bin, pkg)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOOS=linux")
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("go build %s: %w\n%s", pkg, err, out)
	}
	exe, err := os.ReadFile(bin)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	tw := tar.NewWriter(&buf)
	if err := tw.WriteHeader(&tar.Header{Name: "tmp/", Typeflag: tar.TypeDir, Mode: 0o1777}); err != nil {
		return err
	}
	for _, f := range []struct {
		name string
		mode int64
		body []byte
	}{{"Dockerfile", 0o644, []byte(dockerfile)}, {"ca-certificates.crt", 0o644, nil}, {"workload", 0o755, exe}} {
		if err := tw.WriteHeader(&tar.Header{Name: f.name, Mode: f.mode, Size: int64(len(f.body))}); err != nil {
			return err
		}
		if _, err := tw.Write(f.body); err != nil {
			return err
		}
	}
	if err := tw.Close(); err != nil {
		return err
	}
	return buildContext(ctx, cli, &buf, tag)
}

// buildContext builds the tar'd context into tag, labelled as a test image.
func buildContext(ctx context.Context, cli *client.Client, buf io.Reader, tag string) error {
	resp, err := cli.ImageBuild(ctx, buf, build.ImageBuildOptions{Tags: []string{tag}, Remove: true, ForceRemove: true, Labels: map[string]string{"infernode.test": "true"}})
	if err != nil {
		return fmt.Errorf("build image %s: %w", tag, err)
	}
	defer resp.Body.Close()
	dec := json.NewDecoder(resp.Body)
	for {
		var m struct {
			Error string `json:"error"`
		}
		if err := dec.Decode(&m); err != nil {
			if errors.Is(err, io.EOF) {
				return nil
			}
			return fmt.Errorf("build image %s: %w", tag, err)
		}
		if m.Error != "" {
			return fmt.Errorf("build image %s: %s", tag, m.Error)
		}
	}
}

// BuildWorkloadImage builds the bundled workload workloads/<name> of the
// repository at root as workloads/build-images.sh does (its context laid
// out by workloads/image-context.sh: a cgo workload carries its shared
// libraries) into the image tag, from dockerfile.
func BuildWorkloadImage(ctx context.Context, cli *client.Client, root, name, tag, dockerfile string) error {
	dir, err := os.MkdirTemp("", "dockertest-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	cmd := exec.CommandContext(ctx, "bash", filepath.Join(root, "workloads", "image-context.sh"), name, dir)
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("image context of %s: %w\n%s", name, err, out)
	}
	if err := os.WriteFile(filepath.Join(dir, "Dockerfile"), []byte(dockerfile), 0o644); err != nil {
		return err
	}
	var buf bytes.Buffer
	tw := tar.NewWriter(&buf)
	if err := tw.AddFS(os.DirFS(dir)); err != nil {
		return fmt.Errorf("image context of %s: %w", name, err)
	}
	if err := tw.Close(); err != nil {
		return err
	}
	return buildContext(ctx, cli, &buf, tag)
}

// RemoveContainers force-removes every container of the docker runtime
// whose name prefix label starts with prefix.
func RemoveContainers(ctx context.Context, cli *client.Client, prefix string) error {
	list, err := cli.ContainerList(ctx, container.ListOptions{All: true, Filters: filters.NewArgs(filters.Arg("label", "infernode.managed=true"))})
	if err != nil {
		return err
	}
	var errs []error
	for _, c := range list {
		if strings.HasPrefix(c.Labels["infernode.prefix"], prefix) {
			errs = append(errs, cli.ContainerRemove(ctx, c.ID, container.RemoveOptions{Force: true}))
		}
	}
	return errors.Join(errs...)
}

// RemoveImage removes image tag (and its now unused layers).
func RemoveImage(ctx context.Context, cli *client.Client, tag string) error {
	_, err := cli.ImageRemove(ctx, tag, image.RemoveOptions{Force: true, PruneChildren: true})
	return err
}

// EnsureSwarm makes the engine a single-machine swarm manager when it is
// not in swarm mode (the tests of docker.mode "swarm" need one), listening
// on loopback only. It never leaves a swarm: other test packages or
// programs may be using it (CI leaves the swarm it made at its end).
func EnsureSwarm(ctx context.Context, cli *client.Client) error {
	info, err := cli.Info(ctx)
	if err != nil {
		return fmt.Errorf("read the engine's swarm state: %w", err)
	}
	if info.Swarm.LocalNodeState == swarm.LocalNodeStateActive {
		if !info.Swarm.ControlAvailable {
			return errors.New("the engine is a swarm worker: the swarm tests need a manager")
		}
		return nil
	}
	_, err = cli.SwarmInit(ctx, swarm.InitRequest{ListenAddr: "127.0.0.1:2377", AdvertiseAddr: "127.0.0.1"})
	if err != nil && !strings.Contains(err.Error(), "already part of a swarm") {
		return fmt.Errorf("docker swarm init: %w", err)
	}
	return nil
}

// RemoveServices removes every Swarm service of the docker runtime whose
// prefix label starts with prefix, then its overlay networks (waiting,
// bounded by ctx, for the services' tasks to leave them); an engine not in
// swarm mode has none.
func RemoveServices(ctx context.Context, cli *client.Client, prefix string) error {
	info, err := cli.Info(ctx)
	if err != nil || info.Swarm.LocalNodeState != swarm.LocalNodeStateActive || !info.Swarm.ControlAvailable {
		return err
	}
	list, err := cli.ServiceList(ctx, swarm.ServiceListOptions{Filters: filters.NewArgs(filters.Arg("label", "infernode.managed=true"))})
	if err != nil {
		return err
	}
	var errs []error
	for _, s := range list {
		if strings.HasPrefix(s.Spec.Labels["infernode.prefix"], prefix) {
			errs = append(errs, cli.ServiceRemove(ctx, s.ID))
		}
	}
	nets, err := cli.NetworkList(ctx, network.ListOptions{Filters: filters.NewArgs(filters.Arg("label", "infernode.managed=true"))})
	if err != nil {
		return errors.Join(append(errs, err)...)
	}
	for _, n := range nets {
		if !strings.HasPrefix(n.Labels["infernode.prefix"], prefix) {
			continue
		}
		for {
			err := cli.NetworkRemove(ctx, n.ID)
			if err == nil || cerrdefs.IsNotFound(err) {
				break
			}
			if ctx.Err() != nil || !strings.Contains(err.Error(), "active endpoints") {
				errs = append(errs, err)
				break
			}
			time.Sleep(200 * time.Millisecond) // the tasks are stopping
		}
	}
	return errors.Join(errs...)
}
