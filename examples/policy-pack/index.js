// A ready policy pack with every Flashduty policy at its default enforcement level:
//   pulumi preview --policy-pack examples/policy-pack [--policy-pack-config FILE]
// Plain JavaScript so that starting the pack compiles nothing. A team's own pack composes the
// same factories, e.g. requiredDisabledServersPolicy({ defaults: { serverIds: ["mcp_grafana"] } }).
const { PolicyPack } = require("@pulumi/policy");
const { flashdutyPolicies } = require("pulumi-flashduty/policy");

new PolicyPack("flashduty", { policies: flashdutyPolicies() });
