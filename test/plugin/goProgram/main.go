// Command flashduty-go-program drives one stack of an inline Go program on the provider plugin
// pulumi-resource-flashduty through Pulumi's Automation API, one step per run, for
// test/plugin/goProgram.engine.test.ts. The program uses the generated Go SDK (sdks/go/flashduty,
// through a replace in go.mod): an AutomationRule, an McpServer, an McpServerDisablement and each
// of the three functions.
//
//	flashduty-go-program up|preview-refresh|up-refresh|import|preview|destroy
//
// import adopts the rule and the server (taken out of the state by the test) by id: an up with
// the `import` resource option (pulumi.Import) on the two, so the inline program runs as in every
// other step. (Stack.ImportResources runs `pulumi import`, which is no inline run: the CLI loads
// the project's Go language host, which these test machines do not have; see docs/go.md.)
// preview is a plain preview that fails unless it plans no change (--expect-no-changes).
//
// Each run prints one JSON object on stdout (secret stack outputs as "[secret]", never their
// values): for up, up-refresh and import {"step", "result", "resourceChanges", "outputs",
// "stdout"}; for preview-refresh and preview {"step", "changeSummary", "stdout"}; for destroy
// {"step", "result", "resourceChanges", "stdout"}. The CLI's progress goes to stderr. Exit status
// 1 with the error on stderr when a step fails.
//
// accounts-up and accounts-destroy run another stack (project flashduty-accounts-go): two
// explicit providers on two app keys, an McpServer under each, and getMcpServers through the
// second; the plugin is the one Pulumi installed (no plugins.providers), as a user's program
// finds it. See runAccounts for its report and environment.
//
// Environment (all required): FLASHDUTY_PROGRAM_WORK_DIR (the workspace folder, kept between
// runs: Pulumi.yaml and the stack's config), FLASHDUTY_PROGRAM_PLUGIN_DIR (the folder holding
// pulumi-resource-flashduty), FLASHDUTY_PROGRAM_BASE_URL and FLASHDUTY_PROGRAM_APP_KEY (set as
// the stack config flashduty:baseUrl and, secret, flashduty:appKey), FLASHDUTY_PROGRAM_DISABLED_SERVER
// (the server the McpServerDisablement keeps disabled), FLASHDUTY_PROGRAM_HEADER (a secret
// header value of the McpServer); for import also FLASHDUTY_PROGRAM_RULE_ID and
// FLASHDUTY_PROGRAM_SERVER_ID (the ids to adopt). The backend and its passphrase come from
// PULUMI_BACKEND_URL and PULUMI_CONFIG_PASSPHRASE; the CLI is the `pulumi` on PATH.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"

	"github.com/flashcatcloud/pulumi-flashduty/sdks/go/flashduty"
	"github.com/pulumi/pulumi/sdk/v3/go/auto"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optdestroy"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optpreview"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optup"
	"github.com/pulumi/pulumi/sdk/v3/go/common/tokens"
	"github.com/pulumi/pulumi/sdk/v3/go/common/workspace"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

const (
	projectName = "flashduty-plugin-go"
	stackName   = "test"
	// Prompt and Description are what the test's console edits change and up --refresh puts back
	// (test/support/automationLifecycle.ts knows them).
	Prompt      = "Summarise the open incidents"
	Description = "Dashboards (plugin, Go)"
)

// newProgram is the program, adopting the rule and the server by ruleID and serverID (the import
// resource option) where these are not empty.
func newProgram(ruleID, serverID string) pulumi.RunFunc {
	return func(ctx *pulumi.Context) error { return program(ctx, importing(ruleID), importing(serverID)) }
}

// importing is the import resource option for id, none for "".
func importing(id string) []pulumi.ResourceOption {
	if id == "" {
		return nil
	}
	return []pulumi.ResourceOption{pulumi.Import(pulumi.ID(id))}
}

