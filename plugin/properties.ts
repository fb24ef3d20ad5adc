/**
 * Property values as they cross the provider plugin's gRPC boundary: `google.protobuf.Struct`
 * to plain objects and back, and Pulumi's secret wrapper. With `acceptSecrets` the engine sends a
 * secret as `{ "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270", value }`
 * (at any depth); the implementation sees plain values, and every property that arrived secret,
 * or that the resource always keeps secret, leaves wrapped again. Unknown values (preview) are
 * the string `04da6b54-80e4-46f7-96ec-b56ff0331ba9` (`provider/engine/unknown.ts`), which the
 * implementation already handles. An asset (a `source` input) arrives as
 * `{ "4dabf18193072939515e22adb298388d": "c44067f5952c0a294b673a41bacd8c17", path | text | uri }`
 * and is passed on in that form: the implementation reads it (`provider/engine/assetText.ts`).
 *
 * @packageDocumentation
 */
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import { SPECIAL_SIG_KEY } from "../provider/engine/assetText";
import { STORED_PROVIDER_KEY } from "../provider/engine/storedProviderText";

export { SPECIAL_SIG_KEY } from "../provider/engine/assetText";
/** The signature value of a secret. */
export const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";

/** A plain object of properties. */
export type PropertyMap = Record<string, unknown>;

/** Whether `value` is a secret wrapper. */
export function isSecret(value: unknown): value is { value: unknown } {
  return typeof value === "object" && value !== null && (value as Record<string, unknown>)[SPECIAL_SIG_KEY] === SECRET_SIG;
}

/** Wraps `value` as a secret (an already wrapped value stays as it is). */
export function secret(value: unknown): unknown {
  if (isSecret(value)) return value;
  return { [SPECIAL_SIG_KEY]: SECRET_SIG, value };
}

function unwrapValue(value: unknown): { value: unknown; secret: boolean } {
  if (isSecret(value)) return { value: unwrapValue(value.value).value, secret: true };
  if (Array.isArray(value)) {
    let any = false;
    const items = value.map((item) => {
      const inner = unwrapValue(item);
      any ||= inner.secret;
      return inner.value;
    });
    return { value: items, secret: any };
  }
  if (typeof value === "object" && value !== null) {
    let any = false;
    const out: PropertyMap = {};
    for (const [key, item] of Object.entries(value)) {
      const inner = unwrapValue(item);
      any ||= inner.secret;
      out[key] = inner.value;
    }
    return { value: out, secret: any };
  }
  return { value, secret: false };
}

/**
 * The properties with every secret wrapper removed, and the top-level keys that held a secret at
 * any depth (the whole property is kept secret on the way out).
 */
export function unwrapSecrets(props: PropertyMap): { plain: PropertyMap; secretKeys: Set<string> } {
  const plain: PropertyMap = {};
  const secretKeys = new Set<string>();
  for (const [key, value] of Object.entries(props)) {
    const inner = unwrapValue(value);
    plain[key] = inner.value;
    if (inner.secret) secretKeys.add(key);
  }
  return { plain, secretKeys };
}

/** `props` with each key of `secretKeys` that is present wrapped as a secret. */
export function wrapSecrets(props: PropertyMap, secretKeys: Iterable<string>): PropertyMap {
  const out: PropertyMap = { ...props };
  for (const key of secretKeys) if (out[key] !== undefined) out[key] = secret(out[key]);
  return out;
}

/**
 * A resource's state (old inputs or outputs) as a plain object, without the dynamic provider's
 * code (`__provider`, provider/engine/storedProviderText.ts). A resource moved to the plugin from
 * the npm package's dynamic resources by an alias (docs/moving-to-the-plugin.md) keeps that key
 * until the plugin first writes its state; dropping it here means a refresh or an update leaves
 * it behind.
 */
export function fromState(struct: Struct | undefined): PropertyMap {
  const { [STORED_PROVIDER_KEY]: _providerText, ...state } = fromStruct(struct);
  return state;
}

/** A Struct as a plain object (an absent Struct is `{}`). */
export function fromStruct(struct: Struct | undefined): PropertyMap {
  return (struct?.toJavaScript() ?? {}) as PropertyMap;
}

/** Drops `undefined` at every depth: a Struct has no such value (a key left out means absent). */
function defined(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => (item === undefined ? null : defined(item)));
  if (typeof value === "object" && value !== null) {
    const out: PropertyMap = {};
    for (const [key, item] of Object.entries(value)) if (item !== undefined) out[key] = defined(item);
    return out;
  }
  return value;
}

/** A plain object as a Struct (keys whose value is `undefined` are left out). */
export function toStruct(props: PropertyMap): Struct {
  return Struct.fromJavaScript(defined(props) as Record<string, never>);
}
