/**
 * Secret maps: a declared field whose values are all secret inputs, keyed by names that are not
 * secret (`McpServer.env` and `headers`, `A2aAgent.authConfig`). Outputs hold such a map write-only:
 * under each key a salted digest of the value (`./secretDigest.ts`), or the platform's mask
 * `******` where the value is not known (docs/reliability.md "Secrets in logs"). This module is how
 * every noun seals, compares and reads back such a map, so they all behave alike.
 *
 * @packageDocumentation
 */
import { MASKED_VALUE } from "../../wire/protocol";
import { digestMatches, isSecretDigest, prepareSecretDigest, prepareSecretMatch, sealSecret, storedSecretMatches } from "./secretDigest";
import { isUnknown } from "./unknown";

/** A secret map: each key (not secret) to its value, or in outputs to its digest or the mask. */
export type SecretMap = Record<string, string>;

/**
 * Whether the secret map `held` in state (digests, the mask, or values of state written before
 * digests) stands for the declared map `wanted` (values, or the mask): the same keys, and under
 * each a digest of the wanted value, the same value, or the mask on either side. A masked value
 * matches any value of its key: the platform never shows a secret, so an imported resource's
 * masked state is taken as the declared value (a clean preview after `pulumi import`, as for
 * write-only secrets elsewhere). An absent map is `{}`.
 */
export function secretMapsMatch(held: SecretMap | undefined, wanted: SecretMap | undefined): boolean {
  const x = held ?? {};
  const y = wanted ?? {};
  const keys = Object.keys(x);
  if (keys.length !== Object.keys(y).length) return false;
  return keys.every((k) => {
    if (!Object.hasOwn(y, k)) return false;
    const [stored, value] = [x[k] as string, y[k] as string];
    return stored === value || stored === MASKED_VALUE || value === MASKED_VALUE || storedSecretMatches(stored, value);
  });
}

/**
 * Computes off the event loop, all at once, the digests {@link secretMapsMatch}`(held, wanted)`
 * will compare (`prepareSecretMatch` of `./secretDigest.ts`); a diff awaits it first, so a preview
 * of many secret values neither holds the provider's event loop nor takes one core only.
 */
export async function prepareSecretMapsMatch(held: SecretMap | undefined, wanted: SecretMap | undefined): Promise<void> {
  if (held === undefined || wanted === undefined) return;
  await Promise.all(Object.keys(held).map((key) => (Object.hasOwn(wanted, key) ? prepareSecretMatch(held[key], wanted[key]) : undefined)));
}

/**
 * Whether the secret map `held` in state still holds a value itself (neither a digest nor the
 * mask): state written before digests, which the next write of the outputs seals.
 */
export function holdsSecretValue(held: SecretMap | undefined): boolean {
  return Object.values(held ?? {}).some((value) => value !== MASKED_VALUE && !isSecretDigest(value));
}

/**
 * A secret map as outputs hold it: each value replaced by its digest (the one `previous` holds
 * for its key when that digest matches, so an unchanged value keeps its digest, else a new one
 * with a fresh salt); a digest, the mask, an unknown value (the plugin's planned state at
 * preview, known at the update) or a non-string is kept as it is.
 */
export function sealSecretMap(values: SecretMap, previous: SecretMap | undefined): SecretMap {
  const out: SecretMap = {};
  for (const [key, value] of Object.entries(values)) out[key] = toSeal(value) ? sealSecret(value, [previous?.[key]]) : value;
  return out;
}

/** Whether {@link sealSecretMap} replaces `value` by a digest (it keeps a digest, the mask, an unknown and a non-string). */
function toSeal(value: unknown): value is string {
  return typeof value === "string" && value !== MASKED_VALUE && !isSecretDigest(value) && !isUnknown(value);
}

/**
 * Computes, off the event loop, what sealing the secret maps `fields` of `news` against those of
 * `olds` ({@link sealSecretMap}) will need: the comparisons with the digests `olds` holds, then a
 * new digest for each value none of them matches. Start it with the create or update, so it runs
 * beside the API call, and await it before the outputs are sealed: the sealing then computes
 * nothing on the provider's event loop. Never rejects.
 */
export async function prepareSecretMapsSeal(news: object, olds: object | undefined, fields: readonly string[]): Promise<void> {
  const wanted = news as Record<string, unknown>;
  const held = olds as Record<string, unknown> | undefined;
  await Promise.all(
    fields.map(async (field) => {
      const values = wanted[field];
      if (typeof values !== "object" || values === null || Array.isArray(values)) return;
      const previous = held?.[field] as SecretMap | undefined;
      await Promise.all(
        Object.entries(values as SecretMap).map(async ([key, value]) => {
          if (!toSeal(value)) return;
          const prior = typeof previous === "object" && previous !== null ? previous[key] : undefined;
          try {
            if (isSecretDigest(prior)) {
              await prepareSecretMatch(prior, value);
              if (digestMatches(prior, value)) return;
            }
            await prepareSecretDigest(value);
          } catch {
            // The sealing computes (and throws) as before.
          }
        }),
      );
    }),
  );
}

/**
 * A map as the platform answered it, with each masked value replaced by the one `known` holds for
 * that key (a digest or the declared value: the platform never shows a secret, so that is the
 * best knowledge). A refresh then reports no phantom drift for masked values, but a key added or
 * removed in the console, or a value the platform shows unmasked, does show. Seal the result
 * (`sealSecretMap`) before it goes into outputs.
 */
export function unmaskSecretMap(answered: SecretMap | undefined, known: SecretMap | undefined): SecretMap {
  const out: SecretMap = {};
  for (const [key, value] of Object.entries(answered ?? {})) {
    out[key] = value === MASKED_VALUE && known !== undefined && Object.hasOwn(known, key) ? (known[key] as string) : value;
  }
  return out;
}

/**
 * The plugin's planned state at preview (`previewState` of `./nounEntry.ts`) for a resource with
 * the secret maps `secretFields`: the outputs in state (`olds`, none for a create) overlaid with the
 * checked inputs, each secret map sealed as the real outputs will be (an unchanged value keeps the
 * digest in state, an unknown value stays unknown), so the engine's answer to the program, which
 * `@pulumi/pulumi` prints with `--debug`, holds no secret value.
 */
export function sealedPreviewState(inputs: Record<string, unknown>, olds: object | undefined, secretFields: readonly string[]): Record<string, unknown> {
  const held = olds as Record<string, unknown> | undefined;
  const planned: Record<string, unknown> = { ...held, ...inputs };
  for (const key of secretFields) {
    const values = inputs[key];
    if (typeof values === "object" && values !== null && !Array.isArray(values)) {
      planned[key] = sealSecretMap(values as SecretMap, held?.[key] as SecretMap | undefined);
    }
  }
  return planned;
}