// program declares each resource (the rule and the server with ruleOpts and serverOpts) and calls
// each function of the generated SDK.
func program(ctx *pulumi.Context, ruleOpts, serverOpts []pulumi.ResourceOption) error {
	cfg := config.New(ctx, "")
	header := cfg.RequireSecret("headerValue")

	rule, err := flashduty.NewAutomationRule(ctx, "rule", &flashduty.AutomationRuleArgs{
		Name:                   pulumi.String("plugin-go-rule"),
		Prompt:                 pulumi.String(Prompt),
		CronExpr:               pulumi.String("0 9 * * *"),
		Timezone:               pulumi.String("Asia/Shanghai"),
		HttpPostTriggerEnabled: pulumi.Bool(true),
	}, ruleOpts...)
	if err != nil {
		return err
	}
	server, err := flashduty.NewMcpServer(ctx, "server", &flashduty.McpServerArgs{
		ServerName:  pulumi.String("plugin-go-server"),
		Description: pulumi.String(Description),
		Transport:   pulumi.String("streamable-http"),
		Url:         pulumi.String("https://grafana.example/mcp"),
		Headers:     pulumi.StringMap{"Authorization": header},
	}, serverOpts...)
	if err != nil {
		return err
	}
	off, err := flashduty.NewMcpServerDisablement(ctx, "off", &flashduty.McpServerDisablementArgs{
		ServerId: pulumi.String(cfg.Require("disabledServer")),
	})
	if err != nil {
		return err
	}

	// Two functions in their Output form (their arguments wait for the resources), one plain.
	rules := flashduty.GetAutomationRulesOutput(ctx, flashduty.GetAutomationRulesOutputArgs{Keyword: rule.Name})
	servers := flashduty.GetMcpServersOutput(ctx, flashduty.GetMcpServersOutputArgs{Query: server.ServerName})
	templates, err := flashduty.GetAutomationTemplates(ctx, &flashduty.GetAutomationTemplatesArgs{Locale: pulumi.StringRef("en-US")})
	if err != nil {
		return err
	}

	ctx.Export("ruleId", rule.RuleId)
	ctx.Export("httpPostToken", rule.HttpPostToken)
	ctx.Export("serverId", server.ServerId)
	ctx.Export("serverHeaders", server.Headers)
	ctx.Export("offStatus", off.Status)
	ctx.Export("rules", rules)
	ctx.Export("servers", servers)
	ctx.Export("templatesLocale", pulumi.String(templates.Locale))
	ctx.Export("templateCount", pulumi.Int(len(templates.Templates)))
	return nil
}

func main() {
	if len(os.Args) != 2 {
		fail(fmt.Errorf("usage: %s up|preview-refresh|up-refresh|import|preview|destroy|accounts-up|accounts-destroy", os.Args[0]))
	}
	ctx := context.Background()
	step := os.Args[1]
	if step == "accounts-up" || step == "accounts-destroy" {
		runAccounts(ctx, step)
		return
	}
	run := newProgram("", "")
	if step == "import" {
		ruleID, serverID := os.Getenv("FLASHDUTY_PROGRAM_RULE_ID"), os.Getenv("FLASHDUTY_PROGRAM_SERVER_ID")
		if ruleID == "" || serverID == "" {
			fail(fmt.Errorf("import needs FLASHDUTY_PROGRAM_RULE_ID and FLASHDUTY_PROGRAM_SERVER_ID"))
		}
		run = newProgram(ruleID, serverID)
	}
	stack, err := openStack(ctx, run)
	if err != nil {
		fail(err)
	}
	progress := os.Stderr
	var report map[string]any
	switch step {
	case "up", "up-refresh", "import":
		opts := []optup.Option{optup.ProgressStreams(progress)}
		if step == "up-refresh" {
			opts = append(opts, optup.Refresh())
		}
		res, err := stack.Up(ctx, opts...)
		if err != nil {
			fail(err)
		}
		report = map[string]any{
			"result": res.Summary.Result, "resourceChanges": res.Summary.ResourceChanges,
			"outputs": redacted(res.Outputs), "stdout": res.StdOut,
		}
	case "preview-refresh":
		res, err := stack.Preview(ctx, optpreview.Refresh(), optpreview.Diff(), optpreview.ProgressStreams(progress))
		if err != nil {
			fail(err)
		}
		report = map[string]any{"changeSummary": res.ChangeSummary, "stdout": res.StdOut}
	case "preview":
		res, err := stack.Preview(ctx, optpreview.ExpectNoChanges(), optpreview.ProgressStreams(progress))
		if err != nil {
			fail(err)
		}
		report = map[string]any{"changeSummary": res.ChangeSummary, "stdout": res.StdOut}
	case "destroy":
		res, err := stack.Destroy(ctx, optdestroy.ProgressStreams(progress))
		if err != nil {
			fail(err)
		}
		report = map[string]any{"result": res.Summary.Result, "resourceChanges": res.Summary.ResourceChanges, "stdout": res.StdOut}
	default:
		fail(fmt.Errorf("unknown step %q: up, preview-refresh, up-refresh, import, preview or destroy", step))
	}
	report["step"] = step
	if err := json.NewEncoder(os.Stdout).Encode(report); err != nil {
		fail(err)
	}
}

