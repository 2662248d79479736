package protocol

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestParseModelID(t *testing.T) {
	tests := []struct {
		in      string
		want    ModelID
		path    string
		wantErr string
	}{
		{in: "local/acme/iris:iris.onnx", want: ModelID{Storage: StorageLocal, Owner: "acme", Name: "iris", File: "iris.onnx"},
			path: "local/acme/iris/default/iris.onnx"},
		{in: "huggingface/Org/model/v2:sub/w.onnx", want: ModelID{Storage: StorageHub, Owner: "Org", Name: "model", Version: "v2", File: "sub/w.onnx"},
			path: "huggingface/Org/model/v2/sub/w.onnx"},
		{in: "arweave/0xabc/iris/Tx_ID-1:iris.torch", want: ModelID{Storage: StorageArweave, Owner: "0xabc", Name: "iris", Version: "Tx_ID-1", File: "iris.torch"},
			path: "arweave/0xabc/iris/Tx_ID-1/iris.torch"},
		{in: "local/acme/iris", wantErr: `no ":{file}"`},
		{in: "local/acme:x", wantErr: "3 or 4"},
		{in: "local/a/b/c/d:x", wantErr: "3 or 4"},
		{in: "s3/acme/iris:x", wantErr: `unknown storage "s3"; use one of local, huggingface, arweave`},
		{in: "local//iris:x", wantErr: "owner is empty"},
		{in: "local/acme/iris/:x", wantErr: "empty version"},
		{in: "local/acme/iris:", wantErr: "empty file"},
		{in: "local/../iris:x", wantErr: `owner may not be ".."`},
		{in: "local/acme/iris:../../etc/passwd", wantErr: `file may not be ".."`},
		{in: "local/acme/iris:a//b", wantErr: "file is empty"},
		{in: "local/acme/iris:/abs", wantErr: "file is empty"},
		{in: "local/acme/iris:a:b", wantErr: "not allowed"},
		{in: "local/ac\\me/iris:x", wantErr: "not allowed"},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			got, err := ParseModelID(tc.in)
			if tc.wantErr != "" {
				require.ErrorContains(t, err, tc.wantErr)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.want, got)
			require.Equal(t, tc.in, got.String())
			require.Equal(t, filepath.Join("/c", filepath.FromSlash(tc.path)), got.CachePath("/c"))
		})
	}
}

func FuzzModelID(f *testing.F) {
	for _, s := range []string{"local/acme/iris:iris.onnx", "huggingface/a/b/main:x/y.bin", "arweave/o/n/v:f", "local/../x:y", "::", "a/b/c/d/e:f"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParseModelID(s)
		if err != nil {
			return
		}
		require.Equal(t, s, m.String(), "a valid id round-trips")
		again, err := ParseModelID(m.String())
		require.NoError(t, err)
		require.Equal(t, m, again)
		p := m.CachePath("/cache")
		require.True(t, strings.HasPrefix(p, "/cache/"+string(m.Storage)+"/"), "cache path %q escapes the cache", p)
		require.NotContains(t, strings.Split(filepath.ToSlash(p), "/"), "..")
	})
}
