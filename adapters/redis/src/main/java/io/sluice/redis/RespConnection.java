package io.sluice.redis;

import java.io.EOFException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One connection to one Redis server, over plain TCP or its unix socket ({@link RespTransport}), speaking RESP2 by
 * itself: commands are encoded into one buffer and written together ({@link #flush}), replies read in order on the
 * calling thread, which on a virtual thread parks while it waits. It is what {@link DirectPipelines} lends a pipeline for its whole round trip, so it is never shared
 * while in use. A server's error reply is a {@link Failure} value, not an exception, so the replies after it are still
 * read; an I/O error or a malformed reply leaves the connection {@link #broken()}, to be closed, never reused.
 */
final class RespConnection implements AutoCloseable {
    /** A server's error reply ({@code -ERR ...}, {@code -NOSCRIPT ...}): its text. */
    record Failure(String message) {
        boolean noScript() {
            return message.startsWith("NOSCRIPT");
        }
    }

    private static final byte[] CRLF = {'\r', '\n'};
    private static final int LARGEST_KEPT = 1 << 20;

    private final RespTransport transport;
    private byte[] wbuf = new byte[8192];
    private int wlen;
    private final byte[] rbuf = new byte[16384];
    private int rpos;
    private int rlen;
    private boolean broken;
    private long lastUsed = System.nanoTime();

    private RespConnection(RespTransport transport) {
        this.transport = transport;
    }

    /**
     * Connects to {@code host:port} over TCP, authenticates when {@code password} is given ({@code AUTH [user] password}),
     * selects {@code database} when it is not 0 and names itself {@code name} ({@code CLIENT SETNAME}, what {@code CLIENT
     * LIST} shows); every read waits at most {@code timeout}.
     */
    static RespConnection open(String host, int port, String user, String password, int database, String name, Duration timeout)
            throws IOException {
        return setUp(RespTransport.Tcp.open(host, port, timeout), user, password, database, name);
    }

    /** As {@link #open}, over the server's unix socket at {@code socket}; {@code deadlines} times its reads out. */
    static RespConnection openUnix(Path socket, String user, String password, int database, String name, ReadDeadlines deadlines)
            throws IOException {
        return setUp(RespTransport.Unix.open(socket, deadlines), user, password, database, name);
    }

    private static RespConnection setUp(RespTransport transport, String user, String password, int database, String name)
            throws IOException {
        try {
            RespConnection c = new RespConnection(transport);
            int expected = 0;
            if (password != null) {
                c.command(user == null ? List.of("AUTH", password) : List.of("AUTH", user, password));
                expected++;
            }
            if (database != 0) {
                c.command(List.of("SELECT", Integer.toString(database)));
                expected++;
            }
            c.command(List.of("CLIENT", "SETNAME", name));
            expected++;
            c.flush();
            for (int i = 0; i < expected; i++) {
                if (c.reply() instanceof Failure f) {
                    // The server's text only: it never repeats the password.
                    throw new IOException("Redis at " + transport.where() + " refused the connection's set-up: " + f.message());
                }
            }
            return c;
        } catch (IOException | RuntimeException e) {
            transport.close();
            throw e;
        }
    }

    /**
     * Appends one command (its parts: text, numbers, or bytes as they are) to what {@link #flush} writes. Text goes
     * through {@link String#getBytes}: copying it char by char saved that array but cost more CPU (bench/README, "Tried").
     */
    void command(List<?> parts) {
        header('*', parts.size());
        for (Object part : parts) {
            byte[] bytes = part instanceof byte[] b ? b : String.valueOf(part).getBytes(StandardCharsets.UTF_8);
            header('$', bytes.length);
            put(bytes, bytes.length);
            put(CRLF, 2);
        }
    }

    /** Writes every command appended since the last flush in one write. */
    void flush() throws IOException {
        try {
            transport.write(wbuf, wlen);
            wlen = 0;
            if (wbuf.length > LARGEST_KEPT) {
                wbuf = new byte[8192]; // a pipeline of a large state grew it: not kept for every later one
            }
        } catch (IOException e) {
            broken = true;
            throw e;
        }
    }

    /**
     * The next reply: a {@link String} (simple or bulk string, UTF-8), a {@link Long}, {@code null} (a nil), a
     * {@link List} of replies, or a {@link Failure}.
     */
    Object reply() throws IOException {
        try {
            Object reply = parse();
            lastUsed = System.nanoTime();
            return reply;
        } catch (IOException | RuntimeException e) {
            broken = true;
            throw e instanceof IOException io ? io : new IOException("Malformed reply from Redis: " + e.getMessage(), e);
        }
    }

    /** How long since this connection last finished a round trip (or opened), ns. */
    long idleNanos() {
        return System.nanoTime() - lastUsed;
    }

    /** Whether the server still answers on it ({@code PING}); false leaves it broken. */
    boolean answers() {
        try {
            command(List.of("PING"));
            flush();
            return !(reply() instanceof Failure) && !broken;
        } catch (IOException e) {
            broken = true;
            return false;
        }
    }

    /** Whether an I/O error or a malformed reply left this connection in an unknown state. */
    boolean broken() {
        return broken || transport.isClosed();
    }

    @Override
    public void close() {
        broken = true;
        transport.close();
    }

    private Object parse() throws IOException {
        int type = read();
        switch (type) {
            case '+':
                return line();
            case '-':
                return new Failure(line());
            case ':':
                return number();
            case '$': {
                long length = number();
                if (length < 0) {
                    return null;
                }
                String text = text((int) length);
                expectCrlf();
                return text;
            }
            case '*': {
                long count = number();
                if (count < 0) {
                    return null;
                }
                List<Object> items = new ArrayList<>((int) Math.min(count, 1024));
                for (long i = 0; i < count; i++) {
                    items.add(parse());
                }
                return items;
            }
            default:
                throw new IOException("Unexpected reply type '" + (char) type + "' from Redis");
        }
    }

    private long number() throws IOException {
        long value = 0;
        boolean negative = false;
        int b = read();
        if (b == '-') {
            negative = true;
            b = read();
        }
        while (b != '\r') {
            if (b < '0' || b > '9') {
                throw new IOException("Expected a digit in a reply from Redis, got '" + (char) b + "'");
            }
            value = value * 10 + (b - '0');
            b = read();
        }
        if (read() != '\n') {
            throw new IOException("Expected CRLF in a reply from Redis");
        }
        return negative ? -value : value;
    }

    private String line() throws IOException {
        StringBuilder text = new StringBuilder();
        for (int b = read(); b != '\r'; b = read()) {
            text.append((char) b);
        }
        if (read() != '\n') {
            throw new IOException("Expected CRLF in a reply from Redis");
        }
        return text.toString();
    }

    /** The next {@code length} bytes as UTF-8 text: straight from the read buffer when they are all in it. */
    private String text(int length) throws IOException {
        if (rlen - rpos >= length) {
            String text = new String(rbuf, rpos, length, StandardCharsets.UTF_8);
            rpos += length;
            return text;
        }
        return new String(bytes(length), StandardCharsets.UTF_8);
    }

    private byte[] bytes(int length) throws IOException {
        byte[] bytes = new byte[length];
        int copied = 0;
        while (copied < length) {
            if (rpos == rlen) {
                fill();
            }
            int n = Math.min(length - copied, rlen - rpos);
            System.arraycopy(rbuf, rpos, bytes, copied, n);
            rpos += n;
            copied += n;
        }
        return bytes;
    }

    private void expectCrlf() throws IOException {
        if (read() != '\r' || read() != '\n') {
            throw new IOException("Expected CRLF after a bulk string from Redis");
        }
    }

    private int read() throws IOException {
        if (rpos == rlen) {
            fill();
        }
        return rbuf[rpos++] & 0xff;
    }

    private void fill() throws IOException {
        int n = transport.read(rbuf);
        if (n < 0) {
            throw new EOFException("Redis closed the connection");
        }
        rpos = 0;
        rlen = n;
    }

    /** {@code type}, {@code count} in decimal and CRLF, written straight into the buffer (a header per argument). */
    private void header(char type, int count) {
        ensure(14); // type, up to 10 digits, CRLF
        wbuf[wlen++] = (byte) type;
        int digits = 1;
        for (int rest = count / 10; rest > 0; rest /= 10) {
            digits++;
        }
        int at = wlen + digits;
        int rest = count;
        do {
            wbuf[--at] = (byte) ('0' + rest % 10);
            rest /= 10;
        } while (rest > 0);
        wlen += digits;
        wbuf[wlen++] = '\r';
        wbuf[wlen++] = '\n';
    }

    private void put(byte[] bytes, int length) {
        ensure(length);
        System.arraycopy(bytes, 0, wbuf, wlen, length);
        wlen += length;
    }

    private void ensure(int more) {
        if (wlen + more > wbuf.length) {
            wbuf = Arrays.copyOf(wbuf, Math.max(wbuf.length * 2, wlen + more));
        }
    }
}
