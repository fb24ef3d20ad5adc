/**
 * The shape McpServer and A2aAgent share: a noun with secret maps (McpServer's `env` and
 * `headers`, A2aAgent's `authConfig`) that the platform answers masked (`******`) and state holds
 * as salted digests (`secretMap.ts`). What their `read` answers as inputs and what an `update`
 * with nothing to write keeps are the same for both; each noun keeps its API calls.
 *
 * @packageDocumentation
 */
import { sealSecretMap, type SecretMap } from "./secretMap";

type Values = Record<string, unknown>;

/** A noun with secret maps: its declared fields, which of them are secret maps, and the input naming an adopted object. */
export interface SecretMapNoun {
  declaredFields: readonly string[];
  secretFields: readonly string[];
  /** The adoption input (`serverId`, `agentId`), set from the outputs' `adopted...` field after a read. */
  idInput: string;
}

/**
 * The inputs a `read` answers: the declared fields of `outs` (digests for secret values), the
 * adoption input when the object was adopted, and on an import (`importing`: no state) each
 * secret map as the platform answered it (the mask `******` where it hides a value), never a
 * digest, so that the program `pulumi import` writes sends no digest, and its next preview,
 * whose masks match the outputs' digests, is clean.
 *
 * @param answered the object as the platform answered it (its secret maps masked)
 * @param adopted the adopted id the state holds, if any
 */
export function readInputs(noun: SecretMapNoun, outs: Values, answered: Values, importing: boolean, adopted: string | undefined): Values {
  const inputs: Values = {};
  for (const key of noun.declaredFields) if (outs[key] !== undefined) inputs[key] = outs[key];
  if (adopted !== undefined) inputs[noun.idInput] = adopted;
  if (importing) for (const key of noun.secretFields) inputs[key] = { ...((answered[key] as SecretMap | undefined) ?? {}) };
  return inputs;
}

/**
 * The outputs of an update that writes nothing: the state with the program's declared values over
 * it, each secret map the program sets sealed as digests (an unchanged value keeps its digest;
 * state written by 0.2 or earlier is sealed here), one it leaves out (not managed) kept as it is.
 */
export function unchangedOutputs<T extends object>(noun: SecretMapNoun, olds: T, news: object): T {
  const held = olds as Values;
  const wanted = news as Values;
  const outs: Values = { ...held };
  for (const key of noun.declaredFields) if (wanted[key] !== undefined) outs[key] = wanted[key];
  for (const key of noun.secretFields) {
    // A map the program leaves out stays as state holds it; absent there too, it stays absent (no undefined goes to the engine).
    if (wanted[key] !== undefined) outs[key] = sealSecretMap(wanted[key] as SecretMap, held[key] as SecretMap | undefined);
  }
  return outs as T;
}

/**
 * What the outputs of a write take masked secret values from: the program's maps, and for a map
 * it leaves out (not managed) the digests state holds.
 */
export function knownSecretMaps<T extends object>(noun: SecretMapNoun, news: T, olds: object): T {
  const known: Values = { ...(news as Values) };
  for (const key of noun.secretFields) if (known[key] === undefined) known[key] = (olds as Values)[key];
  return known as T;
}
