// Automation rules as code: three rules of one team, reviewed in a pull request, previewed and
// applied by `pulumi up`, and put back by `pulumi up --refresh` when someone edits them in the
// console. Run it with `pulumi up` after
//   pulumi config set --secret flashduty:appKey <key>
// (and flashduty:baseUrl for the emulator, e.g. `npx pulumi-flashduty-emulator`).
import * as pulumi from "@pulumi/pulumi";
import * as flashduty from "pulumi-flashduty";

const config = new pulumi.Config();
const teamId = config.getNumber("teamId") ?? 1;

// 1. A daily digest on a schedule: 08:30 on weekdays, Shanghai time. The cron dialect of the
// platform: 5 fields (or 4 without the minute), the minute one fixed number, no seconds.
const digest = new flashduty.AutomationRule("daily-digest", {
  name: "Daily alert digest",
  prompt: "Summarise the alerts and incidents of the last 24 hours by service, and list what is still open.",
  cronExpr: "30 8 * * 1-5",
  timezone: "Asia/Shanghai",
  teamId,
});

// 2. A rule fired over HTTP by the deploy pipeline. It has no schedule, but the platform still
// requires a cron: the placeholder "0 0 * * *" with the schedule trigger off. Change
// `httpPostTokenRotation` to rotate the token on purpose.
const deployCheck = new flashduty.AutomationRule("deploy-check", {
  name: "Post-deploy health check",
  prompt: "A deploy just finished: compare error rates and latency before and after it, and flag regressions.",
  cronExpr: "0 0 * * *",
  scheduleTriggerEnabled: false,
  httpPostTriggerEnabled: true,
  httpPostTokenRotation: "2026-11",
  teamId,
});

// 3. Triage of on-call incidents: critical and warning incidents of one integration.
const triage = new flashduty.AutomationRule("incident-triage", {
  name: "Incident triage",
  prompt: "Triage the new incident: collect recent deploys, related alerts and logs, and suggest a first action.",
  cronExpr: "0 0 * * *",
  scheduleTriggerEnabled: false,
  oncallIncidentTriggerEnabled: true,
  oncallIncidentChannelIds: [config.getNumber("oncallChannelId") ?? 3001],
  oncallIncidentSeverities: ["Critical", "Warning"],
  teamId,
});

export const digestRuleId = digest.ruleId;
export const digestNextRun = digest.scheduleNextFireAtMs.apply((ms) => (ms > 0 ? new Date(ms).toISOString() : "not scheduled"));
export const triageRuleId = triage.ruleId;

// The deploy pipeline's webhook: the URL and the secret token feed one object, which stays a
// secret (the token is one), so `pulumi stack output` shows it only with --show-secrets. A CI
// job reads it with `pulumi stack output deployWebhook --show-secrets --json` and calls
//   curl -X POST "$url" -H "Authorization: $authorization" -d '{"text":"deploy 1234"}'
export const deployWebhook = pulumi.all([deployCheck.httpPostTriggerUrl, deployCheck.httpPostToken]).apply(([url, token]) => ({
  url: url ?? "",
  authorization: `Bearer ${token ?? ""}`,
}));