// openStack selects (or creates) the stack of the inline program run in the kept workspace folder,
// with the plugin referenced by its folder, and sets its config (the app key and the header as
// secrets) on every run.
func openStack(ctx context.Context, run pulumi.RunFunc) (auto.Stack, error) {
	env := map[string]string{}
	for _, name := range []string{
		"FLASHDUTY_PROGRAM_WORK_DIR", "FLASHDUTY_PROGRAM_PLUGIN_DIR", "FLASHDUTY_PROGRAM_BASE_URL",
		"FLASHDUTY_PROGRAM_APP_KEY", "FLASHDUTY_PROGRAM_DISABLED_SERVER", "FLASHDUTY_PROGRAM_HEADER",
	} {
		if env[name] = os.Getenv(name); env[name] == "" {
			return auto.Stack{}, fmt.Errorf("%s is not set", name)
		}
	}
	project := workspace.Project{
		Name:    tokens.PackageName(projectName),
		Runtime: workspace.NewProjectRuntimeInfo("go", nil),
		Plugins: &workspace.Plugins{Providers: []workspace.PluginOptions{{Name: "flashduty", Path: env["FLASHDUTY_PROGRAM_PLUGIN_DIR"]}}},
	}
	stack, err := auto.UpsertStackInlineSource(ctx, stackName, projectName, run,
		auto.WorkDir(env["FLASHDUTY_PROGRAM_WORK_DIR"]), auto.Project(project))
	if err != nil {
		return auto.Stack{}, err
	}
	err = stack.SetAllConfig(ctx, auto.ConfigMap{
		"flashduty:baseUrl": {Value: env["FLASHDUTY_PROGRAM_BASE_URL"]},
		"flashduty:appKey":  {Value: env["FLASHDUTY_PROGRAM_APP_KEY"], Secret: true},
		"disabledServer":    {Value: env["FLASHDUTY_PROGRAM_DISABLED_SERVER"]},
		"headerValue":       {Value: env["FLASHDUTY_PROGRAM_HEADER"], Secret: true},
	})
	return stack, err
}

// redacted is the stack outputs as {"value", "secret"} objects, a secret's value replaced by "[secret]".
func redacted(outputs auto.OutputMap) map[string]any {
	out := map[string]any{}
	for name, o := range outputs {
		value := o.Value
		if o.Secret {
			value = "[secret]"
		}
		out[name] = map[string]any{"value": value, "secret": o.Secret}
	}
	return out
}

func fail(err error) {
	fmt.Fprintf(os.Stderr, "flashduty-go-program: %v\n", err)
	os.Exit(1)
}

