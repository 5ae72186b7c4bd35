package dev.reservoir.core.jsonrpc;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Exact bytes in, exact bytes out. */
class JsonRpcCodecTest {

    private final JsonRpcCodec codec = JsonRpcCodec.standard();

    private String encode(JsonRpcMessage message) {
        return new String(codec.encode(message), StandardCharsets.UTF_8);
    }

    @Test
    void decodesARequestWithIntegerId() {
        Decoded decoded = codec.decode("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"ping\"}");
        assertThat(decoded).isEqualTo(new Decoded.Single(new JsonRpcRequest(RequestId.of(7), "ping", null)));
    }

    @Test
    void decodesARequestWithStringIdAndParams() {
        Decoded decoded = codec.decode(
                "{\"jsonrpc\":\"2.0\",\"id\":\"x\",\"method\":\"resources/read\",\"params\":{\"uri\":\"a://b\"}}");
        JsonRpcRequest request = (JsonRpcRequest) ((Decoded.Single) decoded).message();
        assertThat(request.id()).isEqualTo(RequestId.of("x"));
        assertThat(request.params().get("uri").asText()).isEqualTo("a://b");
    }

    @Test
    void decodesNotificationsAndResponses() {
        assertThat(((Decoded.Single) codec.decode("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}"))
                        .message())
                .isInstanceOf(JsonRpcNotification.class);
        assertThat(((Decoded.Single) codec.decode("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}")).message())
                .isInstanceOf(JsonRpcResult.class);
        JsonRpcErrorResponse error = (JsonRpcErrorResponse) ((Decoded.Single)
                        codec.decode(
                                "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32002,\"message\":\"gone\",\"data\":{\"uri\":\"a://b\"}}}"))
                .message();
        assertThat(error.error().code()).isEqualTo(-32002);
        assertThat(error.error().data().get("uri").asText()).isEqualTo("a://b");
    }

    @Test
    void malformedJsonIsAParseErrorWithNullId() {
        Decoded.Invalid invalid = (Decoded.Invalid) codec.decode("{\"jsonrpc\":");
        assertThat(invalid.error().id()).isNull();
        assertThat(invalid.error().error().code()).isEqualTo(-32700);
        assertThat(encode(invalid.error()))
                .startsWith(
                        "{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32700,\"message\":\"Parse error at line 1");
    }

    @Test
    void trailingContentAndDuplicateKeysAreParseErrors() {
        assertThat(((Decoded.Invalid) codec.decode("{\"jsonrpc\":\"2.0\",\"method\":\"a\"} {}"))
                        .error()
                        .error()
                        .code())
                .isEqualTo(-32700);
        assertThat(((Decoded.Invalid) codec.decode("{\"jsonrpc\":\"2.0\",\"method\":\"a\",\"method\":\"b\"}"))
                        .error()
                        .error()
                        .code())
                .isEqualTo(-32700);
    }

