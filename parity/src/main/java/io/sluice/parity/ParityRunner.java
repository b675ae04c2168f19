package io.sluice.parity;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.StatusRecord;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;

/**
 * Runs the cases on one host and compares what happened with what each case expects. Every case goes through the
 * host's HTTP API (starts, reads, history, task tokens) and its queues (pumped as the platform would); the object store,
 * the status table and the orchestrator queue are reached through the host's own adapters.
 */
public final class ParityRunner {
    private static final Duration CASE_TIMEOUT = Duration.ofSeconds(90);

    private final ParityHost host;
    private final Receiver receiver;
    private final SignedWebhookCase webhooks;

    /** @param bundle what the host loaded: the webhook case signs with its secrets */
    public ParityRunner(ParityHost host, Receiver receiver, ParityBundle bundle) {
        this.host = host;
        this.receiver = receiver;
        this.webhooks = new SignedWebhookCase(host, bundle.webhooks());
    }

    /** The outcome of one case: passed, or the first difference found; how long it took. */
    public record Result(String name, boolean passed, String detail, long millis) {}

    public List<Result> runAll(ParityCases cases) {
        List<Result> results = new ArrayList<>();
        for (ParityCases.Case c : cases.cases()) {
            results.add(run(c));
        }
        return results;
    }

    public Result run(ParityCases.Case c) {
        long start = System.nanoTime();
        String detail;
        try {
            detail = switch (c.kind()) {
                case "run" -> run(c.name(), c.spec());
                case "callback" -> callback(c.name(), c.spec());
                case "retail" -> retail(c.name(), c.spec());
                case "poison" -> poison(c.spec());
                case "control" -> control(c.name(), c.spec());
                case "held" -> held(c.name(), c.spec());
                case "alert" -> alert(c.name(), c.spec());
                case "event" -> event(c.name(), c.spec());
                case "webhook" -> webhooks.run(c.name(), c.spec(), this::awaitEnd);
                default -> "unknown kind " + c.kind();
            };
        } catch (RuntimeException e) {
            detail = e.toString();
        }
        return new Result(c.name(), detail == null, detail, (System.nanoTime() - start) / 1_000_000);
    }

    private String run(String name, JsonNode spec) {
        String id = start(name, spec.path("pipeline").asText(), spec.path("input"), null, spec.path("priority").asText(null));
        JsonNode end = awaitEnd(id);
        String differs = compareEnd(end, spec.path("expect"));
        if (differs != null) {
            return differs;
        }
        return compareEvents(id, spec.path("expect").path("events"));
    }

    /**
     * A stop or a redrive through the API: a {@code stop} waits until the run waits at {@code waitsAt}; a {@code redrive}
     * until the run has ended. The change's answer must already show its effect ({@code expect.answer}: every host applies
     * it at once, none queues it), and the run must end as expected.
     */
    private String control(String name, JsonNode spec) {
        String id = start(name, spec.path("pipeline").asText(), spec.path("input"), null);
        String action = spec.path("action").asText();
        if (action.equals("stop")) {
            String state = spec.path("waitsAt").asText();
            await(id + " waiting at " + state, () -> token(id, state));
        } else {
            awaitEnd(id);
        }
        ParityHost.Answer answer = host.api("POST", "/v1/executions/" + encode(id) + "/" + action, Json.object());
        String wanted = spec.path("expect").path("answer").asText();
        if (answer.status() != 200 || !answer.body().path("status").asText().equals(wanted)) {
            return action + " answered " + answer.status() + " " + answer.body() + ", expected 200 with status " + wanted;
        }
        return compareEnd(awaitEnd(id), spec.path("expect"));
    }

