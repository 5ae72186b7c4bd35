/** The MCP client: blocking calls over stdio, streams or HTTP, notifications through listeners. */
module dev.reservoir.client {
    requires transitive dev.reservoir.core;
    requires java.net.http;
    requires org.slf4j;

    exports dev.reservoir.client;
    exports dev.reservoir.client.common;
}
