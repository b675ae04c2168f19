package io.sluice.testkit.aws;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionTimeoutException;
import org.awaitility.core.TerminalFailureException;

/**
 * A test server run as a process of its own (S3Mock's JVM, dynalite's node): started, watched until it
 * listens, stopped by its own {@link Process} handle (that is, by its PID, never by name) on
 * {@link #close()} or when the test JVM exits. Its output is kept (the last lines) to explain a failed start.
 */
final class ChildProcess implements AutoCloseable {
    private static final int KEPT_LINES = 200;

    private final String name;
    private final Process process;
    private final List<String> output = new CopyOnWriteArrayList<>();
    private final Thread stopAtExit;

    private ChildProcess(String name, Process process) {
        this.name = name;
        this.process = process;
        this.stopAtExit = new Thread(this::stop, name + "-stop");
        Runtime.getRuntime().addShutdownHook(stopAtExit);
        Thread reader = new Thread(this::drain, name + "-output");
        reader.setDaemon(true);
        reader.start();
    }

    /** Starts {@code command} in {@code directory} (stderr merged into stdout). */
    static ChildProcess start(String name, List<String> command, Path directory) {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        if (directory != null) {
            builder.directory(directory.toFile());
        }
        try {
            return new ChildProcess(name, builder.start());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + name + ": " + String.join(" ", command), e);
        }
    }

    /**
     * Waits (awaitility, polling every 50 ms) until {@code ready} holds; fails at once when the process ends,
     * and after {@code timeout} otherwise, with the process's last output either way.
     */
    void awaitReady(Predicate<ChildProcess> ready, Duration timeout) {
        try {
            Awaitility.await(name + " to start").atMost(timeout).pollInterval(Duration.ofMillis(50))
                    .failFast(name + " exited before it was ready", () -> !process.isAlive())
                    .until(() -> ready.test(this));
        } catch (ConditionTimeoutException | TerminalFailureException e) {
            stop();
            throw new IllegalStateException(e.getMessage() + "; its output:\n" + tail(), e);
        }
    }

    boolean printed(String text) {
        return output.stream().anyMatch(l -> l.contains(text));
    }

    boolean alive() {
        return process.isAlive();
    }

    long pid() {
        return process.pid();
    }

    String tail() {
        return String.join("\n", output);
    }

    /** Whether something accepts connections at 127.0.0.1:{@code port}. */
    static boolean listening(int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 200);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** A port free on 127.0.0.1 just now (the server that takes it may still lose a race: its start then fails and says so). */
    static int freePort() {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            s.setReuseAddress(true);
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("no free loopback port", e);
        }
    }

    @Override
    public void close() {
        stop();
        try {
            Runtime.getRuntime().removeShutdownHook(stopAtExit);
        } catch (IllegalStateException e) {
            // the JVM is exiting: the hook runs anyway
        }
    }

    private void stop() {
        if (!process.isAlive()) {
            return;
        }
        process.destroy();
        try {
            if (!process.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    private void drain() {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                output.add(line);
                if (output.size() > KEPT_LINES) {
                    output.remove(0);
                }
            }
        } catch (IOException e) {
            // the process ended
        }
    }

    @Override
    public String toString() {
        return name + " (pid " + process.pid() + ")";
    }

    static List<String> list(String... parts) {
        return new ArrayList<>(List.of(parts));
    }
}
