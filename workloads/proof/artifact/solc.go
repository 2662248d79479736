package artifact

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// EVMVersion is the EVM the verifier is compiled for, as contracts/ does.
const EVMVersion = "cancun"

// Solc compiles Solidity with solc-js (the npm package "solc") run by node,
// with the settings contracts/compile.js uses (optimizer 200 runs, EVM
// cancun, no metadata hash).
type Solc struct {
	// Node is the node binary (default: "node" on PATH).
	Node string
	// Dir is the solc package directory, e.g. contracts/node_modules/solc.
	Dir string
}

// FindSolc locates solc-js: dir when given, else $SOLCJS, else
// contracts/node_modules/solc in the working directory or one of its
// parents, else beside the running executable. node comes from $NODE or
// PATH.
func FindSolc(dir string, getenv func(string) string) (Solc, error) {
	const hint = "pass --solc DIR (the solc npm package, e.g. contracts/node_modules/solc, which `make tools` installs) or set SOLCJS"
	node := getenv("NODE")
	if node == "" {
		node = "node"
	}
	path, err := exec.LookPath(node)
	if err != nil {
		return Solc{}, fmt.Errorf("solc-js needs node, and %q was not found (%v); install Node.js or set NODE", node, err)
	}
	var candidates []string
	switch {
	case dir != "":
		candidates = []string{dir}
	case getenv("SOLCJS") != "":
		candidates = []string{getenv("SOLCJS")}
	default:
		if wd, err := os.Getwd(); err == nil {
			for d := wd; ; d = filepath.Dir(d) {
				candidates = append(candidates, filepath.Join(d, "contracts", "node_modules", "solc"))
				if filepath.Dir(d) == d {
					break
				}
			}
		}
		if exe, err := os.Executable(); err == nil {
			candidates = append(candidates, filepath.Join(filepath.Dir(exe), "node_modules", "solc"))
		}
	}
	for _, c := range candidates {
		if st, err := os.Stat(filepath.Join(c, "soljson.js")); err == nil && st.Mode().IsRegular() {
			abs, _ := filepath.Abs(c)
			return Solc{Node: path, Dir: abs}, nil
		}
	}
	if dir != "" || getenv("SOLCJS") != "" {
		return Solc{}, fmt.Errorf("solc-js not found at %s (no soljson.js there); %s", candidates[0], hint)
	}
	return Solc{}, errors.New("solc-js not found in contracts/node_modules/solc here or above; " + hint)
}

// compileJS reads Solidity on stdin and writes {bytecode, abi, version}.
const compileJS = `
const solc = require(process.argv[1]);
let src = '';
process.stdin.on('data', d => { src += d; });
process.stdin.on('end', () => {
  const input = {
    language: 'Solidity',
    sources: { 'Verifier.sol': { content: src } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: process.argv[2],
      metadata: { bytecodeHash: 'none', appendCBOR: false },
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  };
  const out = JSON.parse(solc.compile(JSON.stringify(input)));
  const errs = (out.errors || []).filter(e => e.severity === 'error');
  if (errs.length) { console.error(errs.map(e => e.formattedMessage || e.message).join('\n')); process.exit(1); }
  const c = out.contracts['Verifier.sol'][process.argv[3]];
  if (!c) { console.error('no contract ' + process.argv[3]); process.exit(1); }
  process.stdout.write(JSON.stringify({ bytecode: c.evm.bytecode.object, abi: c.abi, version: solc.version() }));
});
`

// Compiled is one compiled contract.
type Compiled struct {
	Bytecode string          `json:"bytecode"` // hex without 0x
	ABI      json.RawMessage `json:"abi"`
	Version  string          `json:"version"`
}

// Compile compiles the contract named contract in src.
func (s Solc) Compile(ctx context.Context, src []byte, contract string) (Compiled, error) {
	cmd := exec.CommandContext(ctx, s.Node, "-e", compileJS, s.Dir, EVMVersion, contract)
	cmd.Stdin = bytes.NewReader(src)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return Compiled{}, fmt.Errorf("solc-js (%s): %w: %s", s.Dir, err, strings.TrimSpace(stderr.String()))
	}
	var c Compiled
	if err := json.Unmarshal(stdout.Bytes(), &c); err != nil || c.Bytecode == "" {
		return Compiled{}, fmt.Errorf("solc-js (%s) gave no bytecode: %s", s.Dir, strings.TrimSpace(stderr.String()))
	}
	return c, nil
}
