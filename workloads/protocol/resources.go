package protocol

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
)

// ServiceResources is the seed's GET /service-resources reply.
type ServiceResources struct {
	ServiceID            string               `json:"service_id"`
	ComputeCapability    []ComputeCapability  `json:"compute_capability"`
	HardwareCapabilities []HardwareCapability `json:"hardware_capabilities"`
}

// ComputeCapability describes one inference service of a workload.
type ComputeCapability struct {
	ID                     string    `json:"id"`
	Type                   string    `json:"type"`
	Task                   []string  `json:"task"`
	Models                 []MLModel `json:"models"`
	CachedModels           []MLModel `json:"cached_models"`
	InferenceEngine        string    `json:"inference_engine,omitempty"`
	InferenceEngineVersion string    `json:"inference_engine_version,omitempty"`
}

// MLModel names a model a workload serves or has cached.
type MLModel struct {
	Owner      string   `json:"owner"`
	Name       string   `json:"name"`
	Repository string   `json:"repository"`
	Storage    string   `json:"storage"`
	Files      []string `json:"files"`
	Version    string   `json:"version"`
	MLType     string   `json:"ml_type"`
}

// HardwareCapability is what the machine offers.
type HardwareCapability struct {
	CapabilityID string   `json:"capability_id"`
	CPUInfo      CPUInfo  `json:"cpu_info"`
	DiskInfo     DiskInfo `json:"disk_info"`
	OSInfo       OSInfo   `json:"os_info"`
}

// CPUInfo is read from /proc/cpuinfo.
type CPUInfo struct {
	Architecture string   `json:"architecture"`
	ByteOrder    string   `json:"byte_order"`
	Cores        []string `json:"cores"`
	Model        string   `json:"model"`
	NumCores     int      `json:"num_cores"`
	VendorID     string   `json:"vendor_id"`
}

// DiskInfo is the file system holding the workload's data; sizes are bytes.
type DiskInfo struct {
	Available  uint64 `json:"available"`
	Filesystem string `json:"filesystem"`
	MountPoint string `json:"mount_point"`
	Size       uint64 `json:"size"`
	Used       uint64 `json:"used"`
}

// OSInfo is read from /etc/os-release, or from the kernel when the image
// has no os-release (FROM scratch).
type OSInfo struct {
	Name    string `json:"name"`
	Version string `json:"version"`
}

// ModelSupport answers GET /service-resources?model_id=.
type ModelSupport struct {
	Supported bool   `json:"supported"`
	Error     string `json:"error,omitempty"`
}

// System says where the machine facts are read from; the zero value reads
// the real system (/proc, /etc/os-release, the root file system).
type System struct {
	ProcDir   string // default "/proc"
	OSRelease string // default "/etc/os-release"
	DiskPath  string // default "/"
}

func (s System) withDefaults() System {
	if s.ProcDir == "" {
		s.ProcDir = "/proc"
	}
	if s.OSRelease == "" {
		s.OSRelease = "/etc/os-release"
	}
	if s.DiskPath == "" {
		s.DiskPath = "/"
	}
	return s
}

// Hardware reads the machine's facts. A fact that cannot be read is left
// empty rather than failing the whole reply; the error lists what was
// missing so the caller can log it.
func (s System) Hardware() (HardwareCapability, error) {
	s = s.withDefaults()
	var missing []string
	cpu, err := readCPU(filepath.Join(s.ProcDir, "cpuinfo"))
	if err != nil {
		missing = append(missing, err.Error())
	}
	disk, err := readDisk(s.DiskPath, filepath.Join(s.ProcDir, "self", "mountinfo"))
	if err != nil {
		missing = append(missing, err.Error())
	}
	osi, err := readOS(s.OSRelease, s.ProcDir)
	if err != nil {
		missing = append(missing, err.Error())
	}
	hw := HardwareCapability{CapabilityID: "base", CPUInfo: cpu, DiskInfo: disk, OSInfo: osi}
	if len(missing) > 0 {
		return hw, fmt.Errorf("read system facts: %s", strings.Join(missing, "; "))
	}
	return hw, nil
}

