package io.sluice.local.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.engine.Execution;
import io.sluice.orchestration.engine.ExecutionStatus;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.MapRunStore;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Distributed Maps on the durable runtime over Redis, with the folder object store as S3: the CSV, JSON Lines
 * and listing readers, batching, ResultWriter files, tolerated failures exceeded and not, STANDARD children as
 * executions of their own and EXPRESS ones in the coordinator, and a crash in the middle of a run that neither
 * loses nor doubles an item. The {@code count} function records each input it ran for: a child that ran twice
 * would show.
 */
class DistributedMapDurableTest {
    private static final Duration WITHIN = Duration.ofSeconds(60);

    @TempDir
    Path data;
    private ChildRunsStack stack;

    @AfterEach
    void tearDown() {
        if (stack != null) {
            stack.close();
        }
    }

    private ChildRunsStack stack(UnaryOperator<MapRunStore> runs) {
        stack = new ChildRunsStack(data, runs);
        return stack;
    }

    private void put(String bucket, String key, String content) {
        stack.objects.put(bucket + "/" + key, content.getBytes(StandardCharsets.UTF_8));
    }

    private JsonNode object(String bucket, String key) {
        return Json.parse(new String(stack.objects.get(bucket + "/" + key).orElseThrow(), StandardCharsets.UTF_8));
    }

    private static String map(String executionType, String fields) {
        return """
                {"StartAt": "Each", "States": {"Each": {"Type": "Map", %s,
                  "ItemProcessor": {"ProcessorConfig": {"Mode": "DISTRIBUTED", "ExecutionType": "%s"},
                    "StartAt": "Count", "States": {"Count": {"Type": "Task", "Resource": "sluice:function:count", "End": true}}},
                  "End": true}}}""".formatted(fields, executionType);
    }

    @Test
    void aCsvReadInBatchesWritesItsResultsAndTheParentHoldsOnlyTheManifestReference() {
        stack(UnaryOperator.identity());
        StringBuilder csv = new StringBuilder("id,name\n");
        for (int i = 0; i < 25; i++) {
            csv.append(i).append(",\"row ").append(i).append("\"\n");
        }
        put("landing", "in/rows.csv", csv.toString());
        stack.pipeline("rows", map("STANDARD", """
                "ItemReader": {"Resource": "arn:aws:states:::s3:getObject", "ReaderConfig": {"InputType": "CSV", "CSVHeaderLocation": "FIRST_ROW"},
                               "Parameters": {"Bucket": "landing", "Key.$": "$.key"}},
                "ItemBatcher": {"MaxItemsPerBatch": 4, "BatchInput": {"file.$": "$.key"}},
                "MaxConcurrency": 3, "Label": "Rows",
                "ResultWriter": {"Resource": "arn:aws:states:::s3:putObject", "Parameters": {"Bucket": "results", "Prefix": "runs"}}"""));
        String id = stack.start("rows", "r1", Json.parse("{\"key\": \"in/rows.csv\"}"));
        Execution done = stack.awaitEnd(id, WITHIN);
        assertThat(done.status()).as("%s %s", done.error(), done.cause()).isEqualTo(ExecutionStatus.SUCCEEDED);

        JsonNode reference = done.output();
        assertThat(reference.get("MapRunArn").asText()).startsWith("arn:aws:states:local:000000000000:mapRun:rows/Rows:");
        String manifestKey = reference.get("ResultWriterDetails").get("Key").asText();
        assertThat(reference.get("ResultWriterDetails").get("Bucket").asText()).isEqualTo("results");
        assertThat(manifestKey).matches("runs/[0-9a-f-]{36}/manifest.json");
        JsonNode manifest = object("results", manifestKey);
        assertThat(manifest.get("DestinationBucket").asText()).isEqualTo("results");
        assertThat(manifest.get("ResultFiles").get("FAILED")).isEmpty();
        assertThat(manifest.get("ResultFiles").get("PENDING")).isEmpty();
        JsonNode files = manifest.get("ResultFiles").get("SUCCEEDED");
        List<JsonNode> entries = new ArrayList<>();
        for (JsonNode f : files) {
            JsonNode content = object("results", f.get("Key").asText());
            assertThat(f.get("Size").asLong()).isEqualTo(Json.write(content).getBytes(StandardCharsets.UTF_8).length);
            content.forEach(entries::add);
        }
        assertThat(entries).hasSize(7); // 25 rows in batches of 4
        JsonNode first = entries.getFirst();
        assertThat(first.get("Status").asText()).isEqualTo("SUCCEEDED");
        assertThat(Json.parse(first.get("Input").asText())).isEqualTo(Json.parse("""
                {"Items": [{"id": "0", "name": "row 0"}, {"id": "1", "name": "row 1"}, {"id": "2", "name": "row 2"},
                           {"id": "3", "name": "row 3"}], "BatchInput": {"file": "in/rows.csv"}}"""));
        assertThat(first.get("Output").isTextual()).isTrue();
        assertThat(first.get("ExecutionArn").asText()).contains(":execution:rows/Rows:");

        assertThat(stack.effects).hasSize(7).allSatisfy((input, n) -> assertThat(n.get()).as(input).isEqualTo(1));
        assertThat(stack.executionsOf("rows")).hasSize(8); // the parent and its 7 children, each durable
        // The parent's document does not grow with the items: one frame waited for one map-run task.
        assertThat(stack.stored(id).orElseThrow().state().length()).isLessThan(3000);
    }

