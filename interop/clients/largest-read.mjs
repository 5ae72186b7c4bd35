// Measures the largest blob the official TypeScript SDK stdio client reads without losing its
// connection (it drops a message over its buffer size, 10 MiB by default). Not a test: a probe for
// the README's table. Each probe writes DIR/probe.bin of N random bytes and reads it over a new
// connection to a server started with the given command (which must serve DIR with its own message
// limit raised, e.g. reservoir serve DIR --max-message-size 1GiB); a binary search over N follows.
// Usage: node largest-read.mjs sdk1|sdk2 DIR command [args...]
//   sdk1: @modelcontextprotocol/sdk 1.x; sdk2: @modelcontextprotocol/client 2.x
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [sdk, dir, command, ...args] = process.argv.slice(2);
const { Client } = await import(sdk === 'sdk2' ? '@modelcontextprotocol/client' : '@modelcontextprotocol/sdk/client/index.js');
const { StdioClientTransport } = await import(
  sdk === 'sdk2' ? '@modelcontextprotocol/client/stdio' : '@modelcontextprotocol/sdk/client/stdio.js');
const file = join(dir, 'probe.bin');

/** Whether a blob of n bytes reads whole, and the connection still answers afterwards. */
async function survives(n) {
  writeFileSync(file, randomBytes(n));
  const client = new Client({ name: 'largest-read-probe', version: '1.0.0' }, { capabilities: {} });
  await client.connect(new StdioClientTransport({ command, args, stderr: 'ignore' }));
  try {
    const uri = (await client.listResources()).resources.find((r) => r.name === 'probe.bin').uri;
    const blob = await client.readResource({ uri });
    await client.ping();
    return Buffer.from(blob.contents[0].blob, 'base64').length === n;
  } catch {
    return false;
  } finally {
    await client.close().catch(() => {});
  }
}

let good = 1 << 20;
let bad = 16 << 20;
if (!(await survives(good)) || (await survives(bad))) {
  throw new Error(`expected ${good} bytes to read and ${bad} not to`);
}
while (bad - good > 1024) {
  const mid = Math.floor((good + bad) / 2);
  if (await survives(mid)) {
    good = mid;
  } else {
    bad = mid;
  }
  console.error(`survives up to ${good}, fails from ${bad}`);
}
console.log(JSON.stringify({ client: `${sdk === 'sdk2' ? '@modelcontextprotocol/client' : '@modelcontextprotocol/sdk'} stdio`, largestBlobBytes: good, failsAtBytes: bad,
  base64Bytes: Math.ceil(good / 3) * 4 }));
process.exit(0);
