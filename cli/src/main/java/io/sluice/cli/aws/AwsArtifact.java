package io.sluice.cli.aws;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;

/**
 * Where a checkout builds the Lambda artifact, and how: Maven runs {@code adapters/aws} (and what it needs) up to
 * {@code pre-integration-test}, where the shade plugin writes {@code adapters/aws/target/sluice-aws.jar}; tests are skipped.
 */
public record AwsArtifact(Path checkout) {

    public static AwsArtifact inCheckout(Path checkout) {
        return new AwsArtifact(checkout.toAbsolutePath().normalize());
    }

    public Path jar() {
        return checkout.resolve("adapters/aws/target/sluice-aws.jar");
    }

    /** Runs the build, its output to {@code log}; whether it succeeded. */
    public boolean build(PrintStream log) throws IOException, InterruptedException {
        List<String> command = List.of("mvn", "-B", "-q", "-Dstyle.color=never", "-DskipTests", "-pl", "adapters/aws", "-am",
                "pre-integration-test");
        log.println("sluice package: building " + jar() + " (" + String.join(" ", command) + ")");
        Process p = new ProcessBuilder(command).directory(checkout.toFile()).redirectErrorStream(true).start();
        try (InputStream out = p.getInputStream()) {
            out.transferTo(log);
        }
        return p.waitFor() == 0;
    }
}
