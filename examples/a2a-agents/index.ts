// A2A agents as code: the other teams' agents this team's AI SRE may call over A2A, with their
// instructions and credentials, reviewed in a pull request, applied by `pulumi up`, and put back
// by `pulumi up --refresh` when someone edits them in the console. Run it with `pulumi up` after
//   pulumi config set --secret flashduty:appKey <key>
//   pulumi config set --secret paymentsApiKey <the payments agent's API key>
// (and flashduty:baseUrl for the emulator, e.g. `npx pulumi-flashduty-emulator`).
import * as pulumi from "@pulumi/pulumi";
import * as flashduty from "pulumi-flashduty";

const config = new pulumi.Config();
const teamId = config.getNumber("teamId") ?? 1;

// 1. The payments team's agent, reached with a shared API key. The key comes from a config
// secret and `authConfig` is always a secret: encrypted in state, never shown by preview or
// logs. The platform answers it masked (`******`), and a refresh reads that as the value in
// state, so it is no drift.
const payments = new flashduty.A2aAgent("payments", {
  agentName: "payments-oncall",
  instructions: [
    "---",
    "summary: Refunds, payouts and card declines",
    "---",
    "Ask this agent about a refund, a failed payout or a spike of card declines.",
    "Give it the merchant id and the time range of the incident.",
  ].join("\n"),
  cardUrl: "https://payments.example.com/.well-known/agent-card.json",
  authType: "api_key",
  authConfig: { header_name: "X-Api-Key", api_key: config.requireSecret("paymentsApiKey") },
  streaming: true,
  teamId,
});

// 2. The data platform's agent: each engineer signs in with their own token (per-user secret),
// so the agent holds no shared credential; the schema names the header it is sent in.
const data = new flashduty.A2aAgent("data", {
  agentName: "data-platform",
  instructions: "Ask about late or failed pipelines, and about the freshness of a table.",
  cardUrl: "https://data.example.com/.well-known/agent-card.json",
  authType: "bearer",
  authMode: "per_user_secret",
  secretSchema: { header_name: "Authorization" },
  teamId,
});

export const paymentsAgentId = payments.agentId;
export const dataAgentId = data.agentId;

// Every A2A agent of the team, also those made in the console, read after the two above exist.
const teamAgents = flashduty.getA2aAgentsOutput({ scope: "team", teamIds: [teamId] }, { dependsOn: [payments, data] });
export const teamAgentNames = teamAgents.agents.apply((agents) => agents.map((a) => `${a.agentName} (${a.authType})`));
