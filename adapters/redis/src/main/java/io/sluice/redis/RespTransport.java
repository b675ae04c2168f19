package io.sluice.redis;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.time.Duration;

/**
 * How a {@link RespConnection}'s bytes travel: loopback or network TCP, or the server's unix socket on this host. Each
 * read waits at most the connection's timeout; a write blocks until the kernel took the bytes.
 */
sealed interface RespTransport extends AutoCloseable permits RespTransport.Tcp, RespTransport.Unix {
    /**
     * A write that failed before any of its bytes left: the server had closed the connection (a restart, {@code CLIENT
     * KILL}), so no server saw any of them, and the same bytes may go on another connection. A unix socket says so
     * ({@code EPIPE} on the first write); a TCP socket usually takes a write after the peer closed and fails the read.
     */
    final class NothingWritten extends IOException {
        NothingWritten(IOException cause) {
            super(cause.getMessage(), cause);
        }
    }

    /** Writes all of {@code bytes}' first {@code length}; {@link NothingWritten} where it failed before any left. */
    void write(byte[] bytes, int length) throws IOException;

    /** Reads into {@code buffer} from its start: how many bytes, or -1 at the end of the stream. */
    int read(byte[] buffer) throws IOException;

    boolean isClosed();

    /** Where it goes, for messages: {@code host:port} or the socket's path. */
    String where();

    @Override
    void close();

    /** TCP, with the socket's own read timeout ({@code SO_TIMEOUT}) and Nagle off. */
    final class Tcp implements RespTransport {
        private final Socket socket;
        private final OutputStream out;
        private final InputStream in;
        private final String where;

        private Tcp(Socket socket, String where) throws IOException {
            this.socket = socket;
            this.out = socket.getOutputStream();
            this.in = socket.getInputStream();
            this.where = where;
        }

        static Tcp open(String host, int port, Duration timeout) throws IOException {
            Socket socket = new Socket();
            try {
                socket.connect(new InetSocketAddress(host, port), (int) timeout.toMillis());
                socket.setTcpNoDelay(true);
                socket.setSoTimeout((int) timeout.toMillis());
                return new Tcp(socket, host + ":" + port);
            } catch (IOException | RuntimeException e) {
                socket.close();
                throw e;
            }
        }

        @Override
        public void write(byte[] bytes, int length) throws IOException {
            out.write(bytes, 0, length);
            out.flush();
        }

        @Override
        public int read(byte[] buffer) throws IOException {
            return in.read(buffer, 0, buffer.length);
        }

        @Override
        public boolean isClosed() {
            return socket.isClosed();
        }

        @Override
        public String where() {
            return where;
        }

        @Override
        public void close() {
            try {
                socket.close();
            } catch (IOException e) {
                // closing: nothing left to do with it
            }
        }
    }

    /**
     * The server's unix socket: no TCP/IP stack on either side, which on loopback is a third of the JVM's CPU a
     * pipeline (bench/README, "Direct pipelines over the unix socket"). A socket channel has no read timeout of its
     * own, so {@link ReadDeadlines} closes one whose read waited longer than the timeout, and the read fails as a
     * timed-out TCP read does.
     */
    final class Unix implements RespTransport {
        private final SocketChannel channel;
        private final ReadDeadlines deadlines;
        private final String where;
        private ByteBuffer readInto = ByteBuffer.allocate(0);
        /** {@link System#nanoTime} when the read in progress began (made odd, so never 0), or 0 while none is. */
        private volatile long readingSince;
        private volatile boolean timedOut;

        private Unix(SocketChannel channel, ReadDeadlines deadlines, String where) {
            this.channel = channel;
            this.deadlines = deadlines;
            this.where = where;
        }

        static Unix open(Path socket, ReadDeadlines deadlines) throws IOException {
            SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX);
            try {
                channel.connect(UnixDomainSocketAddress.of(socket));
                Unix unix = new Unix(channel, deadlines, socket.toString());
                deadlines.watch(unix);
                return unix;
            } catch (IOException | RuntimeException e) {
                channel.close();
                throw e;
            }
        }

        @Override
        public void write(byte[] bytes, int length) throws IOException {
            ByteBuffer b = ByteBuffer.wrap(bytes, 0, length);
            while (b.hasRemaining()) {
                try {
                    channel.write(b);
                } catch (IOException e) {
                    throw b.position() == 0 ? new NothingWritten(e) : e;
                }
            }
        }

        @Override
        public int read(byte[] buffer) throws IOException {
            if (readInto.array() != buffer) {
                readInto = ByteBuffer.wrap(buffer);
            }
            readInto.clear();
            readingSince = System.nanoTime() | 1;
            try {
                return channel.read(readInto);
            } catch (ClosedChannelException e) {
                if (timedOut) {
                    throw new SocketTimeoutException("Read timed out after " + deadlines.timeout().toMillis() + " ms");
                }
                throw e;
            } finally {
                readingSince = 0;
            }
        }

        /** Closes it if a read has waited longer than {@code limitNanos} at {@code now}; the read then fails as timed out. */
        void expireIfOverdue(long now, long limitNanos) {
            long since = readingSince;
            if (since != 0 && now - since > limitNanos) {
                timedOut = true;
                close();
            }
        }

        @Override
        public boolean isClosed() {
            return !channel.isOpen();
        }

        @Override
        public String where() {
            return where;
        }

        @Override
        public void close() {
            deadlines.forget(this);
            try {
                channel.close();
            } catch (IOException e) {
                // closing: nothing left to do with it
            }
        }
    }
}
