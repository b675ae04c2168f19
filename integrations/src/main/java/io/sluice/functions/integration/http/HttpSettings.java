package io.sluice.functions.integration.http;

import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * Where {@code http:invoke} may go, and how long it waits. Safe by default: with no allowed hosts no call
 * leaves the runtime. An entry is a host ({@code api.example.com}), a host and port
 * ({@code 127.0.0.1:8089}) or a wildcard of subdomains ({@code *.example.com}). A host allowed by name
 * must not resolve to a loopback, link-local, private, CGNAT, multicast or unspecified address (the cloud
 * metadata endpoint, the runtime's own servers): only an entry that is itself such an address or {@code localhost}
 * reaches one. The rule is {@link io.sluice.functions.egress.OutboundPolicy}'s, checked on the address each
 * connection is made to; the same list ({@code sluice.integrations.http.allowed-hosts}) holds push-export's targets.
 * Redirects are not followed.
 *
 * @param maxResponseBytes responses longer than this fail the task rather than fill the execution's state
 */
public record HttpSettings(List<String> allowedHosts, Duration timeout, int maxResponseBytes) {
    public HttpSettings {
        allowedHosts = allowedHosts.stream().map(h -> h.strip().toLowerCase(Locale.ROOT)).filter(h -> !h.isEmpty()).toList();
    }

    /** Nothing allowed; 30 s timeout; 256 KiB responses, Step Functions' payload limit. */
    public static HttpSettings none() {
        return new HttpSettings(List.of(), Duration.ofSeconds(30), 256 * 1024);
    }

    public HttpSettings allowing(List<String> hosts) {
        return new HttpSettings(hosts, timeout, maxResponseBytes);
    }
}
