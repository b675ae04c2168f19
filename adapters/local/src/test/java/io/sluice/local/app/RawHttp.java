package io.sluice.local.app;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/** Requests written byte for byte: a Host of one's choosing, a malformed request line, a chunked body without end. */
final class RawHttp {
    private RawHttp() {}

    record Response(int status, String head, String body) {
        boolean problemJson() {
            return head.toLowerCase(Locale.ROOT).contains("content-type: application/problem+json");
        }
    }

    /** Sends {@code request} (which should say {@code Connection: close}) and reads the answer to the end. */
    static Response send(int port, String request) {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
            socket.getOutputStream().flush();
            String all = new String(socket.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
            int end = all.indexOf("\r\n\r\n");
            String head = end < 0 ? all : all.substring(0, end);
            String body = end < 0 ? "" : all.substring(end + 4);
            if (head.toLowerCase(Locale.ROOT).contains("transfer-encoding: chunked")) {
                body = dechunk(body);
            }
            return new Response(Integer.parseInt(head.substring(9, 12)), head, body);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String dechunk(String chunked) {
        StringBuilder out = new StringBuilder();
        int at = 0;
        while (at < chunked.length()) {
            int eol = chunked.indexOf("\r\n", at);
            int size = Integer.parseInt(chunked.substring(at, eol).strip(), 16);
            if (size == 0) {
                break;
            }
            out.append(chunked, eol + 2, eol + 2 + size);
            at = eol + 2 + size + 2;
        }
        return out.toString();
    }
}
