package protocol

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/stretchr/testify/require"
)

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	require.NoError(t, os.WriteFile(path, []byte(content), 0o644))
}

func TestHardwareFromFiles(t *testing.T) {
	dir := t.TempDir()
	proc := filepath.Join(dir, "proc")
	writeFile(t, filepath.Join(proc, "cpuinfo"), "processor\t: 0\nvendor_id\t: GenuineIntel\nmodel name\t: Test CPU @ 2.0GHz\n\n"+
		"processor\t: 1\nvendor_id\t: GenuineIntel\nmodel name\t: Test CPU @ 2.0GHz\n")
	writeFile(t, filepath.Join(proc, "self", "mountinfo"),
		"22 1 8:1 / / rw,relatime shared:1 - ext4 /dev/sda1 rw\n"+
			"30 22 0:5 / "+dir+" rw - tmpfs tmpfs rw\n")
	osr := filepath.Join(dir, "os-release")
	writeFile(t, osr, "NAME=\"Debian GNU/Linux\"\nVERSION_ID=\"12\"\nVERSION=\"12 (bookworm)\"\n")

	hw, err := System{ProcDir: proc, OSRelease: osr, DiskPath: dir}.Hardware()
	require.NoError(t, err)
	require.Equal(t, CPUInfo{Architecture: runtime.GOARCH, ByteOrder: "little", Cores: []string{"0", "1"},
		Model: "Test CPU @ 2.0GHz", NumCores: 2, VendorID: "GenuineIntel"}, hw.CPUInfo)
	require.Equal(t, OSInfo{Name: "Debian GNU/Linux", Version: "12"}, hw.OSInfo)
	require.Equal(t, dir, hw.DiskInfo.MountPoint)
	require.Equal(t, "tmpfs", hw.DiskInfo.Filesystem)
	require.Positive(t, hw.DiskInfo.Size)
	require.LessOrEqual(t, hw.DiskInfo.Available, hw.DiskInfo.Size)
	require.LessOrEqual(t, hw.DiskInfo.Used, hw.DiskInfo.Size)
}

func TestHardwareScratchImage(t *testing.T) {
	// A FROM scratch image has no /etc/os-release: the kernel is reported.
	dir := t.TempDir()
	proc := filepath.Join(dir, "proc")
	writeFile(t, filepath.Join(proc, "cpuinfo"), "processor : 0\n")
	writeFile(t, filepath.Join(proc, "sys", "kernel", "ostype"), "Linux\n")
	writeFile(t, filepath.Join(proc, "sys", "kernel", "osrelease"), "6.1.0-test\n")
	hw, err := System{ProcDir: proc, OSRelease: filepath.Join(dir, "none"), DiskPath: dir}.Hardware()
	require.NoError(t, err)
	require.Equal(t, OSInfo{Name: "Linux", Version: "6.1.0-test"}, hw.OSInfo)
	require.Equal(t, 1, hw.CPUInfo.NumCores)
}

func TestHardwareRealSystem(t *testing.T) {
	hw, err := System{}.Hardware()
	require.NoError(t, err)
	require.Positive(t, hw.CPUInfo.NumCores)
	require.Positive(t, hw.DiskInfo.Size)
	require.NotEmpty(t, hw.DiskInfo.Filesystem)
	require.NotEmpty(t, hw.OSInfo.Name)
}

func TestHardwareMissingFacts(t *testing.T) {
	dir := t.TempDir()
	hw, err := System{ProcDir: filepath.Join(dir, "p"), OSRelease: filepath.Join(dir, "o"), DiskPath: filepath.Join(dir, "missing")}.Hardware()
	require.ErrorContains(t, err, "cpu")
	require.ErrorContains(t, err, "disk")
	require.Positive(t, hw.CPUInfo.NumCores, "falls back to the Go runtime's count")
}

func TestUnescapeMount(t *testing.T) {
	require.Equal(t, "/mnt/my disk", unescapeMount(`/mnt/my\040disk`))
	require.Equal(t, "/plain", unescapeMount("/plain"))
}

func TestResourcesHandler(t *testing.T) {
	caps := func() []ComputeCapability {
		return []ComputeCapability{{ID: "x", Type: "ONNX", Task: []string{}, Models: []MLModel{}, CachedModels: []MLModel{}}}
	}
	support := func(_ context.Context, id string) ModelSupport {
		return ModelSupport{Supported: id == "local/a/b:c", Error: map[bool]string{false: "no"}[id == "local/a/b:c"]}
	}
	h := ResourcesHandler("svc", caps, System{}, support, nil)
	rec := httptest.NewRecorder()
	h(rec, httptest.NewRequest(http.MethodGet, PathResources, nil))
	require.Equal(t, http.StatusOK, rec.Code)
	var res ServiceResources
	require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &res))
	require.Equal(t, "svc", res.ServiceID)
	require.Equal(t, "ONNX", res.ComputeCapability[0].Type)
	require.Len(t, res.HardwareCapabilities, 1)

	for id, want := range map[string]string{"local/a/b:c": `{"supported":true}`, "other": `{"supported":false,"error":"no"}`} {
		rec = httptest.NewRecorder()
		h(rec, httptest.NewRequest(http.MethodGet, PathResources+"?model_id="+id, nil))
		require.JSONEq(t, want, rec.Body.String())
	}
	rec = httptest.NewRecorder()
	h(rec, httptest.NewRequest(http.MethodPost, PathResources, nil))
	require.Equal(t, http.StatusMethodNotAllowed, rec.Code)
}
