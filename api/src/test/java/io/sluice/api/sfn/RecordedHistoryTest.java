package io.sluice.api.sfn;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.definition.DefinitionParser;
import io.sluice.orchestration.engine.CommandCodec;
import io.sluice.orchestration.engine.HistoryEvent;
import io.sluice.orchestration.express.ExpressRunner;
import io.sluice.orchestration.express.TaskOutcome;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.path.RandomSource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * GetExecutionHistory of Parallel and inline Map executions against the histories AWS recorded for them: the fixtures in
 * {@code src/test/resources/recorded-history}, each citing its LocalStack {@code aws.validated} snapshot (commit 8b9a79f0),
 * written by {@code api/tools/recorded_histories.py} from those snapshots and the orchestration module's recorded corpus
 * (definition, input, what Lambda answered on AWS). The engine runs each execution; its history lines become the
 * service's events ({@link HistoryEvents}); LocalStack's listing of a Parallel's branches (sorted, their ids [0], the
 * Parallel's Succeeded and Failed events left out: {@code SfnNoneRecursiveParallelTransformer},
 * {@code localstack-core/localstack/testing/pytest/stepfunctions/utils.py}) is applied to them as to AWS's; then type,
 * id, previousEventId, the state's name, a Map's length and an iteration's name and index must agree, event by event.
 * The per-case result is written to {@code target/recorded-history.txt}.
 */
class RecordedHistoryTest {
    @Test
    void parallelAndMapHistoriesAgreeWithAwsRecordings() throws IOException {
        Path folder = Path.of("src/test/resources/recorded-history");
        Map<String, String> results = new TreeMap<>();
        try (var files = Files.list(folder)) {
            for (Path file : files.sorted().toList()) {
                JsonNode fixture = Json.parse(Files.readString(file));
                // LocalStack lists a test's history so only where the test asks for it: then its Parallels' branch events have id [0].
                boolean listed = false;
                for (JsonNode e : fixture.get("events")) {
                    listed |= e.path("id").isNull();
                }
                List<ObjectNode> ours = listed ? asLocalStackLists(history(fixture)) : history(fixture);
                results.put(file.getFileName().toString(), difference(fixture.get("events"), ours));
            }
        }
        long agree = results.values().stream().filter(String::isEmpty).count();
        StringBuilder report = new StringBuilder("GetExecutionHistory against AWS's recordings: " + agree + " / " + results.size()
                + " histories agree\n");
        results.forEach((name, diff) -> report.append(diff.isEmpty() ? "agrees   " : "DIFFERS  ").append(name)
                .append(diff.isEmpty() ? "" : "\n         " + diff).append('\n'));
        Files.createDirectories(Path.of("target"));
        Files.writeString(Path.of("target/recorded-history.txt"), report);
        System.out.println(report);
        assertThat(results).as("every history agrees; see target/recorded-history.txt").allSatisfy((name, diff) -> assertThat(diff).as(name).isEmpty());
        assertThat(results).hasSizeGreaterThanOrEqualTo(80);
    }

    private static List<ObjectNode> history(JsonNode fixture) {
        Deque<JsonNode> answers = new ArrayDeque<>();
        fixture.path("tasks").forEach(answers::add);
        List<HistoryEvent> lines = new ArrayList<>();
        ExpressRunner runner = new ExpressRunner(DefinitionParser.parse(fixture.get("definition")), task -> {
            JsonNode answer = answers.poll();
            if (answer == null) {
                return TaskOutcome.failure("Test.NoRecordedAnswer", "AWS recorded no answer for this task");
            }
            return answer.has("throw") ? TaskOutcome.failure(answer.get("throw").path("Error").asText(), answer.get("throw").path("Cause").asText())
                    : TaskOutcome.success(answer.get("return"));
        }, lines::add, ExpressRunner.DEFAULT_MAX_TRANSITIONS);
        runner.run("recorded:exec-1", "exec-1", fixture.get("input"), Instant.parse("2026-12-05T00:00:00Z"), RandomSource.seeded(7));
        List<JsonNode> encoded = lines.stream().map(h -> (JsonNode) CommandCodec.encode(h)).toList();
        return HistoryEvents.of(encoded, StateTypes.of(Json.write(fixture.get("definition"))), "us-east-1", true);
    }

    /** LocalStack's {@code SfnNoneRecursiveParallelTransformer._normalise_events}, step for step (Python's list iteration included). */
    static List<ObjectNode> asLocalStackLists(List<ObjectNode> events) {
        List<ObjectNode> list = new ArrayList<>(events);
        int start = 0;
        List<ObjectNode> sublist = new ArrayList<>();
        boolean inSublist = false;
        for (int i = 0; i < list.size(); i++) {
            ObjectNode event = list.get(i);
            String type = event.path("type").asText();
            if (List.of("ParallelStateSucceeded", "ParallelStateAborted", "ParallelStateExited", "ParallelStateFailed").contains(type)) {
                List<ObjectNode> sorted = new ArrayList<>(sublist);
                sorted.sort((a, b) -> Json.write(a).compareTo(Json.write(b)));
                list.subList(start, i).clear();
                list.addAll(start, sorted);
                inSublist = false;
            } else if (type.equals("ParallelStateStarted")) {
                inSublist = true;
                sublist = new ArrayList<>();
                start = i + 1;
            } else if (inSublist) {
                ObjectNode masked = event.deepCopy();
                masked.putNull("id");
                masked.putNull("previousEventId");
                list.set(i, masked);
                sublist.add(masked);
            }
        }
        return list;
    }

    /** What differs between AWS's events and ours, or "" when nothing does; runs of masked events compare as multisets. */
    private static String difference(JsonNode recorded, List<ObjectNode> ours) {
        List<String> theirs = new ArrayList<>();
        recorded.forEach(e -> theirs.add(key(e)));
        List<String> mine = ours.stream().map(RecordedHistoryTest::key).toList();
        if (theirs.size() != mine.size()) {
            return "AWS " + theirs.size() + " events, Sluice " + mine.size() + ": AWS " + theirs + " / Sluice " + mine;
        }
        int i = 0;
        while (i < theirs.size()) {
            if (!recorded.get(i).path("id").isNull()) {
                if (!theirs.get(i).equals(mine.get(i))) {
                    return "event " + (i + 1) + ": AWS " + theirs.get(i) + ", Sluice " + mine.get(i);
                }
                i++;
                continue;
            }
            int end = i;
            while (end < theirs.size() && recorded.get(end).path("id").isNull()) {
                end++;
            }
            List<String> a = new ArrayList<>(theirs.subList(i, end));
            List<String> b = new ArrayList<>(mine.subList(i, end));
            a.sort(null);
            b.sort(null);
            if (!a.equals(b)) {
                return "branch events " + (i + 1) + "-" + end + ": AWS " + a + ", Sluice " + b;
            }
            i = end;
        }
        return "";
    }

    private static String key(JsonNode e) {
        StringBuilder k = new StringBuilder(e.path("type").asText()).append(' ').append(e.path("id").isNull() ? "-" : e.path("id").asText())
                .append('<').append(e.path("previousEventId").isNull() ? "-" : e.path("previousEventId").asText());
        JsonNode details = e.get("details");
        if (details == null) {
            details = Json.object();
            var fields = e.fields();
            while (fields.hasNext()) {
                var f = fields.next();
                if (f.getKey().endsWith("EventDetails")) {
                    details = f.getValue();
                }
            }
        }
        for (String field : List.of("name", "index", "length")) {
            if (details.has(field)) {
                k.append(' ').append(field).append('=').append(details.get(field).asText());
            }
        }
        return k.toString();
    }
}
