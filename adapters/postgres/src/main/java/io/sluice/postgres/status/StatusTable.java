package io.sluice.postgres.status;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.RunState;
import io.sluice.orchestration.port.StatusRecord;
import java.io.PrintStream;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Rows of {@code sluice_status} as a plain-text table, aligned, one run a line, for people and CI logs
 * alike; a run that did not succeed and has a job log gets its link on the line below.
 */
public final class StatusTable {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss'Z'").withZone(ZoneOffset.UTC);
    private static final String[] HEADER = {"PIPELINE", "PARTITION", "STATE", "STARTED", "SECONDS", "ROWS IN", "ROWS OUT", "EXECUTION", "ERROR"};

    private StatusTable() {}

    /** Prints {@code rows}; an error longer than {@code errorWidth} characters is cut (0: never). */
    public static void print(List<StatusRecord> rows, PrintStream out, int errorWidth) {
        List<String[]> lines = new ArrayList<>();
        List<String> logs = new ArrayList<>();
        lines.add(HEADER);
        logs.add(null);
        for (StatusRecord r : rows) {
            lines.add(new String[] {r.pipeline(), or(r.partition()), r.state().name(), r.started() == null ? "-" : TIME.format(r.started()),
                seconds(r), count(r.rowsIn()), count(r.rowsOut()), r.executionId(), error(r.error(), errorWidth)});
            logs.add(r.state() == RunState.SUCCEEDED ? null : r.jobLogUrl());
        }
        int[] widths = new int[HEADER.length];
        for (String[] line : lines) {
            for (int i = 0; i < line.length; i++) {
                widths[i] = Math.max(widths[i], line[i].length());
            }
        }
        for (int l = 0; l < lines.size(); l++) {
            String[] line = lines.get(l);
            StringBuilder b = new StringBuilder();
            for (int i = 0; i < line.length; i++) {
                boolean number = i >= 4 && i <= 6;
                String cell = i == line.length - 1 ? line[i] : pad(line[i], widths[i], number && line != HEADER);
                b.append(i == 0 ? "" : "  ").append(cell);
            }
            out.println(b.toString().stripTrailing());
            if (logs.get(l) != null) {
                out.println("  job log: " + logs.get(l));
            }
        }
    }

    private static String count(Long rows) {
        return rows == null ? "-" : String.format(Locale.ROOT, "%,d", rows);
    }

    /** One row as a JSON object, for scripts. */
    public static ObjectNode json(StatusRecord r) {
        ObjectNode o = Json.object().put("executionId", r.executionId()).put("pipeline", r.pipeline()).put("partition", r.partition())
                .put("state", r.state().name()).put("redriveCount", r.redriveCount())
                .put("started", r.started() == null ? null : r.started().toString())
                .put("ended", r.ended() == null ? null : r.ended().toString());
        o.put("rowsIn", r.rowsIn()).put("rowsOut", r.rowsOut());
        return o.put("error", r.error()).put("configHash", r.configHash()).put("jobLogUrl", r.jobLogUrl());
    }

    private static String seconds(StatusRecord r) {
        if (r.started() == null || r.ended() == null) {
            return "-";
        }
        return String.format(Locale.ROOT, "%.1f", Duration.between(r.started(), r.ended()).toMillis() / 1000.0);
    }

    private static String error(String error, int width) {
        if (error == null) {
            return "";
        }
        String flat = error.replaceAll("\\s+", " ").strip();
        return width > 0 && flat.length() > width ? flat.substring(0, width - 3) + "..." : flat;
    }

    private static String or(String value) {
        return value == null ? "-" : value;
    }

    private static String pad(String s, int width, boolean right) {
        String space = " ".repeat(Math.max(0, width - s.length()));
        return right ? space + s : s + space;
    }
}
