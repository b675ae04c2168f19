package io.sluice.cli;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.FileVisitResult;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code sluice parity [--json] [--hosts local,aws,azure]}: the parity suite ({@code examples/parity}: the same pipeline
 * files, inputs and expected results) on the local runtime, the AWS entry points and the Azure entry points, in process
 * against the real servers the testkit starts (Redis, PostgreSQL, ElasticMQ, dynalite, S3Mock, Azurite). The suite is the
 * {@code parity} module, run on its own classpath (built first when missing or older than the sources; the CLI's own
 * classpath holds no testkit and no cloud Functions adapters), each host in a JVM of its own. One line per case, and
 * last {@code {"local": "P/T", "aws": "P/T", "azure": "P/T"}}; with {@code --json} only that line goes to stdout.
 * Exit 0 when every case passed (but for the suite's documented expected failures), 1 otherwise.
 */
@Command(name = "parity", mixinStandardHelpOptions = true,
        description = {"One conformance suite (examples/parity) on the local runtime, the AWS entry points and the Azure entry points.",
                "Prints one line per case, then {\"local\": \"P/T\", \"aws\": \"P/T\", \"azure\": \"P/T\"} last."})
final class ParityCommand implements Callable<Integer> {
    static final String CLASSPATH = "parity/target/runtime-classpath.txt";

    @Option(names = "--json", description = "only the last line, {\"local\": \"P/T\", ...}, on stdout; the cases on stderr")
    private boolean json;
    @Option(names = "--hosts", paramLabel = "LIST", defaultValue = "local,aws,azure", description = "the hosts, comma-separated (default local,aws,azure)")
    private String hosts;

    private final CliContext context;

    ParityCommand(CliContext context) {
        this.context = context;
    }

    @Override
    public Integer call() throws Exception {
        for (String h : hosts.split(",")) {
            if (!List.of("local", "aws", "azure").contains(h)) {
                throw new SluiceCli.UsageException("--hosts expects some of local, aws, azure separated by commas, not '" + h + "'");
            }
        }
        Path home = AzurePackageCommand.home();
        if (stale(home) && build(home) != 0) {
            context.err().println("sluice parity: the build failed; see parity/target/build.log, or run 'mvn -B package -DskipTests -pl parity -am'");
            return 1;
        }
        String classpath = home.resolve("parity/target/classes") + File.pathSeparator + Files.readString(home.resolve(CLASSPATH)).strip();
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        if (Runtime.version().feature() >= 24) {
            command.add("--sun-misc-unsafe-memory-access=allow");
        }
        command.addAll(List.of("-cp", classpath, "-Dsluice.test.s3mock.jar=" + home.resolve("parity/target/s3mock/s3mock-exec.jar"),
                "io.sluice.parity.ParitySuite", "--hosts", hosts, "--cases", home.resolve("examples/parity").toString(),
                "--logs", home.resolve("parity/target/parity-logs").toString()));
        if (json) {
            command.add("--json");
        }
        Process suite = new ProcessBuilder(command).start();
        Thread errors = Thread.ofVirtual().start(() -> copy(suite.getErrorStream(), context.err()));
        copy(suite.getInputStream(), context.out());
        int code = suite.waitFor();
        errors.join();
        return code;
    }

    private static void copy(java.io.InputStream in, java.io.PrintStream out) {
        try (in) {
            in.transferTo(out);
            out.flush();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Whether the suite's classpath is missing or older than any source, resource or pom of the checkout. */
    private static boolean stale(Path home) throws IOException {
        Path stamp = home.resolve(CLASSPATH);
        if (!Files.isRegularFile(stamp) || !Files.isDirectory(home.resolve("parity/target/classes"))) {
            return true;
        }
        FileTime built = Files.getLastModifiedTime(stamp);
        boolean[] newer = {false};
        Files.walkFileTree(home, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attributes) {
                String name = dir.getFileName() == null ? "" : dir.getFileName().toString();
                return name.equals("target") || name.equals("node_modules") || name.startsWith(".") && !dir.equals(home)
                        ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
                String s = file.toString();
                boolean source = s.endsWith(".java") || s.endsWith("pom.xml") || s.contains(File.separator + "src" + File.separator + "main"
                        + File.separator + "resources" + File.separator);
                if (source && attributes.lastModifiedTime().compareTo(built) > 0) {
                    newer[0] = true;
                    return FileVisitResult.TERMINATE;
                }
                return FileVisitResult.CONTINUE;
            }
        });
        return newer[0];
    }

    /** Maven's package of the parity module and what it needs, writing its runtime classpath; nothing installed into ~/.m2. */
    private int build(Path home) throws IOException, InterruptedException {
        context.err().println("sluice: building the parity suite (mvn package -pl parity -am) ...");
        Path log = Files.createDirectories(home.resolve("parity/target")).resolve("build.log");
        // Every module of the reactor writes the file; parity is built last, so its classpath is the one left.
        Process mvn = new ProcessBuilder(List.of("mvn", "-B", "-q", "-Dstyle.color=never", "package", "-DskipTests", "-pl", "parity", "-am",
                "dependency:build-classpath", "-Dmdep.outputFile=" + home.resolve(CLASSPATH), "-DincludeScope=runtime"))
                .directory(home.toFile()).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.to(log.toFile())).start();
        return mvn.waitFor();
    }
}
