// MCP servers as code: the connectors one team's AI SRE may reach, with their credentials,
// reviewed in a pull request, applied by `pulumi up`, and put back by `pulumi up --refresh` when
// someone edits them in the console. Run it with `pulumi up` after
//   pulumi config set --secret flashduty:appKey <key>
//   pulumi config set --secret grafanaToken <Grafana service account token>
//   pulumi config set --secret githubToken <GitHub personal access token>
// (and flashduty:baseUrl for the emulator, e.g. `npx pulumi-flashduty-emulator`).
import * as pulumi from "@pulumi/pulumi";
import * as flashduty from "pulumi-flashduty";

const config = new pulumi.Config();
const teamId = config.getNumber("teamId") ?? 1;

// 1. Grafana over streamable HTTP. The header value is built from a config secret, so it stays a
// secret: encrypted in state, never shown by preview or logs. The platform answers it masked
// (`******`), and a refresh reads that as the value in state, so it is no drift.
const grafana = new flashduty.McpServer("grafana", {
  serverName: "grafana-prod",
  description: "Dashboards, alert rules and panels of production",
  transport: "streamable-http",
  url: "https://grafana.example.com/api/mcp",
  headers: {
    Authorization: pulumi.interpolate`Bearer ${config.requireSecret("grafanaToken")}`,
    "X-Grafana-Org-Id": "1",
  },
  teamId,
  environments: ["cloud"], // only the cloud runner; [] (the default) = every environment
  callTimeoutSeconds: 120,
});

// 2. The GitHub server, started by the runner over stdio. The token reaches it as an environment
// variable; `env` values are secrets as well.
const github = new flashduty.McpServer("github", {
  serverName: "github-readonly",
  description: "Repositories, pull requests and deployments (read-only tools)",
  transport: "stdio",
  command: "github-mcp-server",
  args: ["stdio", "--read-only"],
  env: {
    GITHUB_PERSONAL_ACCESS_TOKEN: config.requireSecret("githubToken"),
    GITHUB_HOST: "github.com",
  },
  teamId,
});

export const grafanaServerId = grafana.serverId;
export const githubServerId = github.serverId;

// Every MCP server of the team, also those made in the console: read after the two above exist
// (dependsOn), so the list includes them. Names and transports only: the platform masks secret
// values in what it answers, but they are no use in an output either.
const teamServers = flashduty.getMcpServersOutput({ scope: "team", teamIds: [teamId] }, { dependsOn: [grafana, github] });
export const teamServerNames = teamServers.servers.apply((servers) => servers.map((s) => `${s.serverName} (${s.transport})`));
