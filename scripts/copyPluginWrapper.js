// Copies the provider plugin's shell wrapper (plugin/pulumi-resource-flashduty) beside the
// compiled plugin (dist/plugin/main.js), executable: tsc copies only what it compiles. Plain
// JavaScript so that `npm run build` needs nothing compiled first.
const fs = require("node:fs");
const path = require("node:path");

const root = path.join(__dirname, "..");
const target = path.join(root, "dist", "plugin", "pulumi-resource-flashduty");
fs.mkdirSync(path.dirname(target), { recursive: true });
fs.copyFileSync(path.join(root, "plugin", "pulumi-resource-flashduty"), target);
fs.chmodSync(target, 0o755);
