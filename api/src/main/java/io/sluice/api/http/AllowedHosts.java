package io.sluice.api.http;

import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The {@code Host} header values the API answers: the loopback names on the port it listens on, the
 * address it is bound to when that is a specific one, and a configured list ({@code name} for any port,
 * {@code name:port}). A page that rebinds its own domain to 127.0.0.1 still sends its domain as Host,
 * so it is refused before anything is read or done.
 */
record AllowedHosts(Set<String> names, List<String> configured) {
    private static final Set<String> LOOPBACK = Set.of("127.0.0.1", "localhost", "[::1]");

    /** {@code boundAddress}: the {@code server.address} setting (a wildcard such as 0.0.0.0 adds nothing). */
    static AllowedHosts of(String boundAddress, List<String> configured) {
        Set<String> names = new java.util.HashSet<>(LOOPBACK);
        if (boundAddress != null && !boundAddress.isBlank() && !boundAddress.equals("0.0.0.0") && !boundAddress.equals("::")) {
            names.add(boundAddress.contains(":") && !boundAddress.startsWith("[") ? "[" + boundAddress + "]" : boundAddress);
        }
        return new AllowedHosts(Set.copyOf(names.stream().map(n -> n.toLowerCase(Locale.ROOT)).toList()),
                configured.stream().map(c -> c.strip().toLowerCase(Locale.ROOT)).toList());
    }

    /** Whether a request with this Host header, arriving on {@code localPort}, is for this API. */
    boolean allows(String host, int localPort) {
        if (host == null || host.isBlank()) {
            return false;
        }
        String h = host.strip().toLowerCase(Locale.ROOT);
        int colon = h.lastIndexOf(':');
        boolean hasPort = colon > h.lastIndexOf(']');
        String name = hasPort ? h.substring(0, colon) : h;
        int port;
        try {
            port = hasPort ? Integer.parseInt(h.substring(colon + 1)) : 80;
        } catch (NumberFormatException e) {
            return false;
        }
        if (configured.contains(name) || configured.contains(name + ":" + port)) {
            return true;
        }
        return names.contains(name) && port == localPort;
    }
}
