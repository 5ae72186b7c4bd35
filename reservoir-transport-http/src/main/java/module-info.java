/** The Streamable HTTP transport (and the older HTTP+SSE) on embedded Jetty 12, or mounted on another web server. */
module dev.reservoir.transport.http {
    requires transitive dev.reservoir.server;
    requires transitive org.eclipse.jetty.server;
    requires org.slf4j;

    exports dev.reservoir.transport.http;
    exports dev.reservoir.transport.http.exchange;
    exports dev.reservoir.transport.http.host;
}
