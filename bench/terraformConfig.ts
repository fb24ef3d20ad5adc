/**
 * Benchmark 14's configurations and floors (issue 59): N mixed resources of the Terraform provider
 * `flashdutyai`, and the same N as Terraform's built-in `terraform_data` (the do-nothing reference:
 * no provider process, no API call), one `count`-ed block per kind with the same attributes.
 *
 * The mix: a fifth each of `flashdutyai_mcp_server_disablement` (of seeded enabled servers),
 * `flashdutyai_mcp_server`, `flashdutyai_a2a_agent` and `flashdutyai_knowledge_file`, the rest
 * `flashdutyai_automation_rule`, each declared as `bench/program` declares it for the Pulumi
 * benchmarks (a secret header per server and an `api_key` per agent, write-only here).
 *
 * Floors (a bucket per operation from `OPERATION_RATE_LIMITS`, the slowest bucket's; full minute
 * windows first: `bench/floors.ts`). A Terraform command runs in phases, each a graph walk of its
 * own that ends before the next begins, so a command's floor is the sum of its phases' floors:
 * - `apply` (nothing in state yet, so its plan reads nothing): d server gets and d disables, m
 *   server creates, a agent creates and a agent gets (a create answers only the id), k pack ensures
 *   and k file puts, r rule creates.
 * - `plan -refresh-only`: one get per resource (d + m server gets, a agent gets, k file gets, r rule gets).
 * - `destroy`: Terraform refreshes first (the refresh's gets), then the deletes: d server gets (a
 *   disablement checks that its server is still disabled) and d enables, m server deletes, a agent
 *   deletes, k file deletes, r rule deletes.
 * At 1,000 each kind has 200, under every per-minute limit, so each write bucket takes 200 / 20 = 10 s.
 */
import { type Floor, floorOf } from "./floors";

/** How many resources of each kind a configuration of `n` declares. */
export interface TerraformMix {
  disablements: number;
  mcpServers: number;
  a2aAgents: number;
  knowledgeFiles: number;
  automationRules: number;
}

/** A fifth each of disablements, servers, agents and files; the rest rules. */
export function terraformMix(n: number): TerraformMix {
  const fifth = Math.floor(n / 5);
  return { disablements: fifth, mcpServers: fifth, a2aAgents: fifth, knowledgeFiles: fifth, automationRules: n - 4 * fifth };
}

/** A command's floor: its phases' floors, one after the other. */
export interface PhasedFloor {
  seconds: number;
  phases: Array<{ name: string; floor: Floor }>;
}

function phased(phases: Array<{ name: string; floor: Floor }>): PhasedFloor {
  return { seconds: phases.reduce((sum, p) => sum + p.floor.seconds, 0), phases };
}

/** The floors of `apply`, `plan -refresh-only` and `destroy` of a mix (see the file comment). */
export function terraformFloors(mix: TerraformMix): { apply: PhasedFloor; refreshOnly: PhasedFloor; destroy: PhasedFloor } {
  const { disablements: d, mcpServers: m, a2aAgents: a, knowledgeFiles: k, automationRules: r } = mix;
  const refresh = floorOf({ "mcpServer.get": d + m, "a2aAgent.get": a, "knowledgeFile.get": k, "automationRule.get": r });
  return {
    apply: phased([
      {
        name: "apply",
        floor: floorOf({
          "mcpServer.get": d,
          "mcpServer.disable": d,
          "mcpServer.create": m,
          "a2aAgent.create": a,
          "a2aAgent.get": a,
          "knowledgePack.ensure": k,
          "knowledgeFile.put": k,
          "automationRule.create": r,
        }),
      },
    ]),
    refreshOnly: phased([{ name: "refresh", floor: refresh }]),
    destroy: phased([
      { name: "refresh", floor: refresh },
      {
        name: "apply",
        floor: floorOf({
          "mcpServer.get": d,
          "mcpServer.enable": d,
          "mcpServer.delete": m,
          "a2aAgent.delete": a,
          "knowledgeFile.delete": k,
          "automationRule.delete": r,
        }),
      },
    ]),
  };
}

/** HCL's interpolation of `expr`: `${expr}` in the configuration. */
const at = (expr: string) => `\${${expr}}`;
/** The instance's index, interpolated. */
const i = at("count.index");

/** The attributes of each kind, as HCL object bodies over `count.index` (the same for both configurations). */
function kinds(mix: TerraformMix): Array<{ type: string; name: string; count: string; attributes: string[] }> {
  return [
    { type: "flashdutyai_mcp_server_disablement", name: "disablement", count: "length(local.servers)", attributes: ["server_id = local.servers[count.index]"] },
    {
      type: "flashdutyai_mcp_server",
      name: "server",
      count: String(mix.mcpServers),
      attributes: [
        `server_name = "bench-mcp-${i}"`,
        'transport = "streamable-http"',
        `url = "https://mcp-${i}.bench.example/mcp"`,
        `headers = { Authorization = "Bearer bench-token-${i}" }`,
        "team_id = 1",
      ],
    },
    {
      type: "flashdutyai_a2a_agent",
      name: "agent",
      count: String(mix.a2aAgents),
      attributes: [
        `agent_name = "bench-a2a-${i}"`,
        `instructions = "Ask agent ${i} about its systems."`,
        `card_url = "https://a2a-${i}.bench.example/.well-known/agent-card.json"`,
        'auth_type = "api_key"',
        `auth_config = { header_name = "X-Api-Key", api_key = "bench-key-${i}" }`,
        "team_id = 1",
      ],
    },
    {
      type: "flashdutyai_knowledge_file",
      name: "file",
      count: String(mix.knowledgeFiles),
      attributes: [
        "team_id = 1",
        `path = "bench/file-${i}.md"`,
        `content = "# Bench note ${i}\\n\\nService ${i} is owned by team 1; page the on-call of shard ${at("count.index % 7")}.\\n"`,
      ],
    },
    {
      type: "flashdutyai_automation_rule",
      name: "rule",
      count: String(mix.automationRules),
      attributes: [`name = "Bench rule ${i}"`, 'prompt = "Summarise the alerts."', `cron_expr = "${at("count.index % 60")} 9 * * *"`, "team_id = 1"],
    },
  ];
}

/**
 * `main.tf` of the measured configuration (`reference` false: the provider, its settings from
 * `FLASHDUTY_APP_KEY` and `FLASHDUTY_BASE_URL`) or of the do-nothing reference (`reference` true:
 * every resource a `terraform_data` whose `input` holds the same attributes).
 */
export function terraformConfig(mix: TerraformMix, servers: readonly string[], reference: boolean): string {
  if (servers.length !== mix.disablements) throw new Error(`bench: ${mix.disablements} disablements need as many servers, got ${servers.length}`);
  const head = reference
    ? ""
    : `terraform {\n  required_providers {\n    flashdutyai = { source = "flashcatcloud/flashdutyai" }\n  }\n}\n\nprovider "flashdutyai" {}\n\n`;
  const blocks = kinds(mix).map(({ type, name, count, attributes }) =>
    reference
      ? `resource "terraform_data" "${name}" {\n  count = ${count}\n  input = {\n${attributes.map((a) => `    ${a}`).join("\n")}\n  }\n}\n`
      : `resource "${type}" "${name}" {\n  count = ${count}\n${attributes.map((a) => `  ${a}`).join("\n")}\n}\n`,
  );
  return `${head}locals {\n  servers = ${JSON.stringify(servers)}\n}\n\n${blocks.join("\n")}`;
}
