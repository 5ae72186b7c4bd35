package dev.reservoir.spring;

import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.beans.factory.ObjectProvider;

/**
 * What the {@code reservoir} health indicator reports, whichever web server serves the endpoint:
 * UP with where it is served and the open sessions while it runs (or when no HTTP serving was
 * chosen), DOWN when the chosen server is not running.
 */
record ReservoirHealth(boolean up, Map<String, Object> details) {

    static ReservoirHealth of(ObjectProvider<ReservoirHttpServer> own, ObjectProvider<ReservoirHttpEndpoint> mounted) {
        Map<String, Object> details = new LinkedHashMap<>();
        ReservoirHttpServer http = own.getIfAvailable();
        if (http != null) {
            if (!http.isRunning()) {
                return down("Reservoir's HTTP server is not running");
            }
            details.put("server", "reservoir");
            details.put("endpoint", http.endpoint().toString());
            details.put("sessions", http.openSessions());
            return new ReservoirHealth(true, details);
        }
        ReservoirHttpEndpoint endpoint = mounted.getIfAvailable();
        if (endpoint != null) {
            if (!endpoint.isRunning()) {
                return down("the MCP endpoint is not running");
            }
            details.put("server", "application");
            details.put("paths", endpoint.paths());
            details.put("sessions", endpoint.openSessions());
            return new ReservoirHealth(true, details);
        }
        details.put("server", "none");
        return new ReservoirHealth(true, details);
    }

    private static ReservoirHealth down(String reason) {
        return new ReservoirHealth(false, Map.of("reason", reason));
    }
}
