// Test program of the real-engine tests (test/engine) and the reliability tests
// (test/reliability). Plain JavaScript so each `pulumi` command spends no time compiling
// TypeScript. Everything it declares comes from stack config (project namespace):
//   servers:         JSON list of server ids, or of { name, args, aliases?, deleteBeforeReplace? }
//                    for raw (possibly bad) arguments, renames and replacements
//   restoreOnDelete: JSON boolean for every resource given by id (omit: the default)
//   rules:           JSON args of getAutomationRules (omit: no rules read)
//   templates:       JSON list of locales for getAutomationTemplates (null: the default locale)
//   ruleCases:       JSON list of getAutomationRules args, each read separately
//   templateCases:   JSON list of `locale` values for getAutomationTemplates, each read separately
//   automationRules: JSON list of { name, args } for AutomationRule resources; their outputs
//                    are exported under `automationRules.<name>` (the token stays a secret)
//   mcpServers:      JSON list of { name, args, disabledBy? } for McpServer resources (disabledBy:
//                    the name of an McpServerDisablement of the same server); their outputs are
//                    exported under `mcpServers.<name>` (env and headers stay secrets)
//   a2aAgents:       JSON list of { name, args } for A2aAgent resources; their outputs are
//                    exported under `a2aAgents.<name>` (authConfig stays a secret)
//   knowledgeFiles:  JSON list of { name, args, sourceFile?, sourceText? } for KnowledgeFile
//                    resources (sourceFile / sourceText: a FileAsset / StringAsset as `source`);
//                    their outputs are exported under `knowledgeFiles.<name>`
//   knowledgeQuery:  JSON args of getKnowledgeFiles, exported under `knowledge`
//   gets:            JSON list of { kind: "McpServerDisablement" | "AutomationRule", name, id,
//                    state? }: objects read with `<kind>.get`, exported under `gets.<name>`

// Node.js 20.20's util.inspect loops on a stack frame such as
// "/x/node_modules/@pulumi/output.ts:516:31" (a scoped package followed by no further "/",
// which the source maps of @pulumi/pulumi produce) until the string overflows: 30-40 s of CPU
// before Pulumi can print any unhandled program error (it prints them with
// util.inspect(err, { colors: true })). Plain V8 stack frames (the .js files) avoid that; the
// error messages the tests assert are the same either way.
Error.prepareStackTrace = undefined;

const pulumi = require("@pulumi/pulumi");
const flashduty = require("pulumi-flashduty");

const config = new pulumi.Config();
const servers = config.getObject("servers") || [];
const restoreOnDelete = config.getObject("restoreOnDelete");