func byteOrder() string {
	var x uint16 = 1
	b := make([]byte, 2)
	binary.NativeEndian.PutUint16(b, x)
	if b[0] == 1 {
		return "little"
	}
	return "big"
}

func readCPU(path string) (CPUInfo, error) {
	info := CPUInfo{Architecture: runtime.GOARCH, ByteOrder: byteOrder(), Cores: []string{}}
	f, err := os.Open(path)
	if err != nil {
		info.NumCores = runtime.NumCPU()
		return info, fmt.Errorf("cpu: %w", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), ":")
		if !ok {
			continue
		}
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		switch k {
		case "processor":
			info.Cores = append(info.Cores, v)
		case "model name", "Model", "cpu model":
			if info.Model == "" {
				info.Model = v
			}
		case "vendor_id", "CPU implementer":
			if info.VendorID == "" {
				info.VendorID = v
			}
		}
	}
	if err := sc.Err(); err != nil {
		return info, fmt.Errorf("cpu: read %s: %w", path, err)
	}
	info.NumCores = len(info.Cores)
	if info.NumCores == 0 {
		info.NumCores = runtime.NumCPU()
	}
	return info, nil
}

func readDisk(path, mountinfo string) (DiskInfo, error) {
	var d DiskInfo
	total, avail, free, err := statfs(path)
	if err != nil {
		return d, fmt.Errorf("disk: %w", err)
	}
	d.Size, d.Available, d.Used = total, avail, total-free
	d.MountPoint, d.Filesystem = mountOf(path, mountinfo)
	return d, nil
}

// mountOf finds the mount point and file system type holding path: the
// longest mount point in mountinfo that prefixes the absolute path.
func mountOf(path, mountinfo string) (mount, fstype string) {
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = path
	}
	if p, err := filepath.EvalSymlinks(abs); err == nil {
		abs = p
	}
	raw, err := os.ReadFile(mountinfo)
	if err != nil {
		return "/", ""
	}
	mount = "/"
	for _, line := range strings.Split(string(raw), "\n") {
		// id parent major:minor root mountpoint options [optional...] - fstype source superopts
		pre, post, ok := strings.Cut(line, " - ")
		if !ok {
			continue
		}
		f, g := strings.Fields(pre), strings.Fields(post)
		if len(f) < 5 || len(g) < 1 {
			continue
		}
		mp := unescapeMount(f[4])
		if (abs == mp || strings.HasPrefix(abs, strings.TrimSuffix(mp, "/")+"/")) && len(mp) >= len(mount) {
			mount, fstype = mp, g[0]
		}
	}
	return mount, fstype
}

// unescapeMount undoes the octal escapes (\040 for a space) of mountinfo.
func unescapeMount(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+3 < len(s) {
			if n, err := strconv.ParseUint(s[i+1:i+4], 8, 8); err == nil {
				b.WriteByte(byte(n))
				i += 3
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

func readOS(osRelease, procDir string) (OSInfo, error) {
	if raw, err := os.ReadFile(osRelease); err == nil {
		vals := map[string]string{}
		for _, line := range bytes.Split(raw, []byte("\n")) {
			k, v, ok := strings.Cut(string(line), "=")
			if !ok {
				continue
			}
			vals[strings.TrimSpace(k)] = strings.Trim(strings.TrimSpace(v), `"'`)
		}
		info := OSInfo{Name: vals["NAME"], Version: vals["VERSION_ID"]}
		if info.Version == "" {
			info.Version = vals["VERSION"]
		}
		if info.Name != "" {
			return info, nil
		}
	}
	// No os-release (a FROM scratch image): report the kernel.
	typ, err1 := os.ReadFile(filepath.Join(procDir, "sys", "kernel", "ostype"))
	rel, err2 := os.ReadFile(filepath.Join(procDir, "sys", "kernel", "osrelease"))
	info := OSInfo{Name: strings.TrimSpace(string(typ)), Version: strings.TrimSpace(string(rel))}
	if info.Name == "" {
		info.Name = runtime.GOOS
	}
	if err1 != nil || err2 != nil {
		return info, fmt.Errorf("os: no %s and no kernel facts under %s", osRelease, procDir)
	}
	return info, nil
}
