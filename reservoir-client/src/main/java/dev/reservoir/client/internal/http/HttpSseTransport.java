package dev.reservoir.client.internal.http;

import dev.reservoir.client.common.McpClientException;
import dev.reservoir.client.common.TransportKind;
import dev.reservoir.client.internal.Call;
import dev.reservoir.client.internal.ClientTransport;
import dev.reservoir.client.internal.Messages;
import dev.reservoir.client.internal.Rpc;
import dev.reservoir.core.jsonrpc.JsonRpcCodec;
import dev.reservoir.core.jsonrpc.JsonRpcMessage;
import dev.reservoir.core.protocol.Cancellation;
import dev.reservoir.core.sse.SseReader;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The 2024-11-05 HTTP+SSE transport: one GET stream carries every server message, after an
 * {@code endpoint} event that names where to POST. The POST endpoint must be on the same origin as
 * the stream (the client's headers, a token say, go there). No resumption: the stream ending ends
 * the connection.
 */
public final class HttpSseTransport implements ClientTransport {

    private static final Logger log = LoggerFactory.getLogger(HttpSseTransport.class);
    private static final JsonRpcCodec CODEC = JsonRpcCodec.standard();

    private final HttpClient http;
    private final URI sseUrl;
    private final Map<String, String> headers;
    private final Duration connectTimeout;
    private final CompletableFuture<URI> postUrl = new CompletableFuture<>();
    private volatile InputStream stream;
    private volatile boolean closed;

    public HttpSseTransport(HttpClient http, URI sseUrl, Map<String, String> headers, Duration connectTimeout) {
        this.http = http;
        this.sseUrl = sseUrl;
        this.headers = Map.copyOf(headers);
        this.connectTimeout = connectTimeout;
    }

    @Override
    public TransportKind kind() {
        return TransportKind.HTTP_SSE;
    }

    /** Opens the stream and waits for its {@code endpoint} event. */
    @Override
    public void start(Rpc rpc) throws IOException {
        HttpRequest.Builder b = HttpRequest.newBuilder(sseUrl)
                .header("Accept", "text/event-stream")
                .GET();
        headers.forEach(b::header);
        HttpResponse<InputStream> response;
        try {
            response = http.sendAsync(b.build(), HttpResponse.BodyHandlers.ofInputStream())
                    .get(connectTimeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while opening " + sseUrl, e);
        } catch (ExecutionException | TimeoutException e) {
            throw new McpClientException(
                    "could not open the SSE stream " + sseUrl + ": "
                            + (e instanceof TimeoutException
                                    ? "no answer within " + connectTimeout.toMillis() + " ms"
                                    : Http.describe(e.getCause(), sseUrl)),
                    e);
        }
        String type = Http.contentType(response);
        if (response.statusCode() / 100 != 2 || !type.equals("text/event-stream")) {
            ErrorBody error = ErrorBody.read(response.body(), type);
            Http.finish(response.body());
            throw new HttpStatusException(
                    "opening the HTTP+SSE stream " + sseUrl, response.statusCode(), error.error(), error.text());
        }
        stream = response.body();
        Thread.ofVirtual().name("mcp-sse-reader").start(() -> read(rpc, response.body()));
        try {
            postUrl.get(connectTimeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while waiting for the endpoint event", e);
        } catch (ExecutionException e) {
            throw new McpClientException(e.getCause().getMessage(), e.getCause());
        } catch (TimeoutException e) {
            close();
            throw new McpClientException("the SSE stream " + sseUrl + " sent no endpoint event within "
                    + connectTimeout.toMillis() + " ms; is it an MCP HTTP+SSE endpoint?");
        }
    }

    private void read(Rpc rpc, InputStream body) {
        Throwable cause = null;
        try {
            SseReader sse = new SseReader(body);
            for (SseReader.Event event; (event = sse.next()) != null; ) {
                String text = Messages.readEvent(event, rpc, 64 * 1024);
                if (text != null && event.type().equals("endpoint")) {
                    endpoint(text.trim());
                } else if (text != null && !text.isEmpty()) {
                    log.debug("Ignoring a non-JSON SSE event ({})", event.type());
                }
            }
        } catch (IOException | RuntimeException e) {
            cause = e;
        }
        McpClientException ended = closed
                ? new McpClientException("the client closed the connection")
                : new McpClientException(
                        "the server closed the HTTP+SSE stream" + (cause == null ? "" : ": " + cause), cause);
        postUrl.completeExceptionally(ended);
        rpc.closed(ended);
    }

    private void endpoint(String value) {
        URI resolved = sseUrl.resolve(value);
        if (!Objects.equals(resolved.getScheme(), sseUrl.getScheme())
                || !Objects.equals(resolved.getHost(), sseUrl.getHost())
                || resolved.getPort() != sseUrl.getPort()) {
            postUrl.completeExceptionally(new McpClientException("the server's endpoint event names " + resolved
                    + ", another origin than " + sseUrl + "; refusing to send messages there"));
            return;
        }
        postUrl.complete(resolved);
    }

    @Override
    public void send(Call<?> call) throws IOException {
        send(call.request());
    }

    @Override
    public void send(JsonRpcMessage message) throws IOException {
        URI target = postUrl.getNow(null);
        if (target == null) {
            throw new McpClientException("the HTTP+SSE stream is not open");
        }
        HttpRequest.Builder b = HttpRequest.newBuilder(target)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofByteArray(CODEC.encode(message)));
        headers.forEach(b::header);
        HttpResponse<String> response;
        try {
            response = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while sending", e);
        }
        if (response.statusCode() / 100 != 2) {
            throw new HttpStatusException(
                    "the server refused a message", response.statusCode(), null, Http.snippet(response.body()));
        }
    }

    @Override
    public void cancel(Call<?> call, String reason) {
        Thread.ofVirtual().start(() -> {
            try {
                send(Cancellation.notification(call.id(), reason));
            } catch (IOException | RuntimeException e) {
                log.debug("Could not send notifications/cancelled for {}", call.id(), e);
            }
        });
    }

    @Override
    public void close() {
        closed = true;
        Http.closeQuietly(stream);
    }
}
