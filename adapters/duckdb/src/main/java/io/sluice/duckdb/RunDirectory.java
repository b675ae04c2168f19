package io.sluice.duckdb;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.JobRun;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Runs on disk, one directory per run ({@code runs/<runId>/run.json} and {@code log.txt}), so a
 * run outlives the process that started it. A run directory appears whole: it is prepared under a
 * temporary name and renamed into place, and the rename fails when the run exists, which makes
 * creating a run by its id first-writer-wins across threads and processes. Status changes replace
 * {@code run.json} by rename too, so a reader never sees half a record.
 */
final class RunDirectory {
    private static final Pattern RUN_ID = Pattern.compile("jr_[0-9a-f]{32}");
    private static final String RECORD = "run.json";

    private final Path runs;

    RunDirectory(Path workDir) {
        this.runs = workDir.resolve("runs");
        try {
            Files.createDirectories(runs);
        } catch (IOException e) {
            throw new UncheckedIOException("Could not create the job runs directory " + runs, e);
        }
    }

    Path logFile(String runId) {
        return runs.resolve(runId).resolve("log.txt");
    }

    /** Creates the run's directory and record; {@code false} when the run exists already. */
    boolean create(JobRun run) {
        Path target = runs.resolve(run.runId());
        Path staging = runs.resolve(".new-" + UUID.randomUUID());
        try {
            Files.createDirectory(staging);
            Files.writeString(staging.resolve(RECORD), Json.write(encode(run)), StandardCharsets.UTF_8);
            Files.move(staging, target, StandardCopyOption.ATOMIC_MOVE);
            return true;
        } catch (IOException e) {
            deleteQuietly(staging);
            if (Files.exists(target.resolve(RECORD))) {
                return false;
            }
            throw new UncheckedIOException("Could not create job run " + run.runId() + " under " + runs, e);
        }
    }

    Optional<JobRun> read(String runId) {
        if (runId == null || !RUN_ID.matcher(runId).matches()) {
            return Optional.empty();
        }
        Path record = runs.resolve(runId).resolve(RECORD);
        try {
            return Optional.of(decode(Json.parse(Files.readString(record, StandardCharsets.UTF_8))));
        } catch (java.nio.file.NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException("Could not read job run " + record, e);
        }
    }

    void write(JobRun run) {
        Path dir = runs.resolve(run.runId());
        Path temp = dir.resolve(RECORD + "." + UUID.randomUUID() + ".tmp");
        try {
            Files.writeString(temp, Json.write(encode(run)), StandardCharsets.UTF_8);
            Files.move(temp, dir.resolve(RECORD), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            deleteQuietly(temp);
            throw new UncheckedIOException("Could not write job run " + run.runId(), e);
        }
    }

    /** Runs whose record says they have not ended. */
    List<JobRun> unfinished() {
        List<JobRun> out = new ArrayList<>();
        try (Stream<Path> dirs = Files.list(runs)) {
            dirs.map(d -> d.getFileName().toString()).filter(n -> RUN_ID.matcher(n).matches())
                    .forEach(id -> read(id).filter(r -> !r.finished()).ifPresent(out::add));
        } catch (IOException e) {
            throw new UncheckedIOException("Could not list job runs under " + runs, e);
        }
        return out;
    }

    private static ObjectNode encode(JobRun r) {
        ObjectNode o = Json.object();
        o.put("runId", r.runId()).put("jobName", r.jobName()).put("clientToken", r.clientToken()).put("state", r.state().name());
        if (r.error() != null) o.put("error", r.error());
        if (r.logLocation() != null) o.put("logLocation", r.logLocation());
        if (r.startedOn() != null) o.put("startedOn", r.startedOn().toString());
        if (r.completedOn() != null) o.put("completedOn", r.completedOn().toString());
        if (r.rowsWritten() != null) o.put("rowsWritten", r.rowsWritten());
        return o;
    }

    private static JobRun decode(JsonNode o) {
        return new JobRun(o.get("runId").asText(), o.get("jobName").asText(), o.get("clientToken").asText(),
                JobRun.State.valueOf(o.get("state").asText()), text(o, "error"), text(o, "logLocation"),
                instant(o, "startedOn"), instant(o, "completedOn"), o.hasNonNull("rowsWritten") ? o.get("rowsWritten").asLong() : null);
    }

    private static String text(JsonNode o, String field) {
        return o.hasNonNull(field) ? o.get(field).asText() : null;
    }

    private static Instant instant(JsonNode o, String field) {
        return o.hasNonNull(field) ? Instant.parse(o.get(field).asText()) : null;
    }

    private static void deleteQuietly(Path path) {
        if (!Files.exists(path)) {
            return;
        }
        try (Stream<Path> all = Files.walk(path)) {
            all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // A leftover staging directory is harmless: its name never matches a run id.
        }
    }
}
