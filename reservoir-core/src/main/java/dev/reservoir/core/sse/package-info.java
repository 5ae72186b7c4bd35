/**
 * Server-sent events (text/event-stream): an incremental parser shared by every HTTP client end
 * ({@link dev.reservoir.core.sse.SseReader}), and the one encoder every server end writes with
 * ({@link dev.reservoir.core.sse.SseEncoder}).
 */
package dev.reservoir.core.sse;
