/** Streamable HTTP (and the 2024-11-05 HTTP+SSE transport) for Reservoir servers, on embedded Jetty 12. */
package dev.reservoir.transport.http;
