#!/usr/bin/env sh
# Prints the image of the current and the previous ReplicaSet of a Deployment.
# Usage: rollout-diff.sh NAMESPACE DEPLOYMENT
set -eu
kubectl -n "$1" rollout history "deployment/$2" | tail -n 3
kubectl -n "$1" get rs -l "app=$2" -o jsonpath='{range .items[*]}{.metadata.name}{"\t"}{.spec.template.spec.containers[*].image}{"\n"}{end}'
