package dev.reservoir.transport.http.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reservoir.testkit.Eventually;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.eclipse.jetty.io.ByteArrayEndPoint;
import org.eclipse.jetty.io.SocketChannelEndPoint;
import org.junit.jupiter.api.Test;

class HeaderDeadlineTest {

    private static final long SECOND = 1_000_000_000L;
    private static final long NOW = 1_000 * SECOND;

    @Test
    void aHeadBegunLongerAgoThanTheTimeoutIsOverdue() {
        assertThat(HeaderDeadline.overdue(true, NOW - 11 * SECOND, false, NOW - 60 * SECOND, NOW, 10 * SECOND))
                .isTrue();
        assertThat(HeaderDeadline.overdue(true, NOW - 9 * SECOND, false, NOW - 60 * SECOND, NOW, 10 * SECOND))
                .isFalse();
    }

    @Test
    void aParserResetBetweenTheSweepsReadsIsNotOverdue() {
        // The sweep saw the head in progress, then the parser finished the request and reset its start to 0.
        assertThat(HeaderDeadline.overdue(true, 0, false, NOW - 60 * SECOND, NOW, 10 * SECOND))
                .isFalse();
    }

    /** The client's bytes waiting unread in the socket are seen; a transport that is not a socket says no. */
    @Test
    void bytesTheServerHasNotReadYetAreSeen() throws Exception {
        try (ServerSocketChannel listening = ServerSocketChannel.open().bind(new InetSocketAddress("127.0.0.1", 0));
                SocketChannel client = SocketChannel.open(listening.getLocalAddress());
                SocketChannel accepted = listening.accept();
                Selector selector = Selector.open()) {
            accepted.configureBlocking(false);
            accepted.register(selector, SelectionKey.OP_READ); // as Jetty's selector holds it
            SocketChannelEndPoint endPoint = new SocketChannelEndPoint(accepted, null, accepted.keyFor(selector), null);
            assertThat(HeaderDeadline.unread(endPoint)).as("nothing sent yet").isFalse();
            client.write(ByteBuffer.wrap("POST /mcp HTTP/1.1\r\n".getBytes(StandardCharsets.US_ASCII)));
            Eventually.await("the bytes to arrive", Duration.ofSeconds(10), () -> HeaderDeadline.unread(endPoint));
            accepted.read(ByteBuffer.allocate(64));
            assertThat(HeaderDeadline.unread(endPoint)).as("all of it read").isFalse();
        }
        assertThat(HeaderDeadline.unread(new ByteArrayEndPoint())).isFalse();
    }

    @Test
    void aConnectionThatNeverSpokeIsOverdueAfterTheTimeoutFromItsOpening() {
        assertThat(HeaderDeadline.overdue(false, 0, true, NOW - 11 * SECOND, NOW, 10 * SECOND))
                .isTrue();
        assertThat(HeaderDeadline.overdue(false, 0, true, NOW - 9 * SECOND, NOW, 10 * SECOND))
                .isFalse();
        assertThat(HeaderDeadline.overdue(false, 0, false, NOW - 60 * SECOND, NOW, 10 * SECOND))
                .isFalse();
    }
}
