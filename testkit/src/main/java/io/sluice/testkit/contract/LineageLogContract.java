package io.sluice.testkit.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.port.LineageLog;
import io.sluice.orchestration.port.LineageLog.Direction;
import io.sluice.orchestration.port.LineageLog.Use;
import java.time.Instant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Every {@link LineageLog} passes this suite. */
public abstract class LineageLogContract {
    private static final Instant T0 = Instant.parse("2026-12-01T06:00:00Z");

    private LineageLog log;

    protected abstract LineageLog createLog();

    @BeforeEach
    void setUp() {
        log = createLog();
    }

    @Test
    void usesAreReadNewestFirstByPartitionAndAReplayedUseIsOne() {
        Use wrote29 = new Use("warehouse:retail.orders", "2026-11-29", Direction.WRITE, "orders:a", "orders", T0);
        Use wrote30 = new Use("warehouse:retail.orders", "2026-11-30", Direction.WRITE, "orders:b", "orders", T0.plusSeconds(60));
        Use read29 = new Use("warehouse:retail.orders", "2026-11-29", Direction.READ, "daily-sales:a", "daily-sales", T0.plusSeconds(120));
        log.record(wrote29);
        log.record(wrote30);
        log.record(read29);
        log.record(new Use(wrote29.dataset(), wrote29.partition(), wrote29.direction(), wrote29.executionId(), wrote29.pipeline(),
                T0.plusSeconds(300))); // the same use again, later: a replayed task

        assertThat(log.uses("warehouse:retail.orders", "2026-11-29", 10)).containsExactly(read29, wrote29);
        assertThat(log.uses("warehouse:retail.orders", null, 10)).containsExactly(read29, wrote30, wrote29);
        assertThat(log.uses("warehouse:retail.orders", null, 1)).containsExactly(read29);
        assertThat(log.uses("warehouse:other", null, 10)).isEmpty();
    }

    @Test
    void aDatasetWithoutPartitionsIsRecordedToo() {
        Use pushed = new Use("export:partner-api", null, Direction.WRITE, "daily-sales:a", "daily-sales", T0);
        log.record(pushed);
        assertThat(log.uses("export:partner-api", null, 10)).containsExactly(pushed);
        assertThat(log.uses("export:partner-api", "2026-11-29", 10)).isEmpty();
    }

    @Test
    void theDatasetsAPipelineWroteAreListedOnceInNameOrder() {
        String p = "writer-" + java.util.UUID.randomUUID();
        log.record(new Use("warehouse:retail.orders", "2026-11-29", Direction.WRITE, p + ":a", p, T0));
        log.record(new Use("objects:raw/orders/", "2026-11-29", Direction.WRITE, p + ":a", p, T0));
        log.record(new Use("warehouse:retail.orders", "2026-11-30", Direction.WRITE, p + ":b", p, T0.plusSeconds(60)));
        log.record(new Use("objects:landing/orders/", "2026-11-29", Direction.READ, p + ":a", p, T0));
        assertThat(log.written(p)).containsExactly("objects:raw/orders/", "warehouse:retail.orders");
        assertThat(log.written("nobody-" + java.util.UUID.randomUUID())).isEmpty();
    }
}
