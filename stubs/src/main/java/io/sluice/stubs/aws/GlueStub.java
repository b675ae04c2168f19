package io.sluice.stubs.aws;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.json.Json;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;

/**
 * A stub of AWS Glue's job runs (JSON 1.1: StartJobRun, GetJobRun, GetJobRuns, BatchStopJobRun), since nothing
 * serves Glue here. Jobs are declared with {@link #job}: a run of one goes RUNNING at its start and ends as declared
 * after a number of GetJobRun polls (the stub has no clock of its own: polls stand in for time). When a run ends,
 * the stub publishes the "Glue Job State Change" event EventBridge would deliver, to the sink given with
 * {@link #onEvent}, from a thread of its own. GetJobRuns lists a job's runs newest first in pages, as Glue does.
 *
 * <p>What it cannot show: Glue's real timings, its retries (Attempt), concurrency limits
 * (ConcurrentRunsExceededException), the exact text of its messages, and EventBridge's at-least-once delivery.
 */
public final class GlueStub extends AwsJsonStub {
    /** How a declared job's runs end. */
    public record Ending(String state, String errorMessage, int pollsUntilEnd) {}

    private static final class Run {
        final String id;
        final String job;
        final JsonNode arguments;
        final Instant startedOn;
        volatile String state = "RUNNING";
        volatile Instant completedOn;
        volatile String error;
        volatile int polls;

        Run(String id, String job, JsonNode arguments, Instant startedOn) {
            this.id = id;
            this.job = job;
            this.arguments = arguments;
            this.startedOn = startedOn;
        }
    }

    private final Map<String, Ending> jobs = new ConcurrentHashMap<>();
    private final Map<String, Run> runs = new ConcurrentHashMap<>();
    private final List<Run> started = new CopyOnWriteArrayList<>();
    private final ExecutorService events = Executors.newSingleThreadExecutor();
    private volatile Consumer<String> sink = e -> { };
    private volatile java.util.function.BiConsumer<String, JsonNode> onStart = (job, arguments) -> { };

    public GlueStub() {
        super("1.1");
        on("StartJobRun", this::start);
        on("GetJobRun", this::get);
        on("GetJobRuns", this::list);
        on("BatchStopJobRun", this::stop);
    }

    public GlueStub job(String name, String endState, String errorMessage, int pollsUntilEnd) {
        jobs.put(name, new Ending(endState, errorMessage, pollsUntilEnd));
        return this;
    }

    /**
     * Where "Glue Job State Change" events go from now on (EventBridge's rule target). Events of runs that ended
     * before are delivered to the previous sink first, so none reaches a sink set after its run ended.
     */
    public void onEvent(Consumer<String> sink) {
        try {
            events.submit(() -> { }).get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (java.util.concurrent.ExecutionException e) {
            throw new IllegalStateException(e);
        }
        this.sink = sink;
    }

    /**
     * What a started run does before it reports (the job's work, as a test stands it in: writing the files the real
     * job would write), called with the job's name and arguments on StartJobRun.
     */
    public void onStart(java.util.function.BiConsumer<String, JsonNode> work) {
        this.onStart = work;
    }

    /** How many runs of {@code job} were started. */
    public long runsOf(String job) {
        return started.stream().filter(r -> r.job.equals(job)).count();
    }

    private JsonNode start(JsonNode in) {
        String job = in.path("JobName").asText();
        if (!jobs.containsKey(job)) {
            throw new Fault("EntityNotFoundException", "Job with name: " + job + " not found");
        }
        String id = "jr_" + HexFormat.of().formatHex(UUID.randomUUID().toString().replace("-", "").getBytes()).substring(0, 64);
        Run run = new Run(id, job, in.path("Arguments").deepCopy(), Instant.now());
        synchronized (started) {
            runs.put(id, run);
            started.add(run);
        }
        onStart.accept(job, run.arguments);
        return Json.object().put("JobRunId", id);
    }

    private JsonNode get(JsonNode in) {
        Run run = runs.get(in.path("RunId").asText());
        if (run == null || !run.job.equals(in.path("JobName").asText())) {
            throw new Fault("EntityNotFoundException", "Job run " + in.path("RunId").asText() + " not found");
        }
        advance(run);
        return Json.object().set("JobRun", describe(run));
    }

    private void advance(Run run) {
        String ended = null;
        synchronized (run) {
            if (run.completedOn != null) {
                return;
            }
            Ending ending = jobs.get(run.job);
            run.polls++;
            if (run.state.equals("STOPPING")) {
                ended = "STOPPED";
            } else if (run.polls >= ending.pollsUntilEnd()) {
                ended = ending.state();
                run.error = ending.errorMessage();
            }
            if (ended != null) {
                run.state = ended;
                run.completedOn = Instant.now();
            }
        }
        if (ended != null) {
            String event = event(run);
            events.submit(() -> sink.accept(event));
        }
    }

    private JsonNode list(JsonNode in) {
        String job = in.path("JobName").asText();
        int max = in.path("MaxResults").asInt(100);
        int from = in.hasNonNull("NextToken") ? Integer.parseInt(in.get("NextToken").asText()) : 0;
        List<Run> newestFirst = new ArrayList<>(started.stream().filter(r -> r.job.equals(job)).toList()).reversed();
        ObjectNode out = Json.object();
        ArrayNode page = out.putArray("JobRuns");
        newestFirst.stream().skip(from).limit(max).forEach(r -> page.add(describe(r)));
        if (from + max < newestFirst.size()) {
            out.put("NextToken", Integer.toString(from + max));
        }
        return out;
    }

    private JsonNode stop(JsonNode in) {
        ObjectNode out = Json.object();
        ArrayNode ok = out.putArray("SuccessfulSubmissions");
        ArrayNode errors = out.putArray("Errors");
        for (JsonNode id : in.path("JobRunIds")) {
            Run run = runs.get(id.asText());
            if (run != null && run.completedOn == null) {
                run.state = "STOPPING";
                ok.addObject().put("JobName", run.job).put("JobRunId", run.id);
            } else {
                errors.addObject().put("JobName", in.path("JobName").asText()).put("JobRunId", id.asText())
                        .putObject("ErrorDetail").put("ErrorCode", "InvalidInputException").put("ErrorMessage", "not running");
            }
        }
        return out;
    }

    private static ObjectNode describe(Run run) {
        ObjectNode o = Json.object().put("Id", run.id).put("JobName", run.job).put("JobRunState", run.state)
                .put("StartedOn", run.startedOn.toEpochMilli() / 1000.0).put("LogGroupName", "/aws-glue/jobs").put("Attempt", 0);
        o.set("Arguments", run.arguments);
        if (run.completedOn != null) {
            o.put("CompletedOn", run.completedOn.toEpochMilli() / 1000.0);
        }
        if (run.error != null) {
            o.put("ErrorMessage", run.error);
        }
        return o;
    }

    private static String event(Run run) {
        ObjectNode e = Json.object().put("version", "0").put("id", UUID.randomUUID().toString()).put("detail-type", "Glue Job State Change")
                .put("source", "aws.glue").put("account", "123456789012").put("time", Instant.now().toString()).put("region", "us-east-1");
        e.putArray("resources");
        ObjectNode detail = e.putObject("detail").put("jobName", run.job).put("severity", run.state.equals("SUCCEEDED") ? "INFO" : "ERROR")
                .put("state", run.state).put("jobRunId", run.id);
        detail.put("message", run.error != null ? run.error : "Job run " + run.state.toLowerCase());
        return Json.write(e);
    }

    @Override
    public void close() {
        super.close();
        events.shutdownNow();
    }
}
