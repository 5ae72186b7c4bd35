// A stdio server on the official TypeScript SDK 1.x with tools, prompts and logging but no
// resources, as @modelcontextprotocol/server-filesystem is. Used by reservoir-cli's tests of
// what `reservoir info/ls/find` say about a server that offers no resources.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";

const server = new McpServer({ name: "tools-only", version: "1.0.0" }, { capabilities: { logging: {} } });
server.tool("echo", "Says it back", async () => ({ content: [{ type: "text", text: "echo" }] }));
server.prompt("greet", "Says hello", async () => ({ messages: [{ role: "user", content: { type: "text", text: "hello" } }] }));
await server.connect(new StdioServerTransport());
