// The official TypeScript SDK 1.x over the 2024-11-05 HTTP+SSE transport (GET /sse, then POSTs to
// the endpoint it announces): initialize, list, read, subscribe and receive an update.
// Usage: node legacy-sse.mjs <SSE endpoint URL>
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { check, equal, fire, ok, run, waitFor } from './harness.mjs';

run(async () => {
  const client = new Client({ name: 'reservoir-interop-legacy', version: '1.0.0' }, { capabilities: {} });
  const updated = [];
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => updated.push(n.params.uri));
  await client.connect(new SSEClientTransport(new URL(process.argv[2])));
  equal(client.getServerVersion().name, 'reservoir-interop', 'server name');
  ok('initialize');
  const page = await client.listResources();
  check(page.resources.length > 0, 'resources listed');
  const text = await client.readResource({ uri: 'test://static-text' });
  equal(text.contents[0].text, 'This is the content of the static text resource.', 'text content');
  ok('list-and-read');
  await client.subscribeResource({ uri: 'test://watched-resource' });
  fire('touch');
  await waitFor(() => updated.includes('test://watched-resource'), 'the update');
  ok('subscribe-updated');
  await client.close();
});
