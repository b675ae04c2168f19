package io.sluice.testkit.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.port.ExportLedger;
import io.sluice.orchestration.port.ExportLedger.ExportRecord;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Every {@link ExportLedger} passes this suite. */
public abstract class ExportLedgerContract {
    private static final Instant T0 = Instant.parse("2026-11-29T06:00:00Z");

    private ExportLedger ledger;
    private String batch;

    protected abstract ExportLedger createLedger();

    @BeforeEach
    void setUp() {
        ledger = createLedger();
        batch = "batch-" + UUID.randomUUID();
    }

    @Test
    void aRecordedBatchIsFoundWithEverythingItSaid() {
        ExportRecord record = new ExportRecord("partner", batch, "HTTP 201", 1234, T0);
        assertThat(ledger.find("partner", batch)).isEmpty();
        assertThat(ledger.record(record)).isTrue();
        assertThat(ledger.find("partner", batch)).contains(record);
    }

    @Test
    void theFirstRecordOfABatchStays() {
        ledger.record(new ExportRecord("partner", batch, "first", 1, T0));
        assertThat(ledger.record(new ExportRecord("partner", batch, "second", 2, T0.plusSeconds(1)))).isFalse();
        assertThat(ledger.find("partner", batch).orElseThrow().receipt()).isEqualTo("first");
    }

    @Test
    void targetsKeepSeparateLedgers() {
        ledger.record(new ExportRecord("partner", batch, "r", 1, T0));
        assertThat(ledger.find("sftp", batch)).isEmpty();
        assertThat(ledger.record(new ExportRecord("sftp", batch, "r2", 1, T0))).isTrue();
    }

    @Test
    void tenThreadsRecordingOneBatchMakeOneRecord() throws Exception {
        List<Boolean> results = Concurrently.run(10, () -> ledger.record(
                new ExportRecord("partner", batch, "t" + Thread.currentThread().threadId(), 1, T0)));
        assertThat(results).containsOnlyOnce(true);
        assertThat(results).filteredOn(r -> !r).hasSize(9);
    }
}
