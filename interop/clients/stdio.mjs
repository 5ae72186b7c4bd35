// The official TypeScript SDK 1.x stdio client, as desktop hosts use it (StdioClientTransport, which
// starts the server with a bare environment and drops any message over 10 MiB, closing the
// connection), against a Reservoir server process: reads whose answers are large.
// Usage: node stdio.mjs <scenario> <command> [args...]
//   demo-blob      the server serves --demo: demo://blob/large (4 MiB) reads whole
//   large-refused  the server serves a folder holding big.bin (larger than the message limit) and
//                  small.txt: big.bin is refused with a clean error naming the sizes and the way to
//                  raise the limit, and small.txt then reads on the same connection
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { check, equal, ok, run } from './harness.mjs';

const [scenario, command, ...args] = process.argv.slice(2);

async function connect() {
  const transport = new StdioClientTransport({ command, args, stderr: 'inherit' });
  const errors = [];
  const client = new Client({ name: 'reservoir-interop-stdio', version: '1.0.0' }, { capabilities: {} });
  client.onerror = (e) => errors.push(String(e));
  await client.connect(transport);
  return { client, errors };
}

async function demoBlob() {
  const { client, errors } = await connect();
  ok('initialize');
  const blob = await client.readResource({ uri: 'demo://blob/large' });
  const bytes = Buffer.from(blob.contents[0].blob, 'base64');
  equal(bytes.length, 4 * 1024 * 1024, 'the blob decodes to 4 MiB');
  ok('read-demo-blob');
  equal((await client.readResource({ uri: 'test://static-text' })).contents[0].text,
    'This is the content of the static text resource.', 'a read after the blob');
  equal(errors, [], 'transport errors');
  ok('still-connected');
  await client.close();
}

async function largeRefused() {
  const { client, errors } = await connect();
  ok('initialize');
  const listed = await client.listResources();
  const big = listed.resources.find((r) => r.name === 'big.bin');
  const small = listed.resources.find((r) => r.name === 'small.txt');
  check(big && small, `big.bin and small.txt are listed: ${listed.resources.map((r) => r.name)}`);
  try {
    await client.readResource({ uri: big.uri });
    throw new Error('reading big.bin should have been refused');
  } catch (e) {
    check(e instanceof McpError, `an MCP error, not ${e}`);
    equal(e.code, -31000, 'content-too-large code');
    check(/would be [\d.]+ MiB \(\d+ bytes\), more than the 8\.0 MiB \(8388608 bytes\) a message may have over stdio/.test(e.message),
      `the message names the size and the limit: ${e.message}`);
    check(e.message.includes('--max-message-size'), `the message says how to raise the limit: ${e.message}`);
    equal(e.data?.uri, big.uri, 'data.uri');
    equal(e.data?.limit, 8 * 1024 * 1024, 'data.limit');
    check(e.data?.size > 8 * 1024 * 1024, `data.size ${e.data?.size}`);
  }
  ok('large-read-refused');
  const text = await client.readResource({ uri: small.uri });
  equal(text.contents[0].text, 'still here\n', 'small.txt after the refusal');
  equal(errors, [], 'transport errors');
  ok('small-read-after');
  await client.close();
}

run(async () => {
  switch (scenario) {
    case 'demo-blob':
      return demoBlob();
    case 'large-refused':
      return largeRefused();
    default:
      throw new Error(`unknown scenario ${scenario}`);
  }
});
