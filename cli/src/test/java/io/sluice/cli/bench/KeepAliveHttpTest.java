package io.sluice.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The load generator's client against the JDK's HTTP server: fixed-length and chunked answers, kept-alive connections. */
class KeepAliveHttpTest {
    private HttpServer server;
    private final Set<String> clientPorts = ConcurrentHashMap.newKeySet();
    private final Set<String> bodies = ConcurrentHashMap.newKeySet();

    @BeforeEach
    void setUp() throws Exception {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/fixed", x -> answer(x, 201, x.getRequestBody().readAllBytes(), false));
        server.createContext("/chunked", x -> answer(x, 422, x.getRequestBody().readAllBytes(), true));
        server.start();
    }

    private void answer(com.sun.net.httpserver.HttpExchange x, int status, byte[] body, boolean chunked) throws java.io.IOException {
        clientPorts.add(String.valueOf(x.getRemoteAddress().getPort()));
        bodies.add(new String(body, StandardCharsets.UTF_8));
        byte[] out = ("{\"echo\": " + new String(body, StandardCharsets.UTF_8) + "}").repeat(chunked ? 500 : 1).getBytes(StandardCharsets.UTF_8);
        x.sendResponseHeaders(status, chunked ? 0 : out.length);
        try (OutputStream o = x.getResponseBody()) {
            o.write(out);
        }
    }

    @AfterEach
    void tearDown() {
        server.stop(0);
    }

    @Test
    void answersOfEitherFramingAreReadWholeAndTheConnectionIsReused() throws Exception {
        try (KeepAliveHttp http = new KeepAliveHttp(URI.create("http://127.0.0.1:" + server.getAddress().getPort()))) {
            for (int i = 0; i < 20; i++) {
                assertThat(http.post("/fixed", "{\"i\": " + i + "}")).isEqualTo(201);
                assertThat(http.post("/chunked", "{\"j\": " + i + "}")).isEqualTo(422);
            }
        }
        assertThat(bodies).hasSize(40).contains("{\"i\": 19}", "{\"j\": 0}");
        assertThat(clientPorts).as("one request at a time: one kept-alive connection").hasSize(1);
    }
}
