package io.sluice.transfer.export;

import io.sluice.functions.egress.OutboundHttp;
import io.sluice.functions.egress.OutboundPolicy;
import io.sluice.functions.harness.TaskError;
import io.sluice.functions.task.Backoff;
import io.sluice.functions.task.Sleeper;
import io.sluice.functions.task.export.ExportTargets;
import io.sluice.functions.task.export.PushExport;
import io.sluice.orchestration.port.Exporter;
import io.sluice.orchestration.port.RateLimiter;
import java.net.URI;
import java.nio.file.Path;
import java.security.PublicKey;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The exporters for targets a pipeline's config describes: {@code http} (POST to the endpoint, the
 * credentials as a bearer token, the target's rate limit shared through {@code limiter}) and
 * {@code sftp} ({@code sftp://user@host:port/directory}, the credentials as the password, the server's
 * key checked against a {@code known_hosts} file when one is given). One exporter per description,
 * kept until {@link #close()}. Both kinds connect only where the {@link OutboundPolicy} allows, checked on the address
 * connected to ({@code sluice.integrations.http.allowed-hosts}; a target on loopback or a private network is reached
 * only by an entry naming its address).
 */
public final class ConfiguredExporters implements ExportTargets, AutoCloseable {
    private static final Logger LOG = Logger.getLogger(ConfiguredExporters.class.getName());

    /**
     * @param knownHosts          an OpenSSH known_hosts file for SFTP host keys; {@code null} accepts any server (with a warning)
     * @param httpRetries         waits between HTTP attempts after a 5xx, a 429 or a dropped connection
     * @param defaultRatePerSecond the rate limit of a target that names none
     */
    public record Settings(Path knownHosts, Duration timeout, Backoff httpRetries, int defaultRatePerSecond, Duration maxPermitWait) {
        public static Settings defaults(Path knownHosts) {
            return new Settings(knownHosts, Duration.ofSeconds(30), new Backoff(Duration.ofSeconds(1), 2.0, Duration.ofSeconds(30), 5),
                    10, Duration.ofMinutes(2));
        }
    }

    private final Settings settings;
    private final OutboundPolicy policy;
    private OutboundHttp http; // guarded by this
    private final RateLimiter limiter;
    private final Clock clock;
    private final Sleeper sleeper;
    private final Map<Target, Exporter> exporters = new ConcurrentHashMap<>();

    /** @param policy where the exporters may connect; its client for HTTP targets is made on the first one */
    public ConfiguredExporters(Settings settings, OutboundPolicy policy, RateLimiter limiter, Clock clock, Sleeper sleeper) {
        this.settings = settings;
        this.policy = policy;
        this.limiter = limiter;
        this.clock = clock;
        this.sleeper = sleeper;
    }

    @Override
    public Exporter exporter(Target target) {
        return exporters.computeIfAbsent(target, this::create);
    }

    private Exporter create(Target target) {
        return switch (target.kind()) {
            case "http" -> http(target);
            case "sftp" -> sftp(target);
            default -> throw invalid(target, "its kind '" + target.kind() + "' is neither http nor sftp.");
        };
    }

    private Exporter http(Target target) {
        URI url = uri(target);
        if (!"http".equals(url.getScheme()) && !"https".equals(url.getScheme())) {
            throw invalid(target, "an http target's endpoint is an http(s) URL, not " + target.endpoint() + ".");
        }
        allowed(target, url, "https".equals(url.getScheme()) ? 443 : 80);
        int rate = target.rateLimitPerSecond() == null ? settings.defaultRatePerSecond() : target.rateLimitPerSecond();
        Map<String, String> headers = target.credentials() == null ? Map.of() : Map.of("Authorization", "Bearer " + target.credentials());
        HttpTarget http = new HttpTarget(target.endpoint(), "POST", headers, settings.timeout(), settings.httpRetries(),
                target.name(), new RateLimiter.Limit(rate, rate), settings.maxPermitWait());
        return new HttpExporter(http, client(), limiter, clock, sleeper);
    }

    private synchronized OutboundHttp client() {
        if (http == null) {
            http = new OutboundHttp(policy, SftpExporter.CALLER, settings.timeout());
        }
        return http;
    }

    private Exporter sftp(Target target) {
        URI url = uri(target);
        if (!"sftp".equals(url.getScheme()) || url.getHost() == null || url.getUserInfo() == null) {
            throw invalid(target, "an sftp target's endpoint is sftp://user@host:port/directory, not " + target.endpoint() + ".");
        }
        if (target.credentials() == null) {
            throw invalid(target, "an sftp target needs credentials: {\"secret\": \"<name>\"} holding the password.");
        }
        int port = url.getPort() < 0 ? 22 : url.getPort();
        allowed(target, url, 22);
        PublicKey hostKey = hostKey(target, url.getHost(), port);
        String directory = url.getPath() == null || url.getPath().isEmpty() ? "." : url.getPath();
        return new SftpExporter(new SftpTarget(url.getHost(), port, url.getUserInfo(), target.credentials(), null, hostKey,
                directory, settings.timeout()), policy);
    }

    /** The name check, early, so the refusal names the target; its addresses are checked as each connection opens. */
    private void allowed(Target target, URI url, int defaultPort) {
        policy.checkName("push-export target '" + target.name() + "'", url.getHost() == null ? "" : url.getHost(),
                url.getPort() < 0 ? defaultPort : url.getPort());
    }

    private PublicKey hostKey(Target target, String host, int port) {
        if (settings.knownHosts() == null) {
            return null;
        }
        Optional<PublicKey> key = KnownHosts.lookup(settings.knownHosts(), host, port);
        return key.orElseThrow(() -> invalid(target, "the known hosts file " + settings.knownHosts() + " has no key for " + host
                + ":" + port + "; add the server's key (ssh-keyscan -p " + port + " " + host + ")."));
    }

    private static URI uri(Target target) {
        try {
            return URI.create(target.endpoint());
        } catch (IllegalArgumentException e) {
            throw invalid(target, "its endpoint is not a URL: " + e.getMessage());
        }
    }

    private static TaskError invalid(Target target, String why) {
        return new TaskError(PushExport.INVALID_INPUT, "Export target '" + target.name() + "' cannot be used: " + why, false);
    }

    /** Stops the SFTP clients and the HTTP client. */
    @Override
    public void close() {
        synchronized (this) {
            if (http != null) {
                http.close();
                http = null;
            }
        }
        for (Exporter e : exporters.values()) {
            if (e instanceof AutoCloseable c) {
                try {
                    c.close();
                } catch (Exception ex) {
                    LOG.log(Level.FINE, "closing an exporter", ex);
                }
            }
        }
        exporters.clear();
    }
}
