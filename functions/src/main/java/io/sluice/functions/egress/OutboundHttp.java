package io.sluice.functions.egress;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import javax.net.ssl.SSLContext;
import org.apache.hc.client5.http.DnsResolver;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManager;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.client5.http.protocol.HttpClientContext;
import org.apache.hc.client5.http.ssl.DefaultClientTlsStrategy;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpEntity;
import org.apache.hc.core5.http.io.entity.ByteArrayEntity;
import org.apache.hc.core5.http.io.support.ClassicRequestBuilder;
import org.apache.hc.core5.util.Timeout;

/**
 * The HTTP client of every call that leaves the runtime ({@code http:invoke}, the HTTP exporters), held to an
 * {@link OutboundPolicy} at connect time. Apache HttpClient 5 resolves a host through a {@link DnsResolver}; this
 * client's resolver is the policy's {@link OutboundPolicy#resolve}, which resolves the name once, checks every address
 * and hands the checked addresses to the connection, so the address checked is the address connected to (no second
 * lookup a rebinding name could answer differently). TLS still verifies the URL's host name: the connection is made
 * to the checked address, while SNI and the certificate check use the name. No redirects are followed, no proxy is
 * used (a proxy would resolve the name itself), no cookies kept, no retries or content decoding done behind the
 * caller's back. The Apache client is made on the first call, so a host that never calls out starts none.
 */
public final class OutboundHttp implements AutoCloseable {

    /** A response: its status, its headers (names lower-cased, values in order) and up to the asked-for bytes of its body. */
    public record Response(int status, Map<String, List<String>> headers, byte[] body, boolean truncated) {
        public Optional<String> header(String name) {
            List<String> values = headers.get(name.toLowerCase(Locale.ROOT));
            return values == null || values.isEmpty() ? Optional.empty() : Optional.of(values.get(0));
        }
    }

    private final OutboundPolicy policy;
    private final String caller;
    private final Duration connectTimeout;
    private final SSLContext tls;
    private CloseableHttpClient client; // guarded by this; made on the first call, so a host that never calls out starts none
    private boolean closed; // guarded by this

    /**
     * @param caller         who calls, in the policy's messages ({@code http:invoke}, {@code push-export})
     * @param connectTimeout how long a connection may take to open
     */
    public OutboundHttp(OutboundPolicy policy, String caller, Duration connectTimeout) {
        this(policy, caller, connectTimeout, null);
    }

    /** @param tls the TLS context (its trust store); {@code null} for the JVM's default */
    public OutboundHttp(OutboundPolicy policy, String caller, Duration connectTimeout, SSLContext tls) {
        this.policy = policy;
        this.caller = caller;
        this.connectTimeout = connectTimeout;
        this.tls = tls;
    }

    private synchronized CloseableHttpClient client() {
        if (closed) {
            throw new IllegalStateException("this outbound HTTP client is closed");
        }
        if (client == null) {
            client = build();
        }
        return client;
    }

    private CloseableHttpClient build() {
        PoolingHttpClientConnectionManager connections = PoolingHttpClientConnectionManagerBuilder.create()
                .setDnsResolver(new CheckedResolver(policy, caller))
                .setTlsSocketStrategy(new DefaultClientTlsStrategy(tls == null ? defaultTls() : tls))
                .setDefaultConnectionConfig(ConnectionConfig.custom().setConnectTimeout(Timeout.of(connectTimeout)).build())
                .setMaxConnTotal(64)
                .setMaxConnPerRoute(16)
                .build();
        return HttpClients.custom()
                .setConnectionManager(connections)
                .disableRedirectHandling()
                .disableAutomaticRetries()
                .disableCookieManagement()
                .disableAuthCaching()
                .disableContentCompression()
                .build();
    }

    public OutboundPolicy policy() {
        return policy;
    }