    @Test
    void overlongOrOtherwiseMalformedUtf8IsAParseError() {
        // C0 AF is an overlong '/': a lenient decoder turns "a%C0%AFb"-style bytes into a path separator.
        byte[][] malformed = {
            {(byte) 0xC0, (byte) 0xAF},
            {(byte) 0xC1, (byte) 0xBF},
            {(byte) 0xE0, (byte) 0x80, (byte) 0xAF},
            {(byte) 0xF0, (byte) 0x80, (byte) 0x80, (byte) 0xAF},
            {(byte) 0xED, (byte) 0xA0, (byte) 0x80},
            {(byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80},
            {(byte) 0x80},
            {(byte) 0xE2, (byte) 0x82}
        };
        for (byte[] bad : malformed) {
            byte[] frame = frameWithString(bad);
            Decoded decoded = codec.decode(frame, 0, frame.length);
            assertThat(decoded)
                    .as("%s", java.util.HexFormat.ofDelimiter(" ").formatHex(bad))
                    .isInstanceOf(Decoded.Invalid.class);
            JsonRpcError error = ((Decoded.Invalid) decoded).error().error();
            assertThat(error.code()).isEqualTo(-32700);
            assertThat(error.message()).contains("UTF-8").contains("byte 56");
        }
        byte[] fine = frameWithString("é€😀".getBytes(StandardCharsets.UTF_8));
        assertThat(codec.decode(fine, 0, fine.length)).isInstanceOf(Decoded.Single.class);
    }

    /** A ping whose params hold one string made of these bytes (which start at byte 56). */
    private static byte[] frameWithString(byte[] inside) {
        byte[] head = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{\"x\":\""
                .getBytes(StandardCharsets.UTF_8);
        byte[] tail = "\"}}".getBytes(StandardCharsets.UTF_8);
        byte[] frame = new byte[head.length + inside.length + tail.length];
        System.arraycopy(head, 0, frame, 0, head.length);
        System.arraycopy(inside, 0, frame, head.length, inside.length);
        System.arraycopy(tail, 0, frame, head.length + inside.length, tail.length);
        return frame;
    }

    @Test
    void invalidEnvelopesKeepTheIdWhenItCanBeRead() {
        Decoded.Invalid noVersion = (Decoded.Invalid) codec.decode("{\"id\":5,\"method\":\"ping\"}");
        assertThat(noVersion.error().id()).isEqualTo(RequestId.of(5));
        assertThat(noVersion.error().error().code()).isEqualTo(-32600);
        Decoded.Invalid floatId =
                (Decoded.Invalid) codec.decode("{\"jsonrpc\":\"2.0\",\"id\":1.5,\"method\":\"ping\"}");
        assertThat(floatId.error().id()).isNull();
        Decoded.Invalid hugeId = (Decoded.Invalid)
                codec.decode("{\"jsonrpc\":\"2.0\",\"id\":123456789012345678901234567890,\"method\":\"ping\"}");
        assertThat(hugeId.error().error().code()).isEqualTo(-32600);
        Decoded.Invalid both = (Decoded.Invalid)
                codec.decode("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{},\"error\":{\"code\":1,\"message\":\"x\"}}");
        assertThat(both.error().error().code()).isEqualTo(-32600);
    }

    @Test
    void aNotificationWithBadParamsIsMarkedSoItIsNotAnswered() {
        Decoded.Invalid invalid =
                (Decoded.Invalid) codec.decode("{\"jsonrpc\":\"2.0\",\"method\":\"x\",\"params\":[1]}");
        assertThat(invalid.notification()).isTrue();
        assertThat(invalid.error().error().code()).isEqualTo(-32602);
    }

    @Test
    void batchesDecodeItemByItem() {
        Decoded.Batch batch = (Decoded.Batch) codec.decode(
                "[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"},42,{\"jsonrpc\":\"2.0\",\"method\":\"n\"}]");
        assertThat(batch.items()).hasSize(3);
        assertThat(batch.items().get(0)).isInstanceOf(Decoded.Single.class);
        assertThat(batch.items().get(1)).isInstanceOf(Decoded.Invalid.class);
        assertThat(((Decoded.Invalid) codec.decode("[]")).error().error().code())
                .isEqualTo(-32600);
    }

    @Test
    void encodesExactly() {
        assertThat(encode(new JsonRpcRequest(RequestId.of(1), "ping", null)))
                .isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}");
        assertThat(encode(JsonRpcResult.of(RequestId.of("a"), JsonNodeFactory.instance.objectNode())))
                .isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":\"a\",\"result\":{}}");
        assertThat(encode(new JsonRpcErrorResponse(RequestId.of(2), JsonRpcError.methodNotFound("x"))))
                .isEqualTo(
                        "{\"jsonrpc\":\"2.0\",\"id\":2,\"error\":{\"code\":-32601,\"message\":\"Method not found: x\"}}");
        assertThat(encode(new JsonRpcNotification("notifications/resources/list_changed", null)))
                .isEqualTo("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/resources/list_changed\"}");
    }

    @Test
    void streamedResultsAreWrittenInPlace() throws Exception {
        JsonWritable streamed = g -> {
            g.writeStartObject();
            g.writeFieldName("text");
            g.writeString(new java.io.StringReader("line\nwith \"quotes\""), -1);
            g.writeEndObject();
        };
        var out = new java.io.ByteArrayOutputStream();
        codec.writeBatch(List.of(new JsonRpcResult(RequestId.of(1), streamed)), out);
        assertThat(out.toString(StandardCharsets.UTF_8))
                .isEqualTo("[{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"text\":\"line\\nwith \\\"quotes\\\"\"}}]");
    }

    /** A deferred result that records what the codec did with it. */
    private static final class Recording implements DeferredResult {
        final JsonRpcError error;
        final List<String> calls = new java.util.ArrayList<>();

        Recording(JsonRpcError error) {
            this.error = error;
        }

        @Override
        public JsonRpcError open() {
            calls.add("open");
            return error;
        }

        @Override
        public void writeTo(com.fasterxml.jackson.core.JsonGenerator g) throws java.io.IOException {
            calls.add("write");
            g.writeStartObject();
            g.writeEndObject();
        }

        @Override
        public void close() {
            calls.add("close");
        }
    }

