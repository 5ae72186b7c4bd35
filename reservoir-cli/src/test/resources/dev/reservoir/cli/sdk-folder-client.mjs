// A client made with the official TypeScript SDK, as MCP hosts make theirs: StdioClientTransport
// starts the server with only the environment the SDK passes on (HOME, LOGNAME, PATH, SHELL,
// TERM, USER). It lists every page, reads the URIs it is given, and can subscribe to one and wait
// for a change. Its argument is a file holding a JSON plan (a file, so that names outside ASCII
// reach the server byte-exact whatever the test's own locale):
//   {sdk, command, args, cwd, env (optional), listTimes: n (default 1), read: [uri...], subscribe: uri|null}
// Output lines: "SUBSCRIBED" once subscribed (the Java test then changes the file), and at the end
// "RESULT <json>" with {resources, pages, reads, updated, stderr}. Errors of single requests are
// recorded, not thrown: the test decides what they mean.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';

const plan = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const sdk = (file) => import(pathToFileURL(join(plan.sdk, file)).href);
const { Client } = await sdk('client/index.js');
const { StdioClientTransport } = await sdk('client/stdio.js');
const { ResourceUpdatedNotificationSchema } = await sdk('types.js');

const transport = new StdioClientTransport({
  command: plan.command,
  args: plan.args,
  cwd: plan.cwd,
  env: plan.env, // added to the SDK's default environment, as a host's "env" setting is
  stderr: 'pipe',
});
let stderr = '';
transport.stderr.on('data', (chunk) => (stderr += chunk.toString('utf8')));
const client = new Client({ name: 'reservoir-sdk-folder-client', version: '1' });
const updated = [];
client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => updated.push(n.params.uri));

const error = (e) => ({ error: { code: e.code, message: e.message, data: e.data ?? null } });
const result = { resources: [], pages: 0, reads: {}, updated, stderr: '' };
try {
  await client.connect(transport);
  for (let time = 0; time < (plan.listTimes ?? 1); time++) {
  result.resources = [];
  let cursor;
  do {
    try {
      const page = await client.listResources(cursor ? { cursor } : {});
      result.pages++;
      result.resources.push(...page.resources.map((r) => ({ uri: r.uri, name: r.name, mimeType: r.mimeType })));
      cursor = page.nextCursor;
    } catch (e) {
      result.listError = error(e).error;
      cursor = undefined;
    }
  } while (cursor);
  }
  for (const uri of plan.read ?? []) {
    try {
      const read = await client.readResource({ uri });
      const c = read.contents[0];
      result.reads[uri] = c.text !== undefined ? { text: c.text, mimeType: c.mimeType } : { blobLength: c.blob.length };
    } catch (e) {
      result.reads[uri] = error(e);
    }
  }
  if (plan.subscribe) {
    await client.subscribeResource({ uri: plan.subscribe });
    console.log('SUBSCRIBED');
    const start = Date.now();
    while (!updated.includes(plan.subscribe) && Date.now() - start < 20000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
} catch (e) {
  result.failure = String(e?.stack ?? e);
} finally {
  await client.close().catch(() => {});
  // The server's last lines: wait until its stderr ends (it has exited), for at most 10 s.
  if (!transport.stderr.readableEnded) {
    await new Promise((resolve) => {
      transport.stderr.once('end', resolve);
      setTimeout(resolve, 10000).unref();
    });
  }
  result.stderr = stderr;
  console.log('RESULT ' + JSON.stringify(result));
}
