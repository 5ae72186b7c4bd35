package dev.reservoir.spring;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;

/** The {@code reservoir.*} settings of the Spring Boot starter. Mutable, as Spring binds it. */
@ConfigurationProperties("reservoir")
public class ReservoirProperties {

    /** The server name reported to clients. */
    private String name = "reservoir";

    /** The server version reported to clients. */
    private String version = "0.1.0";

    /** Guidance for models about this server. */
    private String instructions;

    /** Folders to serve, as {@code reservoir serve DIR} does (needs reservoir-provider-fs). */
    private List<String> folders = new ArrayList<>();

    /** Other sources as the command line writes them: {@code git:./repo}, {@code jdbc:...} (their provider jar must be present). */
    private List<String> providers = new ArrayList<>();

    private final Http http = new Http();
    private final Limits limits = new Limits();

    /** The web server that serves the MCP endpoint. */
    public enum Server {
        /** The application's own (Spring MVC or WebFlux), at {@code reservoir.http.path} below its context path. */
        APPLICATION,
        /** Reservoir's own Jetty, at {@code reservoir.http.host}, {@code port} and {@code path}. */
        RESERVOIR,
        /** None: the server is built but not served over HTTP. */
        NONE
    }

    /** The Streamable HTTP endpoint, on the application's web server or on Reservoir's own Jetty. */
    public static class Http {
        /** Whether to serve over HTTP at all (false is the same as server=none). */
        private boolean enabled = true;

        /**
         * Which web server serves the endpoint: application (the default in a web application;
         * a non-web application then serves nothing), reservoir (its own Jetty) or none.
         */
        private Server server;

        /** The address Reservoir's own Jetty binds; loopback by default (then only localhost names and origins are answered). */
        private String host = "127.0.0.1";

        /** The port of Reservoir's own Jetty; 0 picks a free one. */
        private int port = 8090;

        /** Serve a network address without bearer tokens (when the application guards the path itself). */
        private boolean allowUnauthenticatedNetwork;

        /** The endpoint's path (below the application's context path on its own server). */
        private String path = "/mcp";

        /** Host header values answered (others get 421); empty for the default. */
        private List<String> allowedHosts = new ArrayList<>();

        /** Origin header values accepted (others get 403); empty for the default. */
        private List<String> allowedOrigins = new ArrayList<>();

        /** Bearer tokens of which a request must carry one; empty for none. */
        private List<String> bearerTokens = new ArrayList<>();

        /** The largest request body in bytes. */
        private int maxRequestBytes = 4 << 20;

        /** Stateful sessions open at once. */
        private int maxSessions = 10_000;

        public boolean isEnabled() {
            return enabled;
        }

        public void setEnabled(boolean enabled) {
            this.enabled = enabled;
        }

        public Server getServer() {
            return server;
        }

        public void setServer(Server server) {
            this.server = server;
        }

        public boolean isAllowUnauthenticatedNetwork() {
            return allowUnauthenticatedNetwork;
        }

        public void setAllowUnauthenticatedNetwork(boolean allow) {
            this.allowUnauthenticatedNetwork = allow;
        }

        public String getHost() {
            return host;
        }

        public void setHost(String host) {
            this.host = host;
        }

        public int getPort() {
            return port;
        }

        public void setPort(int port) {
            this.port = port;
        }

        public String getPath() {
            return path;
        }

        public void setPath(String path) {
            this.path = path;
        }

        public List<String> getAllowedHosts() {
            return allowedHosts;
        }

        public void setAllowedHosts(List<String> hosts) {
            this.allowedHosts = hosts;
        }

        public List<String> getAllowedOrigins() {
            return allowedOrigins;
        }

        public void setAllowedOrigins(List<String> origins) {
            this.allowedOrigins = origins;
        }

        public List<String> getBearerTokens() {
            return bearerTokens;
        }

        public void setBearerTokens(List<String> tokens) {
            this.bearerTokens = tokens;
        }

        public int getMaxRequestBytes() {
            return maxRequestBytes;
        }

        public void setMaxRequestBytes(int bytes) {
            this.maxRequestBytes = bytes;
        }

        public int getMaxSessions() {
            return maxSessions;
        }

        public void setMaxSessions(int max) {
            this.maxSessions = max;
        }
    }

    /** The server engine's limits. */
    public static class Limits {
        /** Resources per page of resources/list. */
        private int pageSize = 100;

        /** How long a read may take. */
        private Duration requestTimeout = Duration.ofSeconds(30);

        /** Requests one connection may have in flight. */
        private int maxConcurrentRequests = 64;

        /** Subscriptions one session may hold. */
        private int maxSubscriptions = 10_000;

        public int getPageSize() {
            return pageSize;
        }

        public void setPageSize(int size) {
            this.pageSize = size;
        }

        public Duration getRequestTimeout() {
            return requestTimeout;
        }

        public void setRequestTimeout(Duration timeout) {
            this.requestTimeout = timeout;
        }

        public int getMaxConcurrentRequests() {
            return maxConcurrentRequests;
        }

        public void setMaxConcurrentRequests(int max) {
            this.maxConcurrentRequests = max;
        }

        public int getMaxSubscriptions() {
            return maxSubscriptions;
        }

        public void setMaxSubscriptions(int max) {
            this.maxSubscriptions = max;
        }
    }

    public String getName() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
    }

    public String getVersion() {
        return version;
    }

    public void setVersion(String version) {
        this.version = version;
    }

    public String getInstructions() {
        return instructions;
    }

    public void setInstructions(String instructions) {
        this.instructions = instructions;
    }

    public List<String> getFolders() {
        return folders;
    }

    public void setFolders(List<String> folders) {
        this.folders = folders;
    }

    public List<String> getProviders() {
        return providers;
    }

    public void setProviders(List<String> providers) {
        this.providers = providers;
    }

    public Http getHttp() {
        return http;
    }

    public Limits getLimits() {
        return limits;
    }
}
