package io.sluice.transfer.export;

import io.sluice.functions.egress.OutboundHttp;
import io.sluice.functions.egress.OutboundPolicy;
import java.time.Duration;
import java.util.List;

/** The outbound policy the tests allow-list their own servers with, by address and port, as an operator would. */
final class Egress {
    private Egress() {}

    static OutboundPolicy allowing(String... entries) {
        return OutboundPolicy.allowing(List.of(entries));
    }

    static OutboundHttp http(String... entries) {
        return new OutboundHttp(allowing(entries), "push-export", Duration.ofSeconds(10));
    }

    /** {@code 127.0.0.1:<port>} */
    static String loopback(int port) {
        return "127.0.0.1:" + port;
    }

    /** {@code localhost:<port>}: WireMock's {@code baseUrl()} names localhost. */
    static String localhost(int port) {
        return "localhost:" + port;
    }
}
