package io.sluice.cli.demo;

import io.sluice.functions.task.jobs.JobRunJson;
import io.sluice.api.port.ExecutionControl;
import io.sluice.orchestration.engine.Execution;
import io.sluice.orchestration.engine.Frame;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The live view of the demo's executions, one line per pipeline: its status and the state it is in
 * (with the try it is on when a step retries), or how it ended. On a terminal the block of lines is
 * redrawn in place; otherwise (a pipe, a CI log) a line is printed whenever a pipeline moves on, with
 * the time since the start, and no escape codes.
 */
public final class DemoProgress {
    private static final String CLEAR_LINE = "\033[2K";

    private final PrintStream out;
    private final boolean redraw;
    private final Instant start;
    private final Map<String, String> shown = new LinkedHashMap<>();
    private final int width;
    private boolean drawn;

    public DemoProgress(PrintStream out, boolean redraw, List<String> pipelines, Instant start) {
        this.out = out;
        this.redraw = redraw;
        this.start = start;
        this.width = pipelines.stream().mapToInt(String::length).max().orElse(8) + 2;
        pipelines.forEach(p -> shown.put(p, ""));
    }

    /** Shows each pipeline's execution as it is now ({@code empty}: not started yet). */
    public void update(Map<String, Optional<ExecutionControl.Described>> now, Instant at) {
        Map<String, String> lines = new LinkedHashMap<>();
        shown.keySet().forEach(p -> lines.put(p, line(now.getOrDefault(p, Optional.empty()))));
        if (redraw) {
            draw(lines, at);
        } else {
            lines.forEach((p, line) -> {
                if (!line.equals(shown.get(p))) {
                    out.println(String.format(Locale.ROOT, "[%5.1fs] %-" + width + "s%s", seconds(at), p, line).stripTrailing());
                }
            });
        }
        shown.putAll(lines);
        out.flush();
    }

    private void draw(Map<String, String> lines, Instant at) {
        if (drawn) {
            out.print("\033[" + lines.size() + "F");
        }
        lines.forEach((p, line) -> out.printf(Locale.ROOT, "%s  %-" + width + "s%s%n", CLEAR_LINE, p, line));
        drawn = true;
    }

    private double seconds(Instant at) {
        return Duration.between(start, at).toMillis() / 1000.0;
    }

    /** {@code RUNNING    Raw (try 2)}, {@code SUCCEEDED  in 6.1 s}, {@code FAILED     Glue.JobFailed: ...}. */
    static String line(Optional<ExecutionControl.Described> described) {
        if (described.isEmpty()) {
            return "waiting to start";
        }
        Execution e = described.get().execution();
        String status = String.format(Locale.ROOT, "%-10s ", e.status().name());
        return switch (e.status()) {
            case RUNNING -> status + current(e);
            case SUCCEEDED -> status + "in " + took(e);
            default -> status + e.error() + (e.cause() == null ? "" : ": " + shorten(essence(e.cause()), 140)) + " (after " + took(e) + ")";
        };
    }

    private static String current(Execution e) {
        Optional<Frame> active = e.frames().stream().filter(f -> f.waiting() != Frame.Waiting.NOTHING && f.state() != null)
                .max(Comparator.comparingLong(Frame::step));
        if (active.isEmpty()) {
            return "";
        }
        Frame f = active.get();
        String state = f.state();
        return switch (f.waiting()) {
            case RETRY -> state + " failed; retrying (try " + (f.attempt() + 1) + ")";
            case TASK -> f.attempt() > 0 ? state + " (try " + (f.attempt() + 1) + ")" : state;
            default -> state;
        };
    }

    private static String took(Execution e) {
        Instant end = e.stopTime() == null ? Instant.now() : e.stopTime();
        return String.format(Locale.ROOT, "%.1f s", Duration.between(e.startTime(), end).toMillis() / 1000.0);
    }

    /** A job failure's error without the run's id, the offending line and the log path, which the status row and the alert keep. */
    static String essence(String cause) {
        String core = JobRunJson.fromCause(cause).map(r -> r.errorMessage() == null ? r.sentence() : r.errorMessage()).orElse(cause);
        return core.replaceFirst("; Original Line: .*?; ", "; ");
    }

    static String shorten(String text, int max) {
        String flat = text.replaceAll("\\s+", " ").strip();
        return flat.length() <= max ? flat : flat.substring(0, max - 3) + "...";
    }
}
