package io.sluice.testkit.redis;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/** Asks a Redis server for PONG over a plain socket, so finding a server needs no client library. */
final class RedisPing {
    private RedisPing() {}

    /** Whether a Redis server at host:port answers PING (a server that wants a password does not count). */
    static boolean answers(String host, int port, Duration timeout) {
        int millis = (int) timeout.toMillis();
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host, port), millis);
            socket.setSoTimeout(millis);
            OutputStream out = socket.getOutputStream();
            out.write("PING\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            return readLine(socket.getInputStream()).equals("+PONG");
        } catch (IOException e) {
            return false;
        }
    }

    private static String readLine(InputStream in) throws IOException {
        StringBuilder line = new StringBuilder();
        for (int b = in.read(); b != -1 && b != '\r' && line.length() < 256; b = in.read()) {
            line.append((char) b);
        }
        return line.toString();
    }
}
