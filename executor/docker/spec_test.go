package docker

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/executor"
)

func TestNewSpecErrors(t *testing.T) {
	tests := []struct {
		name string
		c    executor.Container
		err  string
	}{
		{"no id", executor.Container{Image: "x"}, "containers[0].id: required"},
		{"no image", executor.Container{ID: "a"}, "containers[0].image: required for a managed container"},
		{"bad port", executor.Container{ID: "a", Image: "x", Port: string("70000")}, `containers[0].port: "70000" is not a port`},
		{"port not a number", executor.Container{ID: "a", Image: "x", Port: string("http")}, `containers[0].port: "http" is not a port`},
		{"bad container port", executor.Container{ID: "a", Image: "x", ContainerPort: -1}, "containers[0].container_port: -1 is not a port"},
		{"bad env", executor.Container{ID: "a", Image: "x", Env: map[string]string{"A=B": "c"}}, "containers[0].env:"},
		{"bad command", executor.Container{ID: "a", Image: "x", Command: `--name "open`}, "containers[0].command: has an unterminated \" quote: fix the quoting"},
		{"volume without container path", executor.Container{ID: "a", Image: "x", Volumes: []string{"/data"}}, "containers[0].volumes[0]: \"/data\": want"},
		{"volume relative container path", executor.Container{ID: "a", Image: "x", Volumes: []string{"/data:data"}}, "must be absolute"},
		{"volume bad mode", executor.Container{ID: "a", Image: "x", Volumes: []string{"/a:/b:rx"}}, `mode "rx"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := newSpec(0, tt.c, "")
			require.ErrorContains(t, err, tt.err)
		})
	}
}

func TestNewSpec(t *testing.T) {
	s, err := newSpec(2, executor.Container{
		ID: "my model/1", Image: " infernode/echo:latest ", Port: "3999",
		Env:     map[string]string{"B": "2", "A": "1 2"},
		Command: `--addr :3000 --msg 'hi there'`,
		Volumes: []string{"/srv/models:/models:ro", "cache:/cache"},
		GPU:     true,
	}, "p-")
	require.NoError(t, err)
	abs, err := filepath.Abs("cache")
	require.NoError(t, err)
	require.Equal(t, &spec{
		id: "my model/1", name: "p-infernode-my_model_1", image: "infernode/echo:latest",
		env: []string{"A=1 2", "B=2"}, cmd: []string{"--addr", ":3000", "--msg", "hi there"},
		containerPort: 3000, hostPort: 3999,
		binds: []string{"/srv/models:/models:ro", abs + ":/cache"}, gpu: true,
	}, s)
}

// Every field that changes what runs changes the hash; nothing else does.
func TestSpecHash(t *testing.T) {
	base := executor.Container{ID: "a", Image: "img", Env: map[string]string{"K": "v"}, Command: "x y", Volumes: []string{"/h:/c"}}
	mk := func(f func(c *executor.Container)) *spec {
		c := base
		f(&c)
		s, err := newSpec(0, c, "")
		require.NoError(t, err)
		return s
	}
	h := mk(func(*executor.Container) {}).hash("sha256:1")
	require.Equal(t, h, mk(func(c *executor.Container) { c.Bearer = "b" }).hash("sha256:1"))
	changes := map[string]func(c *executor.Container){
		"env":            func(c *executor.Container) { c.Env = map[string]string{"K": "w"} },
		"command":        func(c *executor.Container) { c.Command = "x z" },
		"port":           func(c *executor.Container) { c.Port = "4001" },
		"container_port": func(c *executor.Container) { c.ContainerPort = 8080 },
		"volumes":        func(c *executor.Container) { c.Volumes = []string{"/h:/c:ro"} },
		"gpu":            func(c *executor.Container) { c.GPU = true },
	}
	for name, f := range changes {
		require.NotEqual(t, h, mk(f).hash("sha256:1"), name)
	}
	require.NotEqual(t, h, mk(func(*executor.Container) {}).hash("sha256:2"), "image id")
}

func TestBackoff(t *testing.T) {
	for _, tt := range []struct {
		n    int
		want time.Duration
	}{{1, time.Second}, {2, 2 * time.Second}, {3, 4 * time.Second}, {6, 32 * time.Second}, {7, time.Minute}, {100, time.Minute}} {
		require.Equal(t, tt.want, backoff(tt.n, time.Second, time.Minute), "n=%d", tt.n)
	}
}

func TestNewErrors(t *testing.T) {
	_, err := New([]executor.Container{{ID: "a", Image: "x"}, {ID: "a", Image: "y"}}, Options{})
	require.ErrorContains(t, err, `containers[1].id: "a" is used twice`)
	_, err = New([]executor.Container{{ID: "a/b", Image: "x"}, {ID: "a_b", Image: "y"}}, Options{})
	require.ErrorContains(t, err, `map to the same Docker name`)
}

func TestRemoteContainer(t *testing.T) {
	r, err := New([]executor.Container{{ID: "svc", URL: "http://10.0.0.1:3000/", Bearer: "tok"}}, Options{})
	require.NoError(t, err)
	ep, err := r.Endpoint("svc")
	require.NoError(t, err)
	require.Equal(t, "http://10.0.0.1:3000", ep.URL)
	require.Equal(t, "tok", ep.Bearer)
	_, err = r.Endpoint("nope")
	require.ErrorContains(t, err, `container "nope" is not configured`)
}
