package docker

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"

	cerrdefs "github.com/containerd/errdefs"
	"github.com/distribution/reference"
	"github.com/docker/docker/api/types/image"
	"github.com/docker/docker/api/types/registry"
)

// ensureImage returns the ID of image ref, pulling it when it is not
// present locally.
func (r *engine) ensureImage(ctx context.Context, containerID, ref string) (string, error) {
	insp, err := r.cli.ImageInspect(ctx, ref)
	if err == nil {
		return insp.ID, nil
	}
	if !cerrdefs.IsNotFound(err) {
		return "", fmt.Errorf("inspect image %q: %w", ref, err)
	}
	log := r.log.With("container", containerID, "image", ref)
	log.Info("image not present locally: pulling")
	if err := r.pull(ctx, log, ref); err != nil {
		return "", fmt.Errorf("image %q is not present locally and could not be pulled (build it, e.g. `make images`, or check the name and docker.username/password): %w", ref, err)
	}
	insp, err = r.cli.ImageInspect(ctx, ref)
	if err != nil {
		return "", fmt.Errorf("inspect image %q after pull: %w", ref, err)
	}
	log.Info("image pulled", "image_id", insp.ID)
	return insp.ID, nil
}

// pull pulls ref, logging each layer's status changes, bounded by
// PullTimeout.
func (r *engine) pull(ctx context.Context, log *slog.Logger, ref string) error {
	ctx, cancel := context.WithTimeout(ctx, r.opts.PullTimeout)
	defer cancel()
	var opts image.PullOptions
	// Without a password the pull is anonymous (config warns about it).
	if a := r.opts.Auth; a != nil && a.Username != "" && a.Password != "" {
		named, err := reference.ParseNormalizedNamed(ref)
		if err != nil {
			return fmt.Errorf("parse image reference: %w", err)
		}
		opts.RegistryAuth, err = registry.EncodeAuthConfig(registry.AuthConfig{
			Username:      a.Username,
			Password:      a.Password,
			ServerAddress: reference.Domain(named),
		})
		if err != nil {
			return fmt.Errorf("encode registry auth: %w", err)
		}
	}
	body, err := r.cli.ImagePull(ctx, ref, opts)
	if err != nil {
		return err
	}
	defer body.Close()
	return readProgress(body, log)
}

// progressMessage is one line of the engine's JSON progress stream (pull
// and build).
type progressMessage struct {
	ID          string `json:"id"`
	Status      string `json:"status"`
	Stream      string `json:"stream"`
	Error       string `json:"error"`
	ErrorDetail *struct {
		Message string `json:"message"`
	} `json:"errorDetail"`
}

// readProgress consumes a progress stream, logs each change of status per
// layer (not every byte count) and returns the error the stream reports.
func readProgress(body io.Reader, log *slog.Logger) error {
	dec := json.NewDecoder(body)
	last := map[string]string{}
	for {
		var m progressMessage
		if err := dec.Decode(&m); err != nil {
			if errors.Is(err, io.EOF) {
				return nil
			}
			return fmt.Errorf("read progress: %w", err)
		}
		if m.ErrorDetail != nil && m.ErrorDetail.Message != "" {
			return errors.New(m.ErrorDetail.Message)
		}
		if m.Error != "" {
			return errors.New(m.Error)
		}
		if m.Status != "" && last[m.ID] != m.Status {
			last[m.ID] = m.Status
			log.Info("pull", "layer", m.ID, "status", m.Status)
		}
	}
}
