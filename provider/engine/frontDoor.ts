/**
 * Which front door runs the noun implementations in this process: the TypeScript dynamic
 * resources (`pulumi-nodejs` loads the stored provider text) or the provider plugin
 * (`pulumi-resource-flashduty`, for Python, Go, YAML and TypeScript programs on the plugin).
 * Messages that tell users what to write name inputs and recipes as that front door's programs
 * see them: the plugin's resources can be imported and take resource options from every
 * language; the dynamic ones cannot be imported (adoption by id instead).
 *
 * @packageDocumentation
 */
import { snakeCase } from "./typeToken";

/** The front doors over the same implementations (`terraform`: the Terraform provider `flashdutyai` of the same executable). */
export type FrontDoor = "dynamic" | "plugin" | "terraform";

let current: FrontDoor = "dynamic";

/** Called once by the plugin's server (or the Terraform front door) before it serves; the dynamic resources never call it. */
export function useFrontDoor(door: FrontDoor): void {
  current = door;
}

/** The front door of this process (default `"dynamic"`). */
export function frontDoor(): FrontDoor {
  return current;
}

/** A noun's names in messages: its type token, and the input that adopts an existing object by id. */
export interface AdoptionNames {
  /** E.g. `flashduty:index:McpServer`. */
  token: string;
  /** The TypeScript (camelCase) name of the adoption input, e.g. `serverId`. */
  idInput: string;
}

/**
 * How to manage an existing object `id` with this resource, as the front door's programs do it:
 * the plugin's `pulumi import <token> <name> <id>` (or the adoption input, named in each
 * language's case), Terraform's `import` block (or the adoption attribute), the dynamic
 * resource's adoption input (it cannot be imported).
 */
export function adoptionRecipe(names: AdoptionNames, id: string): string {
  if (current === "terraform") {
    return `import it (an \`import\` block with id = "${id}", or \`terraform import <address> ${id}\`), or set this resource's ${snakeCase(names.idInput)} to "${id}"`;
  }
  if (current === "plugin") {
    return (
      `import it (\`pulumi import ${names.token} <name> ${id}\`), or set this resource's ${names.idInput} input ` +
      `(${snakeCase(names.idInput)} in Python) to "${id}"`
    );
  }
  return `set ${names.idInput}: "${id}" (adoption; pulumi import does not work for dynamic resources)`;
}

/**
 * How to replace a resource whose name is unique in its scope (the old object must be deleted
 * before the new one is made): the dynamic resources delete first by default; a plugin
 * resource needs the `deleteBeforeReplace` resource option, since `pulumi up --replace` makes
 * the new object first unless the option says otherwise (the engine skips the provider's diff
 * for a targeted replace).
 */
export function replaceRecipe(): string {
  if (current === "terraform") return "run `terraform apply -replace=<address>`";
  if (current === "plugin") {
    return (
      "set the resource option deleteBeforeReplace: true (YAML `options: deleteBeforeReplace: true`, Python " +
      "`ResourceOptions(delete_before_replace=True)`, Go `pulumi.DeleteBeforeReplace(true)`) and run `pulumi up --replace <urn>`"
    );
  }
  return "run `pulumi up --replace <urn>`";
}

/**
 * How to drop a resource whose object was deleted on the platform and make it again (`verb`:
 * `create` or `upload`), as the front door's users do it: a Pulumi refresh, or Terraform's
 * (a `terraform apply` refreshes first unless told not to).
 */
export function goneRecipe(verb: "create" | "upload"): string {
  if (current === "terraform") return `run \`terraform apply\` without -refresh=false: its refresh drops it from the state and plans to ${verb} it again`;
  return `run \`pulumi up --refresh\` to drop it from the stack and ${verb} it again`;
}

/** The command whose interrupted run leaves an object behind: `pulumi up`, or `terraform apply`. */
export function applyCommand(): string {
  return current === "terraform" ? "terraform apply" : "pulumi up";
}

/** What holds the resources in the front door's words: a Pulumi `stack`, or a Terraform `configuration`. */
export function ownerNoun(): string {
  return current === "terraform" ? "configuration" : "stack";
}
