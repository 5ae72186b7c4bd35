package dev.reservoir.client.internal.io;

import com.fasterxml.jackson.core.Base64Variant;
import com.fasterxml.jackson.core.Base64Variants;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.io.InputStream;

/**
 * The client's JSON factory: the codec's settings, except that a string may be as long as a large
 * text resource (Jackson's default limit of 20 M characters would refuse a big text), and base64
 * without padding is accepted.
 */
public final class Json {

    /** The longest JSON string the client reads into memory (blobs are decoded without it). */
    public static final int MAX_STRING_CHARS = 1 << 30;

    public static final ObjectMapper MAPPER = JsonMapper.builder(JsonFactory.builder()
                    .streamReadConstraints(StreamReadConstraints.builder()
                            .maxStringLength(MAX_STRING_CHARS)
                            .build())
                    .build())
            .disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET)
            .disable(JsonParser.Feature.AUTO_CLOSE_SOURCE)
            .build();

    /** Standard base64; padding optional (some servers omit it). */
    public static final Base64Variant BASE64 =
            Base64Variants.MIME_NO_LINEFEEDS.withReadPadding(Base64Variant.PaddingReadBehaviour.PADDING_ALLOWED);

    private Json() {}

    /** A streaming parser over a stream (which it does not close). */
    public static JsonParser parser(InputStream in) throws IOException {
        return MAPPER.getFactory().createParser(in);
    }
}
