// Where the stand-in host finds things (the program's folder, a module resolved as Node.js
// would, files up the tree) and the environment it passes to a policy pack and a TypeScript
// program. The gRPC service is in main.go.

package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
)

// appendStackEnv adds the stack's details from the engine's ConfigureStack call to env, in the variables the
// Node.js SDK reads when a policy pack starts.
func appendStackEnv(env []string, cfg *pulumirpc.AnalyzerStackConfigureRequest) ([]string, error) {
	add := func(k, v string) {
		if v != "" {
			env = append(env, k+"="+v)
		}
	}
	add("PULUMI_NODEJS_ORGANIZATION", cfg.GetOrganization())
	add("PULUMI_NODEJS_PROJECT", cfg.GetProject())
	add("PULUMI_NODEJS_STACK", cfg.GetStack())
	add("PULUMI_NODEJS_DRY_RUN", fmt.Sprint(cfg.GetDryRun()))
	if c := cfg.GetConfig(); c != nil {
		b, err := json.Marshal(c)
		if err != nil {
			return nil, fmt.Errorf("serializing the stack configuration: %w", err)
		}
		add("PULUMI_CONFIG", string(b))
	}
	if keys := cfg.GetConfigSecretKeys(); len(keys) > 0 {
		b, err := json.Marshal(keys)
		if err != nil {
			return nil, fmt.Errorf("serializing the secret config keys: %w", err)
		}
		add("PULUMI_CONFIG_SECRET_KEYS", string(b))
	}
	return env, nil
}

// programDir picks the directory to resolve the program's packages from.
func programDir(info *pulumirpc.ProgramInfo, fallback string) string {
	if d := info.GetProgramDirectory(); d != "" {
		return d
	}
	if fallback != "" {
		return fallback
	}
	if d := info.GetRootDirectory(); d != "" {
		return d
	}
	d, _ := os.Getwd()
	return d
}

// resolveModule finds the folder of module mod (one of the @pulumi/pulumi/cmd/* entry points) the way Node
// would from the program: the nearest node_modules going upwards from each candidate directory; failing that,
// Node itself is asked (which also honours NODE_PATH and the global folders).
func resolveModule(ctx context.Context, node, mod string, dirs ...string) (string, error) {
	rel := filepath.Join("node_modules", filepath.FromSlash(mod), "index.js")
	for _, d := range dirs {
		if d == "" {
			continue
		}
		if p, ok := findUp(d, rel, false); ok {
			return filepath.Dir(p), nil
		}
	}
	for _, d := range dirs {
		if d == "" {
			continue
		}
		cmd := exec.CommandContext(ctx, node, "-e", "console.log(require.resolve(process.argv[1]))", mod)
		cmd.Dir = d
		out, err := cmd.Output()
		if err != nil {
			continue
		}
		if p := strings.TrimSpace(lastLine(out)); p != "" {
			return p, nil
		}
	}
	return "", fmt.Errorf("cannot resolve %s", mod)
}

func lastLine(b []byte) string {
	var last string
	sc := bufio.NewScanner(strings.NewReader(string(b)))
	for sc.Scan() {
		if t := strings.TrimSpace(sc.Text()); t != "" {
			last = t
		}
	}
	return last
}

// findUp looks for rel in dir and its ancestors; wantDir selects directories instead of files.
func findUp(dir, rel string, wantDir bool) (string, bool) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return "", false
	}
	for {
		p := filepath.Join(dir, rel)
		if st, err := os.Stat(p); err == nil && st.IsDir() == wantDir {
			return p, true
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", false
		}
		dir = parent
	}
}

var _ io.Writer = (*streamWriter)(nil)

// typescriptEnv is the environment that makes @pulumi/pulumi's runners load TypeScript the way the
// project's runtime options say: on unless `typescript: false`, with an optional tsconfig path.
func (h *nodeHost) typescriptEnv(opts map[string]interface{}) []string {
	typescript := h.typescript
	if v, ok := opts["typescript"].(bool); ok {
		typescript = v
	}
	var env []string
	if typescript {
		env = append(env, "PULUMI_NODEJS_TYPESCRIPT=true")
	}
	if s, ok := opts["tsconfig"].(string); ok && s != "" {
		env = append(env, "PULUMI_NODEJS_TSCONFIG_PATH="+s)
	}
	return env
}
