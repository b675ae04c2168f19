package io.sluice.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/** Runs the CLI in-process and keeps what it printed. */
record CliRun(int exit, String out, String err) {
    static final Path EXAMPLES = Path.of("../examples").toAbsolutePath().normalize();

    static CliRun of(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = SluiceCli.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return new CliRun(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    static String example(String relative) {
        return EXAMPLES.resolve(relative).toString();
    }
}
