// The official TypeScript SDK 1.x (@modelcontextprotocol/sdk) against a Spring Boot application
// that serves its beans through reservoir-spring-boot-starter: initialize with a bearer token,
// list, read an annotated resource and template (with trace context in _meta), a bad variable's
// -32602, subscribe and receive updated.
// Usage: node spring-boot.mjs <endpoint URL> <bearer token> <traceparent>
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError, ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { check, equal, fire, ok, run, waitFor } from './harness.mjs';

run(async () => {
  const [endpoint, token, traceparent] = process.argv.slice(2);
  const transport = new StreamableHTTPClientTransport(new URL(endpoint), {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
  });
  const client = new Client({ name: 'reservoir-interop-spring', version: '1.0.0' }, { capabilities: {} });
  const updated = [];
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => updated.push(n.params.uri));
  await client.connect(transport);
  check(transport.sessionId, 'the server gave a session id');
  equal(client.getServerVersion().name, 'boot-app', 'server name from reservoir.name');
  ok('initialize');

  const uris = (await client.listResources()).resources.map((r) => r.uri).sort();
  equal(uris, ['catalog://about', 'notes://readme'], 'the annotated bean and the provider bean');
  const templates = (await client.listResourceTemplates()).resourceTemplates.map((t) => t.uriTemplate).sort();
  equal(templates, ['catalog://books/{id}', 'greetings://{name}'], 'the annotated and the bean templates');
  ok('list');

  equal((await client.readResource({ uri: 'catalog://about' })).contents[0].text, 'A catalog of one book.', 'about');
  const book = await client.readResource({ uri: 'catalog://books/1', _meta: { traceparent } });
  equal(JSON.parse(book.contents[0].text), { id: 1, title: 'Dune' }, 'the book as JSON');
  equal((await client.readResource({ uri: 'greetings://ada' })).contents[0].text, 'Hello, ada', 'bean template');
  try {
    await client.readResource({ uri: 'catalog://books/abc' });
    throw new Error('reading catalog://books/abc should fail');
  } catch (e) {
    check(e instanceof McpError, `an MCP error, not ${e}`);
    equal(e.code, -32602, 'invalid params for a variable that is not a number');
  }
  ok('read');

  await client.subscribeResource({ uri: 'catalog://about' });
  fire('touch', 'catalog://about');
  await waitFor(() => updated.includes('catalog://about'), 'the update of catalog://about');
  ok('subscribe-updated');
  await transport.terminateSession();
  await client.close();
});
