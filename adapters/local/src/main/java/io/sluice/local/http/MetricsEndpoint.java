package io.sluice.local.http;

import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.sluice.api.tenant.Caller;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /metrics}: the runtime's metrics in Prometheus' text format, for a Prometheus server to scrape. Behind the
 * same guards as every API route (it is not in the public list): in the local mode anyone on loopback may read it all;
 * with tenants, a request needs a key, and a tenant's key reads its own tenant's series only ({@link TenantSeries}),
 * never another tenant's pipelines nor the platform's.
 */
@RestController
class MetricsEndpoint {
    /** The content type of Prometheus' text format, version 0.0.4. */
    static final String TEXT_FORMAT = "text/plain; version=0.0.4; charset=utf-8";

    private final ObjectProvider<PrometheusMeterRegistry> registry;

    MetricsEndpoint(ObjectProvider<PrometheusMeterRegistry> registry) {
        this.registry = registry;
    }

    @GetMapping("/metrics")
    ResponseEntity<byte[]> metrics(Caller caller) throws IOException {
        PrometheusMeterRegistry r = registry.getIfAvailable();
        if (r == null) {
            return ResponseEntity.status(HttpStatus.NOT_FOUND).contentType(MediaType.TEXT_PLAIN)
                    .body("this host was started without metrics\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        TenantSeries.write(r.getPrometheusRegistry().scrape(), caller, out);
        return ResponseEntity.ok().contentType(MediaType.parseMediaType(TEXT_FORMAT)).body(out.toByteArray());
    }
}
