// GenerateProgram: the TypeScript program `pulumi import` (and `pulumi convert`) writes from the
// PCL program the engine gives, with Pulumi's own TypeScript code generator
// (github.com/pulumi/pulumi/pkg/v3/codegen/nodejs, the library the official host calls too), so
// that `pulumi import --file` of a Node.js project writes the program here as it does with the
// official host (issue 48). The package schemas the program's resources need come from the
// engine's schema loader at req.LoaderTarget.
package main

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/pulumi/pulumi/pkg/v3/codegen/hcl2/syntax"
	"github.com/pulumi/pulumi/pkg/v3/codegen/nodejs"
	"github.com/pulumi/pulumi/pkg/v3/codegen/pcl"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource/plugin"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
)

func (h *nodeHost) GenerateProgram(
	ctx context.Context, req *pulumirpc.GenerateProgramRequest,
) (*pulumirpc.GenerateProgramResponse, error) {
	loader, err := schema.NewLoaderClient(req.LoaderTarget)
	if err != nil {
		return nil, fmt.Errorf("connecting to the engine's schema loader: %w", err)
	}
	defer loader.Close()

	// Parse the files in a stable order, so diagnostics come in the same order every time.
	names := make([]string, 0, len(req.Source))
	for name := range req.Source {
		names = append(names, name)
	}
	sort.Strings(names)
	parser := syntax.NewParser()
	for _, name := range names {
		if err := parser.ParseFile(strings.NewReader(req.Source[name]), name); err != nil {
			return nil, fmt.Errorf("parsing %s: %w", name, err)
		}
		if parser.Diagnostics.HasErrors() {
			return &pulumirpc.GenerateProgramResponse{Diagnostics: plugin.HclDiagnosticsToRPCDiagnostics(parser.Diagnostics)}, nil
		}
	}

	options := []pcl.BindOption{pcl.PreferOutputVersionedInvokes}
	if !req.Strict {
		// `pulumi import` asks for a lenient bind: its program may name parents and providers it
		// does not declare.
		options = append(options, pcl.NonStrictBindOptions()...)
	}
	program, diags, err := pcl.BindProgram(parser.Files, schema.NewCachedLoader(loader), options...)
	if err != nil {
		return nil, fmt.Errorf("binding the program: %w", err)
	}
	if diags.HasErrors() || program == nil {
		return &pulumirpc.GenerateProgramResponse{Diagnostics: plugin.HclDiagnosticsToRPCDiagnostics(diags)}, nil
	}

	files, genDiags, err := nodejs.GenerateProgram(program)
	if err != nil {
		return nil, fmt.Errorf("generating TypeScript: %w", err)
	}
	return &pulumirpc.GenerateProgramResponse{
		Source:      files,
		Diagnostics: plugin.HclDiagnosticsToRPCDiagnostics(append(diags, genDiags...)),
	}, nil
}