    /**
     * Sends one request. The host is checked by name first (a clear refusal before anything is sent), then again with
     * its addresses as the connection is opened.
     *
     * @param headers      name and value pairs, in order (a name may repeat)
     * @param body         the request body, or {@code null} for none
     * @param timeout      how long to wait for each read of the response
     * @param maxBodyBytes the most body bytes read; a longer body is cut there and {@link Response#truncated()}
     * @throws io.sluice.functions.harness.TaskError {@value OutboundPolicy#HOST_NOT_ALLOWED} when the policy refuses the host or an address of it
     * @throws IllegalArgumentException when a header name is not a token or a value holds a line break
     * @throws IOException when the call does not complete (the name does not resolve, the connection fails or times out)
     */
    public Response send(String method, URI uri, List<Map.Entry<String, String>> headers, byte[] body, Duration timeout, int maxBodyBytes)
            throws IOException {
        policy.checkName(caller, uri.getHost(), port(uri));
        ClassicRequestBuilder request = ClassicRequestBuilder.create(method).setUri(uri);
        for (Map.Entry<String, String> h : headers) {
            if (!validName(h.getKey()) || h.getValue().chars().anyMatch(c -> c == '\r' || c == '\n' || c == 0)) {
                throw new IllegalArgumentException("header '" + h.getKey() + "' has a name that is not an HTTP token or a value with a line break");
            }
            request.addHeader(h.getKey(), h.getValue());
        }
        if (body != null) {
            request.setEntity(new ByteArrayEntity(body, null));
        }
        HttpClientContext context = HttpClientContext.create();
        context.setRequestConfig(RequestConfig.custom().setResponseTimeout(Timeout.of(timeout)).setRedirectsEnabled(false).build());
        try (ClassicHttpResponse response = client().executeOpen(null, request.build(), context)) {
            Map<String, List<String>> names = new TreeMap<>();
            for (Header h : response.getHeaders()) {
                names.computeIfAbsent(h.getName().toLowerCase(Locale.ROOT), k -> new ArrayList<>()).add(h.getValue());
            }
            names.replaceAll((k, v) -> List.copyOf(v));
            HttpEntity entity = response.getEntity();
            byte[] bytes = new byte[0];
            boolean truncated = false;
            if (entity != null) {
                try (InputStream in = entity.getContent()) {
                    bytes = in.readNBytes(maxBodyBytes);
                    truncated = in.read() >= 0;
                }
            }
            return new Response(response.getCode(), Collections.unmodifiableMap(names), bytes, truncated);
        }
    }

    /** An HTTP token (RFC 9110): what a header name may be. */
    public static boolean validName(String name) {
        return !name.isEmpty() && name.chars().allMatch(c -> c > 32 && c < 127 && "()<>@,;:\\\"/[]?={}".indexOf(c) < 0);
    }

    private static int port(URI uri) {
        return uri.getPort() >= 0 ? uri.getPort() : "https".equalsIgnoreCase(uri.getScheme()) ? 443 : 80;
    }

    private static SSLContext defaultTls() {
        try {
            return SSLContext.getDefault();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("This JVM has no default TLS context", e);
        }
    }

    /**
     * Closes the pooled connections and forgets the client, which the next call makes anew; unlike {@link #close()} this
     * client stays usable. A SnapStart checkpoint calls it: a snapshot's open sockets are dead when it is restored, and a
     * pooled one would fail the first call after the restore (this client retries nothing behind its caller's back).
     */
    public synchronized void dropConnections() {
        CloseableHttpClient pooled = client;
        client = null;
        if (pooled == null) {
            return;
        }
        try {
            pooled.close();
        } catch (IOException e) {
            // closing idle connections; nothing is lost
        }
    }

    @Override
    public synchronized void close() {
        closed = true;
        if (client == null) {
            return;
        }
        try {
            client.close();
        } catch (IOException e) {
            // closing idle connections; nothing is lost
        }
    }

    /** The connection's only source of addresses: the policy's checked resolution of the host and port being connected. */
    static final class CheckedResolver implements DnsResolver {
        private final OutboundPolicy policy;
        private final String caller;

        CheckedResolver(OutboundPolicy policy, String caller) {
            this.policy = policy;
            this.caller = caller;
        }

        @Override
        public List<InetSocketAddress> resolve(String host, int port) throws UnknownHostException {
            return policy.resolve(caller, host, port);
        }

        /** Not used for connections by this client's version; refused rather than answered without the port's check. */
        @Override
        public InetAddress[] resolve(String host) throws UnknownHostException {
            throw new UnknownHostException(host + ": an outbound connection resolves a host only with its port, through the outbound policy");
        }

        @Override
        public String resolveCanonicalHostname(String host) {
            return host;
        }
    }
}
