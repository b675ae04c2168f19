package io.sluice.embedded;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A server process that a runtime started and did not stop because it died first ({@code kill -9}): found
 * through the pid file the server left in its directory, and stopped by the next runtime that starts there.
 */
public final class LeftOverProcess {
    private LeftOverProcess() {}

    /**
     * The live process whose id is the first line of {@code pidFile} and whose program's path contains {@code program};
     * empty when there is no such file, no such process, or the id now belongs to another program (ids are reused).
     */
    public static Optional<ProcessHandle> named(Path pidFile, String program) throws IOException {
        String first;
        try {
            first = Files.readAllLines(pidFile, StandardCharsets.UTF_8).stream().findFirst().orElse("").strip();
        } catch (NoSuchFileException e) {
            return Optional.empty();
        }
        long pid;
        try {
            pid = Long.parseLong(first);
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
        if (pid == ProcessHandle.current().pid()) {
            return Optional.empty();
        }
        return ProcessHandle.of(pid).filter(ProcessHandle::isAlive)
                .filter(p -> p.info().command().map(c -> Path.of(c).getFileName().toString().contains(program)).orElse(false));
    }

    /** Asks the process to stop (SIGTERM), and kills it when it has not within {@code grace}; returns once it is gone. */
    public static void stop(ProcessHandle process, Duration grace) {
        process.destroy();
        if (!exited(process, grace)) {
            process.destroyForcibly();
            exited(process, grace);
        }
    }

    private static boolean exited(ProcessHandle process, Duration wait) {
        try {
            process.onExit().get(wait.toMillis(), TimeUnit.MILLISECONDS);
            return true;
        } catch (TimeoutException e) {
            return false;
        } catch (ExecutionException e) {
            return !process.isAlive();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return !process.isAlive();
        }
    }
}
