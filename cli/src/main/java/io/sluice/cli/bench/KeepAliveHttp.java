package io.sluice.cli.bench;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * The load generator's HTTP/1.1 client: JSON POSTs over a pool of kept-alive loopback connections, a
 * connection per request in flight and reused once its answer is read. It does only what the bench
 * needs (a status code; bodies with Content-Length or chunked), so that the client's own CPU — which
 * shares the machine with the server it measures — stays small: the JDK's {@code HttpClient} spent
 * about a fifth of the bench's CPU on 2 cores, much of it in its connection pool's bookkeeping.
 */
final class KeepAliveHttp implements AutoCloseable {
    private final InetSocketAddress address;
    private final String hostHeader;
    private final ConcurrentLinkedQueue<Connection> idle = new ConcurrentLinkedQueue<>();

    KeepAliveHttp(URI base) {
        this.address = new InetSocketAddress(base.getHost(), base.getPort());
        this.hostHeader = base.getHost() + ":" + base.getPort();
    }

    /** POSTs {@code json} to {@code path}; the answer's status code. A connection that fails is dropped, not reused. */
    int post(String path, String json) throws IOException {
        Connection c = idle.poll();
        if (c == null) {
            c = new Connection(address);
        }
        try {
            int status = c.exchange(("POST " + path + " HTTP/1.1\r\nHost: " + hostHeader
                    + "\r\nContent-Type: application/json\r\nContent-Length: " + json.getBytes(StandardCharsets.UTF_8).length
                    + "\r\n\r\n" + json).getBytes(StandardCharsets.UTF_8));
            if (c.reusable) {
                idle.add(c);
            } else {
                c.close();
            }
            return status;
        } catch (IOException | RuntimeException e) {
            c.close();
            throw e;
        }
    }

    @Override
    public void close() {
        Connection c;
        while ((c = idle.poll()) != null) {
            c.close();
        }
    }

    private static final class Connection {
        private final Socket socket;
        private final OutputStream out;
        private final InputStream in;
        private boolean reusable = true;

        Connection(InetSocketAddress address) throws IOException {
            socket = new Socket();
            socket.setTcpNoDelay(true);
            socket.connect(address, 5_000);
            socket.setSoTimeout(30_000);
            out = socket.getOutputStream();
            in = new BufferedInputStream(socket.getInputStream(), 8192);
        }

        int exchange(byte[] request) throws IOException {
            out.write(request);
            out.flush();
            String statusLine = line();
            String[] parts = statusLine.split(" ", 3);
            if (parts.length < 2 || !parts[0].startsWith("HTTP/1.")) {
                throw new IOException("not an HTTP/1.x answer: " + statusLine);
            }
            long length = -1;
            boolean chunked = false;
            for (String h = line(); !h.isEmpty(); h = line()) {
                String lower = h.toLowerCase(Locale.ROOT);
                if (lower.startsWith("content-length:")) {
                    length = Long.parseLong(lower.substring(15).strip());
                } else if (lower.startsWith("transfer-encoding:") && lower.contains("chunked")) {
                    chunked = true;
                } else if (lower.startsWith("connection:") && lower.contains("close")) {
                    reusable = false;
                }
            }
            if (chunked) {
                for (long size = Long.parseLong(line().split(";", 2)[0].strip(), 16); size > 0;
                     size = Long.parseLong(line().split(";", 2)[0].strip(), 16)) {
                    skip(size);
                    line();
                }
                while (!line().isEmpty()) {
                    // trailers
                }
            } else if (length >= 0) {
                skip(length);
            } else {
                reusable = false;
            }
            return Integer.parseInt(parts[1]);
        }

        private void skip(long n) throws IOException {
            long left = n;
            while (left > 0) {
                long skipped = in.skip(left);
                if (skipped <= 0) {
                    if (in.read() < 0) {
                        throw new IOException("the connection closed inside a body");
                    }
                    skipped = 1;
                }
                left -= skipped;
            }
        }

        private String line() throws IOException {
            StringBuilder b = new StringBuilder(64);
            for (int ch = in.read(); ch != '\n'; ch = in.read()) {
                if (ch < 0) {
                    throw new IOException("the connection closed inside an answer");
                }
                if (ch != '\r') {
                    b.append((char) ch);
                }
            }
            return b.toString();
        }

        void close() {
            try {
                socket.close();
            } catch (IOException e) {
                // closing anyway
            }
        }
    }
}
