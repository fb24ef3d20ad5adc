// Program of the engine benchmarks (bench/engine.ts). Plain JavaScript, so no `pulumi` command
// spends time compiling TypeScript. Stack config (project namespace):
//   servers: JSON list of MCP server ids, one McpServerDisablement each; an empty list is the
//            empty stack that measures engine start-up.
//   noop:    true declares the same number of resources of a do-nothing dynamic provider
//            instead (no API call): what the engine alone costs for that many resources.
//   automationRules: a number N of AutomationRule resources (team 1, distinct names) for the
//            rule benchmark (bench/automationRules.ts).
//   mcpServers: a number N of McpServer resources (streamable-http, team 1, distinct names, a
//            secret Authorization header each) for the MCP server benchmark (bench/mcpServers.ts).
//   a2aAgents: a number N of A2aAgent resources (api_key auth, team 1, distinct names, a secret
//            api_key each) for the A2A agent benchmark (bench/a2aAgents.ts).
//   skills: a number N of Skill resources (team 1), each from the folder
//            <skillsDir>/bench-skill-<i> (a SKILL.md named bench-skill-<i>, written by
//            bench/skillsAndKnowledge.ts), for the skill and knowledge benchmark.
//   skillsDir: absolute path of the folder holding those skill folders.
//   knowledgeFiles: a number N of KnowledgeFile resources in team 1's pack (bench/file-<i>.md,
//            distinct text each) for the same benchmark.
// The app key and base URL come from FLASHDUTY_APP_KEY / FLASHDUTY_BASE_URL.
const pulumi = require("@pulumi/pulumi");

const config = new pulumi.Config();
const servers = config.getObject("servers") || [];

if (config.getBoolean("noop")) {
  const noopProvider = {
    async create(inputs) {
      return { id: inputs.serverId, outs: { ...inputs, status: "disabled" } };
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
  for (const serverId of servers) new pulumi.dynamic.Resource(noopProvider, serverId, { serverId }, {}, "bench", "Noop");
} else if (servers.length > 0) {
  const flashduty = require("pulumi-flashduty");
  for (const serverId of servers) new flashduty.McpServerDisablement(serverId, { serverId });
}
const ruleCount = config.getNumber("automationRules") || 0;
if (ruleCount > 0) {
  const flashduty = require("pulumi-flashduty");
  for (let i = 0; i < ruleCount; i++) {
    new flashduty.AutomationRule(`rule-${i}`, { name: `Bench rule ${i}`, prompt: "Summarise the alerts.", cronExpr: `${i % 60} 9 * * *`, teamId: 1 });
  }
}
const mcpServerCount = config.getNumber("mcpServers") || 0;
if (mcpServerCount > 0) {
  const flashduty = require("pulumi-flashduty");
  for (let i = 0; i < mcpServerCount; i++) {
    new flashduty.McpServer(`mcp-${i}`, {
      serverName: `bench-mcp-${i}`,
      transport: "streamable-http",
      url: `https://mcp-${i}.bench.example/mcp`,
      headers: { Authorization: `Bearer bench-token-${i}` },
      teamId: 1,
    });
  }
}
const a2aAgentCount = config.getNumber("a2aAgents") || 0;
if (a2aAgentCount > 0) {
  const flashduty = require("pulumi-flashduty");
  for (let i = 0; i < a2aAgentCount; i++) {
    new flashduty.A2aAgent(`a2a-${i}`, {
      agentName: `bench-a2a-${i}`,
      instructions: `Ask agent ${i} about its systems.`,
      cardUrl: `https://a2a-${i}.bench.example/.well-known/agent-card.json`,
      authType: "api_key",
      authConfig: { header_name: "X-Api-Key", api_key: `bench-key-${i}` },
      teamId: 1,
    });
  }
}
const skillCount = config.getNumber("skills") || 0;
if (skillCount > 0) {
  const flashduty = require("pulumi-flashduty");
  const path = require("node:path");
  const skillsDir = config.require("skillsDir");
  for (let i = 0; i < skillCount; i++) {
    new flashduty.Skill(`skill-${i}`, { source: new pulumi.asset.FileArchive(path.join(skillsDir, `bench-skill-${i}`)), teamId: 1 });
  }
}
const knowledgeFileCount = config.getNumber("knowledgeFiles") || 0;
if (knowledgeFileCount > 0) {
  const flashduty = require("pulumi-flashduty");
  for (let i = 0; i < knowledgeFileCount; i++) {
    new flashduty.KnowledgeFile(`file-${i}`, {
      teamId: 1,
      path: `bench/file-${i}.md`,
      content: `# Bench note ${i}\n\nService ${i} is owned by team 1; page the on-call of shard ${i % 7}.\n`,
    });
  }
}
exports.count = servers.length + ruleCount + mcpServerCount + a2aAgentCount + skillCount + knowledgeFileCount;
