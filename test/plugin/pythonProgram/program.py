"""Drives one stack of an inline Python program on the provider plugin pulumi-resource-flashduty
through Pulumi's Automation API (pulumi.automation), one step per run, for
test/plugin/pythonProgram.engine.test.ts. The program uses the generated Python SDK (sdks/python,
installed as pulumi_flashduty): an AutomationRule, an McpServer, an McpServerDisablement and each of
the three functions.

    python program.py up|preview-refresh|up-refresh|import|preview|destroy

import adopts the rule and the server (taken out of the state by the test) by id: an up with the
`import_` resource option on the two, so the inline program runs as in every other step.
(Stack.import_resources runs `pulumi import`, which is no inline run: the CLI loads the project's
Python language host, which these test machines do not have; see docs/python.md.) preview is a
plain preview that fails unless it plans no change (expect_no_changes).

Each run prints one JSON object on stdout (secret stack outputs as "[secret]", never their values):
for up, up-refresh and import {"step", "result", "resourceChanges", "outputs", "stdout"}; for
preview-refresh and preview {"step", "changeSummary", "stdout"}; for destroy {"step", "result",
"resourceChanges", "stdout"}. The CLI's progress goes to stderr. Exit status 1 with the error on
stderr when a step fails.

Environment (all required), as for test/plugin/goProgram: FLASHDUTY_PROGRAM_WORK_DIR,
FLASHDUTY_PROGRAM_PLUGIN_DIR, FLASHDUTY_PROGRAM_BASE_URL, FLASHDUTY_PROGRAM_APP_KEY (set as the
secret stack config flashduty:appKey), FLASHDUTY_PROGRAM_DISABLED_SERVER, FLASHDUTY_PROGRAM_HEADER;
for import also FLASHDUTY_PROGRAM_RULE_ID and FLASHDUTY_PROGRAM_SERVER_ID (the ids to adopt);
PULUMI_BACKEND_URL and PULUMI_CONFIG_PASSPHRASE; the CLI is the `pulumi` on PATH.
"""

import json
import os
import sys
from typing import Callable, Optional

import pulumi
import pulumi_flashduty as flashduty
from pulumi import automation as auto

PROJECT = "flashduty-plugin-python"
STACK = "test"
# What the test's console edits change and up --refresh puts back.
PROMPT = "Summarise the open incidents"
DESCRIPTION = "Dashboards (plugin, Python)"
SETTINGS = (
    "FLASHDUTY_PROGRAM_WORK_DIR",
    "FLASHDUTY_PROGRAM_PLUGIN_DIR",
    "FLASHDUTY_PROGRAM_BASE_URL",
    "FLASHDUTY_PROGRAM_APP_KEY",
    "FLASHDUTY_PROGRAM_DISABLED_SERVER",
    "FLASHDUTY_PROGRAM_HEADER",
)


def new_program(rule_id: Optional[str] = None, server_id: Optional[str] = None) -> Callable[[], None]:
    """The program, adopting the rule and the server by rule_id and server_id (the import_ resource
    option) where these are given."""
    return lambda: program(pulumi.ResourceOptions(import_=rule_id), pulumi.ResourceOptions(import_=server_id))


def program(rule_opts: pulumi.ResourceOptions, server_opts: pulumi.ResourceOptions) -> None:
    """Declares each resource (the rule and the server with rule_opts and server_opts) and calls
    each function of the generated SDK."""
    cfg = pulumi.Config()
    header = cfg.require_secret("headerValue")
    rule = flashduty.AutomationRule(
        "rule",
        name="plugin-python-rule",
        prompt=PROMPT,
        cron_expr="0 9 * * *",
        timezone="Asia/Shanghai",
        http_post_trigger_enabled=True,
        opts=rule_opts,
    )
    server = flashduty.McpServer(
        "server",
        server_name="plugin-python-server",
        description=DESCRIPTION,
        transport="streamable-http",
        url="https://grafana.example/mcp",
        headers={"Authorization": header},
        opts=server_opts,
    )
    off = flashduty.McpServerDisablement("off", server_id=cfg.require("disabledServer"))

    # Two functions in their Output form (their arguments wait for the resources), one plain.
    rules = flashduty.get_automation_rules_output(keyword=rule.name)
    servers = flashduty.get_mcp_servers_output(query=server.server_name)
    templates = flashduty.get_automation_templates(locale="en-US")

    pulumi.export("ruleId", rule.rule_id)
    pulumi.export("httpPostToken", rule.http_post_token)
    pulumi.export("serverId", server.server_id)
    pulumi.export("serverHeaders", server.headers)
    pulumi.export("offStatus", off.status)
    pulumi.export(
        "rules",
        rules.apply(lambda r: {"total": r.total, "rules": [{"ruleId": x.rule_id, "name": x.name} for x in r.rules]}),
    )
    pulumi.export(
        "servers",
        servers.apply(
            lambda s: {"total": s.total, "servers": [{"serverId": x.server_id, "serverName": x.server_name} for x in s.servers]}
        ),
    )
    pulumi.export("templatesLocale", templates.locale)
    pulumi.export("templateCount", len(templates.templates))


