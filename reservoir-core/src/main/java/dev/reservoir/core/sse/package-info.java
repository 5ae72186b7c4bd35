/** Server-sent events (text/event-stream): an incremental parser, shared by every HTTP client end. */
package dev.reservoir.core.sse;
