// RunPlugin of the stand-in host: policy packs and provider plugins written in Node.js. The rest
// of the gRPC service is in main.go.

package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"time"

	"github.com/pulumi/pulumi/sdk/v3"
	"github.com/pulumi/pulumi/sdk/v3/go/common/apitype"
	"github.com/pulumi/pulumi/sdk/v3/go/common/util/rpcutil"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
)

// RunPlugin starts a plugin written in Node.js and streams its stdout and stderr back to the engine, which
// reads the plugin's gRPC port from the first line of stdout.
//
//   - kind "analyzer" (a policy pack: a folder with PulumiPolicy.yaml, started by `pulumi preview --policy-pack
//     DIR`): `node [nodeargs] <@pulumi/pulumi/cmd/run-policy-pack> <args...> <pack dir>` in the pack's folder.
//     The engine sends the stack's details with ConfigureStack before anything else, but policy packs read them
//     from the environment when they start. So, like the official host, we first serve a proxy Analyzer
//     (sdk.PolicyProxy) and report ITS port; once ConfigureStack arrives we start the pack with
//     PULUMI_NODEJS_ORGANIZATION/PROJECT/STACK/DRY_RUN, PULUMI_CONFIG (JSON map) and PULUMI_CONFIG_SECRET_KEYS
//     set, read the pack's own port from its stdout and forward every call to it.
//   - any other kind (a provider project with PulumiPlugin.yaml): `node [nodeargs]
//     <@pulumi/pulumi/cmd/run-plugin> <plugin dir> <args...>` in the engine's working folder
//     (PULUMI_LANGUAGE_NODEJS_RUN_PATH overrides the module, as for Run).
//
// The environment is ours overlaid with the request's. TypeScript and tsconfig follow the runtime options as in
// Run. A non-zero exit is returned as an error naming the exit code.
func (h *nodeHost) RunPlugin(req *pulumirpc.RunPluginRequest, server pulumirpc.LanguageRuntime_RunPluginServer) error {
	ctx := server.Context()
	info := req.GetInfo()
	dir := info.GetProgramDirectory()
	if dir == "" {
		return errors.New("RunPlugin: the request names no plugin directory")
	}

	closer, stdout, stderr, err := rpcutil.MakeRunPluginStreams(server, false)
	if err != nil {
		return err
	}
	defer closer.Close()

	node, err := exec.LookPath("node")
	if err != nil {
		return errors.New("could not find node on the $PATH; install Node.js to run this plugin")
	}

	isPolicyPack := req.GetKind() == string(apitype.AnalyzerPlugin)
	mod := runPluginModule
	runPath := ""
	if isPolicyPack {
		mod = runPolicyPackModule
	} else {
		runPath = os.Getenv("PULUMI_LANGUAGE_NODEJS_RUN_PATH")
	}
	if runPath == "" {
		if runPath, err = resolveModule(ctx, node, mod, dir); err != nil {
			// The official host's words (its locateModule for plugins); the CLI adds "could not read plugin [<dir>]".
			return fmt.Errorf("It looks like the Pulumi SDK has not been installed. Have you run npm install in %s?", dir)
		}
	}

	opts := info.GetOptions().AsMap()
	env := append(os.Environ(), req.GetEnv()...)
	env = append(env, h.typescriptEnv(opts)...)

	nodeArgs := h.nodeArgs
	if s, ok := opts["nodeargs"].(string); ok && s != "" {
		nodeArgs = s
	}
	args := append(strings.Fields(nodeArgs), runPath)
	workDir := req.GetPwd()
	if isPolicyPack {
		// run-policy-pack takes the engine address first and the pack folder last; packs have always run in their
		// own folder.
		args = append(append(args, req.GetArgs()...), dir)
		workDir = dir
	} else {
		args = append(append(args, dir), req.GetArgs()...)
	}
	if workDir == "" {
		workDir = dir
	}

	var proxy *sdk.PolicyProxy
	if isPolicyPack {
		// The proxy reports its own port on our stdout; the pack's stdout goes through it (its first line, the
		// pack's port, is consumed by the proxy, the rest is copied on).
		if proxy, stdout, err = sdk.NewPolicyProxy(ctx, stdout); err != nil {
			return fmt.Errorf("could not start the policy pack proxy: %w", err)
		}
		cfg, err := proxy.AwaitConfiguration(ctx)
		if err != nil {
			return fmt.Errorf("could not get the stack configuration for the policy pack: %w", err)
		}
		if cfg != nil {
			env, err = appendStackEnv(env, cfg)
			if err != nil {
				return err
			}
		}
	}

	cmd := exec.CommandContext(ctx, node, args...)
	cmd.Dir = workDir
	cmd.Env = env
	cmd.Stdout, cmd.Stderr = stdout, stderr
	// When the engine is done with the plugin it ends the call: ask Node to stop, then kill it.
	cmd.Cancel = func() error { return cmd.Process.Signal(os.Interrupt) }
	cmd.WaitDelay = 5 * time.Second

	if err := cmd.Start(); err != nil {
		return fmt.Errorf("problem executing plugin program (could not run language executor): %w", err)
	}
	if proxy != nil {
		err = proxy.Attach(ctx, cmd) // waits for the pack to exit
	} else {
		err = cmd.Wait()
	}
	if err != nil {
		var exitErr *exec.ExitError
		if errors.As(err, &exitErr) {
			if status, ok := exitErr.Sys().(syscall.WaitStatus); ok && status.Signaled() {
				return fmt.Errorf("plugin exited due to signal: %v", status.Signal())
			}
			return fmt.Errorf("plugin exited with non-zero exit code: %d", exitErr.ExitCode())
		}
		return err
	}
	return closer.Close()
}
