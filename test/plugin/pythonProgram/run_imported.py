"""Runs a program that `pulumi import` wrote (argv[1], a Python file) on the generated Python SDK
(`pulumi_flashduty`), with Pulumi's mocks in place of the engine (no Python language host here),
and prints one JSON line per resource it declared: type token, logical name and inputs, secrets
shown as the mocks receive them.

Config: every key in argv[2:] is set as a secret of project `imported` to "filled-<key>", as
`pulumi config set --secret` would; a key the program reads but is not given fails the run with
Pulumi's ConfigMissingError, as a preview would.
"""

import json
import runpy
import sys

import pulumi

PROJECT = "imported"


class Mocks(pulumi.runtime.Mocks):
    def __init__(self):
        self.declared = []

    def new_resource(self, args):
        self.declared.append({"type": args.typ, "name": args.name, "inputs": args.inputs})
        return [f"{args.name}-id", args.inputs]

    def call(self, args):
        return {}


mocks = Mocks()
pulumi.runtime.set_mocks(mocks, project=PROJECT, stack="test", preview=False)
keys = [f"{PROJECT}:{key}" for key in sys.argv[2:]]
pulumi.runtime.set_all_config({key: f"filled-{key.split(':', 1)[1]}" for key in keys}, keys)


@pulumi.runtime.test
def run():
    runpy.run_path(sys.argv[1], run_name="__main__")


run()
for resource in mocks.declared:
    print(json.dumps(resource, sort_keys=True))
