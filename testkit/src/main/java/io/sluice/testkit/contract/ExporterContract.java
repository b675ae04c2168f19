package io.sluice.testkit.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.port.Exporter;
import io.sluice.orchestration.port.Exporter.Delivery;
import io.sluice.orchestration.port.Exporter.Export;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Every {@link Exporter} passes this suite against a real destination (WireMock, an SFTP server).
 * The implementation's test says what landed at the destination for a batch, one entry per copy
 * kept there (an HTTP endpoint keeps one per request; an SFTP directory one file).
 */
public abstract class ExporterContract {
    private Exporter exporter;

    protected abstract Exporter createExporter();

    /** The contents the destination holds for {@code export}'s batch. */
    protected abstract List<byte[]> landed(Export export);

    @BeforeEach
    void setUp() {
        exporter = createExporter();
    }

    private static Export export(String content) {
        String batch = "batch-" + UUID.randomUUID();
        return new Export(batch, batch + ".csv", "text/csv", content.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void aDeliveredBatchLandsWithItsContent() {
        Export e = export("id,amount\n1,10\n2,20\n");
        assertThat(exporter.deliver(e)).isInstanceOf(Delivery.Delivered.class);
        assertThat(landed(e)).hasSize(1);
        assertThat(landed(e).getFirst()).isEqualTo(e.content());
    }

    @Test
    void anEmptyExtractIsDeliveredToo() {
        Export e = export("");
        assertThat(exporter.deliver(e)).isInstanceOf(Delivery.Delivered.class);
        assertThat(landed(e)).singleElement().satisfies(b -> assertThat(b).isEmpty());
    }

    @Test
    void tenThreadsDeliveringOneBatchLeaveOnlyWholeCopies() throws Exception {
        Export e = export("x".repeat(64 * 1024));
        List<Delivery> results = Concurrently.run(10, () -> exporter.deliver(e));
        assertThat(results).allSatisfy(d -> assertThat(d).isInstanceOf(Delivery.Delivered.class));
        assertThat(landed(e)).isNotEmpty().allSatisfy(b -> assertThat(b).isEqualTo(e.content()));
    }
}
