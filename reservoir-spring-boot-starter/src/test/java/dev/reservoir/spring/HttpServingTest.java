package dev.reservoir.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;

/** How reservoir.http.server and reservoir.http.enabled choose the web server. */
class HttpServingTest {

    @Test
    void theApplicationsServerIsTheDefault() {
        assertThat(HttpServing.of(environment(Map.of()))).isEqualTo(HttpServing.APPLICATION);
    }

    @Test
    void eachChoiceIsTakenInAnyCase() {
        assertThat(HttpServing.of(environment(Map.of("reservoir.http.server", "Reservoir"))))
                .isEqualTo(HttpServing.RESERVOIR);
        assertThat(HttpServing.of(environment(Map.of("reservoir.http.server", "none"))))
                .isEqualTo(HttpServing.NONE);
        assertThat(HttpServing.of(environment(Map.of("reservoir.http.server", " application "))))
                .isEqualTo(HttpServing.APPLICATION);
    }

    @Test
    void disabledHttpServesNothingWhateverTheChoice() {
        assertThat(HttpServing.of(
                        environment(Map.of("reservoir.http.enabled", "false", "reservoir.http.server", "reservoir"))))
                .isEqualTo(HttpServing.NONE);
    }

    @Test
    void anUnknownChoiceIsRefusedWithTheThreeAllowed() {
        assertThatThrownBy(() -> HttpServing.of(environment(Map.of("reservoir.http.server", "tomcat"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("reservoir.http.server is 'tomcat'; it must be application, reservoir or none");
    }

    private static StandardEnvironment environment(Map<String, Object> properties) {
        StandardEnvironment environment = new StandardEnvironment();
        environment.getPropertySources().addFirst(new MapPropertySource("test", properties));
        return environment;
    }
}
