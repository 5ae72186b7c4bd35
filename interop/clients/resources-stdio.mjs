// An official TypeScript SDK client over stdio, as MCP hosts run servers (StdioClientTransport,
// with only the environment the client was started with: the Java test starts this script with
// HOME and PATH alone), running a plan of resource requests against a Reservoir server process
// and writing every answer to a file: the Java test holds the expectations.
// Usage: node resources-stdio.mjs <plan.json>, the plan being
//   {client: "sdk-1" (@modelcontextprotocol/sdk, 2025-11-25 session) | "client-2" (@modelcontextprotocol/client
//    pinned to 2026-07-28), command, args, cwd, env (optional: variables the server gets besides the
//    SDK's default HOME, LOGNAME, PATH, SHELL, TERM, USER, as a host's config gives them), out: file
//    for the answers, steps: [
//    {op: "list"} | {op: "templates"} | {op: "read", uri} | {op: "complete", template, argument, value}
//    | {op: "subscribe", uri, fire: what}]}
// A subscribe step prints "FIRE <what>" once subscribed (the Java test then changes the data) and
// waits for notifications/resources/updated of that URI. Answers are recorded per step in order
// ({result} or {error: {code, message}}), with {protocolVersion} first.
import { readFileSync, writeFileSync } from 'node:fs';
import { fire, ok, run, waitFor } from './harness.mjs';

const plan = JSON.parse(readFileSync(process.argv[2], 'utf8'));

async function connect(updated) {
  if (plan.client === 'client-2') {
    const { Client } = await import('@modelcontextprotocol/client');
    const { StdioClientTransport } = await import('@modelcontextprotocol/client/stdio');
    const transport = new StdioClientTransport({ command: plan.command, args: plan.args, cwd: plan.cwd, env: plan.env, stderr: 'inherit' });
    const client = new Client(
      { name: 'reservoir-interop-resources-stdio', version: '1.0.0' },
      { capabilities: {}, versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    client.setNotificationHandler('notifications/resources/updated', (n) => updated.push(n.params.uri));
    await client.connect(transport);
    return { client, version: () => client.getNegotiatedProtocolVersion() };
  }
  const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
  const { StdioClientTransport } = await import('@modelcontextprotocol/sdk/client/stdio.js');
  const { ResourceUpdatedNotificationSchema } = await import('@modelcontextprotocol/sdk/types.js');
  const transport = new StdioClientTransport({ command: plan.command, args: plan.args, cwd: plan.cwd, env: plan.env, stderr: 'inherit' });
  let negotiated;
  transport.setProtocolVersion = (version) => (negotiated = version);
  const client = new Client({ name: 'reservoir-interop-resources-stdio', version: '1.0.0' }, { capabilities: {} });
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => updated.push(n.params.uri));
  await client.connect(transport);
  return { client, version: () => negotiated };
}

/** Every page of a list; a client that follows nextCursor itself gives one. */
async function all(list, key) {
  const items = [];
  let cursor;
  let pages = 0;
  do {
    const page = await list(cursor ? { cursor } : {});
    items.push(...page[key]);
    cursor = page.nextCursor;
    pages++;
  } while (cursor && pages < 1000);
  return { [key]: items };
}

async function step(client, s, updated) {
  switch (s.op) {
    case 'list':
      return all((p) => client.listResources(p), 'resources');
    case 'templates':
      return all((p) => client.listResourceTemplates(p), 'resourceTemplates');
    case 'read':
      return client.readResource({ uri: s.uri });
    case 'complete':
      return client.complete({
        ref: { type: 'ref/resource', uri: s.template },
        argument: { name: s.argument, value: s.value },
      });
    case 'subscribe': {
      await client.subscribeResource({ uri: s.uri });
      fire(s.fire);
      await waitFor(() => updated.includes(s.uri), `notifications/resources/updated of ${s.uri}`);
      return { updated: [...updated] };
    }
    default:
      throw new Error(`unknown step ${s.op}`);
  }
}

run(async () => {
  const updated = [];
  const { client, version } = await connect(updated);
  ok('initialize');
  const answers = [{ protocolVersion: version() }];
  for (const s of plan.steps) {
    try {
      answers.push({ result: await step(client, s, updated) });
    } catch (e) {
      answers.push({ error: { code: e.code ?? null, message: String(e.message ?? e) } });
    }
    ok(s.op);
  }
  writeFileSync(plan.out, JSON.stringify(answers));
  await client.close();
});
