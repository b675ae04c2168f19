package io.sluice.local.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Timer;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.sluice.api.tenant.Caller;
import io.sluice.api.tenant.Role;
import io.sluice.functions.observe.SluiceMeters;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** What {@code /metrics} shows whom: everything in the local mode; a tenant's own series only to a tenant's key. */
class TenantSeriesTest {
    final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);

    TenantSeriesTest() {
        Counter.builder(SluiceMeters.EXECUTIONS_STARTED).tags("pipeline", "orders", "tenant", "acme", "channel", "P2").register(registry).increment();
        Counter.builder(SluiceMeters.EXECUTIONS_STARTED).tags("pipeline", "payroll", "tenant", "globex", "channel", "P2").register(registry).increment();
        Counter.builder(SluiceMeters.EXECUTIONS_STARTED).tags("pipeline", "ops", "tenant", SluiceMeters.NO_TENANT, "channel", "P2").register(registry)
                .increment();
        Timer.builder(SluiceMeters.TASK_DURATION).tags("pipeline", "orders", "tenant", "acme", "function", "load", "channel", "P2", "outcome",
                "succeeded").register(registry).record(Duration.ofMillis(5));
        Timer.builder(SluiceMeters.DISPATCH_LATENCY).tags("function", "load", "channel", "P2").serviceLevelObjectives(Duration.ofMillis(5))
                .register(registry).record(Duration.ofMillis(1));
    }

    @Test
    void theLocalModeReadsEverything() throws Exception {
        assertThat(scrape(new Caller.Local())).contains("pipeline=\"orders\"", "pipeline=\"payroll\"", "pipeline=\"ops\"",
                "sluice_task_dispatch_latency_seconds_bucket");
    }

    @Test
    void aTenantsKeyReadsItsTenantsSeriesAndNothingElse() throws Exception {
        String acme = scrape(new Caller.TenantKey("acme", "k1", Role.READER, Set.of("orders")));
        assertThat(acme).contains("sluice_executions_started_total{", "pipeline=\"orders\"", "sluice_task_duration_seconds_count{")
                .doesNotContain("payroll", "globex", "pipeline=\"ops\"", "dispatch_latency");
        assertThat(scrape(new Caller.TenantKey("initech", "k2", Role.OPERATOR, Set.of()))).as("a tenant with no runs yet")
                .doesNotContain("sluice_");
    }

    private String scrape(Caller caller) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        TenantSeries.write(registry.getPrometheusRegistry().scrape(), caller, out);
        return out.toString(StandardCharsets.UTF_8);
    }
}
