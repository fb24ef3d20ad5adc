// Quick start: keep one MCP server disabled, and read the enabled team automation rules and the
// preset templates in two languages. Run it with `npm run demo` (embedded emulator) or with
// `pulumi up` after `pulumi config set --secret flashduty:appKey <key>`.
import * as pulumi from "@pulumi/pulumi";
import * as flashduty from "pulumi-flashduty";

const config = new pulumi.Config();

// Disables the server on `up`, shows drift on `preview --refresh` if someone re-enables it,
// and enables it again on `destroy`.
const disablement = new flashduty.McpServerDisablement("demo-server", {
  serverId: config.get("serverId") ?? "mcp_grafana",
});

export const disabledServer = {
  id: disablement.serverId,
  name: disablement.serverName,
  status: disablement.status,
  disabledByThisResource: disablement.disabledByThisResource,
};

// Every enabled team rule the key can see, all pages, sorted by rule id.
const teamRules = flashduty.getAutomationRulesOutput({ scope: "team", enabled: true });

export const enabledTeamRules = teamRules.apply(({ total, rules }) => {
  const perTeam: Record<string, number> = {};
  for (const rule of rules) perTeam[`team ${rule.teamId}`] = (perTeam[`team ${rule.teamId}`] ?? 0) + 1;
  return { total, perTeam };
});

export const nextFireTimes = teamRules.apply(({ rules }) =>
  rules
    .filter((rule) => rule.scheduleTriggerEnabled && rule.scheduleNextFireAtMs > 0)
    .sort((a, b) => a.scheduleNextFireAtMs - b.scheduleNextFireAtMs || a.ruleId.localeCompare(b.ruleId))
    .slice(0, 5)
    .map((rule) => `${new Date(rule.scheduleNextFireAtMs).toISOString()}  ${rule.name} (${rule.cronExpr}, ${rule.timezone || "UTC"})`),
);

export const templatesEnUs = flashduty.getAutomationTemplatesOutput({ locale: "en-US" }).templates.apply((ts) => ts.map((t) => t.name));
export const templatesZhCn = flashduty.getAutomationTemplatesOutput({ locale: "zh-CN" }).templates.apply((ts) => ts.map((t) => t.name));
