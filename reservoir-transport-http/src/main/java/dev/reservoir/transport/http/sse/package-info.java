/**
 * Writing Server-Sent Events ({@code text/event-stream}, as the WHATWG HTML standard defines it).
 * Reading them is {@link dev.reservoir.core.sse.SseReader}, which both ends share.
 */
package dev.reservoir.transport.http.sse;
