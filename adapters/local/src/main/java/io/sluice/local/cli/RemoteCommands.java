package io.sluice.local.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.json.Json;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * {@code sluice executions}, {@code sluice history} and {@code sluice start}: read from and start on a
 * running server ({@code --url}, else {@code SLUICE_URL}, else {@value ApiClient#DEFAULT_URL}).
 * Exit 0 on success, 1 when the server refuses or cannot be reached, 2 on a usage error.
 */
final class RemoteCommands {
    private static final int DETAIL_WIDTH = 100;

    private final PrintStream out;
    private final PrintStream err;
    private final String defaultUrl;
    private final String apiKey;

    RemoteCommands(PrintStream out, PrintStream err, String defaultUrl) {
        this(out, err, defaultUrl, null);
    }

    /** @param apiKey sent as {@code Authorization: Bearer <key>} when the server has tenants; {@code null} or blank for none */
    RemoteCommands(PrintStream out, PrintStream err, String defaultUrl, String apiKey) {
        this.out = out;
        this.err = err;
        this.defaultUrl = defaultUrl;
        this.apiKey = apiKey == null || apiKey.isBlank() ? null : apiKey.strip();
    }

    int executions(String[] args) {
        Flags f = Flags.parse(args, Set.of("--pipeline", "--status", "--limit", "--url"), Set.of("--json"));
        if (!f.positional().isEmpty()) {
            throw new SluiceCli.UsageException("unexpected argument '" + f.positional().getFirst() + "'");
        }
        StringBuilder query = new StringBuilder("/v1/executions?limit=" + f.number("--limit", 100, 1));
        if (f.has("--pipeline")) {
            query.append("&pipeline=").append(ApiClient.encode(f.value("--pipeline")));
        }
        if (f.has("--status")) {
            query.append("&status=").append(ApiClient.encode(f.value("--status").toUpperCase(java.util.Locale.ROOT)));
        }
        ApiClient.Response r = client(f).get(query.toString());
        if (!r.ok()) {
            return refused("executions", r);
        }
        if (f.has("--json")) {
            out.println(Json.write(r.body()));
            return 0;
        }
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"EXECUTION", "STATUS", "STARTED", "DURATION"});
        for (JsonNode e : r.body().path("executions")) {
            rows.add(new String[] {e.path("executionId").asText(), e.path("status").asText(), e.path("startTime").asText(), duration(e)});
        }
        if (rows.size() == 1) {
            out.println("no executions");
            return 0;
        }
        printTable(rows);
        return 0;
    }

    int history(String[] args) {
        Flags f = Flags.parse(args, Set.of("--url"), Set.of("--json"));
        String id = f.single("execution id");
        ApiClient.Response r = client(f).get("/v1/executions/" + ApiClient.encode(id) + "/history");
        if (!r.ok()) {
            return refused("history", r);
        }
        for (JsonNode e : r.body().path("events")) {
            out.println(f.has("--json") ? Json.write(e) : historyLine(e));
        }
        return 0;
    }

    int start(String[] args) {
        Flags f = Flags.parse(args, Set.of("--name", "--input", "--url"), Set.of());
        String pipeline = f.single("pipeline");
        ObjectNode body = Json.object();
        if (f.has("--name")) {
            body.put("name", f.value("--name"));
        }
        if (f.has("--input")) {
            try {
                body.set("input", Json.parse(f.value("--input")));
            } catch (IllegalArgumentException e) {
                err.println("sluice start: --input: " + e.getMessage());
                return SluiceCli.EXIT_INVALID;
            }
        }
        ApiClient.Response r = client(f).post("/v1/pipelines/" + ApiClient.encode(pipeline) + "/executions", body);
        if (!r.ok()) {
            return refused("start", r);
        }
        String how = r.status() == 201 ? "started" : "already running";
        out.println(how + " " + r.body().path("executionId").asText() + " (" + r.body().path("status").asText() + ")");
        return 0;
    }

    private ApiClient client(Flags f) {
        return new ApiClient(f.has("--url") ? f.value("--url") : defaultUrl, apiKey);
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
