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
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The export targets a pattern config describes, on a serverless platform (AWS Lambda, Azure Functions): {@code http}
 * targets with the exporter the local runtime uses (POST, bearer token from the target's secret, the rate limit shared
 * through the deployment's Redis, retries with backoff). An {@code sftp} target is a clear {@code Export.InvalidInput}:
 * the platform's bundle carries no SSH client (its build keeps Apache MINA SSHD off its classpath), so such a pipeline
 * pushes over SFTP from a host that has one. Where a target may be is the {@link OutboundPolicy}'s word
 * ({@code sluice.integrations.http.allowed-hosts}), checked on the address each connection is made to.
 */
public final class HttpExportTargets implements ExportTargets {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final Backoff RETRIES = new Backoff(Duration.ofSeconds(1), 2.0, Duration.ofSeconds(30), 5);
    private static final Duration MAX_PERMIT_WAIT = Duration.ofMinutes(2);
    private static final int DEFAULT_RATE = 10;

    private final OutboundPolicy policy;
    private OutboundHttp client; // guarded by this
    private final RateLimiter limiter;
    private final Clock clock;
    private final Sleeper sleeper;
    private final Map<Target, Exporter> exporters = new ConcurrentHashMap<>();
    private final String platform;

    /**
     * @param platform the platform's name in error messages ({@code AWS Lambda}, {@code Azure Functions})
     * @param policy   where targets may be; its HTTP client is made on the first export, so a function that never pushes
     *                 never starts one at cold start
     */
    public HttpExportTargets(String platform, OutboundPolicy policy, RateLimiter limiter, Clock clock, Sleeper sleeper) {
        this.platform = platform;
        this.policy = policy;
        this.limiter = limiter;
        this.clock = clock;
        this.sleeper = sleeper;
    }

    /**
     * Closes the pooled connections of the exporters' HTTP client, if one was made (SnapStart's before-checkpoint: a
     * snapshot's sockets are dead when it is restored); the next export opens new ones.
     */
    public synchronized void dropConnections() {
        if (client != null) {
            client.dropConnections();
        }
    }

    @Override
    public Exporter exporter(Target target) {
        return exporters.computeIfAbsent(target, this::create);
    }

    private Exporter create(Target target) {
        if (!"http".equals(target.kind())) {
            throw invalid(target, "sftp".equals(target.kind())
                    ? "SFTP targets do not run on " + platform + " (its bundle has no SSH client); push over http, or run this export on a host with SFTP."
                    : "its kind '" + target.kind() + "' is not http, the one kind of target on " + platform + ".");
        }
        URI url;
        try {
            url = URI.create(target.endpoint());
        } catch (IllegalArgumentException e) {
            throw invalid(target, "its endpoint is not a URL: " + e.getMessage());
        }
        if (!"http".equals(url.getScheme()) && !"https".equals(url.getScheme())) {
            throw invalid(target, "an http target's endpoint is an http(s) URL, not " + target.endpoint() + ".");
        }
        // The name check, early, so the refusal names the target; its addresses are checked as each connection opens.
        policy.checkName("push-export target '" + target.name() + "'", url.getHost() == null ? "" : url.getHost(),
                url.getPort() >= 0 ? url.getPort() : "https".equals(url.getScheme()) ? 443 : 80);
        int rate = target.rateLimitPerSecond() == null ? DEFAULT_RATE : target.rateLimitPerSecond();
        Map<String, String> headers = target.credentials() == null ? Map.of() : Map.of("Authorization", "Bearer " + target.credentials());
        return new HttpExporter(new HttpTarget(target.endpoint(), "POST", headers, TIMEOUT, RETRIES, target.name(),
                new RateLimiter.Limit(rate, rate), MAX_PERMIT_WAIT), client(), limiter, clock, sleeper);
    }

    private synchronized OutboundHttp client() {
        if (client == null) {
            client = new OutboundHttp(policy, "push-export", TIMEOUT);
        }
        return client;
    }

    private static TaskError invalid(Target target, String why) {
        return new TaskError(PushExport.INVALID_INPUT, "Export target '" + target.name() + "' cannot be used: " + why, false);
    }
}
