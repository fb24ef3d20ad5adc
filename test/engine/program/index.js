// Test program for the real-engine tests, reliability tests and benchmarks. Plain JavaScript so
// each `pulumi` command spends no time compiling TypeScript. Everything it declares comes from
// stack config (project namespace):
//   servers:   JSON list of server ids, or of { name, args } for raw (possibly bad) arguments
//   rules:     JSON args of getAutomationRules (omit: no rules read)
//   templates: JSON list of locales for getAutomationTemplates (omit: none)
const pulumi = require("@pulumi/pulumi");
const flashduty = require("pulumi-flashduty");

const config = new pulumi.Config();
const servers = config.getObject("servers") || [];
const restoreOnDelete = config.getObject("restoreOnDelete");

const resources = servers.map((entry) =>
  typeof entry === "string"
    ? new flashduty.McpServerDisablement(entry, restoreOnDelete === undefined ? { serverId: entry } : { serverId: entry, restoreOnDelete })
    : new flashduty.McpServerDisablement(entry.name, entry.args),
);
exports.servers = Object.fromEntries(
  resources.map((resource, i) => [
    typeof servers[i] === "string" ? servers[i] : servers[i].name,
    { status: resource.status, disabledByThisResource: resource.disabledByThisResource, teamId: resource.teamId },
  ]),
);

const rules = config.getObject("rules");
if (rules !== undefined) exports.rules = flashduty.getAutomationRulesOutput(rules);

const templates = config.getObject("templates");
if (templates !== undefined) {
  exports.templates = Object.fromEntries(
    templates.map((locale) => [locale === null ? "default" : locale, flashduty.getAutomationTemplatesOutput(locale === null ? {} : { locale })]),
  );
}
