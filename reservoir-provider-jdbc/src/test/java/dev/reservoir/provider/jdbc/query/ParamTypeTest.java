package dev.reservoir.provider.jdbc.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class ParamTypeTest {

    @Test
    void textBecomesTheTypedValue() {
        assertThat(ParamType.INTEGER.convert("p", "42")).isEqualTo(42L);
        assertThat(ParamType.NUMBER.convert("p", "1.50")).isEqualTo(new BigDecimal("1.50"));
        assertThat(ParamType.BOOLEAN.convert("p", "yes")).isEqualTo(true);
        assertThat(ParamType.DATE.convert("p", "2024-02-29")).isEqualTo(LocalDate.of(2024, 2, 29));
        assertThat(ParamType.TIMESTAMP.convert("p", "2024-01-01T10:00:00+02:00"))
                .isInstanceOf(OffsetDateTime.class);
        assertThat(ParamType.UUID.convert("p", "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11"))
                .isInstanceOf(UUID.class);
        assertThat(ParamType.named("Date")).isEqualTo(ParamType.DATE);
    }

    @Test
    void textThatDoesNotFitIsRefusedNamingTheParameter() {
        assertThatThrownBy(() -> ParamType.DATE.convert("since", "yesterday"))
                .hasMessage("parameter 'since' must be a date (YYYY-MM-DD), not 'yesterday'");
        assertThatThrownBy(() -> ParamType.BOOLEAN.convert("flag", "maybe")).hasMessageContaining("true or false");
        assertThatThrownBy(() -> ParamType.named("money")).hasMessageContaining("unknown parameter type 'money'");
    }
}
