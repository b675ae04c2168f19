package io.sluice.local.http;

import io.sluice.api.port.JobLogs;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The local job engine's logs: a location is what the engine reports, relative to its runs folder's parent
 * ({@code job-runs/runs/<run id>/log.txt}); only a path of exactly that shape under this runtime's runs folder is read.
 */
final class LocalJobLogs implements JobLogs {
    private static final Pattern RUN_ID = Pattern.compile("[A-Za-z0-9_-]{1,80}");
    private final Path runs;

    /** @param jobRunsDir the job engine's work folder ({@code sluice.job-runs-dir}) */
    LocalJobLogs(Path jobRunsDir) {
        this.runs = jobRunsDir.toAbsolutePath().normalize().resolve("runs");
    }

    @Override
    public Optional<Log> read(String location, int maxBytes) {
        Path base = runs.getParent().getParent();
        Path file = (base == null ? Path.of(location) : base.resolve(location)).normalize();
        Path run = file.getParent();
        if (!file.getFileName().toString().equals("log.txt") || run == null || !runs.equals(run.getParent())
                || !RUN_ID.matcher(run.getFileName().toString()).matches() || !Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
            long size = in.length();
            long from = Math.max(0, size - maxBytes);
            byte[] bytes = new byte[(int) (size - from)];
            in.seek(from);
            in.readFully(bytes);
            return Optional.of(new Log(new String(bytes, StandardCharsets.UTF_8), from > 0));
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
