"""Two accounts in one inline Python program, through Pulumi's Automation API, on the packages a
release publishes: the Python SDK installed from its wheel (`pulumi_flashduty`) and the provider
plugin installed by `pulumi plugin install` into PULUMI_HOME (no plugins.providers), for
test/plugin/install.engine.test.ts. Two explicit providers, one per app key; an McpServer under
each; getMcpServers through the second (it sees only its own account's server).

    python accounts.py up|destroy

Prints one JSON object on stdout: {"step", "result", "resourceChanges", "outputs"} (secret outputs
as "[secret]"). The CLI's progress goes to stderr. Exit status 1 with the error on stderr when the
step fails.

Environment (all required): FLASHDUTY_PROGRAM_WORK_DIR (the workspace folder, kept between runs),
FLASHDUTY_PROGRAM_BASE_URL, FLASHDUTY_PROGRAM_APP_KEY and FLASHDUTY_PROGRAM_APP_KEY_2 (the two
accounts' keys, set as the secret stack config appKeyA and appKeyB); PULUMI_BACKEND_URL and
PULUMI_CONFIG_PASSPHRASE; the CLI is the `pulumi` on PATH.
"""

import json
import os
import sys

import pulumi
import pulumi_flashduty as flashduty
from pulumi import automation as auto

PROJECT = "flashduty-accounts-python"
SETTINGS = ("FLASHDUTY_PROGRAM_WORK_DIR", "FLASHDUTY_PROGRAM_BASE_URL", "FLASHDUTY_PROGRAM_APP_KEY", "FLASHDUTY_PROGRAM_APP_KEY_2")


def program() -> None:
    cfg = pulumi.Config()
    providers = {}
    servers = {}
    for account in ("A", "B"):
        provider = flashduty.Provider(
            f"account-{account}",
            app_key=cfg.require_secret(f"appKey{account}"),
            base_url=cfg.require("baseUrl"),
            max_retries=2,
        )
        providers[account] = provider
        server = flashduty.McpServer(
            f"server-{account}",
            server_name=f"accounts-python-{account}",
            transport="streamable-http",
            url="https://accounts.example/mcp",
            opts=pulumi.ResourceOptions(provider=provider),
        )
        pulumi.export(f"server{account}", server.server_id)
        servers[account] = server
    # The names' common prefix, waiting for server B: both servers would match it in one account.
    prefix = servers["B"].server_name.apply(lambda name: name[:-1])
    seen = flashduty.get_mcp_servers_output(query=prefix, opts=pulumi.InvokeOutputOptions(provider=providers["B"]))
    pulumi.export("seenByB", seen.servers.apply(lambda servers: [s.server_id for s in servers]))


def main() -> None:
    if len(sys.argv) != 2 or sys.argv[1] not in ("up", "destroy"):
        raise SystemExit(f"usage: {sys.argv[0]} up|destroy")
    step = sys.argv[1]
    env = {}
    for name in SETTINGS:
        env[name] = os.environ.get(name, "")
        if not env[name]:
            raise SystemExit(f"{name} is not set")
    stack = auto.create_or_select_stack(
        stack_name="test",
        project_name=PROJECT,
        program=program,
        opts=auto.LocalWorkspaceOptions(work_dir=env["FLASHDUTY_PROGRAM_WORK_DIR"]),
    )
    stack.set_all_config(
        {
            "baseUrl": auto.ConfigValue(env["FLASHDUTY_PROGRAM_BASE_URL"]),
            "appKeyA": auto.ConfigValue(env["FLASHDUTY_PROGRAM_APP_KEY"], secret=True),
            "appKeyB": auto.ConfigValue(env["FLASHDUTY_PROGRAM_APP_KEY_2"], secret=True),
        }
    )
    progress = lambda line: print(line, file=sys.stderr)  # noqa: E731
    if step == "up":
        res = stack.up(on_output=progress)
        outputs = {name: {"value": "[secret]" if o.secret else o.value, "secret": o.secret} for name, o in res.outputs.items()}
    else:
        res = stack.destroy(on_output=progress)
        outputs = {}
    print(json.dumps({"step": step, "result": res.summary.result, "resourceChanges": res.summary.resource_changes, "outputs": outputs}))


if __name__ == "__main__":
    try:
        main()
    except auto.CommandError as error:
        print(f"flashduty-accounts-python: {error}", file=sys.stderr)
        sys.exit(1)
