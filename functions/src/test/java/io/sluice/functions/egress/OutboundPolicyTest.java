package io.sluice.functions.egress;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.sluice.functions.harness.TaskError;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** The one outbound policy: names first, then every address the name resolves to, once. */
public class OutboundPolicyTest {

    /** A resolver seam: names to addresses, counting lookups; an unknown name does not resolve. */
    static final class Names implements OutboundPolicy.Resolver {
        final Map<String, List<InetAddress>> names;
        final AtomicInteger lookups = new AtomicInteger();

        Names(Map<String, List<InetAddress>> names) {
            this.names = names;
        }

        @Override
        public InetAddress[] resolve(String host) throws UnknownHostException {
            lookups.incrementAndGet();
            List<InetAddress> a = names.get(host);
            if (a == null) {
                throw new UnknownHostException(host);
            }
            return a.toArray(InetAddress[]::new);
        }
    }

    public static InetAddress ip(String literal) {
        try {
            return InetAddress.getByName(literal); // literals only: parsed, not looked up
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(e);
        }
    }

    /** ::ffff:a.b.c.d kept as an IPv6 address (InetAddress.getByName would turn it into the IPv4 one). */
    public static InetAddress mapped(int a, int b, int c, int d) {
        try {
            return Inet6Address.getByAddress(null, new byte[]{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, (byte) 0xff, (byte) 0xff,
                    (byte) a, (byte) b, (byte) c, (byte) d}, -1);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(e);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"127.0.0.1", "127.8.9.10", "169.254.169.254", "10.0.0.1", "172.16.0.1", "172.31.255.255",
            "192.168.1.1", "100.64.0.1", "100.127.255.255", "0.0.0.0", "224.0.0.1", "255.255.255.255", "192.0.0.192",
            "::1", "::", "fe80::1", "fd00:ec2::254", "fc00::1", "ff02::1", "::ffff:127.0.0.1", "::ffff:169.254.169.254",
            "64:ff9b::a9fe:a9fe", "::7f00:1"})
    void internalAddressesAreNamed(String literal) {
        assertThat(OutboundPolicy.internalKind(ip(literal))).as(literal).isNotNull();
    }

    @ParameterizedTest
    @ValueSource(strings = {"93.184.215.14", "8.8.8.8", "172.32.0.1", "172.15.255.255", "100.128.0.1", "100.63.255.255",
            "192.169.0.1", "169.253.0.1", "2606:4700:4700::1111", "2001:db8::1", "64:ff9b::808:808"})
    void publicAddressesAreNot(String literal) {
        assertThat(OutboundPolicy.internalKind(ip(literal))).as(literal).isNull();
    }

    @Test
    void anIpv4MappedIpv6AddressIsJudgedByItsIpv4Address() {
        assertThat(mapped(127, 0, 0, 1)).isInstanceOf(Inet6Address.class);
        assertThat(OutboundPolicy.internalKind(mapped(127, 0, 0, 1))).contains("loopback").contains("IPv4-mapped");
        assertThat(OutboundPolicy.internalKind(mapped(169, 254, 169, 254))).contains("link-local");
        assertThat(OutboundPolicy.internalKind(mapped(8, 8, 8, 8))).isNull();
    }

    @Test
    void namesMatchHostsHostAndPortOrSubdomainsOfAWildcard() {
        OutboundPolicy p = OutboundPolicy.allowing(List.of(" API.example.com ", "files.example.org:8443", "*.partner.test", "[::1]:9000"));
        assertThat(p.checkName("http:invoke", "api.example.com", 443)).isEqualTo("api.example.com");
        assertThat(p.checkName("http:invoke", "files.example.org", 8443)).isEqualTo("files.example.org:8443");
        assertThat(p.checkName("http:invoke", "a.b.partner.test", 80)).isEqualTo("*.partner.test");
        assertThat(p.checkName("http:invoke", "[::1]", 9000)).isEqualTo("[::1]:9000");
        for (String[] refused : new String[][]{{"files.example.org", "443"}, {"partner.test", "80"}, {"evilpartner.test", "80"},
                {"api.example.com.evil.test", "443"}, {"::1", "9001"}}) {
            TaskError e = catchThrowableOfType(TaskError.class, () -> p.checkName("http:invoke", refused[0], Integer.parseInt(refused[1])));
            assertThat(e.errorName()).isEqualTo("Sluice.HostNotAllowed");
            assertThat(e.retryable()).isFalse();
            assertThat(e.getMessage()).contains("http:invoke may not call").contains(":" + refused[1])
                    .contains("(sluice.integrations.http.allowed-hosts)");
        }
        assertThat(catchThrowableOfType(TaskError.class, () -> OutboundPolicy.none().checkName("push-export", "example.com", 443))
                .getMessage()).isEqualTo("push-export may not call example.com:443 on this runtime; its allowed hosts are none"
                + " (sluice.integrations.http.allowed-hosts).");
    }