// accountsProgram declares two explicit providers, one per app key (secret stack config appKeyA
// and appKeyB), the same baseUrl; an McpServer under each; and getMcpServers through the second
// (it sees only its own account's server).
func accountsProgram(ctx *pulumi.Context) error {
	cfg := config.New(ctx, "")
	providers := map[string]*flashduty.Provider{}
	servers := map[string]*flashduty.McpServer{}
	for _, account := range []string{"A", "B"} {
		p, err := flashduty.NewProvider(ctx, "account-"+account, &flashduty.ProviderArgs{
			AppKey:     cfg.RequireSecret("appKey" + account),
			BaseUrl:    pulumi.String(cfg.Require("baseUrl")),
			MaxRetries: pulumi.Int(2),
		})
		if err != nil {
			return err
		}
		providers[account] = p
		server, err := flashduty.NewMcpServer(ctx, "server-"+account, &flashduty.McpServerArgs{
			ServerName: pulumi.String("accounts-go-" + account),
			Transport:  pulumi.String("streamable-http"),
			Url:        pulumi.String("https://accounts.example/mcp"),
		}, pulumi.Provider(p))
		if err != nil {
			return err
		}
		ctx.Export("server"+account, server.ServerId)
		servers[account] = server
	}
	// The names' common prefix, waiting for server B: both servers would match it in one account.
	prefix := servers["B"].ServerName.ApplyT(func(name string) string { return name[:len(name)-1] }).(pulumi.StringOutput)
	seen := flashduty.GetMcpServersOutput(ctx, flashduty.GetMcpServersOutputArgs{Query: prefix}, pulumi.Provider(providers["B"]))
	ctx.Export("seenByB", seen.Servers().ApplyT(func(servers []flashduty.McpServerInfo) []string {
		ids := []string{}
		for _, s := range servers {
			ids = append(ids, s.ServerId)
		}
		return ids
	}))
	return nil
}

// runAccounts runs accounts-up or accounts-destroy of the two-account stack and prints its report
// ({"step", "result", "resourceChanges", "outputs"} as for up). Environment: FLASHDUTY_PROGRAM_WORK_DIR,
// FLASHDUTY_PROGRAM_BASE_URL, FLASHDUTY_PROGRAM_APP_KEY and FLASHDUTY_PROGRAM_APP_KEY_2 (the two
// accounts' keys), the backend and its passphrase; the plugin comes from the plugin cache
// ($PULUMI_HOME/plugins), of the SDK's version.
func runAccounts(ctx context.Context, step string) {
	env := map[string]string{}
	for _, name := range []string{"FLASHDUTY_PROGRAM_WORK_DIR", "FLASHDUTY_PROGRAM_BASE_URL", "FLASHDUTY_PROGRAM_APP_KEY", "FLASHDUTY_PROGRAM_APP_KEY_2"} {
		if env[name] = os.Getenv(name); env[name] == "" {
			fail(fmt.Errorf("%s is not set", name))
		}
	}
	project := workspace.Project{Name: tokens.PackageName("flashduty-accounts-go"), Runtime: workspace.NewProjectRuntimeInfo("go", nil)}
	stack, err := auto.UpsertStackInlineSource(ctx, stackName, "flashduty-accounts-go", accountsProgram,
		auto.WorkDir(env["FLASHDUTY_PROGRAM_WORK_DIR"]), auto.Project(project))
	if err != nil {
		fail(err)
	}
	err = stack.SetAllConfig(ctx, auto.ConfigMap{
		"baseUrl": {Value: env["FLASHDUTY_PROGRAM_BASE_URL"]},
		"appKeyA": {Value: env["FLASHDUTY_PROGRAM_APP_KEY"], Secret: true},
		"appKeyB": {Value: env["FLASHDUTY_PROGRAM_APP_KEY_2"], Secret: true},
	})
	if err != nil {
		fail(err)
	}
	var report map[string]any
	if step == "accounts-up" {
		res, err := stack.Up(ctx, optup.ProgressStreams(os.Stderr))
		if err != nil {
			fail(err)
		}
		report = map[string]any{"result": res.Summary.Result, "resourceChanges": res.Summary.ResourceChanges, "outputs": redacted(res.Outputs)}
	} else {
		res, err := stack.Destroy(ctx, optdestroy.ProgressStreams(os.Stderr))
		if err != nil {
			fail(err)
		}
		report = map[string]any{"result": res.Summary.Result, "resourceChanges": res.Summary.ResourceChanges}
	}
	report["step"] = step
	if err := json.NewEncoder(os.Stdout).Encode(report); err != nil {
		fail(err)
	}
}
