/**
 * URIs and URI templates for MCP resources: {@link dev.reservoir.core.uri.UriValidator} checks absolute
 * URIs (RFC 3986), {@link dev.reservoir.core.uri.UriTemplate} expands and matches templates (RFC 6570) and
 * refuses unsafe variable values by default, and {@link dev.reservoir.core.uri.UriTemplateTable} finds the
 * most specific registered template for a URI.
 */
package dev.reservoir.core.uri;
