/**
 * The property under which Pulumi's dynamic provider keeps the provider text (below), among the
 * resource's inputs and outputs (a name of `@pulumi/pulumi`, not ours): the resource classes pass
 * it there, and the provider plugin drops it from state it takes over.
 */
export const STORED_PROVIDER_KEY = "__provider";

/**
 * The provider text a dynamic resource of this package stores in state (`__provider`): a small
 * module whose handler loads `modulePath` from the installed package and forwards the engine's
 * calls to its `configure`, `check`, `diff`, `create`, `read`, `update` and `deleteResource`.
 * Pulumi runs the stored text, not the installed one, for refresh and destroy, so the module path
 * and these names are frozen contracts (docs/ARCHITECTURE.md, "Frozen contracts"). The text must
 * stay byte-identical for a given module path: a changed text is an update of every resource.
 */
export function storedProviderText(modulePath: string): string {
  return (
    `exports.handler = () => { const p = () => require(${JSON.stringify(modulePath)}); return {\n` +
    "  configure: (req) => p().configure(req),\n" +
    "  check: (olds, news) => p().check(olds, news),\n" +
    "  diff: (id, olds, news) => p().diff(id, olds, news),\n" +
    "  create: (inputs) => p().create(inputs),\n" +
    "  read: (id, props) => p().read(id, props),\n" +
    "  update: (id, olds, news) => p().update(id, olds, news),\n" +
    "  delete: (id, props) => p().deleteResource(id, props),\n" +
    "}; };\n"
  );
}
