package io.sluice.functions.egress;

import static io.sluice.functions.egress.OutboundPolicyTest.ip;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.sun.net.httpserver.HttpServer;
import io.sluice.functions.harness.TaskError;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The outbound HTTP client against a real server on loopback: it connects where the policy's one resolution said, and
 * only there. A resolver seam stands for DNS, including a rebinding one that answers differently on each lookup.
 */
class OutboundHttpTest {
    private HttpServer server;
    private final List<String> received = new CopyOnWriteArrayList<>();

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            byte[] body = exchange.getRequestBody().readAllBytes();
            received.add(exchange.getRequestMethod() + " " + exchange.getRequestURI() + " " + new String(body, StandardCharsets.UTF_8));
            exchange.getResponseHeaders().add("Content-Type", "text/plain");
            String seen = exchange.getRequestHeaders().getFirst("X-Test");
            exchange.getResponseHeaders().add("X-Seen", seen == null ? "no" : seen);
            byte[] out = "hello".getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, out.length);
            exchange.getResponseBody().write(out);
            exchange.close();
        });
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private int port() {
        return server.getAddress().getPort();
    }

    /** Answers a name from a list, one answer per lookup (the last one repeats), counting lookups. */
    static final class Rebinding implements OutboundPolicy.Resolver {
        final List<InetAddress> answers;
        final List<String> lookups = new ArrayList<>();

        Rebinding(InetAddress... answers) {
            this.answers = List.of(answers);
        }

        @Override
        public synchronized InetAddress[] resolve(String host) throws UnknownHostException {
            lookups.add(host);
            return new InetAddress[]{answers.get(Math.min(lookups.size() - 1, answers.size() - 1))};
        }
    }

    private static OutboundHttp client(OutboundPolicy policy) {
        return new OutboundHttp(policy, "http:invoke", Duration.ofSeconds(2));
    }

    private OutboundHttp.Response get(OutboundHttp http, String url) throws IOException {
        return http.send("POST", URI.create(url), List.of(Map.entry("X-Test", "yes")), "body".getBytes(StandardCharsets.UTF_8),
                Duration.ofSeconds(5), 1024);
    }

    @Test
    void anAllowListedLoopbackAddressIsReached() throws Exception {
        try (OutboundHttp http = client(OutboundPolicy.allowing(List.of("127.0.0.1:" + port())))) {
            OutboundHttp.Response r = get(http, "http://127.0.0.1:" + port() + "/in?x=1");
            assertThat(r.status()).isEqualTo(200);
            assertThat(new String(r.body(), StandardCharsets.UTF_8)).isEqualTo("hello");
            assertThat(r.header("x-seen")).contains("yes");
            assertThat(r.headers()).containsKey("content-type");
            assertThat(received).containsExactly("POST /in?x=1 body");
        }
    }

    @Test
    void loopbackAndIpv6LoopbackAreRefusedUnlessAllowListed() {
        try (OutboundHttp http = client(OutboundPolicy.allowing(List.of("127.0.0.1:1")))) {
            for (String url : List.of("http://127.0.0.1:" + port() + "/", "http://[::1]:" + port() + "/",
                    "http://[::ffff:127.0.0.1]:" + port() + "/", "http://169.254.169.254/latest/meta-data", "http://10.0.0.1/")) {
                TaskError e = catchThrowableOfType(TaskError.class, () -> get(http, url));
                assertThat(e).as(url).isNotNull();
                assertThat(e.errorName()).isEqualTo(OutboundPolicy.HOST_NOT_ALLOWED);
            }
        }
        assertThat(received).isEmpty();
    }

    @Test
    void theConnectionUsesThePolicysResolutionOnceAndGoesWhereItSaid() throws Exception {
        Rebinding dns = new Rebinding(ip("127.0.0.1"));
        try (OutboundHttp http = client(OutboundPolicy.allowing(List.of("localhost:" + port())).withResolver(dns))) {
            assertThat(get(http, "http://localhost:" + port() + "/a").status()).isEqualTo(200);
        }
        assertThat(dns.lookups).containsExactly("localhost");
        assertThat(received).containsExactly("POST /a body");
    }

    @Test
    void aNameThatRebindsToLoopbackAtConnectTimeIsRefusedAndNothingIsSent() {
        // The name is allowed, and a lookup made before the connection (as a separate pre-check would make) is public;
        // the connection's own lookup answers loopback, and that answer is what is checked and would be dialled.
        Rebinding dns = new Rebinding(ip("127.0.0.1"));
        try (OutboundHttp http = client(OutboundPolicy.allowing(List.of("*.partner.test")).withResolver(dns))) {
            TaskError e = catchThrowableOfType(TaskError.class, () -> get(http, "http://api.partner.test:" + port() + "/x"));
            assertThat(e.errorName()).isEqualTo(OutboundPolicy.HOST_NOT_ALLOWED);
            assertThat(e.getMessage()).contains("api.partner.test:" + port()).contains("127.0.0.1")
                    .contains("sluice.integrations.http.allowed-hosts");
        }
        assertThat(dns.lookups).containsExactly("api.partner.test");
        assertThat(received).isEmpty();
    }

    @Test
    void aPublicFirstAnswerThenLoopbackNeverReachesLoopback() {
        // 192.0.2.1 (TEST-NET-1) stands for a public address: what the check saw is what is dialled, and it is not the
        // loopback server, so the call fails without a request reaching it, whatever a second lookup would answer.
        Rebinding dns = new Rebinding(ip("192.0.2.1"), ip("127.0.0.1"));
        OutboundPolicy policy = OutboundPolicy.allowing(List.of("*.partner.test")).withResolver(dns);
        assertThat(OutboundPolicy.internalKind(ip("192.0.2.1"))).isNull();
        try (OutboundHttp http = new OutboundHttp(policy, "http:invoke", Duration.ofMillis(300))) {
            Throwable t = catchThrowable(() -> get(http, "http://api.partner.test:" + port() + "/x"));
            assertThat(t).isInstanceOf(IOException.class);
        }
        assertThat(dns.lookups).containsExactly("api.partner.test");
        assertThat(received).isEmpty();
    }

    @Test
    void redirectsAreNotFollowed() throws Exception {
        server.createContext("/moved", exchange -> {
            exchange.getResponseHeaders().add("Location", "http://169.254.169.254/latest/meta-data");
            exchange.sendResponseHeaders(302, -1);
            exchange.close();
        });
        try (OutboundHttp http = client(OutboundPolicy.allowing(List.of("127.0.0.1:" + port())))) {
            OutboundHttp.Response r = get(http, "http://127.0.0.1:" + port() + "/moved");
            assertThat(r.status()).isEqualTo(302);
            assertThat(r.header("location")).contains("http://169.254.169.254/latest/meta-data");
        }
    }

    @Test
    void aBodyLongerThanAskedIsCut() throws Exception {
        try (OutboundHttp http = client(OutboundPolicy.allowing(List.of("127.0.0.1:" + port())))) {
            OutboundHttp.Response r = http.send("GET", URI.create("http://127.0.0.1:" + port() + "/"), List.of(), null, Duration.ofSeconds(5), 3);
            assertThat(r.body()).hasSize(3);
            assertThat(r.truncated()).isTrue();
        }
    }
}
