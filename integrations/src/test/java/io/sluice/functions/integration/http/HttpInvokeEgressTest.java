package io.sluice.functions.integration.http;

import static io.sluice.functions.egress.OutboundPolicyTest.ip;
import static io.sluice.functions.egress.OutboundPolicyTest.mapped;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import io.sluice.functions.egress.OutboundHttp;
import io.sluice.functions.egress.OutboundPolicy;
import io.sluice.functions.harness.TaskError;
import io.sluice.functions.integration.Calls;
import io.sluice.functions.tenancy.ScopedSecrets;
import io.sluice.testkit.fake.InMemorySecretResolver;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** http:invoke leaves the runtime only where its allowed hosts say, checked on the address it connects to. */
class HttpInvokeEgressTest {
    private static final String INVOKE = "arn:aws:states:::http:invoke";
    private HttpServer server;
    private final AtomicInteger requests = new AtomicInteger();

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            requests.incrementAndGet();
            exchange.getRequestBody().readAllBytes();
            byte[] out = "{\"ok\": true}".getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
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

    private static HttpInvokeHandler handler(List<String> allowed, OutboundPolicy.Resolver resolver) {
        HttpSettings settings = HttpSettings.none().allowing(allowed);
        OutboundHttp client = new OutboundHttp(OutboundPolicy.allowing(settings.allowedHosts()).withResolver(resolver),
                HttpInvokeHandler.CALLER, settings.timeout());
        return new HttpInvokeHandler(client, settings, new ScopedSecrets(new InMemorySecretResolver()));
    }

    private static JsonNode get(HttpInvokeHandler http, String url) {
        return http.call(Calls.call(INVOKE, "{\"ApiEndpoint\": \"" + url + "\", \"Method\": \"GET\"}"));
    }

    @Test
    void anAllowListedLoopbackAddressIsCalled() {
        HttpSettings settings = HttpSettings.none().allowing(List.of("127.0.0.1:" + port()));
        HttpInvokeHandler http = new HttpInvokeHandler(HttpInvokeHandler.defaultClient(settings), settings,
                new ScopedSecrets(new InMemorySecretResolver()));
        JsonNode r = get(http, "http://127.0.0.1:" + port() + "/orders");
        assertThat(r.get("StatusCode").asInt()).isEqualTo(200);
        assertThat(r.at("/ResponseBody/ok").asBoolean()).isTrue();
        assertThat(requests).hasValue(1);
    }

    @Test
    void internalAddressesAreRefusedUnlessAllowListed() {
        HttpInvokeHandler http = handler(List.of("api.example.com"), OutboundPolicy.Resolver.SYSTEM);
        for (String url : List.of("http://127.0.0.1:" + port() + "/", "http://localhost:" + port() + "/",
                "http://169.254.169.254/latest/meta-data/", "http://10.0.0.1/", "http://[::1]:" + port() + "/",
                "http://[::ffff:127.0.0.1]:" + port() + "/", "http://[fd00:ec2::254]/")) {
            TaskError e = catchThrowableOfType(TaskError.class, () -> get(http, url));
            assertThat(e).as(url).isNotNull();
            assertThat(e.errorName()).isEqualTo("Sluice.HostNotAllowed");
            assertThat(e.retryable()).isFalse();
            assertThat(e.getMessage()).startsWith("http:invoke may not call ").contains("sluice.integrations.http.allowed-hosts");
        }
        assertThat(requests).hasValue(0);
    }

    @Test
    void anAllowedNameThatResolvesToAnInternalAddressIsRefusedNamingTheAddress() {
        Map<String, InetAddress> dns = Map.of("loop.partner.test", ip("127.0.0.1"), "meta.partner.test", ip("169.254.169.254"),
                "ten.partner.test", ip("10.20.30.40"), "six.partner.test", ip("::1"), "mapped.partner.test", mapped(127, 0, 0, 1),
                "cgnat.partner.test", ip("100.64.1.1"));
        HttpInvokeHandler http = handler(List.of("*.partner.test"), host -> {
            InetAddress a = dns.get(host);
            if (a == null) throw new UnknownHostException(host);
            return new InetAddress[]{a};
        });
        dns.forEach((host, address) -> {
            TaskError e = catchThrowableOfType(TaskError.class, () -> get(http, "http://" + host + ":" + port() + "/"));
            assertThat(e).as(host).isNotNull();
            assertThat(e.errorName()).isEqualTo("Sluice.HostNotAllowed");
            assertThat(e.getMessage()).contains("http:invoke may not call " + host + ":" + port()).contains(address.getHostAddress())
                    .contains("sluice.integrations.http.allowed-hosts");
        });
        assertThat(requests).hasValue(0);
    }

    @Test
    void theConnectionGoesToTheAddressTheCallCheckedResolvedOnce() {
        AtomicInteger lookups = new AtomicInteger();
        HttpInvokeHandler http = handler(List.of("localhost:" + port()), host -> {
            lookups.incrementAndGet();
            return new InetAddress[]{InetAddress.getByAddress(host, new byte[]{127, 0, 0, 1})};
        });
        assertThat(get(http, "http://localhost:" + port() + "/a").get("StatusCode").asInt()).isEqualTo(200);
        assertThat(lookups).as("one lookup, the connection's").hasValue(1);
        assertThat(requests).hasValue(1);
    }

    @Test
    void aNameThatDoesNotResolveIsASocketError() {
        HttpInvokeHandler http = handler(List.of("gone.partner.test"), host -> {
            throw new UnknownHostException(host);
        });
        TaskError e = catchThrowableOfType(TaskError.class, () -> get(http, "http://gone.partner.test/"));
        assertThat(e.errorName()).isEqualTo(HttpInvokeHandler.SOCKET);
        assertThat(e.retryable()).isTrue();
    }
}