    /**
     * A block rule made through the API ({@code rule}, until {@code holdSeconds} from now) holds the pipeline's task: the
     * run ends as expected, and not before the rule's end (a host without the rules gate ends it at once).
     */
    private String held(String name, JsonNode spec) {
        Instant until = Instant.now().truncatedTo(ChronoUnit.SECONDS).plusSeconds(spec.path("holdSeconds").asLong());
        ObjectNode rule = spec.path("rule").deepCopy();
        rule.put("id", "parity-" + name + "-" + UUID.randomUUID().toString().substring(0, 8)).put("until", until.toString());
        ParityHost.Answer made = host.api("POST", "/v1/rules", rule);
        if (made.status() != 201) {
            return "making the rule answered " + made.status() + " " + made.body() + ", expected 201";
        }
        // A rule is in force on every process within the rule book's refresh (Control.RULES_REFRESH) of its change; on AWS
        // the http-api and the task-worker are Lambdas of their own, so the run starts once that has passed.
        Instant inForce = Instant.now().plusMillis(spec.path("inForceWithinMillis").asLong());
        await("the rule in force on every process", () -> Instant.now().isAfter(inForce) ? Optional.of(true) : Optional.empty());
        JsonNode end = awaitEnd(start(name, spec.path("pipeline").asText(), spec.path("input"), null));
        String differs = compareEnd(end, spec.path("expect"));
        if (differs != null) {
            return differs;
        }
        Instant stopped = Instant.parse(end.path("stopTime").asText());
        return stopped.isBefore(until) ? "the run ended at " + stopped + ", before the block rule's end " + until + ": its task was not held" : null;
    }

    /**
     * A run that fails alerts as its priority's tier says: the alert naming the execution contains each of
     * {@code alertContains} and none of {@code alertLacks}.
     */
    private String alert(String name, JsonNode spec) {
        String id = start(name, spec.path("pipeline").asText(), spec.path("input"), null, spec.path("priority").asText(null));
        JsonNode expect = spec.path("expect");
        String differs = compareEnd(awaitEnd(id), expect);
        if (differs != null) {
            return differs;
        }
        String alert = await("an alert naming " + id, () -> receiver.alerts().stream().filter(a -> a.contains(id)).findFirst());
        for (JsonNode w : expect.path("alertContains")) {
            if (!alert.contains(w.asText())) {
                return "the alert " + alert + " does not say '" + w.asText() + "'";
            }
        }
        for (JsonNode w : expect.path("alertLacks")) {
            if (alert.contains(w.asText())) {
                return "the alert " + alert + " says '" + w.asText() + "'";
            }
        }
        return null;
    }

    /**
     * A run's end reaches the host's event bus (the local webhook, EventBridge, Event Grid; each here at the receiver): an
     * event naming the execution and each of {@code eventContains} (its CloudEvent type) arrives.
     */
    private String event(String name, JsonNode spec) {
        String id = start(name, spec.path("pipeline").asText(), spec.path("input"), null);
        JsonNode expect = spec.path("expect");
        String differs = compareEnd(awaitEnd(id), expect);
        if (differs != null) {
            return differs;
        }
        List<String> words = new ArrayList<>(List.of(id));
        expect.path("eventContains").forEach(w -> words.add(w.asText()));
        await("an event naming " + words, () -> receiver.events().stream().filter(e -> words.stream().allMatch(e::contains)).findFirst());
        return null;
    }

    private String callback(String name, JsonNode spec) {
        String id = start(name, spec.path("pipeline").asText(), spec.path("input"), null);
        String state = spec.path("callback").path("state").asText();
        String token = await("a TASK_SCHEDULED event of state " + state + " with its token", () -> token(id, state));
        ParityHost.Answer queued = host.api("POST", "/v1/tasks/" + token + "/success", spec.path("callback").path("output"));
        if (queued.status() != 202) {
            return "the task-token API answered " + queued.status() + " " + queued.body() + ", expected 202";
        }
        return compareEnd(awaitEnd(id), spec.path("expect"));
    }

    /** Where the retail case {@code name}'s export pushes, on the {@link Receiver}. */
    static String partnerPath(String name) {
        return "/partner/" + name;
    }