    @Test
    void aDeferredResultIsOpenedRightBeforeItIsWrittenAndMayTurnIntoAnError() throws Exception {
        Recording fine = new Recording(null);
        Recording gone = new Recording(new JsonRpcError(-32002, "Resource not found", null));
        var out = new java.io.ByteArrayOutputStream();
        codec.writeBatch(
                List.of(new JsonRpcResult(RequestId.of(1), fine), new JsonRpcResult(RequestId.of(2), gone)), out);
        assertThat(out.toString(StandardCharsets.UTF_8))
                .isEqualTo(
                        "[{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}},"
                                + "{\"jsonrpc\":\"2.0\",\"id\":2,\"error\":{\"code\":-32002,\"message\":\"Resource not found\"}}]");
        assertThat(fine.calls).containsExactly("open", "write", "close");
        assertThat(gone.calls).containsExactly("open", "close");
    }

    @Test
    void aPeakOfWritersLeavesABoundedNumberOfBufferSetsBehind() throws Exception {
        // 1,000 generators open at once on virtual threads, as 1,000 answers being written at once
        // would be (a platform thread keeps one set of its own instead).
        var pool = codec.mapper().getFactory()._getRecyclerPool();
        List<com.fasterxml.jackson.core.JsonGenerator> open =
                java.util.Collections.synchronizedList(new java.util.ArrayList<>());
        List<Thread> threads = new java.util.ArrayList<>();
        java.util.concurrent.CountDownLatch allOpen = new java.util.concurrent.CountDownLatch(1000);
        java.util.concurrent.CountDownLatch close = new java.util.concurrent.CountDownLatch(1);
        for (int i = 0; i < 1000; i++) {
            threads.add(Thread.ofVirtual().start(() -> {
                try (var generator = codec.generator(java.io.OutputStream.nullOutputStream())) {
                    open.add(generator);
                    allOpen.countDown();
                    close.await();
                    generator.writeString("x");
                } catch (Exception e) {
                    throw new AssertionError(e);
                }
            }));
        }
        allOpen.await();
        close.countDown();
        for (Thread t : threads) {
            t.join();
        }
        assertThat(open).hasSize(1000);
        assertThat(pool.pooledCount()).isBetween(1, JsonRpcCodec.POOLED_BUFFER_SETS);
    }

    @Test
    void aPlatformThreadKeepsItsOwnBuffers() throws Throwable {
        var pool = codec.mapper().getFactory()._getRecyclerPool();
        in(Thread.ofPlatform(), () -> {
            var first = pool.acquireAndLinkPooled();
            assertThat(pool.acquireAndLinkPooled()).isSameAs(first);
            int before = pool.pooledCount();
            for (int i = 0; i < 100; i++) {
                assertThat(codec.decode("{\"jsonrpc\":\"2.0\",\"id\":" + i + ",\"method\":\"ping\"}"))
                        .isInstanceOf(Decoded.Single.class);
                codec.encode(new JsonRpcResult(RequestId.of(i), g -> g.writeString("x")));
            }
            assertThat(pool.pooledCount()).isEqualTo(before); // nothing taken from the shared pool or given to it
        });
        in(Thread.ofVirtual(), () -> assertThat(pool.acquireAndLinkPooled()).isNotSameAs(pool.acquireAndLinkPooled()));
    }

    /** Runs {@code body} on a thread of that kind and fails as it did. */
    private static void in(Thread.Builder kind, org.junit.jupiter.api.function.Executable body) throws Throwable {
        java.util.concurrent.atomic.AtomicReference<Throwable> failed =
                new java.util.concurrent.atomic.AtomicReference<>();
        kind.start(() -> {
                    try {
                        body.execute();
                    } catch (Throwable t) {
                        failed.set(t);
                    }
                })
                .join();
        if (failed.get() != null) {
            throw failed.get();
        }
    }

    @Test
    void aWriteThatFailsHalfWayLeavesBrokenJson() {
        JsonWritable failing = g -> {
            g.writeStartObject();
            g.writeFieldName("text");
            g.writeString(
                    new java.io.Reader() {
                        int calls;

                        @Override
                        public int read(char[] buffer, int off, int len) throws java.io.IOException {
                            if (calls++ == 0) {
                                buffer[off] = 'a';
                                return 1;
                            }
                            throw new java.io.IOException("disk went away");
                        }

                        @Override
                        public void close() {}
                    },
                    -1);
            g.writeEndObject();
        };
        var out = new java.io.ByteArrayOutputStream();
        try {
            codec.write(new JsonRpcResult(RequestId.of(1), failing), out);
        } catch (java.io.IOException expected) {
            // expected
        }
        assertThat(codec.decode(out.toByteArray())).isInstanceOf(Decoded.Invalid.class);
    }

