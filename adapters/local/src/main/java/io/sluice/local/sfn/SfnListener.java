package io.sluice.local.sfn;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.sluice.api.sfn.SfnApi;
import io.sluice.api.sfn.SfnRequest;
import io.sluice.api.sfn.SfnResponse;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The Step Functions API on a port of its own (127.0.0.1:8083 by default, where Step Functions Local listened), as the
 * AWS SDKs and CLI call it with an endpoint override. It moves bytes only: each request goes to {@link SfnApi} as it
 * came. A request whose {@code Host} is not this listener's own (a loopback name or the bound address, with its port)
 * is refused before anything is read, which defeats DNS rebinding; its bodies are capped as the HTTP API's are.
 */
public final class SfnListener implements AutoCloseable {
    private static final Set<String> LOOPBACK = Set.of("127.0.0.1", "localhost", "[::1]");

    private final HttpServer server;
    private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
    private final SfnApi api;
    private final int maxBodyBytes;
    private final String address;

    private SfnListener(HttpServer server, SfnApi api, int maxBodyBytes, String address) {
        this.server = server;
        this.api = api;
        this.maxBodyBytes = maxBodyBytes;
        this.address = address;
    }

    /** Starts listening on {@code address:port} ({@code 0}: any free port); throws {@link BindException} when it is taken. */
    public static SfnListener start(SfnApi api, String address, int port, int maxBodyBytes) throws BindException {
        HttpServer server;
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getByName(address), port), 64);
        } catch (BindException e) {
            throw e;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot listen on " + address + ":" + port, e);
        }
        SfnListener listener = new SfnListener(server, api, maxBodyBytes, address.toLowerCase(Locale.ROOT));
        server.createContext("/", listener::exchange);
        server.setExecutor(listener.executor);
        server.start();
        return listener;
    }

    public int port() {
        return server.getAddress().getPort();
    }

    /** {@code http://127.0.0.1:8083}: what an SDK's endpoint override or the CLI's {@code --endpoint-url} is given. */
    public String endpoint() {
        String host = server.getAddress().getAddress().isAnyLocalAddress() ? "127.0.0.1" : server.getAddress().getHostString();
        return "http://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + port();
    }

    private void exchange(HttpExchange exchange) throws IOException {
        try (exchange) {
            if (!hostAllowed(exchange.getRequestHeaders().getFirst("Host"))) {
                send(exchange, 421, "application/json", "{\"__type\":\"MisdirectedRequest\",\"message\":\"The Host header names another"
                        + " server; this one answers 127.0.0.1, localhost or [::1] with port " + port() + ".\"}");
                return;
            }
            byte[] body = read(exchange.getRequestBody());
            if (body == null) {
                send(exchange, 413, "application/x-amz-json-1.0", "{\"__type\":\"ValidationException\",\"message\":\"The request body is"
                        + " over " + maxBodyBytes + " bytes.\"}");
                return;
            }
            SfnResponse response = api.handle(new SfnRequest(exchange.getRequestMethod(), exchange.getRequestURI().getRawPath(),
                    exchange.getRequestURI().getRawQuery(), exchange.getRequestHeaders(), body));
            response.headers().forEach((k, v) -> exchange.getResponseHeaders().set(k, v));
            exchange.sendResponseHeaders(response.status(), response.body().length == 0 ? -1 : response.body().length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(response.body());
            }
        }
    }

    private boolean hostAllowed(String host) {
        if (host == null) {
            return false;
        }
        String h = host.strip().toLowerCase(Locale.ROOT);
        int colon = h.lastIndexOf(':');
        if (colon <= h.lastIndexOf(']')) {
            return false;
        }
        String name = h.substring(0, colon);
        return (LOOPBACK.contains(name) || name.equals(address)) && h.substring(colon + 1).equals(String.valueOf(port()));
    }

    /** The body, or {@code null} when it is over the limit. */
    private byte[] read(InputStream in) throws IOException {
        byte[] bytes = in.readNBytes(maxBodyBytes + 1);
        return bytes.length > maxBodyBytes ? null : bytes;
    }

    private static void send(HttpExchange exchange, int status, String type, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", type);
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
