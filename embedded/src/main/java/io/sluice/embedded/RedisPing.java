package io.sluice.embedded;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/** Asks a Redis server for PONG over a plain socket: readiness needs no client library. */
public final class RedisPing {
    private RedisPing() {}

    /** Whether a Redis server at host:port answers PING without a password (a server that wants one does not count). */
    public static boolean answers(String host, int port, Duration timeout) {
        return answers(host, port, timeout, null);
    }

    /** Whether a Redis server at host:port answers PING, after {@code AUTH password} when a password is given. */
    public static boolean answers(String host, int port, Duration timeout, String password) {
        int millis = (int) timeout.toMillis();
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host, port), millis);
            socket.setSoTimeout(millis);
            StringBuilder request = new StringBuilder();
            if (password != null) {
                request.append(command("AUTH", password));
            }
            request.append(command("PING"));
            socket.getOutputStream().write(request.toString().getBytes(StandardCharsets.UTF_8));
            socket.getOutputStream().flush();
            InputStream in = socket.getInputStream();
            if (password != null && !line(in).equals("+OK")) {
                return false;
            }
            return line(in).equals("+PONG");
        } catch (IOException e) {
            return false;
        }
    }

    /** A RESP array, so a password is sent as bytes whatever it contains. */
    private static String command(String... parts) {
        StringBuilder s = new StringBuilder("*").append(parts.length).append("\r\n");
        for (String p : parts) {
            s.append('$').append(p.getBytes(StandardCharsets.UTF_8).length).append("\r\n").append(p).append("\r\n");
        }
        return s.toString();
    }

    private static String line(InputStream in) throws IOException {
        StringBuilder line = new StringBuilder();
        for (int b = in.read(); b != -1 && b != '\r' && line.length() < 128; b = in.read()) {
            line.append((char) b);
        }
        if (line.length() < 128) {
            in.read(); // the '\n'
        }
        return line.toString();
    }
}
