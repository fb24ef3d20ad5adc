import { readdirSync, statSync } from "node:fs";
import * as path from "node:path";

/** Every file below `dir`, recursively (for scanning state and project folders). */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}
