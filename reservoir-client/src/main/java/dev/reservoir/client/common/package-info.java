/**
 * What the client's API and its engine share: the client's failures ({@link
 * dev.reservoir.client.common.McpClientException} and its subtypes) and the kinds of transport. The
 * engine depends on this package, never on {@code dev.reservoir.client}, so the packages form no cycle.
 */
package dev.reservoir.client.common;
