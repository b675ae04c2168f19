package io.sluice.duckdb;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;

/** A run's log file: one timestamped line per event, flushed as written so it can be tailed while the run goes. */
final class RunLog implements AutoCloseable {
    private static final int MAX_STATEMENT_CHARS = 4000;

    private final BufferedWriter out;
    private final Clock clock;

    RunLog(Path file, Clock clock) {
        this.clock = clock;
        try {
            this.out = Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException("Could not open the run log " + file, e);
        }
    }

    void line(String text) {
        try {
            out.write(clock.instant() + " " + text);
            out.newLine();
            out.flush();
        } catch (IOException e) {
            // A log that cannot be written must not fail the job it describes.
        }
    }

    void statement(int index, int count, String sql) {
        String shown = sql.length() > MAX_STATEMENT_CHARS ? sql.substring(0, MAX_STATEMENT_CHARS) + " ..." : sql;
        line("statement " + index + "/" + count + ":\n" + shown);
    }

    @Override
    public void close() {
        try {
            out.close();
        } catch (IOException e) {
            // Nothing more to say about a log we could not close.
        }
    }
}
