package io.sluice.api.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletRequest;

/** Which Hosts, content types and callers the guards take (the app tests send the attacks). */
class BrowserGuardTest {

    @Test
    void loopbackNamesOnTheListeningPortAndTheConfiguredHostsAreAllowed() {
        AllowedHosts hosts = AllowedHosts.of("0.0.0.0", List.of("sluice.internal", "Build-Box:9000"));
        assertThat(hosts.allows("127.0.0.1:8080", 8080)).isTrue();
        assertThat(hosts.allows("LOCALHOST:8080", 8080)).isTrue();
        assertThat(hosts.allows("[::1]:8080", 8080)).isTrue();
        assertThat(hosts.allows("localhost", 80)).as("default port").isTrue();
        assertThat(hosts.allows("localhost:8081", 8080)).isFalse();
        assertThat(hosts.allows("attacker.example:8080", 8080)).isFalse();
        assertThat(hosts.allows("0.0.0.0:8080", 8080)).as("a wildcard is no name").isFalse();
        assertThat(hosts.allows("sluice.internal:443", 8080)).isTrue();
        assertThat(hosts.allows("build-box:9000", 8080)).isTrue();
        assertThat(hosts.allows("build-box:9001", 8080)).isFalse();
        assertThat(hosts.allows("localhost:x", 8080)).isFalse();
        assertThat(hosts.allows(null, 8080)).isFalse();
        assertThat(hosts.allows("", 8080)).isFalse();
        assertThat(AllowedHosts.of("10.1.2.3", List.of()).allows("10.1.2.3:8080", 8080)).as("the bound address").isTrue();
    }

    @Test
    void theApisOwnOriginIsNoForeignOneAndEveryOtherIs() {
        assertThat(BrowserGuardFilter.sameOrigin("http://127.0.0.1:8080", "http", "127.0.0.1:8080")).as("the console's page").isTrue();
        assertThat(BrowserGuardFilter.sameOrigin("http://LOCALHOST:8080", "http", "localhost:8080")).isTrue();
        assertThat(BrowserGuardFilter.sameOrigin("http://127.0.0.1:3000", "http", "127.0.0.1:8080")).as("another port").isFalse();
        assertThat(BrowserGuardFilter.sameOrigin("https://127.0.0.1:8080", "http", "127.0.0.1:8080")).as("another scheme").isFalse();
        assertThat(BrowserGuardFilter.sameOrigin("http://localhost:8080", "http", "127.0.0.1:8080")).as("another name").isFalse();
        assertThat(BrowserGuardFilter.sameOrigin("null", "http", "127.0.0.1:8080")).isFalse();
        assertThat(BrowserGuardFilter.sameOrigin("http://127.0.0.1:8080", "http", null)).isFalse();
    }

    @Test
    void onlyJsonBodiesAreTaken() {
        assertThat(BrowserGuardFilter.json("application/json")).isTrue();
        assertThat(BrowserGuardFilter.json("Application/JSON; charset=utf-8")).isTrue();
        assertThat(BrowserGuardFilter.json("application/problem+json")).isTrue();
        assertThat(BrowserGuardFilter.json("text/plain")).isFalse();
        assertThat(BrowserGuardFilter.json("application/x-www-form-urlencoded")).isFalse();
        assertThat(BrowserGuardFilter.json("multipart/form-data; boundary=x")).isFalse();
        assertThat(BrowserGuardFilter.json("text/json")).isFalse();
        assertThat(BrowserGuardFilter.json(";;")).isFalse();
        assertThat(BrowserGuardFilter.json(null)).isFalse();
    }

    @Test
    void theFunctionEmulatorAnswersOnlyThisMachine() {
        MockHttpServletRequest request = new MockHttpServletRequest();
        request.setRemoteAddr("127.0.0.1");
        assertThat(FunctionsController.fromLoopback(request)).isTrue();
        request.setRemoteAddr("::1");
        assertThat(FunctionsController.fromLoopback(request)).isTrue();
        request.setRemoteAddr("192.168.1.20");
        assertThat(FunctionsController.fromLoopback(request)).isFalse();
    }
}
