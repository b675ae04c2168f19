package io.sluice.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.json.Json;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The commands that act on a running server ({@code --url}, else {@code SLUICE_URL}, else
 * {@value ApiClient#DEFAULT_URL}; {@code SLUICE_API_KEY} is sent as a bearer token): start, executions,
 * history, stop, redrive. Exit 0 on success, 1 when the server refuses or cannot be reached, 2 on a
 * usage error.
 */
final class RemoteCommands {
    private static final int DETAIL_WIDTH = 100;

    private final PrintStream out;
    private final PrintStream err;
    private final String defaultUrl;
    private final String apiKey;

    /** @param apiKey sent as {@code Authorization: Bearer <key>} when the server has tenants; {@code null} or blank for none */
    RemoteCommands(PrintStream out, PrintStream err, String defaultUrl, String apiKey) {
        this.out = out;
        this.err = err;
        this.defaultUrl = defaultUrl;
        this.apiKey = apiKey == null || apiKey.isBlank() ? null : apiKey.strip();
    }

    static RemoteCommands of(CliContext context) {
        return new RemoteCommands(context.out(), context.err(), context.serverUrl(), context.env().get("SLUICE_API_KEY"));
    }

    /** {@code --url}, shared by every remote command. */
    static final class Server {
        @Option(names = "--url", paramLabel = "URL", description = "the server (default: SLUICE_URL, else " + ApiClient.DEFAULT_URL + ")")
        String url;
    }

    /** What every command that talks to a server has: the context it writes to, and {@code --url}. */
    abstract static class Remote implements Callable<Integer> {
        private final CliContext context;
        @Mixin private Server server;

        Remote(CliContext context) {
            this.context = context;
        }

        /** The commands, bound to the server {@code --url} names (else {@code SLUICE_URL}, else the default). */
        RemoteCommands client() {
            RemoteCommands commands = of(context);
            return server.url == null ? commands : new RemoteCommands(commands.out, commands.err, server.url, commands.apiKey);
        }
    }

    @Command(name = "start", mixinStandardHelpOptions = true, description = "Start an execution on a running server (a name in use returns that run).")
    static final class Start extends RemoteCommands.Remote {
        @Parameters(index = "0", paramLabel = "PIPELINE") private String pipeline;
        @Option(names = "--name", paramLabel = "N", description = "the execution's name (default: made up, or the partition's)") private String name;
        @Option(names = "--partition", paramLabel = "D", description = "the partition the run works on, such as 2026-11-29") private String partition;
        @Option(names = "--input", paramLabel = "JSON", description = "the execution input (default {})") private String input;
        @Option(names = "--priority", paramLabel = "P0-P3", description = "this execution's priority channel (default: the pipeline's)")
        private String priority;

        Start(CliContext context) {
            super(context);
        }

        @Override
        public Integer call() throws InterruptedException {
            if (priority != null && io.sluice.functions.priority.Priority.find(priority).isEmpty()) {
                throw new SluiceCli.UsageException("--priority expects " + io.sluice.functions.priority.Priority.EXPECTED + ", not '"
                        + priority + "'");
            }
            return client().start(pipeline, name, partition, input, priority);
        }
    }

    @Command(name = "alerts", mixinStandardHelpOptions = true, description = "Tiered alerts: acknowledge a P1 incident.",
            subcommands = AlertAck.class)
    static final class Alerts {}

    @Command(name = "ack", mixinStandardHelpOptions = true,
            description = "Acknowledge a P1 incident (such as execution-failed:orders:daily) so it re-alerts no more.")
    static final class AlertAck extends RemoteCommands.Remote {
        @Parameters(index = "0", paramLabel = "INCIDENT") private String incident;

        AlertAck(CliContext context) {
            super(context);
        }

        @Override
        public Integer call() throws InterruptedException {
            ApiClient.Response r = client().api().post("/v1/alerts/" + ApiClient.encode(incident) + "/ack", Json.object());
            if (!r.ok()) {
                return client().refused("alerts ack", r);
            }
            client().out.println("acknowledged " + incident);
            return 0;
        }
    }

    @Command(name = "executions", mixinStandardHelpOptions = true, description = "List executions, newest first, with the partition each was started for.")
    static final class Executions extends RemoteCommands.Remote {
        @Option(names = "--pipeline", paramLabel = "P") private String pipeline;
        @Option(names = "--name", paramLabel = "TEXT", description = "only names containing TEXT, in any case") private String name;
        @Option(names = "--status", paramLabel = "S", description = "RUNNING, SUCCEEDED, FAILED, TIMED_OUT or ABORTED") private String status;
        @Option(names = "--limit", paramLabel = "N", defaultValue = "100", description = "at most N (default ${DEFAULT-VALUE})") private int limit;
        @Option(names = "--json", description = "the server's JSON answer") private boolean json;

        Executions(CliContext context) {
            super(context);
        }

        @Override
        public Integer call() throws InterruptedException {
            return client().executions(pipeline, status, name, limit, json);
        }
    }

    @Command(name = "history", mixinStandardHelpOptions = true, description = "An execution's history, one event a line.")
    static final class History extends RemoteCommands.Remote {
        @Parameters(index = "0", paramLabel = "EXECUTION_ID") private String id;
        @Option(names = "--json", description = "one JSON event a line") private boolean json;

        History(CliContext context) {
            super(context);
        }

        @Override
        public Integer call() throws InterruptedException {
            return client().history(id, json);
        }
    }

    @Command(name = "stop", mixinStandardHelpOptions = true, description = "Stop a running execution (it ends ABORTED).")
    static final class Stop extends RemoteCommands.Remote {
        @Parameters(index = "0", paramLabel = "EXECUTION_ID") private String id;
        @Option(names = "--error", paramLabel = "ERROR", description = "the error it ends with") private String error;
        @Option(names = "--cause", paramLabel = "CAUSE", description = "why it was stopped") private String cause;

        Stop(CliContext context) {
            super(context);
        }

        @Override
        public Integer call() throws InterruptedException {
            return client().change("stop", "/v1/executions/" + ApiClient.encode(id) + "/stop", errorBody(error, cause));
        }
    }

    @Command(name = "redrive", mixinStandardHelpOptions = true,
            description = "Resume a FAILED, TIMED_OUT or ABORTED execution from the state where it stopped.")
    static final class Redrive extends RemoteCommands.Remote {
        @Parameters(index = "0", paramLabel = "EXECUTION_ID") private String id;

        Redrive(CliContext context) {
            super(context);
        }

        @Override
        public Integer call() throws InterruptedException {
            return client().change("redrive", "/v1/executions/" + ApiClient.encode(id) + "/redrive", Json.object());
        }
    }

    int executions(String pipeline, String status, String name, int limit, boolean json) throws InterruptedException {
        if (limit < 1) {
            throw new SluiceCli.UsageException("--limit expects a whole number of at least 1, not '" + limit + "'");
        }
        StringBuilder query = new StringBuilder("/v1/executions?limit=" + limit);
        if (pipeline != null) {
            query.append("&pipeline=").append(ApiClient.encode(pipeline));
        }
        if (status != null) {
            query.append("&status=").append(ApiClient.encode(status.toUpperCase(Locale.ROOT)));
        }
        if (name != null) {
            query.append("&name=").append(ApiClient.encode(name));
        }
        ApiClient.Response r = api().get(query.toString());
        if (!r.ok()) {
            return refused("executions", r);
        }
        if (json) {
            out.println(Json.write(r.body()));
            return 0;
        }
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"EXECUTION", "STATUS", "STARTED", "DURATION", "PARTITION"});
        for (JsonNode e : r.body().path("executions")) {
            rows.add(new String[] {e.path("executionId").asText(), e.path("status").asText(), e.path("startTime").asText(), duration(e),
                e.path("partition").asText("-")});
        }
        if (rows.size() == 1) {
            out.println("no executions");
            return 0;
        }
        printTable(rows);
        return 0;
    }

    int history(String id, boolean json) throws InterruptedException {
        ApiClient.Response r = api().get("/v1/executions/" + ApiClient.encode(id) + "/history");
        if (!r.ok()) {
            return refused("history", r);
        }
        for (JsonNode e : r.body().path("events")) {
            out.println(json ? Json.write(e) : historyLine(e));
        }
        return 0;
    }

    int start(String pipeline, String name, String partition, String input) throws InterruptedException {
        return start(pipeline, name, partition, input, null);
    }

    int start(String pipeline, String name, String partition, String input, String priority) throws InterruptedException {
        ObjectNode body = Json.object();
        if (priority != null) {
            body.put("priority", priority.strip().toUpperCase(java.util.Locale.ROOT));
        }
        if (name != null) {
            body.put("name", name);
        }
        if (partition != null) {
            body.put("partition", partition);
        }
        if (input != null) {
            try {
                body.set("input", Json.parse(input));
            } catch (IllegalArgumentException e) {
                err.println("sluice start: --input: " + e.getMessage());
                return SluiceCli.EXIT_INVALID;
            }
        }
        ApiClient.Response r = api().post("/v1/pipelines/" + ApiClient.encode(pipeline) + "/executions", body);
        if (!r.ok()) {
            return refused("start", r);
        }
        String how = r.status() == 201 ? "started" : "already running";
        out.println(how + " " + r.body().path("executionId").asText() + " (" + r.body().path("status").asText() + ")");
        return 0;
    }

    /** A change the server queues or applies (stop, redrive, a task's outcome): its answer's status, one line. */
    int change(String command, String path, JsonNode body) throws InterruptedException {
        ApiClient.Response r = api().post(path, body);
        if (!r.ok()) {
            return refused(command, r);
        }
        JsonNode b = r.body();
        out.println(command + ": " + (b == null ? "done" : b.path("executionId").asText("") + " " + b.path("status").asText("")).strip());
        return 0;
    }

    /** {@code {"error", "cause"}} with the ones given: how a stop and a task failure say why. */
    static ObjectNode errorBody(String error, String cause) {
        ObjectNode body = Json.object();
        if (error != null) {
            body.put("error", error);
        }
        if (cause != null) {
            body.put("cause", cause);
        }
        return body;
    }

    ApiClient api() {
        return new ApiClient(defaultUrl, apiKey);
    }

    /**
     * Sends one request and prints the answer's JSON body (indented), for the commands whose answer is the
     * document itself ({@code rules ...}); exit 1 with the problem's detail when refused.
     */
    int document(String command, String method, String path, JsonNode body) {
        ApiClient.Response r = switch (method) {
            case "GET" -> api().get(path);
            case "DELETE" -> api().delete(path);
            default -> api().post(path, body);
        };
        if (!r.ok()) {
            return refused(command, r);
        }
        out.println(r.body() == null ? command + ": done" : r.body().toPrettyString());
        return 0;
    }

    private int refused(String command, ApiClient.Response r) {
        err.println("sluice " + command + ": " + r.problem());
        return 1;
    }

    private static String duration(JsonNode e) {
        if (!e.hasNonNull("stopTime")) {
            return "-";
        }
        Duration d = Duration.between(Instant.parse(e.get("startTime").asText()), Instant.parse(e.get("stopTime").asText()));
        return String.format(java.util.Locale.ROOT, "%.1fs", d.toMillis() / 1000.0);
    }

    private void printTable(List<String[]> rows) {
        int[] widths = new int[rows.getFirst().length];
        for (String[] row : rows) {
            for (int i = 0; i < row.length; i++) {
                widths[i] = Math.max(widths[i], row[i].length());
            }
        }
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < row.length; i++) {
                line.append(i + 1 < row.length ? String.format("%-" + (widths[i] + 2) + "s", row[i]) : row[i]);
            }
            out.println(line.toString().stripTrailing());
        }
    }

    /** {@code HH:mm:ss.SSS  TYPE  State [frame n]  detail}, the detail cut to one screen line. */
    static String historyLine(JsonNode e) {
        String at = e.path("at").asText();
        int t = at.indexOf('T');
        StringBuilder line = new StringBuilder(t < 0 ? at : at.substring(t + 1).replace("Z", ""));
        line.append("  ").append(String.format("%-22s", e.path("type").asText()));
        if (e.hasNonNull("state")) {
            line.append(' ').append(e.get("state").asText());
        }
        if (e.path("frame").asInt() != 0) {
            line.append(" [frame ").append(e.get("frame").asInt()).append(']');
        }
        JsonNode detail = e.get("detail");
        if (detail != null && detail.has("token")) {
            line.append("  function=").append(detail.path("function").asText()).append(" token=").append(detail.get("token").asText());
        } else if (detail != null && !detail.isNull()) {
            String text = Json.write(detail);
            line.append("  ").append(text.length() > DETAIL_WIDTH ? text.substring(0, DETAIL_WIDTH) + "..." : text);
        }
        return line.toString();
    }
}
