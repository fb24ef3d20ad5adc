/**
 * One drift report from what was observed, whichever tool observed it: the refreshed resources
 * (a Pulumi refresh preview's events, or a Terraform plan's refreshed state and
 * `resource_drift`), the data source lists compared, and notes. `detectDrift` and
 * `detectTerraformDrift` both end here, so both reports have one shape and one set of rules.
 */
import { a2aAgentResourceDrifts } from "./a2aAgents";
import { ruleResourceDrifts } from "./automationRules";
import type { DataSourceDrift } from "./dataSources";
import { knowledgeFileResourceDrifts } from "./knowledgeFiles";
import { mcpServerResourceDrifts } from "./mcpServers";
import type { RefreshedResource } from "./refreshEvents";
import { DRIFT_REPORT_VERSION, type ChangeCounts, type DriftReport, type ItemChange } from "./report";
import { serverDrifts } from "./servers";
import { skillResourceDrifts } from "./skills";

function counts(changes: readonly ItemChange[]): ChangeCounts {
  return {
    added: changes.filter((c) => c.kind === "added").length,
    removed: changes.filter((c) => c.kind === "removed").length,
    changed: changes.filter((c) => c.kind === "changed").length,
  };
}

/** The data source part of a report with nothing compared (new arrays each time: reports are the caller's to change). */
export function noDataSources(): DataSourceDrift {
  return { rules: [], templates: [], checkedOutputs: [], notes: [] };
}

/**
 * The report of `resources` (each noun found by its type token, either form) and `data`, with
 * `notes` first and then the data sources' notes.
 */
export function assembleReport(
  names: { stack: string; project: string },
  resources: readonly RefreshedResource[],
  data: DataSourceDrift,
  notes: readonly string[],
): DriftReport {
  const servers = serverDrifts(resources);
  const declaredRules = ruleResourceDrifts(resources);
  const declaredServers = mcpServerResourceDrifts(resources);
  const declaredSkills = skillResourceDrifts(resources);
  const declaredAgents = a2aAgentResourceDrifts(resources);
  const declaredFiles = knowledgeFileResourceDrifts(resources);
  return {
    version: DRIFT_REPORT_VERSION,
    stack: names.stack,
    project: names.project,
    drift:
      servers.drifts.length +
        declaredRules.drifts.length +
        declaredServers.drifts.length +
        declaredSkills.drifts.length +
        declaredAgents.drifts.length +
        declaredFiles.drifts.length +
        data.rules.length +
        data.templates.length +
        (data.mcpServers?.length ?? 0) +
        (data.skills?.length ?? 0) +
        (data.knowledgeFiles?.length ?? 0) >
      0,
    checkedServers: servers.checked,
    checkedOutputs: data.checkedOutputs,
    servers: servers.drifts,
    rules: data.rules,
    templates: data.templates,
    summary: {
      servers: servers.drifts.length,
      rules: counts(data.rules),
      templates: counts(data.templates),
      ...(data.mcpServers !== undefined ? { mcpServers: counts(data.mcpServers) } : {}),
      ...(data.skills !== undefined ? { skills: counts(data.skills) } : {}),
      ...(data.knowledgeFiles !== undefined ? { listedKnowledgeFiles: counts(data.knowledgeFiles) } : {}),
    },
    notes: [...notes, ...data.notes],
    ...(declaredRules.checked > 0 ? { checkedAutomationRules: declaredRules.checked, automationRules: declaredRules.drifts } : {}),
    ...(data.mcpServers !== undefined ? { mcpServers: data.mcpServers } : {}),
    ...(declaredServers.checked > 0 ? { checkedMcpServerResources: declaredServers.checked, mcpServerResources: declaredServers.drifts } : {}),
    ...(data.skills !== undefined ? { skills: data.skills } : {}),
    ...(declaredSkills.checked > 0 ? { checkedSkillResources: declaredSkills.checked, skillResources: declaredSkills.drifts } : {}),
    ...(declaredAgents.checked > 0 ? { checkedA2aAgentResources: declaredAgents.checked, a2aAgentResources: declaredAgents.drifts } : {}),
    ...(data.knowledgeFiles !== undefined ? { listedKnowledgeFiles: data.knowledgeFiles } : {}),
    ...(declaredFiles.checked > 0 ? { checkedKnowledgeFiles: declaredFiles.checked, knowledgeFiles: declaredFiles.drifts } : {}),
  };
}
