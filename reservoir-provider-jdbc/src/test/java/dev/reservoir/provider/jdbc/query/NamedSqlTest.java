package dev.reservoir.provider.jdbc.query;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class NamedSqlTest {

    @Test
    void namedParametersBecomePositionalInOrder() {
        NamedSql sql = NamedSql.parse("SELECT * FROM t WHERE a = :a AND b > :b OR a = :a");
        assertThat(sql.sql()).isEqualTo("SELECT * FROM t WHERE a = ? AND b > ? OR a = ?");
        assertThat(sql.order()).containsExactly("a", "b", "a");
        assertThat(sql.names()).containsExactly("a", "b");
    }

    @Test
    void colonsInLiteralsIdentifiersCommentsCastsAndDollarQuotesAreLeftAlone() {
        String text = "SELECT ':x', \"col:y\", x::text, $$ :z $$, $tag$ it's :w $tag$, $1 -- :c\n"
                + "/* :d */ FROM t WHERE v = :v AND s = 'it''s :not'";
        NamedSql sql = NamedSql.parse(text);
        assertThat(sql.order()).containsExactly("v");
        assertThat(sql.sql()).isEqualTo(text.replace(":v", "?"));
    }
}
