package dev.reservoir.server.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import org.junit.jupiter.api.Test;

class ReadRequestTest {

    @Test
    void aPlainUriIsKeptAsTextAndParsedOnceWhenAsked() {
        ReadRequest request = ReadRequest.of("file:///a/b%20c.txt?x#y", null, ReadOptions.DEFAULT, CallContext.NONE);
        assertThat(request.uriText()).isEqualTo("file:///a/b%20c.txt?x#y");
        URI parsed = request.uri();
        assertThat(parsed).isEqualTo(URI.create("file:///a/b%20c.txt?x#y"));
        assertThat(parsed.getPath()).isEqualTo("/a/b c.txt");
        assertThat(request.uri()).isSameAs(parsed);
    }

    @Test
    void otherFormsAreParsedAtOnceSoABadOneFailsThere() {
        ReadRequest urn = ReadRequest.of("urn:isbn:0451450523", null, ReadOptions.DEFAULT, CallContext.NONE);
        assertThat(urn.uri().getSchemeSpecificPart()).isEqualTo("isbn:0451450523");
        ReadRequest port = ReadRequest.of("http://h:8080/p", null, ReadOptions.DEFAULT, CallContext.NONE);
        assertThat(port.uri().getPort()).isEqualTo(8080);
        assertThatThrownBy(() -> ReadRequest.of("x:", null, ReadOptions.DEFAULT, CallContext.NONE))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ReadRequest.of((String) null, null, ReadOptions.DEFAULT, CallContext.NONE))
                .isInstanceOf(NullPointerException.class);
    }

    @Test
    void madeFromAUriOrItsTextTheRequestsAreEqual() {
        URI uri = URI.create("test://files/a.txt");
        ReadRequest fromUri = ReadRequest.of(uri, ReadOptions.DEFAULT);
        ReadRequest fromText = ReadRequest.of("test://files/a.txt", null, ReadOptions.DEFAULT, CallContext.NONE);
        assertThat(fromUri.uriText()).isEqualTo("test://files/a.txt");
        assertThat(fromUri.uri()).isSameAs(uri);
        assertThat(fromText).isEqualTo(fromUri).hasSameHashCodeAs(fromUri);
        assertThat(fromText)
                .isNotEqualTo(ReadRequest.of("test://files/b.txt", null, ReadOptions.DEFAULT, CallContext.NONE));
        assertThat(fromText.toString()).contains("uri=test://files/a.txt");
        assertThat(fromText.templateMatch()).isEmpty();
        assertThatThrownBy(() -> new ReadRequest(uri, null, null, CallContext.NONE))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("options");
    }
}
