// The official TypeScript SDK 1.x (@modelcontextprotocol/sdk, protocol 2025-11-25) against a
// Reservoir server over Streamable HTTP: list with pagination, read text and blob, templates,
// completion, not-found codes, subscribe and receive updated (across forced SSE disconnects that
// the SDK resumes with Last-Event-ID, with nothing lost or repeated), list_changed, session end.
// Usage: node stateful.mjs <endpoint URL>
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  McpError,
  ResourceListChangedNotificationSchema,
  ResourceUpdatedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { check, cuttingFetch, equal, fire, ok, run, waitFor } from './harness.mjs';

const ITEMS = 30;
const item = (i) => `demo://items/${String(i).padStart(4, '0')}`;

run(async () => {
  const url = new URL(process.argv[2]);
  // Cut the first GET stream after 8 events and the resumed one after 10 more.
  const cutter = cuttingFetch([8, 10], (init) => (init.method ?? 'GET') === 'GET');
  const transport = new StreamableHTTPClientTransport(url, {
    fetch: cutter.fetch,
    reconnectionOptions: { initialReconnectionDelay: 100, maxReconnectionDelay: 1000, reconnectionDelayGrowFactor: 1.5, maxRetries: 10 },
  });
  const client = new Client({ name: 'reservoir-interop-sdk1', version: '1.0.0' }, { capabilities: {} });
  const updated = [];
  let listChanged = 0;
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => updated.push(n.params.uri));
  client.setNotificationHandler(ResourceListChangedNotificationSchema, () => listChanged++);
  await client.connect(transport);
  check(transport.sessionId, 'the server gave a session id');
  equal(client.getServerVersion().name, 'reservoir-interop', 'server name');
  check(client.getServerCapabilities().resources?.subscribe === true, 'resources.subscribe capability');
  ok('initialize');

  const uris = new Set();
  let cursor;
  let pages = 0;
  do {
    const page = await client.listResources(cursor ? { cursor } : {});
    page.resources.forEach((r) => uris.add(r.uri));
    cursor = page.nextCursor;
    pages++;
  } while (cursor && pages < 100);
  check(pages > 1, `more than one page (got ${pages})`);
  check(uris.size >= 1000 && uris.has(item(1000)) && uris.has('test://static-text'), `all resources listed (${uris.size})`);
  ok('list-pagination');

  const text = await client.readResource({ uri: 'test://static-text' });
  equal(text.contents[0].text, 'This is the content of the static text resource.', 'text content');
  equal(text.contents[0].mimeType, 'text/plain', 'text mime type');
  const blob = await client.readResource({ uri: 'test://static-binary' });
  const png = Buffer.from(blob.contents[0].blob, 'base64');
  equal([...png.subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47], 'PNG signature of the blob');
  ok('read-text-and-blob');

  const templates = await client.listResourceTemplates();
  const names = templates.resourceTemplates.map((t) => t.uriTemplate);
  check(names.includes('test://template/{id}/data') && names.includes('demo://colors/{name}'), `templates listed: ${names}`);
  const data = JSON.parse((await client.readResource({ uri: 'test://template/123/data' })).contents[0].text);
  equal(data.id, '123', 'template variable');
  equal((await client.readResource({ uri: 'demo://colors/blue' })).contents[0].text, 'blue is #0000ff', 'color');
  ok('templates');

  const completion = await client.complete({
    ref: { type: 'ref/resource', uri: 'demo://colors/{name}' },
    argument: { name: 'name', value: 'bl' },
  });
  check(completion.completion.values.includes('black') && completion.completion.values.includes('blue'),
    `completion values ${completion.completion.values}`);
  ok('completion');

  for (const uri of ['test://does-not-exist', 'demo://colors/no-such-color']) {
    try {
      await client.readResource({ uri });
      throw new Error(`reading ${uri} should fail`);
    } catch (e) {
      check(e instanceof McpError, `an MCP error for ${uri}, not ${e}`);
      equal(e.code, -32002, `resource-not-found code for ${uri}`);
    }
  }
  ok('not-found');

  for (let i = 1; i <= ITEMS; i++) {
    await client.subscribeResource({ uri: item(i) });
  }
  await client.subscribeResource({ uri: 'test://watched-resource' });
  fire('updates', ITEMS);
  await waitFor(() => updated.filter((u) => u.startsWith('demo://items/')).length >= ITEMS, `${ITEMS} updates`);
  await new Promise((resolve) => setTimeout(resolve, 300)); // anything repeated would arrive now
  const items = updated.filter((u) => u.startsWith('demo://items/'));
  equal(items, Array.from({ length: ITEMS }, (_, k) => item(k + 1)), 'every update once, in order');
  equal(cutter.stats.cuts, 2, 'forced disconnects');
  check(cutter.stats.lastEventIds.length >= 2, `resumed with Last-Event-ID (${cutter.stats.lastEventIds})`);
  ok('subscribe-updated-resumption');

  fire('list-changed');
  await waitFor(() => listChanged > 0, 'list_changed');
  fire('touch');
  await waitFor(() => updated.includes('test://watched-resource'), 'the watched resource update');
  ok('list-changed-and-touch');

  await client.unsubscribeResource({ uri: 'test://watched-resource' });
  await transport.terminateSession();
  ok('terminate-session');
  await client.close();
});
