/**
 * The public docstrings of each TypeScript resource, taken from its declaration
 * (`provider/<noun>/declaration.ts`): the members of `<Name>Args` get the input's description, the
 * members of `<Name>State` and the outputs the class declares get the output's; each with its
 * default and secrecy when the text does not say them, and the field's TypeScript-only note. The
 * types stay written by hand (they carry what the schema cannot say, such as literal unions); the
 * text has one home. `npm run schema` rewrites the files; `test/plugin/schema.unit.test.ts` fails
 * while a docstring differs from what this makes.
 *
 * Members are found with the TypeScript compiler's parser, so only a member's leading JSDoc
 * changes.
 */
import * as ts from "typescript";
import { A2A_AGENT } from "../provider/a2aAgent/declaration";
import { AUTOMATION_RULE } from "../provider/automationRule/declaration";
import { type Field, leftOutNote, type ResourceDeclaration } from "../provider/engine/declaration";
import { KNOWLEDGE_FILE } from "../provider/knowledgeFile/declaration";
import { MCP_SERVER } from "../provider/mcpServer/declaration";
import { MCP_SERVER_DISABLEMENT } from "../provider/mcpServerDisablement/declaration";
import { SKILL } from "../provider/skill/declaration";

/** Each resource's TypeScript file (relative to the repository), its class name and its declaration. */
export const DOCUMENTED: ReadonlyArray<{ file: string; name: string; declaration: ResourceDeclaration }> = [
  { file: "provider/dynamic/mcpServerDisablement.ts", name: "McpServerDisablement", declaration: MCP_SERVER_DISABLEMENT },
  { file: "provider/dynamic/automationRule.ts", name: "AutomationRule", declaration: AUTOMATION_RULE },
  { file: "provider/dynamic/mcpServer.ts", name: "McpServer", declaration: MCP_SERVER },
  { file: "provider/dynamic/skill.ts", name: "Skill", declaration: SKILL },
  { file: "provider/dynamic/knowledgeFile.ts", name: "KnowledgeFile", declaration: KNOWLEDGE_FILE },
  { file: "provider/dynamic/a2aAgent.ts", name: "A2aAgent", declaration: A2A_AGENT },
];

/** The docstring text of `field` on an input or an output of the TypeScript resource. */
export function docText(field: Field, as: "input" | "output"): string {
  const parts = [as === "input" && field.input !== undefined ? field.input.description : field.description];
  if (as === "input" && leftOutNote(field) !== undefined) parts.push(leftOutNote(field)!);
  else if (field.default !== undefined && !/\bdefault\b/i.test(parts[0]!)) parts.push(`Default \`${JSON.stringify(field.default)}\`.`);
  if (field.secret === true && !/\bsecret\b/i.test(parts[0]!)) parts.push("Secret: encrypted in state, never shown.");
  const note = as === "input" ? field.typescript?.input : field.typescript?.output;
  if (note !== undefined) parts.push(note);
  return parts.join(" ");
}

/** A JSDoc comment of `text` at `indent`: one line when it fits in 160 columns, else wrapped at 100. */
function jsdoc(text: string, indent: string): string {
  const oneLine = `${indent}/** ${text} */`;
  if (oneLine.length <= 160) return oneLine;
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line !== "" && indent.length + 3 + line.length + 1 + word.length > 100) {
      lines.push(line);
      line = word;
    } else line = line === "" ? word : `${line} ${word}`;
  }
  if (line !== "") lines.push(line);
  return [`${indent}/**`, ...lines.map((l) => `${indent} * ${l}`), `${indent} */`].join("\n");
}

/**
 * `source` (the text of `file`) with the JSDoc of every member the declaration names set from it.
 * Members it does not name keep theirs.
 */
export function withDocstrings(source: string, file: string, name: string, declaration: ResourceDeclaration): string {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const edits: Array<{ start: number; end: number; text: string }> = [];
  const visit = (members: ts.NodeArray<ts.TypeElement | ts.ClassElement>, as: "input" | "output") => {
    for (const member of members) {
      if (!(ts.isPropertySignature(member) || ts.isPropertyDeclaration(member)) || !ts.isIdentifier(member.name)) continue;
      if (ts.isPropertyDeclaration(member) && !member.modifiers?.some((m) => m.kind === ts.SyntaxKind.DeclareKeyword)) continue;
      const field = declaration.fields[member.name.text];
      if (field === undefined || (as === "input" && field.kind === "out")) continue;
      const start = member.getStart(sf);
      const lineStart = source.lastIndexOf("\n", start - 1) + 1;
      const trivia = source.slice(member.getFullStart(), lineStart);
      const jsdocAt = trivia.lastIndexOf("/**");
      // From the line of the JSDoc (or the member's own line, when it has none) to the member's line.
      const from = jsdocAt >= 0 ? source.lastIndexOf("\n", member.getFullStart() + jsdocAt) + 1 : lineStart;
      edits.push({ start: from, end: lineStart, text: `${jsdoc(docText(field, as), source.slice(lineStart, start))}\n` });
    }
  };
  for (const statement of sf.statements) {
    if (ts.isInterfaceDeclaration(statement) && statement.name.text === `${name}Args`) visit(statement.members, "input");
    if (ts.isInterfaceDeclaration(statement) && statement.name.text === `${name}State`) visit(statement.members, "output");
    if (ts.isClassDeclaration(statement) && statement.name?.text === name) visit(statement.members, "output");
  }
  let out = source;
  for (const edit of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return out;
}
