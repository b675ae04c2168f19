package io.sluice.orchestration.engine;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.definition.DefinitionParser;
import io.sluice.orchestration.express.ExpressResult;
import io.sluice.orchestration.express.ExpressRunner;
import io.sluice.orchestration.express.TaskInvoker;
import io.sluice.orchestration.express.TaskOutcome;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.path.RandomSource;
import io.sluice.orchestration.validation.DefinitionValidator;
import io.sluice.orchestration.validation.Problem;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

/**
 * The AWS-recorded corpus under {@code src/test/resources/conformance-recorded}: each case is a definition and
 * the executions AWS Step Functions recorded for it (input, then output or error), converted from LocalStack's
 * snapshot tests by {@code orchestration/tools/recorded_cases.py}. This runs every recorded execution on the
 * express runner and says, per category, how many end as AWS's did: the same output (numbers compared by
 * value, and a JSON text inside a string by its value), or the same error name. A differing cause is counted apart; it does not make a run disagree.
 */
public final class RecordedCorpus {
    /** One recorded execution and what Sluice did with it. */
    public record Outcome(String category, String file, int run, boolean agrees, boolean causeAgrees, String expected, String actual) {}

    /**
     * A distributed Map's children run in the integrations module's map-run function, not in the engine: without one
     * ({@link #runAll(Path)}) its runs are not counted; integrations' {@code RecordedMapRunsTest} runs them with it.
     */
    static final String OUTSIDE_THE_ENGINE = "distributed-map (map-run function, not run here)";

    private static final class NeedsMapRun extends RuntimeException {
        NeedsMapRun() {
            super(null, null, false, false);
        }
    }

    private RecordedCorpus() {}

    /** Prints the agreement table and the disagreements: the corpus folder as the argument, or the test resources'. */
    public static void main(String[] args) {
        System.out.print(report(runAll(args.length > 0 ? Path.of(args[0]) : directory())));
    }

