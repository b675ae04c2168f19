package io.sluice.testkit.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.port.UpstreamLedger;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Every {@link UpstreamLedger} passes this suite. */
public abstract class UpstreamLedgerContract {
    private static final Instant KEEP = Instant.parse("2099-01-01T00:00:00Z");

    private UpstreamLedger ledger;
    private String export;

    protected abstract UpstreamLedger createLedger();

    @BeforeEach
    void setUp() {
        ledger = createLedger();
        export = "export-" + UUID.randomUUID();
    }

    @Test
    void eachRecordReturnsEveryUpstreamRecordedSoFar() {
        assertThat(ledger.succeeded(export, "2026-11-29", "orders", KEEP)).containsExactly("orders");
        assertThat(ledger.succeeded(export, "2026-11-29", "fx", KEEP)).containsExactlyInAnyOrder("orders", "fx");
    }

    @Test
    void recordingAnUpstreamAgainChangesNothing() {
        ledger.succeeded(export, "2026-11-29", "orders", KEEP);
        assertThat(ledger.succeeded(export, "2026-11-29", "orders", KEEP)).containsExactly("orders");
    }

    @Test
    void partitionsAndDependentsAreSeparate() {
        ledger.succeeded(export, "2026-11-28", "orders", KEEP);
        ledger.succeeded(export + "-other", "2026-11-29", "orders", KEEP);
        assertThat(ledger.succeeded(export, "2026-11-29", "fx", KEEP)).containsExactly("fx");
    }

    @Test
    void namesWithSeparatorsDoNotCollide() {
        ledger.succeeded(export, "a:b", "c", KEEP);
        assertThat(ledger.succeeded(export + ":a", "b", "d", KEEP)).containsExactly("d");
        assertThat(ledger.succeeded(export, "a", "b:c", KEEP)).containsExactly("b:c");
    }

    /** Atomic: of ten different upstreams recorded at once, exactly one sees all ten. */
    @Test
    void tenUpstreamsAtOnceExactlyOneSeesThemAll() throws Exception {
        AtomicInteger next = new AtomicInteger();
        List<Set<String>> seen = Concurrently.run(10, () -> ledger.succeeded(export, "2026-11-29", "up-" + next.getAndIncrement(), KEEP));
        assertThat(seen).filteredOn(s -> s.size() == 10).hasSize(1);
        assertThat(seen).extracting(Set::size).containsExactlyInAnyOrder(1, 2, 3, 4, 5, 6, 7, 8, 9, 10);
    }

    /** Ten deliveries of the same completion at once: each sees the one upstream, nothing is doubled. */
    @Test
    void tenThreadsRecordingTheSameUpstreamAllSeeIt() throws Exception {
        List<Set<String>> seen = Concurrently.run(10, () -> ledger.succeeded(export, "2026-11-29", "orders", KEEP));
        assertThat(seen).allSatisfy(s -> assertThat(s).containsExactly("orders"));
    }
}