    @Test
    void aNameThatResolvesToAnInternalAddressIsRefusedNamingHostAddressAndSetting() throws Exception {
        Names names = new Names(Map.of("api.partner.test", List.of(ip("93.184.215.14")),
                "rebound.partner.test", List.of(ip("127.0.0.1")),
                "meta.partner.test", List.of(ip("169.254.169.254")),
                "mixed.partner.test", List.of(ip("93.184.215.14"), ip("10.1.2.3")),
                "v6.partner.test", List.of(ip("fd00:ec2::254")),
                "mapped.partner.test", List.of(mapped(127, 0, 0, 1))));
        OutboundPolicy p = OutboundPolicy.allowing(List.of("*.partner.test")).withResolver(names);
        assertThat(p.resolve("push-export", "api.partner.test", 443)).extracting(InetSocketAddress::getAddress).containsExactly(ip("93.184.215.14"));
        Map<String, String> refused = Map.of("rebound.partner.test", "127.0.0.1", "meta.partner.test", "169.254.169.254",
                "mixed.partner.test", "10.1.2.3", "v6.partner.test", "fd00:ec2:0:0:0:0:0:254", "mapped.partner.test", "0:0:0:0:0:ffff:7f00:1");
        refused.forEach((host, address) -> {
            TaskError e = catchThrowableOfType(TaskError.class, () -> p.resolve("push-export", host, 443));
            assertThat(e).as(host).isNotNull();
            assertThat(e.errorName()).isEqualTo("Sluice.HostNotAllowed");
            assertThat(e.getMessage()).as(host).contains("push-export may not call " + host + ":443").contains(address)
                    .contains("sluice.integrations.http.allowed-hosts");
        });
    }

    @Test
    void onlyAnEntryNamingTheVeryAddressOrLocalhostReachesAnInternalOne() throws Exception {
        OutboundPolicy p = OutboundPolicy.allowing(List.of("127.0.0.1:8089", "10.0.0.7", "[::1]:8089", "localhost:9000"));
        assertThat(p.resolve("http:invoke", "127.0.0.1", 8089)).extracting(InetSocketAddress::getAddress).containsExactly(ip("127.0.0.1"));
        assertThat(p.resolve("http:invoke", "10.0.0.7", 443)).extracting(InetSocketAddress::getPort).containsExactly(443);
        assertThat(p.resolve("http:invoke", "[::1]", 8089)).extracting(InetSocketAddress::getAddress).containsExactly(ip("::1"));
        // localhost reaches loopback, and nothing else whatever it resolves to
        OutboundPolicy seamed = p.withResolver(new Names(Map.of("localhost", List.of(ip("10.9.9.9")))));
        assertThat(catchThrowableOfType(TaskError.class, () -> seamed.resolve("http:invoke", "localhost", 9000)).getMessage())
                .contains("10.9.9.9");
        assertThat(p.withResolver(new Names(Map.of("localhost", List.of(ip("127.0.0.1"))))).resolve("http:invoke", "localhost", 9000))
                .hasSize(1);
        // the entry names 127.0.0.1, not a name that resolves there
        OutboundPolicy byName = OutboundPolicy.allowing(List.of("127.0.0.1:8089", "*.partner.test"))
                .withResolver(new Names(Map.of("api.partner.test", List.of(ip("127.0.0.1")))));
        assertThat(catchThrowableOfType(TaskError.class, () -> byName.resolve("http:invoke", "api.partner.test", 8089))).isNotNull();
    }

    @Test
    void theAddressesReturnedAreTheCheckedOnesResolvedOncePinnedToNoFurtherLookup() throws Exception {
        Names names = new Names(Map.of("api.partner.test", List.of(ip("93.184.215.14"), ip("2606:4700:4700::1111"))));
        List<InetSocketAddress> out = OutboundPolicy.allowing(List.of("api.partner.test")).withResolver(names)
                .resolve("push-export", "api.partner.test", 8443);
        assertThat(names.lookups).hasValue(1);
        assertThat(out).allSatisfy(a -> {
            assertThat(a.isUnresolved()).isFalse();
            assertThat(a.getPort()).isEqualTo(8443);
            assertThat(a.getHostString()).isEqualTo("api.partner.test");
        });
        assertThat(out).extracting(InetSocketAddress::getAddress).containsExactly(ip("93.184.215.14"), ip("2606:4700:4700::1111"));
    }

    @Test
    void aNameThatDoesNotResolveIsAnIoFailureNotARefusal() {
        OutboundPolicy p = OutboundPolicy.allowing(List.of("gone.partner.test")).withResolver(new Names(Map.of()));
        assertThat(catchThrowableOfType(UnknownHostException.class, () -> p.resolve("push-export", "gone.partner.test", 443))).isNotNull();
    }
}
