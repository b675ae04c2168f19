package io.sluice.local.http;

import io.sluice.api.port.ScheduledFires;
import io.sluice.local.pipeline.PipelineCatalog;
import io.sluice.functions.pipeline.PipelineOptions;
import io.sluice.local.pipeline.PipelineOptionsCatalog;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/** The fires of the pipelines folder's schedules, as each pipeline's options declare them now. */
final class LocalScheduledFires implements ScheduledFires {
    private final PipelineCatalog catalog;
    private final PipelineOptionsCatalog options;

    LocalScheduledFires(PipelineCatalog catalog, PipelineOptionsCatalog options) {
        this.catalog = catalog;
        this.options = options;
    }

    @Override
    public List<Fire> between(Instant from, Instant to, int limit) {
        List<Fire> fires = new ArrayList<>();
        for (String id : catalog.ids()) {
            PipelineOptions declared = options.find(id).options();
            if (declared == null) {
                continue;
            }
            for (PipelineOptions.Schedule s : declared.schedules()) {
                Instant after = from.minusNanos(1);
                for (int n = 0; n < limit; n++) {
                    Optional<Instant> next = s.shape().expression().next(after);
                    if (next.isEmpty() || !next.get().isBefore(to)) {
                        break;
                    }
                    fires.add(new Fire(id, next.get()));
                    after = next.get();
                }
            }
        }
        fires.sort(Comparator.comparing(Fire::at).thenComparing(Fire::pipeline));
        return fires.size() > limit ? List.copyOf(fires.subList(0, limit)) : fires;
    }
}