    /**
     * The retail example's pipelines: the export starts first and waits at its dependency check; then its ingestions
     * start for the same partition. Every run ends as expected, each job ran as often as expected, the jobs' outputs are
     * in the object store, the warehouse holds the expected batches and rows, the partner received the extract, and the
     * status table holds one row per run.
     */
    private String retail(String name, JsonNode spec) {
        String partition = spec.path("partition").asText();
        spec.path("objects").properties().forEach(e -> host.putObject(e.getKey(), e.getValue().asText().getBytes(StandardCharsets.UTF_8)));
        ObjectNode input = Json.object().put("partition", partition);
        Map<String, String> runs = new LinkedHashMap<>();
        String export = spec.path("export").asText();
        runs.put(export, start(name, export, input, partition));
        String state = spec.path("waitsAt").asText();
        await(export + " waiting at " + state, () -> token(runs.get(export), state));
        spec.path("ingestions").forEach(i -> runs.put(i.asText(), start(name, i.asText(), input, partition)));
        JsonNode expect = spec.path("expect");
        for (var run : runs.entrySet()) {
            JsonNode end = awaitEnd(run.getValue());
            String wanted = expect.path("status").path(run.getKey()).asText();
            if (!end.path("status").asText().equals(wanted)) {
                return run.getKey() + " ended " + end.path("status").asText() + " (" + end.path("error").asText("") + " "
                        + end.path("cause").asText("") + "), expected " + wanted;
            }
        }
        for (var job : expect.path("jobRuns").properties()) {
            long n = host.jobRuns(job.getKey());
            if (n != job.getValue().asLong()) {
                return "job " + job.getKey() + " ran " + n + " time(s), expected " + job.getValue().asLong();
            }
        }
        for (var output : spec.path("jobOutputs").properties()) {
            String key = output.getValue().path("key").asText();
            Optional<String> text = host.object(key);
            if (!text.equals(Optional.of(output.getValue().path("text").asText()))) {
                return "job " + output.getKey() + " left " + text.map(Json.NODES::textNode).map(Json::write).orElse("nothing") + " at " + key
                        + ", expected " + Json.write(output.getValue().path("text"));
            }
        }
        for (var table : expect.path("warehouse").properties()) {
            ParityHost.Loads loads = host.warehouse(table.getKey());
            ParityHost.Loads wanted = new ParityHost.Loads(table.getValue().path("batches").asLong(), table.getValue().path("rows").asLong());
            if (!loads.equals(wanted)) {
                return "the warehouse holds " + loads + " in " + table.getKey() + ", expected " + wanted;
            }
        }
        List<String> wantedBodies = new ArrayList<>();
        expect.path("received").forEach(b -> wantedBodies.add(b.asText()));
        List<String> received = receiver.received(partnerPath(name));
        if (!received.equals(wantedBodies)) {
            return "the partner received " + received + ", expected " + wantedBodies;
        }
        String lineage = compareLineage(expect.path("lineage"), partition);
        return lineage != null ? lineage : compareStatusRows(expect.path("statusRows"));
    }

    /** For each dataset, the pipelines whose runs wrote it for {@code partition}, as {@code GET /v1/lineage} lists them. */
    private String compareLineage(JsonNode wanted, String partition) {
        for (var dataset : wanted.properties()) {
            ParityHost.Answer a = host.api("GET", "/v1/lineage?dataset=" + encode(dataset.getKey()) + "&partition=" + encode(partition), null);
            if (a.status() != 200) {
                return "the lineage of " + dataset.getKey() + " answered " + a.status() + " " + a.body() + ", expected 200";
            }
            java.util.Set<String> writers = new java.util.TreeSet<>();
            a.body().path("producers").forEach(p -> writers.add(p.path("pipeline").asText()));
            java.util.Set<String> expected = new java.util.TreeSet<>();
            dataset.getValue().forEach(p -> expected.add(p.asText()));
            if (!writers.equals(expected)) {
                return "the lineage of " + dataset.getKey() + " names the writers " + writers + ", expected " + expected;
            }
        }
        return null;
    }

    private String compareStatusRows(JsonNode wanted) {
        for (JsonNode row : wanted) {
            String pipeline = row.path("pipeline").asText();
            String partition = row.path("partition").asText();
            List<StatusRecord> rows = host.statusRows(pipeline, partition);
            if (rows.size() != 1 || !rows.getFirst().state().name().equals(row.path("state").asText())) {
                return "the status table holds " + rows + " for " + pipeline + " " + partition + ", expected one row " + row.path("state").asText();
            }
        }
        return null;
    }

