package io.sluice.stubs.aws;

import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;

/** The JDK's HTTP server on a free loopback port, serving every path with one handler: what each stub listens on. */
final class LoopbackServer {
    private LoopbackServer() {}

    static HttpServer start(HttpHandler handler) {
        HttpServer server;
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.createContext("/", handler);
        server.start();
        return server;
    }
}
