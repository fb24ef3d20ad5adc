/**
 * What a dynamic provider's process holds of its stack: the config the engine hands to
 * `configure` (secrets decrypted), and the client made from it. Each resource's provider module
 * keeps one, so the three resources resolve their settings and make their client the same way.
 */
import type { ConfigureRequest } from "../engine/operations";
import type { FlashdutyClient } from "../../sdk";
import { watchEngineOnce } from "../engine/engineWatch";
import { type ConfigSource, type FlashdutyConfig, resolveConfig } from "./config";

/** One provider module's settings; see {@link stackSettings}. */
export interface StackSettings {
  /**
   * Takes the stack config of `req` (`flashduty:*` keys, secrets decrypted). Until it is called,
   * only the `FLASHDUTY_*` environment counts. In the engine's dynamic-provider process it also
   * starts the watch that ends the process if the engine is gone (`engineWatch.ts`).
   */
  configure(req: ConfigureRequest): void;
  /** The resolved settings: stack config, then environment (see `resolveConfig`, which throws for a missing app key or a value out of range). */
  config(): FlashdutyConfig;
  /**
   * The client of the configured account. Loaded on first use: the HTTP stack (undici, zod)
   * costs ~0.1 s to load, and a preview runs only check and diff, which never call the API.
   * Its rate-limit waits are reported on stderr. Throws as {@link config}.
   */
  client(): Promise<FlashdutyClient>;
}

/** Settings with no stack config yet. */
export function stackSettings(): StackSettings {
  let stackConfig: ConfigSource = () => undefined;
  return {
    configure(req) {
      stackConfig = (key) => req.config.get(key);
      watchEngineOnce();
    },
    config: () => resolveConfig(stackConfig),
    async client() {
      const { clientFor } = await import("./client.js");
      return clientFor(resolveConfig(stackConfig), (message) => console.error(message));
    },
  };
}