    @Test
    void writingAMessageLeavesTheStreamToItsOwnerToFlushAndClose() throws Exception {
        int[] flushes = {0};
        boolean[] closed = {false};
        java.io.ByteArrayOutputStream written = new java.io.ByteArrayOutputStream();
        java.io.OutputStream out = new java.io.FilterOutputStream(written) {
            @Override
            public void flush() {
                flushes[0]++;
            }

            @Override
            public void close() {
                closed[0] = true;
            }
        };
        codec.write(new JsonRpcNotification("notifications/initialized", null), out);
        codec.writeBatch(
                List.of(new JsonRpcResult(RequestId.of(1), JsonWritable.of(JsonNodeFactory.instance.objectNode()))),
                out);
        // A flush passed on made every stdio message a write call of its own, and its newline another.
        assertThat(flushes[0]).as("flushes passed on to the stream").isZero();
        assertThat(closed[0]).as("the stream closed").isFalse();
        assertThat(written.toString(StandardCharsets.UTF_8))
                .isEqualTo("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}"
                        + "[{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}]");
    }

    /** An answer written already gets its envelope without a generator: the bytes are a generator's. */
    @Test
    void anEncodedResultIsWrittenAsAGeneratorWritesIt() {
        byte[] value = "{\"contents\":[{\"uri\":\"a://b\",\"text\":\"caf\u00e9 \\\"x\\\"\"}]}"
                .getBytes(StandardCharsets.UTF_8);
        JsonWritable.Encoded encoded = new JsonWritable.Encoded() {
            @Override
            public void writeEncodedTo(java.io.OutputStream out) throws java.io.IOException {
                out.write(value);
            }

            @Override
            public void writeTo(com.fasterxml.jackson.core.JsonGenerator g) throws java.io.IOException {
                g.writeRawValue(new String(value, StandardCharsets.UTF_8));
            }
        };
        JsonWritable tree = g -> g.writeTree(codec.mapper().readTree(value));
        for (RequestId id : List.of(
                RequestId.of(0),
                RequestId.of(7),
                RequestId.of(-12),
                RequestId.of(Long.MAX_VALUE),
                RequestId.of(Long.MIN_VALUE),
                RequestId.of("s\"1"),
                RequestId.of(""))) {
            String written = encode(new JsonRpcResult(id, encoded));
            assertThat(written).isEqualTo(encode(new JsonRpcResult(id, tree)));
            assertThat(codec.decode(written)).isEqualTo(codec.decode(encode(new JsonRpcResult(id, tree))));
        }
        assertThat(encode(new JsonRpcResult(RequestId.of(42), encoded)))
                .isEqualTo(
                        "{\"jsonrpc\":\"2.0\",\"id\":42,\"result\":" + new String(value, StandardCharsets.UTF_8) + "}");
    }

    private static String written(JsonRpcCodec codec, JsonWritable value) throws java.io.IOException {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        codec.writeValue(value, out);
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void valuesWrittenOneAfterAnotherOnAThreadAreEachWhole() throws Exception {
        JsonWritable object = g -> {
            g.writeStartObject();
            g.writeStringField("uri", "a://b");
            g.writeEndObject();
        };
        JsonWritable text = g -> g.writeString("x\"y");
        JsonWritable failing = g -> {
            g.writeStartObject();
            g.writeStringField("half", "way");
            throw new java.io.IOException("broken");
        };
        JsonWritable leftOpen = g -> {
            g.writeStartArray();
            g.writeNumber(1);
        };
        JsonWritable nested = g -> {
            g.writeStartArray();
            g.writeRawValue(written(codec, object)); // another value written inside this one
            g.writeEndArray();
        };
        List<String> seen = new java.util.ArrayList<>();
        Runnable writes = () -> {
            try {
                seen.add(written(codec, object));
                seen.add(written(codec, text));
                java.io.ByteArrayOutputStream partial = new java.io.ByteArrayOutputStream();
                org.assertj.core.api.Assertions.assertThatThrownBy(() -> codec.writeValue(failing, partial))
                        .hasMessage("broken");
                seen.add(partial.toString(StandardCharsets.UTF_8));
                seen.add(written(codec, object));
                seen.add(written(codec, leftOpen));
                seen.add(written(codec, object));
                seen.add(written(codec, nested));
                seen.add(written(codec, text));
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        };
        List<String> expected = List.of(
                "{\"uri\":\"a://b\"}",
                "\"x\\\"y\"",
                "{\"half\":\"way\"", // what a failed value wrote stays, broken, as a closed generator leaves it
                "{\"uri\":\"a://b\"}",
                "[1",
                "{\"uri\":\"a://b\"}",
                "[{\"uri\":\"a://b\"}]",
                "\"x\\\"y\"");
        Thread platform = Thread.ofPlatform().start(writes);
        platform.join();
        assertThat(seen).isEqualTo(expected);
        seen.clear();
        Thread.ofVirtual().start(writes).join();
        assertThat(seen).isEqualTo(expected);
    }
}