    /**
     * The corpus folder: in this module's test classes, or, for another module's tests, inside orchestration's test jar
     * (which {@code mvn verify} hands them), read through a zip file system.
     */
    public static Path directory() {
        try {
            java.net.URI uri = RecordedCorpus.class.getResource("/conformance-recorded").toURI();
            if ("jar".equals(uri.getScheme())) {
                try {
                    java.nio.file.FileSystems.newFileSystem(uri, java.util.Map.of());
                } catch (java.nio.file.FileSystemAlreadyExistsException e) {
                    // opened by an earlier call: Path.of finds it
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException("cannot open the corpus in " + uri, e);
                }
            }
            return Path.of(uri);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    public static List<Outcome> runAll(Path dir) {
        return runAll(dir, null);
    }

    /**
     * @param mapRuns given the invoker that answers as AWS's recordings did, the invoker that also runs a distributed
     *                Map's map-run task (and sends its children's tasks to that one); {@code null}: such runs are not run
     */
    public static List<Outcome> runAll(Path dir, UnaryOperator<TaskInvoker> mapRuns) {
        List<Outcome> out = new ArrayList<>();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path file : files.filter(p -> p.toString().endsWith(".json")).sorted().toList()) {
                JsonNode spec = Json.parse(Files.readString(file));
                int i = 0;
                for (JsonNode run : spec.get("runs")) {
                    JsonNode definition = run.has("definition") ? run.get("definition") : spec.get("definition");
                    out.add(runOne(spec.path("category").asText(), dir.relativize(file).toString(), i++, definition,
                            run.path("input"), run.get("expect"), run.path("tasks"), spec.has("lambda"), mapRuns));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    /**
     * @param tasks what each Lambda invocation answered on AWS, in order ({@code return} or {@code throw}): the recorded
     *              answers stand in for the function
     * @param echoes the test's function returns its event (the case's {@code lambda}, citing its source): it answers an
     *               invocation the execution's history recorded no answer for (a distributed Map's child's)
     */
    static Outcome runOne(String category, String file, int index, JsonNode definition, JsonNode input, JsonNode expect, JsonNode tasks,
                          boolean echoes, UnaryOperator<TaskInvoker> mapRuns) {
        List<Problem> problems = DefinitionValidator.validate(definition).stream().filter(Problem::isError).toList();
        if (expect.has("invalidDefinition")) {
            String expected = "rejected: " + expect.get("invalidDefinition").asText();
            return new Outcome(category, file, index, !problems.isEmpty(), !problems.isEmpty(), expected,
                    problems.isEmpty() ? "accepted" : "rejected: " + problems);
        }
        String expected = expect.has("output") ? "output " + Json.write(expect.get("output"))
                : "error " + expect.path("error").asText(null) + (expect.has("cause") ? " (" + expect.get("cause").asText() + ")" : "");
        if (!problems.isEmpty()) {
            return new Outcome(category, file, index, false, false, expected, "rejected by the validator: " + problems);
        }
        ExpressResult r;
        try {
            Iterator<JsonNode> answers = tasks.iterator();
            TaskInvoker recorded = task -> {
                if (DistributedMaps.FUNCTION.equals(task.function())) {
                    throw new NeedsMapRun();
                }
                if (!answers.hasNext() && echoes) {
                    return TaskOutcome.success(task.payload());
                }
                if (!answers.hasNext()) {
                    return TaskOutcome.failure("Recorded.NoAnswer", "AWS recorded no more invocations than these; this is one more: " + task.function());
                }
                JsonNode answer = answers.next();
                return answer.has("return") ? TaskOutcome.success(answer.get("return"))
                        : TaskOutcome.failure(answer.at("/throw/Error").asText(), answer.at("/throw/Cause").asText(""));
            };
            ExpressRunner runner = new ExpressRunner(DefinitionParser.parse(definition), mapRuns == null ? recorded : mapRuns.apply(recorded));
            r = runner.run("exec-r", "recorded", input, Machines.T0, RandomSource.seeded(7));
        } catch (NeedsMapRun e) {
            return new Outcome(OUTSIDE_THE_ENGINE, file, index, false, false, expected, "not run: needs the map-run function");
        } catch (RuntimeException e) {
            return new Outcome(category, file, index, false, false, expected, "crashed: " + e);
        }
        boolean failed = r.status() != ExecutionStatus.SUCCEEDED;
        String actual = !failed ? "output " + Json.write(r.output()) : r.status() + " error " + r.error() + " (" + r.cause() + ")";
        if (expect.has("output")) {
            boolean same = !failed && sameJson(expect.get("output"), r.output());
            return new Outcome(category, file, index, same, same, expected, actual);
        }
        boolean sameError = r.status() == ExecutionStatus.FAILED && java.util.Objects.equals(expect.path("error").asText(null), r.error());
        boolean sameCause = !expect.has("cause") || sameCause(expect.get("cause").asText(), r.cause());
        return new Outcome(category, file, index, sameError, sameError && sameCause, expected, actual);
    }

    /**
     * A cause as AWS recorded it: the same text, where LocalStack's snapshot put {@code <json-input:N>} in place of the JSON
     * it quoted (its transformer replaces every JSON text it finds in a string) any text standing there.
     */
    static boolean sameCause(String recorded, String actual) {
        if (actual == null) {
            return false;
        }
        if (!recorded.contains("<json-input:")) {
            return recorded.equals(actual);
        }
        StringBuilder pattern = new StringBuilder();
        for (String part : recorded.split("<json-input:\\d+>", -1)) {
            pattern.append(pattern.isEmpty() ? "" : ".*").append(java.util.regex.Pattern.quote(part));
        }
        return java.util.regex.Pattern.compile(pattern.toString(), java.util.regex.Pattern.DOTALL).matcher(actual).matches();
    }

    /** JSON equality with numbers compared by value (AWS's 1.0 is the JSON number 1). */
    static boolean sameJson(JsonNode a, JsonNode b) {
        if (a == null || b == null) {
            return a == b || (a != null && a.isNull() && b == null);
        }
        if (a.isNumber() && b.isNumber()) {
            return a.decimalValue().compareTo(b.decimalValue()) == 0;
        }
        if (a.isObject() && b.isObject()) {
            if (a.size() != b.size()) {
                return false;
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = a.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                if (!b.has(e.getKey()) || !sameJson(e.getValue(), b.get(e.getKey()))) {
                    return false;
                }
            }
            return true;
        }
        if (a.isArray() && b.isArray()) {
            if (a.size() != b.size()) {
                return false;
            }
            for (int i = 0; i < a.size(); i++) {
                if (!sameJson(a.get(i), b.get(i))) {
                    return false;
                }
            }
            return true;
        }
        if (a.isTextual() && b.isTextual() && !a.equals(b) && looksLikeJson(a.asText()) && looksLikeJson(b.asText())) {
            // A JSON text inside a string (a Lambda's error cause) is spaced as whoever wrote it: LocalStack's
            // snapshots parse and rewrite some of them, so the recording does not keep the spacing AWS passed on.
            try {
                return sameJson(Json.parse(a.asText()), Json.parse(b.asText()));
            } catch (RuntimeException notJson) {
                return false;
            }
        }
        return a.equals(b);
    }

    private static boolean looksLikeJson(String s) {
        return s.startsWith("{") && s.endsWith("}") || s.startsWith("[") && s.endsWith("]");
    }

    /** The agreement table: one line per category, then the whole, then every disagreement. */
    public static String report(List<Outcome> outcomes) {
        Map<String, int[]> by = new TreeMap<>();
        for (Outcome o : outcomes) {
            int[] n = by.computeIfAbsent(o.category(), k -> new int[3]);
            n[0]++;
            n[1] += o.agrees() ? 1 : 0;
            n[2] += o.causeAgrees() ? 1 : 0;
        }
        StringBuilder s = new StringBuilder("category         agree / runs          also same cause\n");
        int total = 0;
        int agree = 0;
        int cause = 0;
        for (Map.Entry<String, int[]> e : by.entrySet()) {
            int[] n = e.getValue();
            if (e.getKey().equals(OUTSIDE_THE_ENGINE)) {
                continue;
            }
            s.append(String.format("%-16s %4d / %-4d %6.1f %%   %4d%n", e.getKey(), n[1], n[0], 100.0 * n[1] / n[0], n[2]));
            total += n[0];
            agree += n[1];
            cause += n[2];
        }
        s.append(String.format("%-16s %4d / %-4d %6.1f %%   %4d%n", "overall", agree, total, percent(outcomes), cause));
        long outside = outcomes.stream().filter(o -> o.category().equals(OUTSIDE_THE_ENGINE)).count();
        s.append(String.format("not counted: %d runs of a distributed Map (the integrations module's map-run function runs them)%n", outside));
        s.append("\ndisagreements:\n");
        for (Outcome o : outcomes) {
            if (!o.agrees() && !o.category().equals(OUTSIDE_THE_ENGINE)) {
                s.append(String.format("- %s #%d%n    AWS:    %s%n    Sluice: %s%n", o.file(), o.run(), cut(o.expected()), cut(o.actual())));
            }
        }
        s.append("\nsame error, another cause:\n");
        for (Outcome o : outcomes) {
            if (o.agrees() && !o.causeAgrees()) {
                s.append(String.format("- %s #%d%n    AWS:    %s%n    Sluice: %s%n", o.file(), o.run(), cut(o.expected()), cut(o.actual())));
            }
        }
        return s.toString();
    }

    /** The runs the engine is measured on: all but a distributed Map's. */
    public static List<Outcome> counted(List<Outcome> outcomes) {
        return outcomes.stream().filter(o -> !o.category().equals(OUTSIDE_THE_ENGINE)).toList();
    }

    static double percent(List<Outcome> outcomes) {
        List<Outcome> counted = counted(outcomes);
        return 100.0 * counted.stream().filter(Outcome::agrees).count() / counted.size();
    }

    private static String cut(String s) {
        return s.length() > 300 ? s.substring(0, 300) + "…" : s;
    }
}
