// Program of the engine benchmarks (bench/engine.ts and the lifecycle benchmarks). Plain
// JavaScript, so no `pulumi` command spends time compiling TypeScript. Stack config (project
// namespace):
//   servers: JSON list of MCP server ids, one McpServerDisablement each; an empty list is the
//            empty stack that measures engine start-up.
//   automationRules: a number N of AutomationRule resources (team 1, distinct names).
//   mcpServers: a number N of McpServer resources (streamable-http, team 1, distinct names, a
//            secret Authorization header each).
//   a2aAgents: a number N of A2aAgent resources (api_key auth, team 1, distinct names, a secret
//            api_key each).
//   skills: a number N of Skill resources (team 1), each from the folder
//            <skillsDir>/bench-skill-<i> (a SKILL.md named bench-skill-<i>, written by
//            bench/skillsAndKnowledge.ts).
//   skillsDir: absolute path of the folder holding those skill folders.
//   knowledgeFiles: a number N of KnowledgeFile resources in team 1's pack (bench/file-<i>.md,
//            distinct text each).
//   noop:    true declares every one of those resources, with the same name and the same inputs
//            (the same ones secret), as a resource of a do-nothing dynamic provider instead (no
//            API call): the like-for-like reference, what the engine alone costs for exactly
//            this program (issue 47). Its outputs are its inputs plus an id and a status.
// The app key and base URL come from FLASHDUTY_APP_KEY / FLASHDUTY_BASE_URL.
const pulumi = require("@pulumi/pulumi");

const config = new pulumi.Config();
const noop = config.getBoolean("noop") === true;
const flashduty = noop ? undefined : require("pulumi-flashduty");

const noopProvider = {
  async create(inputs) {
    return { id: inputs.serverId ?? require("node:crypto").randomUUID(), outs: { ...inputs, status: "done" } };
  },
  async diff() {
    return { changes: false };
  },
  async read(id, props) {
    return { id, props };
  },
  async update(_id, olds) {
    return { outs: olds };
  },
};

/**
 * Declares resource `kind` (a class of pulumi-flashduty) named `name` with `args`, or, with
 * `noop`, a do-nothing dynamic resource with the same inputs, `secretKeys` wrapped as secrets as
 * the package's class wraps them (its `env`/`headers`/`authConfig` are always secret).
 */
function declare(kind, name, args, secretKeys = []) {
  if (!noop) return new flashduty[kind](name, args);
  const inputs = { ...args };
  for (const key of secretKeys) if (inputs[key] !== undefined) inputs[key] = pulumi.secret(inputs[key]);
  return new pulumi.dynamic.Resource(noopProvider, name, inputs, { additionalSecretOutputs: secretKeys }, "bench", `Noop${kind}`);
}

const servers = config.getObject("servers") || [];
for (const serverId of servers) declare("McpServerDisablement", serverId, { serverId });

const ruleCount = config.getNumber("automationRules") || 0;
for (let i = 0; i < ruleCount; i++) {
  declare("AutomationRule", `rule-${i}`, { name: `Bench rule ${i}`, prompt: "Summarise the alerts.", cronExpr: `${i % 60} 9 * * *`, teamId: 1 });
}
const mcpServerCount = config.getNumber("mcpServers") || 0;
for (let i = 0; i < mcpServerCount; i++) {
  declare(
    "McpServer",
    `mcp-${i}`,
    {
      serverName: `bench-mcp-${i}`,
      transport: "streamable-http",
      url: `https://mcp-${i}.bench.example/mcp`,
      headers: { Authorization: `Bearer bench-token-${i}` },
      teamId: 1,
    },
    ["env", "headers"],
  );
}
const a2aAgentCount = config.getNumber("a2aAgents") || 0;
for (let i = 0; i < a2aAgentCount; i++) {
  declare(
    "A2aAgent",
    `a2a-${i}`,
    {
      agentName: `bench-a2a-${i}`,
      instructions: `Ask agent ${i} about its systems.`,
      cardUrl: `https://a2a-${i}.bench.example/.well-known/agent-card.json`,
      authType: "api_key",
      authConfig: { header_name: "X-Api-Key", api_key: `bench-key-${i}` },
      teamId: 1,
    },
    ["authConfig"],
  );
}
const skillCount = config.getNumber("skills") || 0;
if (skillCount > 0) {
  const path = require("node:path");
  const skillsDir = config.require("skillsDir");
  for (let i = 0; i < skillCount; i++) {
    declare("Skill", `skill-${i}`, { source: new pulumi.asset.FileArchive(path.join(skillsDir, `bench-skill-${i}`)), teamId: 1 });
  }
}
const knowledgeFileCount = config.getNumber("knowledgeFiles") || 0;
for (let i = 0; i < knowledgeFileCount; i++) {
  declare("KnowledgeFile", `file-${i}`, {
    teamId: 1,
    path: `bench/file-${i}.md`,
    content: `# Bench note ${i}\n\nService ${i} is owned by team 1; page the on-call of shard ${i % 7}.\n`,
  });
}
exports.count = servers.length + ruleCount + mcpServerCount + a2aAgentCount + skillCount + knowledgeFileCount;
