package io.sluice.functions.egress;

import io.sluice.functions.harness.TaskError;
import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Where a connection leaving the runtime may go: {@code http:invoke} and every push-export target (HTTP and SFTP) ask
 * this one policy. Safe by default: with no allowed hosts nothing leaves.
 *
 * <p>An allow-list entry is a host ({@code api.example.com}), a host and port ({@code api.example.com:8443},
 * {@code 127.0.0.1:8089}, {@code [::1]:8089}) or a wildcard of subdomains ({@code *.example.com}). A host must match an
 * entry by name first; then it is resolved once, here, and every address it resolves to is checked: a loopback,
 * link-local (the cloud metadata endpoints 169.254.169.254 and fd00:ec2::254 among them), private (RFC 1918, IPv6 ULA),
 * unspecified, multicast, CGNAT (100.64.0.0/10) or reserved address, or an IPv4-mapped, -compatible or NAT64 IPv6 form of
 * one, is refused unless the matching entry names that very address (or is {@code localhost}, which then reaches
 * loopback only). The addresses {@link #resolve} returns are the only ones a caller may connect to: the clients of this
 * package connect to them instead of resolving the name again, so a name that re-resolves elsewhere between the check
 * and the connect (DNS rebinding) cannot lead past the check.
 *
 * <p>Refusals are {@link TaskError}s named {@value #HOST_NOT_ALLOWED}, not retryable, whose message names the host,
 * the address and the setting that allows it.
 */
public final class OutboundPolicy {
    public static final String HOST_NOT_ALLOWED = "Sluice.HostNotAllowed";
    /** The setting every host reads the allow-list from, http:invoke and push-export alike. */
    public static final String SETTING = "sluice.integrations.http.allowed-hosts";

    /** How a host name becomes addresses: the system's resolver, or a test's. */
    @FunctionalInterface
    public interface Resolver {
        Resolver SYSTEM = InetAddress::getAllByName;

        InetAddress[] resolve(String host) throws UnknownHostException;
    }

    private final List<String> allowedHosts;
    private final String setting;
    private final Resolver resolver;

    /**
     * @param allowedHosts the entries (trimmed and lower-cased here; blank ones dropped)
     * @param setting      the name of the setting the entries come from, for messages
     * @param resolver     resolves a host name once per connection
     */
    public OutboundPolicy(List<String> allowedHosts, String setting, Resolver resolver) {
        this.allowedHosts = allowedHosts.stream().map(h -> h.strip().toLowerCase(Locale.ROOT)).filter(h -> !h.isEmpty()).toList();
        this.setting = Objects.requireNonNull(setting, "setting");
        this.resolver = Objects.requireNonNull(resolver, "resolver");
    }

    /** The entries of {@value #SETTING}, resolved by the system's resolver. */
    public static OutboundPolicy allowing(List<String> allowedHosts) {
        return new OutboundPolicy(allowedHosts, SETTING, Resolver.SYSTEM);
    }

    /** Nothing leaves. */
    public static OutboundPolicy none() {
        return allowing(List.of());
    }

    public OutboundPolicy withResolver(Resolver other) {
        return new OutboundPolicy(allowedHosts, setting, other);
    }

    public List<String> allowedHosts() {
        return allowedHosts;
    }

    public String setting() {
        return setting;
    }

    /**
     * The entry that allows {@code host:port} by name; a {@link TaskError} when none does.
     *
     * @param caller who asks, for the message ({@code http:invoke}, {@code push-export})
     */
    public String checkName(String caller, String host, int port) {
        String h = normalize(host);
        for (String entry : allowedHosts) {
            Entry e = Entry.parse(entry);
            if ((e.port == -1 || e.port == port) && e.matches(h)) {
                return entry;
            }
        }
        throw new TaskError(HOST_NOT_ALLOWED, caller + " may not call " + display(h) + ":" + port + " on this runtime; its allowed hosts are "
                + (allowedHosts.isEmpty() ? "none" : String.join(", ", allowedHosts)) + " (" + setting + ").", false);
    }

    /**
     * Checks {@code host:port} by name, resolves it once and checks every address; the result, in the resolver's order,
     * is what a connection may use, and nothing else.
     *
     * @throws TaskError           {@value #HOST_NOT_ALLOWED} when the name is not allowed or an address is internal and not allowed
     * @throws UnknownHostException when the name does not resolve
     */
    public List<InetSocketAddress> resolve(String caller, String host, int port) throws UnknownHostException {
        String h = normalize(host);
        Entry entry = Entry.parse(checkName(caller, h, port));
        InetAddress[] addresses = resolver.resolve(h);
        if (addresses == null || addresses.length == 0) {
            throw new UnknownHostException(h);
        }
        List<InetSocketAddress> out = new ArrayList<>(addresses.length);
        for (InetAddress a : addresses) {
            String kind = internalKind(a);
            if (kind != null && !entry.reaches(a)) {
                throw new TaskError(HOST_NOT_ALLOWED, caller + " may not call " + display(h) + ":" + port + ": it resolves to "
                        + a.getHostAddress() + ", " + kind + " address, which this runtime reaches only when the endpoint names"
                        + " that very address and an entry of " + setting + " allows it (" + display(a.getHostAddress()) + ":" + port
                        + "); the allowed hosts are " + String.join(", ", allowedHosts) + ".", false);
            }
            // The checked address, pinned: no later lookup of the name.
            out.add(new InetSocketAddress(InetAddress.getByAddress(h, a.getAddress()), port));
        }
        return List.copyOf(out);
    }

    /**
     * What makes {@code a} internal ({@code "a loopback"}, {@code "a private"}, ...), or {@code null} for a public
     * address. IPv6 forms that carry an IPv4 address (mapped {@code ::ffff:a.b.c.d}, compatible {@code ::a.b.c.d}, NAT64
     * {@code 64:ff9b::a.b.c.d}) are judged by that address.
     */
    public static String internalKind(InetAddress a) {
        byte[] b = a.getAddress();
        if (a instanceof Inet4Address) {
            return ipv4Kind(b);
        }
        if (a instanceof Inet6Address) {
            if (a.isLoopbackAddress()) return "a loopback";
            if (a.isAnyLocalAddress()) return "an unspecified";
            boolean zero80 = true;
            for (int i = 0; i < 10; i++) zero80 &= b[i] == 0;
            if (zero80 && (b[10] & 0xff) == 0xff && (b[11] & 0xff) == 0xff) {
                String kind = ipv4Kind(new byte[]{b[12], b[13], b[14], b[15]});
                return kind == null ? null : kind + " (IPv4-mapped)";
            }
            if (zero80 && b[10] == 0 && b[11] == 0) {
                return "an IPv4-compatible"; // ::a.b.c.d, deprecated; nothing public is reached that way
            }
            if ((b[0] & 0xff) == 0x00 && (b[1] & 0xff) == 0x64 && (b[2] & 0xff) == 0xff && (b[3] & 0xff) == 0x9b) {
                boolean wellKnown = true;
                for (int i = 4; i < 12; i++) wellKnown &= b[i] == 0;
                if (wellKnown) {
                    String kind = ipv4Kind(new byte[]{b[12], b[13], b[14], b[15]});
                    return kind == null ? null : kind + " (NAT64)";
                }
            }
            int first = b[0] & 0xff;
            int second = b[1] & 0xff;
            if (first == 0xff) return "a multicast";
            if (first == 0xfe && (second & 0xc0) == 0x80) return "a link-local";
            if (first == 0xfe && (second & 0xc0) == 0xc0) return "a site-local";
            if ((first & 0xfe) == 0xfc) return "a private (unique local)";
            return null;
        }
        return "an unknown kind of";
    }

    private static String ipv4Kind(byte[] b) {
        int a0 = b[0] & 0xff;
        int a1 = b[1] & 0xff;
        int a2 = b[2] & 0xff;
        if (a0 == 0) return "an unspecified";
        if (a0 == 127) return "a loopback";
        if (a0 == 10 || a0 == 172 && (a1 & 0xf0) == 16 || a0 == 192 && a1 == 168) return "a private";
        if (a0 == 169 && a1 == 254) return "a link-local";
        if (a0 == 100 && (a1 & 0xc0) == 64) return "a shared (CGNAT)";
        if (a0 == 192 && a1 == 0 && a2 == 0) return "a reserved";
        if (a0 == 198 && (a1 & 0xfe) == 18) return "a reserved";
        if (a0 >= 224 && a0 <= 239) return "a multicast";
        if (a0 >= 240) return "a reserved";
        return null;
    }

    private static String normalize(String host) {
        String h = host.strip().toLowerCase(Locale.ROOT);
        return h.startsWith("[") && h.endsWith("]") ? h.substring(1, h.length() - 1) : h;
    }

    private static String display(String host) {
        return host.contains(":") ? "[" + host + "]" : host;
    }

    /** The address {@code host} spells (dotted-quad IPv4 or IPv6), parsed without a lookup; {@code null} for a name. */
    static InetAddress literal(String host) {
        try {
            if (host.contains(":")) {
                return InetAddress.getByName(host); // an IPv6 literal is parsed, or refused, never looked up
            }
            String[] parts = host.split("\\.", -1);
            if (parts.length != 4) {
                return null;
            }
            byte[] bytes = new byte[4];
            for (int i = 0; i < 4; i++) {
                if (parts[i].isEmpty() || parts[i].length() > 3 || !parts[i].chars().allMatch(Character::isDigit)) {
                    return null;
                }
                int v = Integer.parseInt(parts[i]);
                if (v > 255) {
                    return null;
                }
                bytes[i] = (byte) v;
            }
            return InetAddress.getByAddress(bytes);
        } catch (UnknownHostException e) {
            return null;
        }
    }

    /** One allow-list entry: a host (an address, a name or {@code *.domain}) and a port, or -1 for any. */
    private record Entry(String host, int port) {
        static Entry parse(String entry) {
            if (entry.startsWith("[")) {
                int close = entry.indexOf(']');
                String host = close < 0 ? entry.substring(1) : entry.substring(1, close);
                String rest = close < 0 ? "" : entry.substring(close + 1);
                return new Entry(host, rest.startsWith(":") ? port(rest.substring(1)) : -1);
            }
            int colon = entry.indexOf(':');
            if (colon >= 0 && colon == entry.lastIndexOf(':')) {
                return new Entry(entry.substring(0, colon), port(entry.substring(colon + 1)));
            }
            return new Entry(entry, -1); // a name, or an IPv6 address without brackets (and so without a port)
        }

        private static int port(String text) {
            try {
                return Integer.parseInt(text);
            } catch (NumberFormatException e) {
                return -2; // matches no port
            }
        }

        boolean matches(String h) {
            return host.equals(h) || host.startsWith("*.") && h.endsWith(host.substring(1)) && h.length() > host.length() - 1;
        }

        /** Whether this entry lets the host reach {@code a}, an internal address: it names that address, or is localhost and {@code a} is loopback. */
        boolean reaches(InetAddress a) {
            if (host.equals("localhost")) {
                return a.isLoopbackAddress();
            }
            InetAddress named = literal(host);
            return named != null && named.equals(a);
        }
    }
}
