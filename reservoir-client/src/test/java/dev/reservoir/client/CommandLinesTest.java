package dev.reservoir.client;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CommandLinesTest {

    private static final String HOME = System.getProperty("user.home");

    @Test
    void wordsQuotesAndEscapesSplitAsAShellWould() {
        assertThat(CommandLines.split("npx -y  'a b' \"c \\\"d\\\"\" e\\ f"))
                .containsExactly("npx", "-y", "a b", "c \"d\"", "e f");
    }

    @Test
    void aLeadingTildeOfAnUnquotedWordIsTheHomeFolder() {
        assertThat(CommandLines.split("./reservoir serve ~/docs ~ '~/quoted' \"~\" ~user a~b"))
                .containsExactly("./reservoir", "serve", HOME + "/docs", HOME, "~/quoted", "~", "~user", "a~b");
    }
}
