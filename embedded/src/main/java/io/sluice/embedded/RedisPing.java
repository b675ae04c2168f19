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

    /** Whether a Redis server at host:port answers PING (a server that wants a password does not count). */
    public static boolean answers(String host, int port, Duration timeout) {
        int millis = (int) timeout.toMillis();
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host, port), millis);
            socket.setSoTimeout(millis);
            socket.getOutputStream().write("PING\r\n".getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().flush();
            InputStream in = socket.getInputStream();
            StringBuilder line = new StringBuilder();
            for (int b = in.read(); b != -1 && b != '\r' && line.length() < 64; b = in.read()) {
                line.append((char) b);
            }
            return line.toString().equals("+PONG");
        } catch (IOException e) {
            return false;
        }
    }
}
