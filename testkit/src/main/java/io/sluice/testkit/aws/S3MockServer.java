package io.sluice.testkit.aws;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * S3Mock ({@code com.adobe.testing:s3mock}, STACK.md), an S3 protocol server, run from its executable jar as
 * a JVM of its own (embedding it would bring a second Spring Boot into the test JVM), on free ports, its
 * objects in a temporary folder that goes with it. Clients need path-style access.
 *
 * <p>The jar is the file the system property {@value #JAR_PROPERTY} names: a module whose tests use this
 * class copies {@code com.adobe.testing:s3mock:<version>:jar:exec} there at build time (maven-dependency-plugin,
 * see {@code adapters/aws/pom.xml}), so nothing is installed by hand.
 *
 * <p>Binding: S3Mock's HTTPS connector honours {@code server.address} and listens on 127.0.0.1 only; its plain
 * HTTP connector, which the tests use, cannot be given an address and listens on every interface (on a random
 * free port). The tests only ever connect to 127.0.0.1.
 *
 * <p>One server per JVM ({@link #shared()}), stopped by its PID when the JVM exits; tests keep apart by bucket.
 */
public final class S3MockServer implements AutoCloseable {
    public static final String JAR_PROPERTY = "sluice.test.s3mock.jar";
    private static final Duration START_TIMEOUT = Duration.ofSeconds(90);
    private static S3MockServer shared;

    private final ChildProcess process;
    private final URI endpoint;
    private final Path root;

    private S3MockServer(ChildProcess process, URI endpoint, Path root) {
        this.process = process;
        this.endpoint = endpoint;
        this.root = root;
    }

    /** The server every test of this JVM shares, started on first use and stopped at exit. */
    public static synchronized S3MockServer shared() {
        if (shared == null) {
            shared = start();
            System.err.println("Tests use S3Mock " + shared);
        }
        return shared;
    }

    /** Starts a server of its own; the caller closes it. */
    public static S3MockServer start() {
        Path jar = jar();
        Path root;
        try {
            root = Files.createTempDirectory("sluice-s3mock-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        int http = ChildProcess.freePort();
        int https = ChildProcess.freePort();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = ChildProcess.list(java, "-Xmx256m", "-XX:TieredStopAtLevel=1", "-jar", jar.toString(),
                "--com.adobe.testing.s3mock.httpPort=" + http,
                "--server.port=" + https,
                "--server.address=127.0.0.1",
                "--com.adobe.testing.s3mock.store.root=" + root,
                "--com.adobe.testing.s3mock.store.retainFilesOnExit=false",
                "--spring.main.banner-mode=off",
                "--logging.level.root=WARN");
        ChildProcess process = ChildProcess.start("s3mock", command, root);
        process.awaitReady(p -> ChildProcess.listening(http) && ChildProcess.listening(https), START_TIMEOUT);
        return new S3MockServer(process, URI.create("http://127.0.0.1:" + http), root);
    }

    private static Path jar() {
        String configured = System.getProperty(JAR_PROPERTY);
        if (configured == null || configured.isBlank()) {
            throw new IllegalStateException("System property " + JAR_PROPERTY + " is not set: the module's build copies S3Mock's "
                    + "exec jar and names it there (see adapters/aws/pom.xml); run the tests through Maven");
        }
        Path jar = Path.of(configured);
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(jar + " (" + JAR_PROPERTY + ") does not exist: run the tests through Maven, whose "
                    + "generate-test-resources phase copies it");
        }
        return jar;
    }

    /** The endpoint override for an S3 client (with path-style access). */
    public URI endpoint() {
        return endpoint;
    }

    @Override
    public void close() {
        process.close();
        deleteTree(root);
    }

    private static void deleteTree(Path root) {
        try (var paths = Files.walk(root)) {
            paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a temporary folder: the OS cleans it up in the end
        }
    }

    @Override
    public String toString() {
        return endpoint + " (" + process + ")";
    }
}
