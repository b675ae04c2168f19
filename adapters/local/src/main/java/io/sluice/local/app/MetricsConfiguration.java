package io.sluice.local.app;

import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The local host's metrics registry: Prometheus', which {@code GET /metrics} serves. The runtime's meters come through
 * the one composition ({@code LocalRuntime.recordMetrics}, called by {@link RuntimeConfiguration}); the API's requests
 * through the API's interceptor; the JVM's from Micrometer's binders. {@code sluice.metrics.enabled=false} turns it off.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = "sluice.metrics.enabled", havingValue = "true", matchIfMissing = true)
class MetricsConfiguration {

    @Bean(destroyMethod = "close")
    PrometheusMeterRegistry prometheusMeterRegistry() {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        new JvmMemoryMetrics().bindTo(registry);
        new JvmThreadMetrics().bindTo(registry);
        new ProcessorMetrics().bindTo(registry);
        new UptimeMetrics().bindTo(registry);
        return registry;
    }
}
