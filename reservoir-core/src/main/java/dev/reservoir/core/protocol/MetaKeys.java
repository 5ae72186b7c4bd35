package dev.reservoir.core.protocol;

/** Reserved {@code _meta} keys of revision 2026-07-28. */
public final class MetaKeys {
    public static final String PROTOCOL_VERSION = "io.modelcontextprotocol/protocolVersion";
    public static final String CLIENT_CAPABILITIES = "io.modelcontextprotocol/clientCapabilities";
    public static final String CLIENT_INFO = "io.modelcontextprotocol/clientInfo";
    public static final String SERVER_INFO = "io.modelcontextprotocol/serverInfo";
    public static final String SUBSCRIPTION_ID = "io.modelcontextprotocol/subscriptionId";
    public static final String LOG_LEVEL = "io.modelcontextprotocol/logLevel";

    private MetaKeys() {}
}
