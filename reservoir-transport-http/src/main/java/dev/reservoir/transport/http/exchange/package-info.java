/** The server-neutral view of one HTTP request and response that Reservoir's MCP endpoint is written against, for mounting it on any web server. */
package dev.reservoir.transport.http.exchange;
