package io.sluice.local.app;

import static io.sluice.local.app.Problems.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.port.LineageLog;
import io.sluice.orchestration.port.LineageLog.Direction;
import io.sluice.orchestration.port.LineageLog.Use;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * {@code GET /v1/lineage} over the app's lineage in Redis: the runs that wrote and read a partition, and
 * what is downstream — the readers' pipelines and, through {@code dependsOn}, the pipelines that wait for
 * a writer ({@code down} depends on {@code up-a} and {@code up-b} in the test pipelines).
 */
class LineageApiTest extends LocalAppTest {
    @Autowired
    LineageLog lineage;

    private static List<String> texts(JsonNode array, String field) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(field == null ? n.asText() : n.get(field).asText()));
        return out;
    }

    @Test
    void aPartitionsWritersReadersAndDownstream() {
        String dataset = "warehouse:" + unique("lineage");
        Instant t0 = Instant.parse("2026-12-01T06:00:00Z");
        lineage.record(new Use(dataset, "2026-11-29", Direction.WRITE, "up-a:r1", "up-a", t0));
        lineage.record(new Use(dataset, "2026-11-30", Direction.WRITE, "up-a:r2", "up-a", t0.plusSeconds(60)));
        lineage.record(new Use(dataset, "2026-11-29", Direction.READ, "shout:r1", "shout", t0.plusSeconds(120)));

        JsonNode body = http().get("/v1/lineage?dataset=" + dataset + "&partition=2026-11-29").body();
        assertThat(texts(body.get("producers"), "executionId")).containsExactly("up-a:r1");
        assertThat(texts(body.get("consumers"), "executionId")).containsExactly("shout:r1");
        assertThat(texts(body.get("downstream"), null)).containsExactly("shout", "down");

        JsonNode all = http().get("/v1/lineage?dataset=" + dataset).body();
        assertThat(texts(all.get("producers"), "executionId")).containsExactly("up-a:r2", "up-a:r1");
    }

    @Test
    void aMalformedDatasetOrPartitionIsRefusedNamingIt() {
        Http.Response r = http().get("/v1/lineage?dataset=../etc/passwd");
        assertProblem(r, 400, "invalid-request");
        assertThat(r.body().get("field").asText()).isEqualTo("dataset");
        assertThat(http().get("/v1/lineage?dataset=warehouse:t&partition=a/b").body().get("field").asText()).isEqualTo("partition");
        assertThat(http().get("/v1/lineage").body().get("field").asText()).isEqualTo("dataset");
    }
}
