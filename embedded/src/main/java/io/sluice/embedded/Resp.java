package io.sluice.embedded;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * One RESP2 connection to a Redis node: commands in, replies as {@code String}, {@code Long}, {@code List} or
 * {@code null}; an error reply is an {@link IOException}. The embedded servers and the testkit carry no Redis client,
 * so they speak the protocol themselves (a handful of commands: AUTH, SCAN, UNLINK, CLUSTER INFO, ROLE).
 */
public final class Resp implements Closeable {
    private final Socket socket;
    private final OutputStream out;
    private final InputStream in;

    private Resp(Socket socket) throws IOException {
        this.socket = socket;
        this.out = socket.getOutputStream();
        this.in = new BufferedInputStream(socket.getInputStream());
    }

    public static Resp connect(String host, int port, int connectTimeoutMillis, int readTimeoutMillis) throws IOException {
        Socket socket = new Socket();
        try {
            socket.connect(new InetSocketAddress(host, port), connectTimeoutMillis);
            socket.setSoTimeout(readTimeoutMillis);
            return new Resp(socket);
        } catch (IOException e) {
            socket.close();
            throw e;
        }
    }

    public Object call(List<String> args) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.writeBytes(("*" + args.size() + "\r\n").getBytes(StandardCharsets.UTF_8));
        for (String a : args) {
            byte[] bytes = a.getBytes(StandardCharsets.UTF_8);
            b.writeBytes(("$" + bytes.length + "\r\n").getBytes(StandardCharsets.UTF_8));
            b.writeBytes(bytes);
            b.writeBytes("\r\n".getBytes(StandardCharsets.UTF_8));
        }
        out.write(b.toByteArray());
        out.flush();
        return reply();
    }

    public Object call(String... args) throws IOException {
        return call(List.of(args));
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }

    private Object reply() throws IOException {
        int type = in.read();
        if (type < 0) {
            throw new IOException("the connection closed before a reply");
        }
        String line = line();
        return switch (type) {
            case '+' -> line;
            case '-' -> throw new IOException("Redis answered: " + line);
            case ':' -> Long.parseLong(line);
            case '$' -> {
                int n = Integer.parseInt(line);
                if (n < 0) {
                    yield null;
                }
                byte[] data = in.readNBytes(n);
                line();
                yield new String(data, StandardCharsets.UTF_8);
            }
            case '*' -> {
                int n = Integer.parseInt(line);
                if (n < 0) {
                    yield null;
                }
                List<Object> items = new ArrayList<>();
                for (int i = 0; i < n; i++) {
                    items.add(reply());
                }
                yield items;
            }
            default -> throw new IOException("not a RESP reply (type byte " + type + ")");
        };
    }

    private String line() throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        int c;
        while ((c = in.read()) != -1 && c != '\r') {
            b.write(c);
        }
        in.read(); // '\n'
        return b.toString(StandardCharsets.UTF_8);
    }
}