    @Test
    void jsonLinesOnExpressChildrenWithToleratedFailuresGivesTheOutputsAndTheFailedEntries() {
        stack(UnaryOperator.identity());
        StringBuilder lines = new StringBuilder();
        for (int i = 0; i < 40; i++) {
            lines.append(i % 13 == 5 ? "{\"n\": " + i + ", \"bad\": true}" : "{\"n\": " + i + "}").append('\n');
        }
        put("landing", "events.jsonl", lines.toString());
        stack.pipeline("lines", map("EXPRESS", """
                "ItemReader": {"Resource": "arn:aws:states:::s3:getObject", "ReaderConfig": {"InputType": "JSONL"},
                               "Parameters": {"Bucket": "landing", "Key": "events.jsonl"}},
                "MaxConcurrency": 4, "ToleratedFailureCount": 3"""));
        Execution done = stack.awaitEnd(stack.start("lines", "l1", Json.object()), WITHIN);
        assertThat(done.status()).as("%s %s", done.error(), done.cause()).isEqualTo(ExecutionStatus.SUCCEEDED);
        JsonNode results = done.output();
        assertThat(results).hasSize(40);
        assertThat(results.get(0)).isEqualTo(Json.parse("{\"seen\": 7}")); // {"n":0}
        JsonNode failed = results.get(5);
        assertThat(failed.get("Status").asText()).isEqualTo("FAILED");
        assertThat(failed.get("Error").asText()).isEqualTo("Item.Bad");
        assertThat(Json.parse(failed.get("Input").asText())).isEqualTo(Json.parse("{\"n\": 5, \"bad\": true}"));
        assertThat(stack.effects).hasSize(40).allSatisfy((input, n) -> assertThat(n.get()).as(input).isEqualTo(1));
        assertThat(stack.executionsOf("lines")).as("EXPRESS children are not stored executions").hasSize(1);
    }

    @Test
    void moreFailuresThanToleratedFailTheMapStateAndTheResultsSayWhichFailed() {
        stack(UnaryOperator.identity());
        for (int i = 0; i < 20; i++) {
            put("landing", "drop/" + (i % 4 == 0 ? "bad-" : "ok-") + String.format("%02d", i) + ".json", "{}");
        }
        put("landing", "other/ignored.json", "{}");
        stack.pipeline("objects", """
                {"StartAt": "Each", "States": {
                  "Each": {"Type": "Map",
                    "ItemReader": {"Resource": "arn:aws:states:::s3:listObjectsV2", "Parameters": {"Bucket": "landing", "Prefix": "drop/"}},
                    "ItemSelector": {"key.$": "$$.Map.Item.Value.Key", "index.$": "$$.Map.Item.Index"},
                    "ToleratedFailurePercentage": 10, "MaxConcurrency": 2,
                    "ResultWriter": {"Resource": "arn:aws:states:::s3:putObject", "Parameters": {"Bucket": "results", "Prefix": "objects/"}},
                    "ItemProcessor": {"ProcessorConfig": {"Mode": "DISTRIBUTED", "ExecutionType": "STANDARD"},
                      "StartAt": "Count", "States": {"Count": {"Type": "Task", "Resource": "sluice:function:count", "End": true}}},
                    "Catch": [{"ErrorEquals": ["States.ExceedToleratedFailureThreshold"], "ResultPath": "$.failure", "Next": "TooMany"}],
                    "End": true},
                  "TooMany": {"Type": "Pass", "End": true}}}""");
        Execution done = stack.awaitEnd(stack.start("objects", "o1", Json.object()), WITHIN);
        assertThat(done.status()).isEqualTo(ExecutionStatus.SUCCEEDED);
        JsonNode failure = done.output().get("failure");
        assertThat(failure.get("Error").asText()).isEqualTo("States.ExceedToleratedFailureThreshold");
        assertThat(failure.get("Cause").asText()).contains("10.0 % (ToleratedFailurePercentage)");
        // The listing is 20 objects, all known after the first page: the run fails at the third failure (3 > 10 % of 20).
        assertThat(stack.effects.keySet()).noneMatch(k -> k.contains("other/"));
        assertThat(stack.effects.values()).allSatisfy(n -> assertThat(n.get()).isEqualTo(1));
    }