// An entry's `aliases` (old resource names) and `deleteBeforeReplace` become resource options.
const optionsOf = (entry) => ({
  ...(entry.aliases === undefined ? {} : { aliases: entry.aliases.map((name) => ({ name })) }),
  ...(entry.deleteBeforeReplace === undefined ? {} : { deleteBeforeReplace: entry.deleteBeforeReplace }),
});
const resources = servers.map((entry) =>
  typeof entry === "string"
    ? new flashduty.McpServerDisablement(entry, restoreOnDelete === undefined ? { serverId: entry } : { serverId: entry, restoreOnDelete })
    : new flashduty.McpServerDisablement(entry.name, entry.args, optionsOf(entry)),
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

const ruleCases = config.getObject("ruleCases");
if (ruleCases !== undefined) exports.ruleCases = ruleCases.map((args) => flashduty.getAutomationRulesOutput(args).total);

const templateCases = config.getObject("templateCases");
if (templateCases !== undefined) {
  exports.templateCases = templateCases.map((locale) => flashduty.getAutomationTemplatesOutput({ locale }).templates.apply((t) => t.length));
}

const automationRules = config.getObject("automationRules");
if (automationRules !== undefined) {
  exports.automationRules = Object.fromEntries(
    automationRules.map((entry) => {
      const rule = new flashduty.AutomationRule(entry.name, entry.args);
      return [
        entry.name,
        {
          ruleId: rule.ruleId,
          name: rule.name,
          cronExpr: rule.cronExpr,
          teamId: rule.teamId,
          enabled: rule.enabled,
          httpPostTriggerUrl: rule.httpPostTriggerUrl,
          httpPostToken: rule.httpPostToken,
          scheduleNextFireAtMs: rule.scheduleNextFireAtMs,
        },
      ];
    }),
  );
}

const mcpServers = config.getObject("mcpServers");
if (mcpServers !== undefined) {
  exports.mcpServers = Object.fromEntries(
    mcpServers.map((entry) => {
      const server = new flashduty.McpServer(entry.name, entry.args);
      // disabledBy: the name of an McpServerDisablement of this server (the pair's rule: the disablement wins).
      if (entry.disabledBy !== undefined) new flashduty.McpServerDisablement(entry.disabledBy, { serverId: server.serverId });
      return [
        entry.name,
        {
          serverId: server.serverId,
          serverName: server.serverName,
          description: server.description,
          transport: server.transport,
          teamId: server.teamId,
          enabled: server.enabled,
          environments: server.environments,
          env: server.env,
          headers: server.headers,
          createdAt: server.createdAt,
        },
      ];
    }),
  );
}

const a2aAgents = config.getObject("a2aAgents");
if (a2aAgents !== undefined) {
  exports.a2aAgents = Object.fromEntries(
    a2aAgents.map((entry) => {
      const agent = new flashduty.A2aAgent(entry.name, entry.args);
      return [
        entry.name,
        {
          agentId: agent.agentId,
          agentName: agent.agentName,
          instructions: agent.instructions,
          teamId: agent.teamId,
          enabled: agent.enabled,
          authConfig: agent.authConfig,
          authConfigKeys: agent.authConfigKeys,
          createdAt: agent.createdAt,
        },
      ];
    }),
  );
}

const gets = config.getObject("gets");
if (gets !== undefined) {
  exports.gets = Object.fromEntries(
    gets.map((entry) => {
      const resource = flashduty[entry.kind].get(entry.name, entry.id, entry.state);
      const isInstance = {
        mcpServerDisablement: flashduty.McpServerDisablement.isInstance(resource),
        automationRule: flashduty.AutomationRule.isInstance(resource),
      };
      const outputs =
        entry.kind === "McpServerDisablement"
          ? {
              id: resource.id,
              serverId: resource.serverId,
              serverName: resource.serverName,
              teamId: resource.teamId,
              status: resource.status,
              disabledByThisResource: resource.disabledByThisResource,
              restoreOnDelete: resource.restoreOnDelete,
            }
          : { id: resource.id, ruleId: resource.ruleId, name: resource.name, teamId: resource.teamId, cronExpr: resource.cronExpr, enabled: resource.enabled };
      return [entry.name, { ...outputs, isInstance }];
    }),
  );
}

//   skills:          JSON list of { name, args } for Skill resources; `args.folder` becomes the
//                    `source` FileArchive of that folder (`args.source` is passed as it is); their
//                    outputs are exported under `skills.<name>`, `getSkills` under `skillList`
const skills = config.getObject("skills");
if (skills !== undefined) {
  const made = [];
  exports.skills = Object.fromEntries(
    skills.map((entry) => {
      const { folder, ...args } = entry.args;
      const skill = new flashduty.Skill(entry.name, folder === undefined ? args : { ...args, source: new pulumi.asset.FileArchive(folder) });
      made.push(skill);
      return [
        entry.name,
        {
          skillId: skill.skillId,
          skillName: skill.skillName,
          description: skill.description,
          teamId: skill.teamId,
          enabled: skill.enabled,
          status: skill.status,
          checksum: skill.checksum,
          sourceHash: skill.sourceHash,
          isModified: skill.isModified,
          version: skill.version,
        },
      ];
    }),
  );
  exports.skillList = flashduty
    .getSkillsOutput({ scope: "all" }, { dependsOn: made })
    .skills.apply((list) => list.map((s) => `${s.skillName}@${s.teamId}: ${s.description}`));
}

const knowledgeFiles = config.getObject("knowledgeFiles");
if (knowledgeFiles !== undefined) {
  exports.knowledgeFiles = Object.fromEntries(
    knowledgeFiles.map((entry) => {
      const source =
        entry.sourceFile !== undefined
          ? { source: new pulumi.asset.FileAsset(entry.sourceFile) }
          : entry.sourceText !== undefined
            ? { source: new pulumi.asset.StringAsset(entry.sourceText) }
            : {};
      const file = new flashduty.KnowledgeFile(entry.name, { ...entry.args, ...source });
      return [
        entry.name,
        { fileId: file.fileId, packId: file.packId, teamId: file.teamId, path: file.path, checksum: file.checksum, sizeBytes: file.sizeBytes },
      ];
    }),
  );
}

const knowledgeQuery = config.getObject("knowledgeQuery");
if (knowledgeQuery !== undefined) exports.knowledge = flashduty.getKnowledgeFilesOutput(knowledgeQuery);
