/**
 * `npm run terraform:protos`: writes `terraform/proto/descriptor.json`, the vendored protos of the
 * Terraform front door (`terraform/proto/*.proto`, see its README) as protobufjs JSON, which
 * `terraform/serve.ts` loads with `@grpc/proto-loader`'s `fromJSON`: the protocol is then part
 * of the compiled code (and of the single-file release executable), with no file to find at run
 * time. `test/terraform/schema.unit.test.ts` fails while the file differs from what this writes.
 *
 * Usage: `node build/scripts/terraformProtos.js`.
 */
import { writeFileSync } from "node:fs";
import * as path from "node:path";
import * as protobuf from "protobufjs";
import { REPO_ROOT } from "./pulumiCli";

/** The protos the front door serves, in `terraform/proto/`. */
export const TERRAFORM_PROTOS = ["tfplugin6.8.proto", "grpc_controller.proto", "grpc_stdio.proto", "grpc_broker.proto", "health.proto"];

/**
 * The protos as one protobufjs JSON namespace (field names as written, snake_case), with the
 * Google well-known types they import (`google/protobuf/timestamp.proto`, `empty.proto`) from
 * protobufjs' own copies.
 */
export function terraformProtoJson(): protobuf.INamespace {
  const dir = path.join(REPO_ROOT, "terraform", "proto");
  const root = new protobuf.Root();
  root.resolvePath = (_origin, target) => {
    if (target.startsWith("google/protobuf/")) return path.join(path.dirname(require.resolve("protobufjs")), target);
    return path.isAbsolute(target) ? target : path.join(dir, target);
  };
  root.loadSync(
    TERRAFORM_PROTOS.map((f) => path.join(dir, f)),
    { keepCase: true },
  );
  return root.toJSON() as protobuf.INamespace;
}

if (require.main === module) {
  writeFileSync(path.join(REPO_ROOT, "terraform", "proto", "descriptor.json"), `${JSON.stringify(terraformProtoJson(), null, 2)}\n`);
  process.stderr.write("terraform:protos: wrote terraform/proto/descriptor.json\n");
}
