// A minimal Pulumi language host for Node.js/TypeScript programs (`pulumi-language-nodejs`).
//
// Modelled on the protocol of the official host in github.com/pulumi/pulumi
// (sdk/nodejs/cmd/pulumi-language-nodejs, Apache-2.0); written from scratch and much smaller.
// See README.md for why it exists and what it leaves out.
//
// The engine starts this binary as `pulumi-language-nodejs [flags] <engine-address>`, reads the
// port of our gRPC server from the first line of stdout, and then calls the LanguageRuntime
// service. Everything written to stdout/stderr after that line is shown to the user as
// diagnostics, so the Node.js program's output is simply inherited by the child process.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/pulumi/pulumi/sdk/v3/go/common/util/rpcutil"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc"
	"google.golang.org/protobuf/types/known/emptypb"
)

// version is reported by GetPluginInfo; overridable with
// -ldflags "-X main.version=...".
var version = "3.248.0"

const (
	// Module (resolved like Node's require) whose index.js sets up the Pulumi runtime and loads the program.
	runModule = "@pulumi/pulumi/cmd/run"
	// Module that starts a policy pack (a RunPlugin of kind analyzer): `node <it> <engine> <pack dir>`.
	runPolicyPackModule = "@pulumi/pulumi/cmd/run-policy-pack"
	// Module that starts any other Node.js plugin (a provider project with PulumiPlugin.yaml).
	runPluginModule = "@pulumi/pulumi/cmd/run-plugin"
	// Exit code of cmd/run meaning "the error was already shown to the user": report a bail, print nothing more.
	exitAfterUserActionableMessage = 32
)

func main() {
	fs := flag.NewFlagSet("pulumi-language-nodejs", flag.ContinueOnError)
	tracing := fs.String("tracing", "", "Zipkin-compatible tracing endpoint (passed on to the Node.js runtime)")
	root := fs.String("root", "", "project root (accepted for compatibility)")
	typescript := fs.Bool("typescript", true, "use ts-node for TypeScript sources unless Pulumi.yaml says otherwise")
	// Flags the engine may pass when log flow is on; accepted and ignored.
	fs.Bool("logtostderr", false, "ignored")
	fs.Bool("logflow", false, "ignored")
	fs.Int("v", 0, "ignored")
	fs.String("nodeargs", "", "extra arguments for node")
	fs.String("binary", "", "ignored")
	fs.String("packagemanager", "", "ignored")
	fs.SetOutput(os.Stderr)
	if err := fs.Parse(os.Args[1:]); err != nil {
		os.Exit(2)
	}
	_ = root

	var engineAddress string
	if fs.NArg() > 0 {
		engineAddress = fs.Arg(0)
	}

	host := &nodeHost{
		engineAddress: engineAddress,
		tracing:       *tracing,
		typescript:    *typescript,
		nodeArgs:      fs.Lookup("nodeargs").Value.String(),
	}

	// As the official host: Ctrl-C (SIGINT) stops the server, and so does an engine that no longer
	// answers its health check (checked every 5 minutes), so a host whose CLI was killed does not
	// stay behind for ever.
	ctx, cancel := signal.NotifyContext(context.Background(), os.Interrupt)
	cancelChannel := make(chan bool)
	go func() {
		<-ctx.Done()
		cancel() // deregister the interrupt handler
		close(cancelChannel)
	}()
	if engineAddress != "" {
		if err := rpcutil.Healthcheck(ctx, engineAddress, 5*time.Minute, cancel); err != nil {
			fmt.Fprintf(os.Stderr, "fatal: could not start the health check of the engine: %v\n", err)
			os.Exit(1)
		}
	}

	handle, err := rpcutil.ServeWithOptions(rpcutil.ServeOptions{
		Cancel: cancelChannel,
		Init: func(srv *grpc.Server) error {
			pulumirpc.RegisterLanguageRuntimeServer(srv, host)
			return nil
		},
	})
	if err != nil {
		fmt.Fprintf(os.Stderr, "fatal: could not start the language host gRPC server: %v\n", err)
		os.Exit(1)
	}

	// The engine reads the port from the first line of stdout.
	fmt.Printf("%d\n", handle.Port)

	if err := <-handle.Done; err != nil {
		fmt.Fprintf(os.Stderr, "fatal: language host gRPC server stopped: %v\n", err)
		os.Exit(1)
	}
}

type nodeHost struct {
	pulumirpc.UnimplementedLanguageRuntimeServer

	mu            sync.Mutex
	engineAddress string
	tracing       string
	typescript    bool
	nodeArgs      string
}

func (h *nodeHost) Handshake(
	ctx context.Context, req *pulumirpc.LanguageHandshakeRequest,
) (*pulumirpc.LanguageHandshakeResponse, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if req.GetEngineAddress() != "" {
		h.engineAddress = req.GetEngineAddress()
	}
	return &pulumirpc.LanguageHandshakeResponse{}, nil
}

func (h *nodeHost) GetPluginInfo(context.Context, *emptypb.Empty) (*pulumirpc.PluginInfo, error) {
	return &pulumirpc.PluginInfo{Version: version}, nil
}

