// The official TypeScript client 2.x (@modelcontextprotocol/client, pinned to protocol
// 2026-07-28) against a Reservoir server: stateless requests with per-request _meta, list with
// pagination, read text and blob, templates, completion, not-found codes, subscriptions/listen
// with updated and list_changed, and a forced disconnect of the listen stream (in this era there
// is no resumption: the client sees the stream end and listens again).
// Usage: node stateless.mjs <endpoint URL>
import { Client, ProtocolError, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { check, cuttingFetch, equal, fire, ok, run, waitFor } from './harness.mjs';

const ITEMS = 10;
const item = (i) => `demo://items/${String(i).padStart(4, '0')}`;

run(async () => {
  const url = new URL(process.argv[2]);
  // Cut the first listen stream after the acknowledgement and 5 events.
  const cutter = cuttingFetch([6], (init) => typeof init.body === 'string' && init.body.includes('"subscriptions/listen"'));
  const transport = new StreamableHTTPClientTransport(url, { fetch: cutter.fetch });
  const client = new Client(
    { name: 'reservoir-interop-client2', version: '1.0.0' },
    { capabilities: {}, versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  const updated = [];
  let listChanged = 0;
  client.setNotificationHandler('notifications/resources/updated', (n) => updated.push(n.params.uri));
  client.setNotificationHandler('notifications/resources/list_changed', () => listChanged++);
  await client.connect(transport);
  check(transport.sessionId === undefined, 'no session in this era');
  ok('connect-2026-07-28');

  // This client follows nextCursor itself: one call, every page.
  const all = await client.listResources();
  const uris = new Set(all.resources.map((r) => r.uri));
  const pages = cutter.stats.methods['resources/list'] ?? 0;
  check(pages > 1 && uris.size >= 1000 && uris.has(item(1000)), `pagination: ${pages} pages, ${uris.size} resources`);
  ok('list-pagination');

  const text = await client.readResource({ uri: 'test://static-text' });
  equal(text.contents[0].text, 'This is the content of the static text resource.', 'text content');
  const blob = await client.readResource({ uri: 'test://static-binary' });
  equal([...Buffer.from(blob.contents[0].blob, 'base64').subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47], 'PNG signature');
  ok('read-text-and-blob');

  const templates = await client.listResourceTemplates();
  check(templates.resourceTemplates.some((t) => t.uriTemplate === 'demo://colors/{name}'), 'templates listed');
  equal((await client.readResource({ uri: 'demo://colors/red' })).contents[0].text, 'red is #ff0000', 'template read');
  ok('templates');

  const completion = await client.complete({
    ref: { type: 'ref/resource', uri: 'demo://colors/{name}' },
    argument: { name: 'name', value: 'gr' },
  });
  check(completion.completion.values.includes('green') && completion.completion.values.includes('gray'),
    `completion values ${completion.completion.values}`);
  ok('completion');

  try {
    await client.readResource({ uri: 'test://does-not-exist' });
    throw new Error('reading a missing resource should fail');
  } catch (e) {
    check(e instanceof ProtocolError, `a protocol error, not ${e}`);
    equal(e.code, -32602, 'resource-not-found code in 2026-07-28');
    equal(e.data?.uri, 'test://does-not-exist', 'the URI in the error data');
  }
  ok('not-found');

  const filter = { resourcesListChanged: true, resourceSubscriptions: Array.from({ length: ITEMS }, (_, k) => item(k + 1)) };
  const first = await client.listen(filter);
  check(first.honoredFilter.resourceSubscriptions?.length === ITEMS, 'the filter was honored');
  fire('updates', ITEMS);
  const how = await Promise.race([
    first.closed,
    new Promise((_, reject) => setTimeout(() => reject(new Error('the listen stream was not cut')), 20000)),
  ]);
  equal(how, 'remote', 'the forced disconnect ends the subscription');
  equal(cutter.stats.cuts, 1, 'forced disconnects');
  const before = updated.length;
  check(before >= 5, `updates before the cut (${before})`);
  ok('listen-forced-disconnect');

  const second = await client.listen(filter);
  fire('updates', ITEMS);
  await waitFor(() => updated.length >= before + ITEMS, 'updates on the new listen stream');
  fire('list-changed');
  await waitFor(() => listChanged > 0, 'list_changed');
  ok('listen-again');

  await second.close();
  equal(await second.closed, 'local', 'closed by the client');
  ok('listen-close');
  await client.close();
});
