package io.sluice.cli.chaos;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The drill's OS processes: {@link ChaosNode}s in their roles, each a JVM on this JVM's class path, with its
 * output in the drill's folder. {@link #kill} is SIGKILL ({@link Process#destroyForcibly()} on Linux and macOS).
 */
final class ChaosNodes implements AutoCloseable {
    private static final Duration READY_TIMEOUT = Duration.ofSeconds(90);

    private final List<String> roles;
    private final List<String> arguments;
    private final String pgUrl;
    private final String pgApplication;
    private final Path logs;
    private final Process[] processes;
    private int starts;

    ChaosNodes(List<String> roles, List<String> arguments, String pgUrl, String pgApplication, Path logs) {
        this.pgApplication = pgApplication;
        this.roles = List.copyOf(roles);
        this.arguments = List.copyOf(arguments);
        this.pgUrl = pgUrl;
        this.logs = logs;
        this.processes = new Process[roles.size()];
    }

    int size() {
        return roles.size();
    }

    String role(int node) {
        return roles.get(node);
    }

    void startAll() {
        List<CompletableFuture<Void>> ready = new ArrayList<>();
        for (int i = 0; i < processes.length; i++) {
            ready.add(launch(i));
        }
        ready.forEach(ChaosNodes::await);
    }

    void kill(int node) {
        Process p = processes[node];
        p.destroyForcibly();
        try {
            p.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    void restart(int node) {
        await(launch(node));
    }

    private CompletableFuture<Void> launch(int node) {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx192m",
                "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Dlogback.configurationFile=io/sluice/cli/logback-quiet.xml", "-cp", System.getProperty("java.class.path"), ChaosNode.class.getName(),
                roles.get(node)));
        command.addAll(arguments);
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().put("SLUICE_CHAOS_PG_URL", pgUrl);
        builder.environment().put("SLUICE_CHAOS_PG_APPLICATION", pgApplication);
        builder.environment().put("SLUICE_CHAOS_NODE", "node-" + node);
        Path log = logs.resolve("node-" + node + "-" + roles.get(node) + "-" + (starts++) + ".log");
        Process p;
        try {
            p = builder.start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start a drill node", e);
        }
        processes[node] = p;
        CompletableFuture<Void> ready = new CompletableFuture<>();
        Thread.ofVirtual().start(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
                 var out = Files.newBufferedWriter(log)) {
                for (String line = in.readLine(); line != null; line = in.readLine()) {
                    if (line.startsWith("ready ")) {
                        ready.complete(null);
                    }
                    out.write(line);
                    out.newLine();
                    out.flush();
                }
            } catch (IOException e) {
                // the node was killed mid-line
            }
            ready.completeExceptionally(new IllegalStateException("node " + node + " (" + roles.get(node) + ") exited before it was ready;"
                    + " see " + log));
        });
        return ready;
    }

    private static void await(CompletableFuture<Void> ready) {
        try {
            ready.get(READY_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (java.util.concurrent.ExecutionException e) {
            throw new IllegalStateException(e.getCause().getMessage(), e.getCause());
        } catch (TimeoutException e) {
            throw new IllegalStateException("a drill node was not ready within " + READY_TIMEOUT.toSeconds() + " s", e);
        }
    }

    @Override
    public void close() {
        for (Process p : processes) {
            if (p != null) {
                p.destroyForcibly();
            }
        }
    }
}