// Plugins are expected on PATH (or in the plugin cache); none are announced, so the engine never tries
// to download anything on our behalf.
func (h *nodeHost) GetRequiredPlugins(
	context.Context, *pulumirpc.GetRequiredPluginsRequest,
) (*pulumirpc.GetRequiredPluginsResponse, error) {
	return &pulumirpc.GetRequiredPluginsResponse{}, nil
}

func (h *nodeHost) GetRequiredPackages(
	context.Context, *pulumirpc.GetRequiredPackagesRequest,
) (*pulumirpc.GetRequiredPackagesResponse, error) {
	return &pulumirpc.GetRequiredPackagesResponse{}, nil
}

func (h *nodeHost) RuntimeOptionsPrompts(
	context.Context, *pulumirpc.RuntimeOptionsRequest,
) (*pulumirpc.RuntimeOptionsResponse, error) {
	return &pulumirpc.RuntimeOptionsResponse{}, nil
}

func (h *nodeHost) About(ctx context.Context, req *pulumirpc.AboutRequest) (*pulumirpc.AboutResponse, error) {
	node, err := exec.LookPath("node")
	if err != nil {
		return nil, errors.New("could not find node on the $PATH")
	}
	out, err := exec.CommandContext(ctx, node, "--version").Output()
	if err != nil {
		return nil, fmt.Errorf("running node --version: %w", err)
	}
	return &pulumirpc.AboutResponse{
		Executable: node,
		Version:    strings.TrimPrefix(strings.TrimSpace(string(out)), "v"),
	}, nil
}

// GetProgramDependencies lists the direct dependencies declared in the program's package.json, with
// the versions actually installed in node_modules.
func (h *nodeHost) GetProgramDependencies(
	ctx context.Context, req *pulumirpc.GetProgramDependenciesRequest,
) (*pulumirpc.GetProgramDependenciesResponse, error) {
	dir := programDir(req.GetInfo(), "")
	pkgPath, ok := findUp(dir, "package.json", false)
	if !ok {
		return &pulumirpc.GetProgramDependenciesResponse{}, nil
	}
	var pkg struct {
		Dependencies    map[string]string `json:"dependencies"`
		DevDependencies map[string]string `json:"devDependencies"`
	}
	if b, err := os.ReadFile(pkgPath); err == nil {
		if err := json.Unmarshal(b, &pkg); err != nil {
			return nil, fmt.Errorf("parsing %s: %w", pkgPath, err)
		}
	}
	names := make([]string, 0, len(pkg.Dependencies)+len(pkg.DevDependencies))
	for n := range pkg.Dependencies {
		names = append(names, n)
	}
	if req.GetTransitiveDependencies() {
		for n := range pkg.DevDependencies {
			if _, dup := pkg.Dependencies[n]; !dup {
				names = append(names, n)
			}
		}
	}
	sort.Strings(names)
	resp := &pulumirpc.GetProgramDependenciesResponse{}
	for _, n := range names {
		v := pkg.Dependencies[n]
		if v == "" {
			v = pkg.DevDependencies[n]
		}
		if p, ok := findUp(filepath.Dir(pkgPath), filepath.Join("node_modules", n, "package.json"), false); ok {
			var installed struct {
				Version string `json:"version"`
			}
			if b, err := os.ReadFile(p); err == nil && json.Unmarshal(b, &installed) == nil && installed.Version != "" {
				v = installed.Version
			}
		}
		resp.Dependencies = append(resp.Dependencies, &pulumirpc.DependencyInfo{Name: n, Version: v})
	}
	return resp, nil
}

// InstallDependencies runs `npm install` when the program has a package.json but no node_modules folder
// can be found from it; otherwise it does nothing.
func (h *nodeHost) InstallDependencies(
	req *pulumirpc.InstallDependenciesRequest,
	stream pulumirpc.LanguageRuntime_InstallDependenciesServer,
) error {
	dir := programDir(req.GetInfo(), req.GetDirectory())
	pkgPath, ok := findUp(dir, "package.json", false)
	if !ok {
		return nil
	}
	if _, ok := findUp(filepath.Dir(pkgPath), "node_modules", true); ok {
		return nil
	}
	npm, err := exec.LookPath("npm")
	if err != nil {
		return errors.New("could not find npm on the $PATH to install dependencies")
	}
	out := &streamWriter{send: func(b []byte) error {
		return stream.Send(&pulumirpc.InstallDependenciesResponse{Stdout: b})
	}}
	errw := &streamWriter{send: func(b []byte) error {
		return stream.Send(&pulumirpc.InstallDependenciesResponse{Stderr: b})
	}}
	cmd := exec.CommandContext(stream.Context(), npm, "install")
	cmd.Dir = filepath.Dir(pkgPath)
	cmd.Stdout, cmd.Stderr = out, errw
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("npm install failed: %w", err)
	}
	return nil
}

type streamWriter struct {
	mu   sync.Mutex
	send func([]byte) error
}

func (w *streamWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	b := append([]byte(nil), p...)
	if err := w.send(b); err != nil {
		return 0, err
	}
	return len(p), nil
}