    @Test
    void aToleratedFailureLetsTheRunSucceedAndItsFailedEntryIsWrittenToo() {
        stack(UnaryOperator.identity());
        stack.pipeline("inline", map("STANDARD", """
                "ItemsPath": "$.items", "ToleratedFailureCount": 1,
                "ResultWriter": {"Resource": "arn:aws:states:::s3:putObject", "Parameters": {"Bucket": "results", "Prefix": ""},
                                 "WriterConfig": {"OutputType": "JSONL"}}"""));
        Execution done = stack.awaitEnd(stack.start("inline", "i1", Json.parse("{\"items\": [\"a\", \"bad\", \"c\"]}")), WITHIN);
        assertThat(done.status()).as("%s %s", done.error(), done.cause()).isEqualTo(ExecutionStatus.SUCCEEDED);
        JsonNode manifest = object("results", done.output().get("ResultWriterDetails").get("Key").asText());
        String failed = new String(stack.objects.get("results/" + manifest.get("ResultFiles").get("FAILED").get(0).get("Key").asText())
                .orElseThrow(), StandardCharsets.UTF_8);
        assertThat(failed.strip().lines()).hasSize(1).allSatisfy(l -> assertThat(Json.parse(l).get("Error").asText()).isEqualTo("Item.Bad"));
        String succeeded = new String(stack.objects.get("results/" + manifest.get("ResultFiles").get("SUCCEEDED").get(0).get("Key")
                .asText()).orElseThrow(), StandardCharsets.UTF_8);
        assertThat(succeeded.strip().lines()).hasSize(2);
    }

    @Test
    void aCrashBetweenStartingChildrenAndRecordingThemNeitherLosesNorDoublesAnItem() {
        AtomicInteger updates = new AtomicInteger();
        AtomicInteger finishes = new AtomicInteger();
        stack(runs -> new CrashingRuns(runs, () -> {
            int u = updates.incrementAndGet();
            if (u == 3 || u == 9) {
                throw new ChildRunsStack.SimulatedCrash("update " + u + " of the map run's record, after its children were started");
            }
        }, () -> {
            if (finishes.incrementAndGet() == 12) {
                throw new ChildRunsStack.SimulatedCrash("recording the 12th child's end");
            }
        }));
        for (int i = 0; i < 60; i++) {
            put("landing", "many/" + String.format("%03d", i), "x");
        }
        stack.pipeline("many", map("STANDARD", """
                "ItemReader": {"Resource": "arn:aws:states:::s3:listObjectsV2", "Parameters": {"Bucket": "landing", "Prefix": "many/"}},
                "ItemSelector": {"key.$": "$$.Map.Item.Value.Key"}, "MaxConcurrency": 5"""));
        Execution done = stack.awaitEnd(stack.start("many", "m1", Json.object()), WITHIN);
        assertThat(done.status()).as("%s %s", done.error(), done.cause()).isEqualTo(ExecutionStatus.SUCCEEDED);
        assertThat(done.output()).hasSize(60);
        assertThat(updates.get()).isGreaterThan(9);
        assertThat(finishes.get()).as("a redelivered completion is recorded once").isGreaterThanOrEqualTo(61);
        assertThat(stack.effects).hasSize(60).allSatisfy((input, n) -> assertThat(n.get()).as(input).isEqualTo(1));
        assertThat(stack.executionsOf("many")).hasSize(61);
    }

    @Test
    void anExpressRunResumedAfterACrashRunsAgainOnlyTheChildWhoseEndWasNotRecorded() {
        AtomicInteger finishes = new AtomicInteger();
        stack(runs -> new CrashingRuns(runs, () -> { }, () -> {
            if (finishes.incrementAndGet() == 7) {
                throw new ChildRunsStack.SimulatedCrash("recording the 7th child's end");
            }
        }));
        stack.pipeline("express", map("EXPRESS", "\"ItemsPath\": \"$.items\", \"MaxConcurrency\": 1"));
        List<Integer> items = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            items.add(i);
        }
        Execution done = stack.awaitEnd(stack.start("express", "x1", Json.object().set("items", Json.MAPPER.valueToTree(items))), WITHIN);
        assertThat(done.status()).as("%s %s", done.error(), done.cause()).isEqualTo(ExecutionStatus.SUCCEEDED);
        assertThat(done.output()).hasSize(20);
        for (int i = 0; i < 20; i++) {
            assertThat(stack.effects.get(Integer.toString(i)).get()).as("item %d", i).isEqualTo(i == 6 ? 2 : 1);
        }
    }

    /** A MapRunStore that runs a hook before each record update and each child's end: a crash between two writes. */
    private record CrashingRuns(MapRunStore runs, Runnable beforeUpdate, Runnable beforeFinish) implements MapRunStore {
        @Override
        public Versioned create(String runId, String record, Instant expiresAt) {
            return runs.create(runId, record, expiresAt);
        }

        @Override
        public Optional<Versioned> load(String runId) {
            return runs.load(runId);
        }

        @Override
        public boolean update(String runId, long expectedVersion, String record) {
            beforeUpdate.run();
            return runs.update(runId, expectedVersion, record);
        }

        @Override
        public Finish finish(String runId, long index, boolean succeeded, String outcome) {
            beforeFinish.run();
            return runs.finish(runId, index, succeeded, outcome);
        }

        @Override
        public Counts counts(String runId) {
            return runs.counts(runId);
        }

        @Override
        public BitSet ended(String runId, long from, long to) {
            return runs.ended(runId, from, to);
        }

        @Override
        public Map<Long, String> outcomes(String runId, long from, long to) {
            return runs.outcomes(runId, from, to);
        }

        @Override
        public void delete(String runId) {
            runs.delete(runId);
        }
    }
}
