package io.sluice.cli.bench;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Cold start, JVM start to the first SQS event handled, as separate processes: each run starts a JVM on the Lambda
 * artifact that runs {@code io.sluice.aws.invoke.LocalInvoke} (a side's Lambda handler, made as Lambda's runtime makes
 * it) with one SQS event, and the time is taken from just before the process is started to the moment its response line
 * arrives. Tuned: a Sluice entry point with an AppCDS archive (a training run with {@code -XX:ArchiveClassesAtExit}, then
 * {@code -XX:SharedArchiveFile}: a recipe the java21 runtime takes through {@code JAVA_TOOL_OPTIONS}) and
 * {@code -XX:TieredStopAtLevel=1}. Plain: {@code io.sluice.bench.coldstart.PlainFunctionApplication} (the bench module's,
 * never in the artifact: its classes go on the classpath after the jar) through {@code FunctionInvoker}, one function, no
 * option. The sides alternate run by run, so that the machine's load falls on
 * all alike.
 */
public final class ColdStartBench {
    static final String ENTRY = "io.sluice.aws.invoke.LocalInvoke";

    /**
     * Settings of one side: its JVM options, the system properties the function's application needs, its
     * {@code MAIN_CLASS}, function and handler class (what the deployment names as the Lambda's handler; {@code null} for
     * either: the one the deployment gives that function, as {@code LocalInvoke} knows it), the event it is given, and
     * what goes on its classpath after the artifact (the plain side's application; none for Sluice's own functions).
     */
    public record Side(String name, List<String> jvmOptions, Map<String, String> properties, String mainClass, String function,
                       String handler, Path event, List<Path> classpath) {
        public Side {
            classpath = List.copyOf(classpath);
        }

        /** A side that runs from the artifact alone. */
        public Side(String name, List<String> jvmOptions, Map<String, String> properties, String mainClass, String function,
                    String handler, Path event) {
            this(name, jvmOptions, properties, mainClass, function, handler, event, List.of());
        }

        /** The same side with other JVM options (a training run's). */
        public Side withOptions(String suffix, List<String> options) {
            return new Side(name + suffix, options, properties, mainClass, function, handler, event, classpath);
        }
    }

    public static long median(List<Long> values) {
        List<Long> sorted = values.stream().sorted().toList();
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    private final Path java;
    private final Path jar;
    private final Path workDir;

    public ColdStartBench(Path java, Path jar, Path workDir) {
        this.java = java;
        this.jar = jar;
        this.workDir = workDir;
    }

    /** The training run that writes the AppCDS archive of {@code side}'s classes; the archive's path. */
    public Path train(Side side) throws IOException, InterruptedException {
        Path archive = workDir.resolve(side.name() + ".jsa");
        Files.deleteIfExists(archive);
        List<String> options = new ArrayList<>(side.jvmOptions());
        options.add("-XX:ArchiveClassesAtExit=" + archive);
        long ms = once(side, options);
        if (!Files.isRegularFile(archive)) {
            throw new IllegalStateException("the training run (" + ms + " ms) wrote no class-data archive at " + archive);
        }
        return archive;
    }

    /** The training run that writes the JDK 25 AOT cache of {@code side} ({@code -XX:AOTCacheOutput}); the cache's path. */
    public Path trainAot(Side side) throws IOException, InterruptedException {
        Path cache = workDir.resolve(side.name() + ".aot");
        Files.deleteIfExists(cache);
        List<String> options = new ArrayList<>(side.jvmOptions());
        options.add("-XX:AOTCacheOutput=" + cache);
        long ms = once(side, options);
        if (!Files.isRegularFile(cache)) {
            throw new IllegalStateException("the training run (" + ms + " ms) wrote no AOT cache at " + cache);
        }
        return cache;
    }

    /** {@code runs} runs of one side, in order. */
    public List<Long> runOne(Side side, int runs) throws IOException, InterruptedException {
        List<Long> times = new ArrayList<>();
        for (int i = 0; i < runs; i++) {
            times.add(once(side, side.jvmOptions()));
        }
        return times;
    }

    /** {@code runs} rounds, each running every side once in the order given (the machine's load falls on all alike). */
    public Map<String, List<Long>> run(List<Side> sides, int runs) throws IOException, InterruptedException {
        Map<String, List<Long>> times = new java.util.LinkedHashMap<>();
        sides.forEach(side -> times.put(side.name(), new ArrayList<>()));
        for (int i = 0; i < runs; i++) {
            for (Side side : sides) {
                times.get(side.name()).add(once(side, side.jvmOptions()));
            }
        }
        return times;
    }

    /** Milliseconds from starting the JVM to reading the handler's response. */
    long once(Side side, List<String> options) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(java.toString());
        command.addAll(options);
        command.add("-cp");
        List<String> classpath = new ArrayList<>(List.of(jar.toString()));
        side.classpath().forEach(entry -> classpath.add(entry.toString()));
        command.add(String.join(File.pathSeparator, classpath));
        side.properties().forEach((k, v) -> command.add("-D" + k + "=" + v));
        if (side.mainClass() != null) {
            command.add("-DMAIN_CLASS=" + side.mainClass());
        }
        command.add("-Dspring.main.banner-mode=off");
        command.addAll(List.of(ENTRY, "--function", side.function(), "--event", side.event().toString()));
        if (side.handler() != null) {
            command.addAll(List.of("--handler", side.handler()));
        }
        Path log = workDir.resolve(side.name() + ".log");
        ProcessBuilder builder = new ProcessBuilder(command).redirectError(log.toFile());
        builder.environment().remove("JAVA_TOOL_OPTIONS");
        long start = System.nanoTime();
        Process p = builder.start();
        String line;
        try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            line = out.readLine();
            long ms = (System.nanoTime() - start) / 1_000_000;
            out.transferTo(Writer.nullWriter());
            int exit = p.waitFor();
            if (line == null || exit != 0) {
                List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
                throw new IllegalStateException(side.name() + ": the function did not answer (exit " + exit + "); its log ends:\n"
                        + String.join("\n", lines.subList(Math.max(0, lines.size() - 15), lines.size())));
            }
            return ms;
        }
    }
}