def open_stack(env: dict, run: Callable[[], None]) -> auto.Stack:
    """Selects (or creates) the stack of the inline program run in the kept workspace folder, and
    sets its config (the app key and the header as secrets) on every run. The plugin is referenced
    by its folder in the folder's Pulumi.yaml (plugins.providers): the Python Automation API's
    ProjectSettings has no plugins field, and an inline program uses a Pulumi.yaml it finds in
    work_dir."""
    work_dir = env["FLASHDUTY_PROGRAM_WORK_DIR"]
    with open(os.path.join(work_dir, "Pulumi.yaml"), "w", encoding="utf-8") as f:
        f.write(
            f"name: {PROJECT}\n"
            "runtime: python\n"
            "plugins:\n"
            "  providers:\n"
            "    - name: flashduty\n"
            f"      path: {json.dumps(env['FLASHDUTY_PROGRAM_PLUGIN_DIR'])}\n"
        )
    stack = auto.create_or_select_stack(
        stack_name=STACK,
        project_name=PROJECT,
        program=run,
        opts=auto.LocalWorkspaceOptions(work_dir=work_dir),
    )
    stack.set_all_config(
        {
            "flashduty:baseUrl": auto.ConfigValue(env["FLASHDUTY_PROGRAM_BASE_URL"]),
            "flashduty:appKey": auto.ConfigValue(env["FLASHDUTY_PROGRAM_APP_KEY"], secret=True),
            "disabledServer": auto.ConfigValue(env["FLASHDUTY_PROGRAM_DISABLED_SERVER"]),
            "headerValue": auto.ConfigValue(env["FLASHDUTY_PROGRAM_HEADER"], secret=True),
        }
    )
    return stack


def redacted(outputs: dict) -> dict:
    """The stack outputs as {"value", "secret"} objects, a secret's value replaced by "[secret]"."""
    return {
        name: {"value": "[secret]" if o.secret else o.value, "secret": o.secret}
        for name, o in outputs.items()
    }


def progress(line: str) -> None:
    print(line, file=sys.stderr)


def main() -> None:
    if len(sys.argv) != 2:
        raise SystemExit(f"usage: {sys.argv[0]} up|preview-refresh|up-refresh|import|preview|destroy")
    step = sys.argv[1]
    env = {}
    for name in SETTINGS:
        env[name] = os.environ.get(name, "")
        if not env[name]:
            raise SystemExit(f"{name} is not set")
    run = new_program()
    if step == "import":
        rule_id, server_id = os.environ.get("FLASHDUTY_PROGRAM_RULE_ID"), os.environ.get("FLASHDUTY_PROGRAM_SERVER_ID")
        if not rule_id or not server_id:
            raise SystemExit("import needs FLASHDUTY_PROGRAM_RULE_ID and FLASHDUTY_PROGRAM_SERVER_ID")
        run = new_program(rule_id, server_id)
    stack = open_stack(env, run)
    if step in ("up", "up-refresh", "import"):
        res = stack.up(refresh=step == "up-refresh", on_output=progress)
        report = {
            "result": res.summary.result,
            "resourceChanges": res.summary.resource_changes,
            "outputs": redacted(res.outputs),
            "stdout": res.stdout,
        }
    elif step == "preview-refresh":
        res = stack.preview(refresh=True, diff=True, on_output=progress)
        report = {"changeSummary": res.change_summary, "stdout": res.stdout}
    elif step == "preview":
        res = stack.preview(expect_no_changes=True, on_output=progress)
        report = {"changeSummary": res.change_summary, "stdout": res.stdout}
    elif step == "destroy":
        res = stack.destroy(on_output=progress)
        report = {"result": res.summary.result, "resourceChanges": res.summary.resource_changes, "stdout": res.stdout}
    else:
        raise SystemExit(f"unknown step {step!r}: up, preview-refresh, up-refresh, import, preview or destroy")
    report["step"] = step
    print(json.dumps(report))


if __name__ == "__main__":
    try:
        main()
    except auto.CommandError as error:
        print(f"flashduty-python-program: {error}", file=sys.stderr)
        sys.exit(1)
