package dev.reservoir.spring;

import java.util.Locale;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.env.Environment;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * Which web server serves the MCP endpoint, from {@code reservoir.http.server}: the application's
 * own (the default; only a web application has one), Reservoir's own Jetty, or none.
 * {@code reservoir.http.enabled=false} means none, as it did before the choice existed.
 */
enum HttpServing {
    APPLICATION,
    RESERVOIR,
    NONE;

    static HttpServing of(Environment environment) {
        if (!environment.getProperty("reservoir.http.enabled", Boolean.class, true)) {
            return NONE;
        }
        String chosen = environment.getProperty("reservoir.http.server", "application");
        try {
            return valueOf(chosen.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "reservoir.http.server is '" + chosen + "'; it must be application, reservoir or none", e);
        }
    }

    /** Matches when the application's web server is chosen (also needs a web application). */
    static final class OnApplication extends SpringBootCondition {
        @Override
        public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
            return outcome(context, APPLICATION);
        }
    }

    /** Matches when Reservoir's own Jetty is chosen. */
    static final class OnReservoir extends SpringBootCondition {
        @Override
        public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
            return outcome(context, RESERVOIR);
        }
    }

    private static ConditionOutcome outcome(ConditionContext context, HttpServing wanted) {
        HttpServing chosen = of(context.getEnvironment());
        String message = "reservoir.http.server is " + chosen.name().toLowerCase(Locale.ROOT);
        return chosen == wanted ? ConditionOutcome.match(message) : ConditionOutcome.noMatch(message);
    }
}
