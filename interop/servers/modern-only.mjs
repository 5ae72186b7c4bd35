// A stdio server on the official TypeScript SDK 2.x that speaks only the 2026-07-28 revision: it
// answers server/discover and refuses initialize (and any claim-less request) with -32022 naming
// the versions it supports, as the Python SDK's 2026-07-28 servers do. One text resource,
// test://hello. Used by reservoir-client's ModernOnlyServerIT (started slowly through `sleep`).
import { McpServer } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";

serveStdio(
  () => {
    const server = new McpServer({ name: "modern-only", version: "1.0.0" }, { capabilities: { resources: {} } });
    server.registerResource("hello", "test://hello", { mimeType: "text/plain" }, async (uri) => ({
      contents: [{ uri: uri.href, mimeType: "text/plain", text: "hello from 2026-07-28" }],
    }));
    return server;
  },
  { legacy: "reject" },
);