    private String poison(JsonNode spec) {
        int before = receiver.alerts().size();
        String queue = host.plant(spec.path("body").asText());
        JsonNode expect = spec.path("expect");
        int wanted = expect.path("alerts").asInt();
        List<String> alerts = await(wanted + " alert(s) for the message planted on " + queue, () -> {
            List<String> all = receiver.alerts();
            return all.size() - before >= wanted ? Optional.of(all.subList(before, all.size())) : Optional.empty();
        });
        if (alerts.size() != wanted) {
            return "alerts " + alerts + ", expected " + wanted;
        }
        for (String alert : alerts) {
            List<String> words = new ArrayList<>();
            expect.path("alertContains").forEach(w -> words.add(w.asText()));
            words.add(queue);
            for (String w : words) {
                if (!alert.contains(w)) {
                    return "the alert " + alert + " does not say '" + w + "'";
                }
            }
        }
        return null;
    }

    private String start(String name, String pipeline, JsonNode input, String partition) {
        return start(name, pipeline, input, partition, null);
    }

    private String start(String name, String pipeline, JsonNode input, String partition, String priority) {
        ObjectNode body = Json.object().put("name", name + "-" + UUID.randomUUID().toString().substring(0, 8));
        if (priority != null) {
            body.put("priority", priority);
        }
        body.set("input", input.isMissingNode() ? Json.object() : input);
        if (partition != null) {
            body.put("partition", partition);
        }
        ParityHost.Answer started = host.api("POST", "/v1/pipelines/" + pipeline + "/executions", body);
        if (started.status() != 201 && started.status() != 200) {
            throw new IllegalStateException("starting " + pipeline + " answered " + started.status() + " " + started.body());
        }
        return started.body().path("executionId").asText();
    }

    private JsonNode awaitEnd(String id) {
        return await("execution " + id + " to end", () -> {
            ParityHost.Answer a = host.api("GET", "/v1/executions/" + encode(id), null);
            return a.status() == 200 && !a.body().path("status").asText().equals("RUNNING") ? Optional.of(a.body()) : Optional.empty();
        });
    }

    private Optional<String> token(String id, String state) {
        ParityHost.Answer a = host.api("GET", "/v1/executions/" + encode(id) + "/history", null);
        String token = null;
        for (JsonNode e : a.body().path("events")) {
            if (e.path("type").asText().equals("TASK_SCHEDULED") && state.equals(e.path("state").asText())) {
                token = e.path("detail").path("token").asText(null);
            }
        }
        return Optional.ofNullable(token);
    }

    static String compareEnd(JsonNode end, JsonNode expect) {
        String status = end.path("status").asText();
        if (!status.equals(expect.path("status").asText())) {
            return "ended " + status + " (" + end.path("error").asText("") + ": " + end.path("cause").asText("") + "), expected "
                    + expect.path("status").asText();
        }
        if (expect.has("output") && !expect.get("output").equals(end.path("output"))) {
            return "output " + end.path("output") + ", expected " + expect.get("output");
        }
        for (String field : new String[] {"priority", "redriveCount"}) {
            if (expect.has(field) && !expect.get(field).equals(end.path(field))) {
                return field + " " + end.path(field) + ", expected " + expect.get(field);
            }
        }
        return null;
    }

    private String compareEvents(String id, JsonNode counts) {
        if (!counts.isObject()) {
            return null;
        }
        JsonNode events = host.api("GET", "/v1/executions/" + encode(id) + "/history?limit=1000", null).body().path("events");
        for (var e : counts.properties()) {
            int n = 0;
            for (JsonNode event : events) {
                if (event.path("type").asText().equals(e.getKey())) {
                    n++;
                }
            }
            if (n != e.getValue().asInt()) {
                return n + " " + e.getKey() + " events, expected " + e.getValue().asInt();
            }
        }
        return null;
    }

    /** Pumps the host until {@code until} answers, at most the case's timeout. */
    private <T> T await(String what, Supplier<Optional<T>> until) {
        long deadline = System.nanoTime() + CASE_TIMEOUT.toNanos();
        while (true) {
            int moved = host.pump();
            Optional<T> done = until.get();
            if (done.isPresent()) {
                return done.get();
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("waited " + CASE_TIMEOUT.toSeconds() + " s for " + what);
            }
            if (moved == 0) {
                LockSupport.parkNanos(Duration.ofMillis(25).toNanos()); // nothing queued: give the host's own threads a moment
            }
        }
    }

    private static String encode(String id) {
        return java.net.URLEncoder.encode(id, java.nio.charset.StandardCharsets.UTF_8).replace("+", "%20");
    }
}
