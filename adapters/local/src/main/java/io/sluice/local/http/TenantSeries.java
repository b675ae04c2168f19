package io.sluice.local.http;

import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.DataPointSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import io.prometheus.metrics.model.snapshots.SummarySnapshot;
import io.sluice.api.tenant.Caller;
import io.sluice.functions.observe.SluiceMeters;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * What of a scrape a caller may read: everything in the local mode; for a tenant's key, the series whose
 * {@value SluiceMeters#TENANT} label is that tenant, and nothing else (no other tenant's, no platform-wide series such as
 * the queues' depth, the API's requests or the JVM's), so a tenant learns nothing of another's pipelines from here.
 */
final class TenantSeries {
    private TenantSeries() {}

    static void write(MetricSnapshots scrape, Caller caller, OutputStream out) throws IOException {
        PrometheusTextFormatWriter writer = PrometheusTextFormatWriter.create();
        if (caller instanceof Caller.Local) {
            writer.write(out, scrape);
            return;
        }
        String tenant = caller.tenant();
        Predicate<DataPointSnapshot> own = p -> tenant != null && tenant.equals(p.getLabels().get(SluiceMeters.TENANT));
        List<MetricSnapshot> kept = new ArrayList<>();
        for (MetricSnapshot m : scrape) {
            MetricSnapshot k = keep(m, own);
            if (k != null) {
                kept.add(k);
            }
        }
        writer.write(out, new MetricSnapshots(kept));
    }

    /** {@code m} with only the points {@code own} accepts; {@code null} when none is left (or its kind carries no tenant). */
    private static MetricSnapshot keep(MetricSnapshot m, Predicate<DataPointSnapshot> own) {
        MetricSnapshot k = switch (m) {
            case CounterSnapshot c -> new CounterSnapshot(c.getMetadata(), c.getDataPoints().stream().filter(own).toList());
            case GaugeSnapshot g -> new GaugeSnapshot(g.getMetadata(), g.getDataPoints().stream().filter(own).toList());
            case SummarySnapshot s -> new SummarySnapshot(s.getMetadata(), s.getDataPoints().stream().filter(own).toList());
            case HistogramSnapshot h -> new HistogramSnapshot(h.isGaugeHistogram(), h.getMetadata(), h.getDataPoints().stream().filter(own).toList());
            default -> null; // info, state sets, unknown: Sluice's meters are none of these
        };
        return k == null || k.getDataPoints().isEmpty() ? null : k;
    }
}
