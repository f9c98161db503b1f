#!/usr/bin/env bash
# Validates the OpenAPI document the real server serves: starts the built `boxoffice serve` in sample mode
# on a free loopback port over a temporary SQLite file, fetches /openapi.json and checks it with
# openapi-spec-validator (PyPI), then checks the server's answers on a tour of the API against it with openapi-core
# (Tests/openapi/responses.py, run by OPENAPI_CORE_PYTHON, default .build-fuzz/openapi-core/bin/python). Needs
# `swift build` first; scripts/test.sh installs both validators.
# Usage: Tests/openapi/validate.sh [path/to/boxoffice]
set -euo pipefail
cd "$(dirname "$0")/../.."

binary=${1:-.build/debug/boxoffice}
[ -x "$binary" ] || { echo "validate.sh: $binary not found; run swift build first" >&2; exit 1; }
python3 -c 'import openapi_spec_validator' 2>/dev/null || {
  echo "validate.sh: openapi-spec-validator is missing: python3 -m pip install openapi-spec-validator" >&2
  exit 1
}
core_python=${OPENAPI_CORE_PYTHON:-.build-fuzz/openapi-core/bin/python}
"$core_python" -c 'import openapi_core' 2>/dev/null || {
  echo "validate.sh: openapi-core is missing at $core_python (scripts/test.sh installs it; or set OPENAPI_CORE_PYTHON)" >&2
  exit 1
}

workdir=$(mktemp -d)
server_pid=
cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  rm -rf "$workdir"
}
trap cleanup EXIT

. Tests/support/sample-server.sh
start_sample_server openapi LOG_LEVEL=warning

python3 - "${url}openapi.json" <<'PY'
import json, sys, urllib.request
from openapi_spec_validator import validate

url = sys.argv[1]
with urllib.request.urlopen(url, timeout=30) as response:
    content_type = response.headers.get("Content-Type", "")
    body = response.read()
if not content_type.startswith("application/json"):
    sys.exit(f"{url}: Content-Type is {content_type!r}, not application/json")
document = json.loads(body)
validate(document)  # raises with the first violation
operations = sum(1 for item in document["paths"].values() for method in item if method in
                 ("get", "put", "post", "delete", "patch", "head", "options", "trace"))
print(f"openapi: {url} is a valid OpenAPI {document['openapi']} document "
      f"({len(document['paths'])} paths, {operations} operations)")
PY

"$core_python" Tests/openapi/responses.py "$url"