// Run executes the program: `node [nodeargs] <@pulumi/pulumi/cmd/run> --monitor ... <program> [args]`.
func (h *nodeHost) Run(ctx context.Context, req *pulumirpc.RunRequest) (*pulumirpc.RunResponse, error) {
	h.mu.Lock()
	engineAddress := h.engineAddress
	h.mu.Unlock()

	info := req.GetInfo()
	opts := info.GetOptions().AsMap()
	pwd := req.GetPwd()
	if pwd == "" {
		pwd = info.GetProgramDirectory()
	}
	if pwd == "" {
		pwd, _ = os.Getwd()
	}

	node, err := exec.LookPath("node")
	if err != nil {
		return &pulumirpc.RunResponse{Error: "could not find node on the $PATH; install Node.js to run this program"}, nil
	}

	runPath := os.Getenv("PULUMI_LANGUAGE_NODEJS_RUN_PATH")
	if runPath == "" {
		runPath, err = resolveModule(ctx, node, runModule, pwd, info.GetProgramDirectory(), info.GetRootDirectory())
		if err != nil {
			// The official host's words (its locateModule), so a user reads the same under either host.
			return &pulumirpc.RunResponse{Error: "It looks like the Pulumi SDK has not been installed. Have you run pulumi install?"}, nil
		}
	}

	// Config: keys are "<namespace>:<name>"; the SDK also accepts the legacy "<ns>:config:<name>" form.
	config := req.GetConfig()
	if config == nil {
		config = map[string]string{}
	}
	configJSON, err := json.Marshal(config)
	if err != nil {
		return nil, fmt.Errorf("serializing config: %w", err)
	}
	secretKeys := req.GetConfigSecretKeys()
	if secretKeys == nil {
		secretKeys = []string{}
	}
	secretKeysJSON, err := json.Marshal(secretKeys)
	if err != nil {
		return nil, fmt.Errorf("serializing secret config keys: %w", err)
	}

	args := []string{}
	nodeArgs := h.nodeArgs
	if s, ok := opts["nodeargs"].(string); ok && s != "" {
		nodeArgs = s
	}
	args = append(args, strings.Fields(nodeArgs)...)
	args = append(args, runPath)
	add := func(k, v string) {
		if v != "" {
			args = append(args, "--"+k, v)
		}
	}
	add("monitor", req.GetMonitorAddress())
	add("engine", engineAddress)
	add("organization", req.GetOrganization())
	add("project", req.GetProject())
	add("root-directory", info.GetRootDirectory())
	add("stack", req.GetStack())
	add("pwd", pwd)
	if req.GetDryRun() {
		args = append(args, "--dry-run")
	}
	if req.GetParallel() > 0 {
		add("parallel", fmt.Sprint(req.GetParallel()))
	}
	add("tracing", h.tracing)
	program := req.GetProgram()
	if program == "" {
		program = info.GetEntryPoint()
	}
	if program == "" {
		// "." lets cmd/run pick the entry point from package.json (exports/main), else index.js/index.ts.
		program = "."
	}
	args = append(args, program)
	args = append(args, req.GetArgs()...)

	env := append(os.Environ(),
		"PULUMI_CONFIG="+string(configJSON),
		"PULUMI_CONFIG_SECRET_KEYS="+string(secretKeysJSON),
	)
	env = append(env, h.typescriptEnv(opts)...)

	cmd := exec.Command(node, args...)
	cmd.Dir = pwd
	cmd.Env = env
	cmd.Stdout = os.Stdout
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		return &pulumirpc.RunResponse{
			Error: fmt.Sprintf("Problem executing program (could not run language executor): %v", err),
		}, nil
	}

	// If the engine gives up on the run (cancellation), stop the program: SIGINT first, then SIGKILL.
	waitDone := make(chan struct{})
	go func() {
		select {
		case <-ctx.Done():
			_ = cmd.Process.Signal(os.Interrupt)
			select {
			case <-waitDone:
			case <-time.After(10 * time.Second):
				_ = cmd.Process.Kill()
			}
		case <-waitDone:
		}
	}()
	err = cmd.Wait()
	close(waitDone)

	if err == nil {
		return &pulumirpc.RunResponse{}, nil
	}
	var exitErr *exec.ExitError
	if errors.As(err, &exitErr) {
		if status, ok := exitErr.Sys().(syscall.WaitStatus); ok {
			switch {
			case status.Signaled():
				return &pulumirpc.RunResponse{
					Error: fmt.Sprintf("Program exited due to signal: %v", status.Signal()),
				}, nil
			case status.ExitStatus() == exitAfterUserActionableMessage:
				// The error is already in the output; tell the engine to stop without adding noise.
				return &pulumirpc.RunResponse{Bail: true}, nil
			default:
				return &pulumirpc.RunResponse{
					Error: fmt.Sprintf("Program exited with non-zero exit code: %d", status.ExitStatus()),
				}, nil
			}
		}
		return &pulumirpc.RunResponse{Error: fmt.Sprintf("Program exited unexpectedly: %v", exitErr)}, nil
	}
	return &pulumirpc.RunResponse{
		Error: fmt.Sprintf("Problem executing program (could not run language executor): %v", err),
	}, nil
}
