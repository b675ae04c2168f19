package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.json.Json;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code sluice package aws --skip-build}: the bundling into an artifact already built (here a jar holding the two
 * classes the command checks for; SluiceAwsArtifactIT in adapters/aws checks the jar Maven builds).
 */
class PackageCommandTest {
    @TempDir
    Path checkout;
    private Path jar;
    private String savedHome;

    @BeforeEach
    void anArtifactWithAStalePipeline() throws IOException {
        jar = checkout.resolve("adapters/aws/target/sluice-aws.jar");
        Files.createDirectories(jar.getParent());
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            for (String entry : new String[] {"org/springframework/cloud/function/adapter/aws/FunctionInvoker.class",
                    "io/sluice/aws/SluiceAwsApplication.class", "pipelines/stale.asl.json"}) {
                out.putNextEntry(new JarEntry(entry));
                out.write(new byte[] {1, 2, 3});
                out.closeEntry();
            }
        }
        savedHome = System.getProperty("sluice.home");
        System.setProperty("sluice.home", checkout.toString());
    }

    @AfterEach
    void restore() {
        if (savedHome == null) System.clearProperty("sluice.home");
        else System.setProperty("sluice.home", savedHome);
    }

    @Test
    void theDefinitionsOptionsTenantsAndRenderedPatternConfigsReplaceWhatTheArtifactHeld() throws IOException {
        Path pipelines = checkout.resolve("pipelines");
        Files.createDirectories(pipelines);
        Path bundle = CliRun.EXAMPLES.resolve("events/aws/bundle/pipelines");
        Files.copy(bundle.resolve("hello.asl.json"), pipelines.resolve("hello.asl.json"));
        Files.copy(bundle.resolve("tenants.json"), pipelines.resolve("tenants.json"));
        JsonNode export = Json.parse(Files.readString(CliRun.EXAMPLES.resolve("patterns/export.config.json")));
        ((com.fasterxml.jackson.databind.node.ObjectNode) export).put("pattern", "export");
        Files.writeString(pipelines.resolve("finance-daily-export.config.json"), Json.write(export));
        Files.writeString(pipelines.resolve("notes.txt"), "not bundled");

        CliRun run = CliRun.of("package", "aws", "--skip-build", "--pipelines", pipelines.toString());

        assertThat(run.exit()).as(run.err()).isZero();
        JsonNode summary = Json.parse(run.out().strip());
        assertThat(summary.path("artifact").asText()).isEqualTo(jar.toString());
        assertThat(summary.path("pipelines").toString()).isEqualTo("[\"finance-daily-export\",\"hello\"]");
        try (FileSystem zip = FileSystems.newFileSystem(URI.create("jar:" + jar.toUri()), Map.of())) {
            assertThat(Files.readString(zip.getPath("pipelines/hello.asl.json"))).isEqualTo(Files.readString(bundle.resolve("hello.asl.json")));
            assertThat(zip.getPath("pipelines/tenants.json")).exists();
            assertThat(Json.parse(Files.readString(zip.getPath("pipelines/finance-daily-export.asl.json"))).path("StartAt").asText()).isNotBlank();
            assertThat(zip.getPath("pipelines/stale.asl.json")).doesNotExist();
            assertThat(zip.getPath("pipelines/notes.txt")).doesNotExist();
            assertThat(zip.getPath("io/sluice/aws/SluiceAwsApplication.class")).exists();
        }
    }

    @Test
    void anInvalidDefinitionBundlesNothingAndNamesTheFileAndPointer() throws IOException {
        Path pipelines = checkout.resolve("pipelines");
        Files.createDirectories(pipelines);
        Files.writeString(pipelines.resolve("broken.asl.json"), "{\"StartAt\": \"Nowhere\", \"States\": {\"A\": {\"Type\": \"Succeed\"}}}");

        CliRun run = CliRun.of("package", "aws", "--skip-build", "--pipelines", pipelines.toString());

        assertThat(run.exit()).isEqualTo(SluiceCli.EXIT_INVALID);
        assertThat(run.err()).contains(pipelines.resolve("broken.asl.json") + ": /StartAt: ");
        try (FileSystem zip = FileSystems.newFileSystem(URI.create("jar:" + jar.toUri()), Map.of())) {
            assertThat(zip.getPath("pipelines/stale.asl.json")).exists();
        }
    }

    @Test
    void aJarThatIsNotTheSluiceArtifactIsRefused() throws IOException {
        try (OutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            out.flush();
        }
        CliRun run = CliRun.of("package", "aws", "--skip-build", "--pipelines", CliRun.example("events/aws/bundle/pipelines"));

        assertThat(run.exit()).isEqualTo(SluiceCli.EXIT_INVALID);
        assertThat(run.err()).contains("is not the Sluice AWS artifact: it has no org/springframework/cloud/function/adapter/aws/FunctionInvoker.class");
    }

    @Test
    void withoutTenantsThePlatformAuthenticationMustBeNamedAndIsRecordedInTheBundle() throws IOException {
        Path pipelines = checkout.resolve("pipelines");
        Files.createDirectories(pipelines);
        Files.copy(CliRun.EXAMPLES.resolve("events/aws/bundle/pipelines/hello.asl.json"), pipelines.resolve("hello.asl.json"));

        CliRun refused = CliRun.of("package", "aws", "--skip-build", "--pipelines", pipelines.toString());
        assertThat(refused.exit()).isEqualTo(SluiceCli.EXIT_INVALID);
        assertThat(refused.err()).contains(pipelines + ": /: holds no tenants.json").contains("--platform-auth iam|lambda-authorizer");
        try (FileSystem zip = FileSystems.newFileSystem(URI.create("jar:" + jar.toUri()), Map.of())) {
            assertThat(zip.getPath("pipelines/stale.asl.json")).as("nothing bundled").exists();
        }

        CliRun iam = CliRun.of("package", "aws", "--skip-build", "--pipelines", pipelines.toString(), "--platform-auth", "iam");
        assertThat(iam.exit()).as(iam.err()).isZero();
        assertThat(Json.parse(iam.out().strip()).path("platformAuth").asText()).isEqualTo("iam");
        try (FileSystem zip = FileSystems.newFileSystem(URI.create("jar:" + jar.toUri()), Map.of())) {
            assertThat(Json.parse(Files.readString(zip.getPath("pipelines/platform-auth.json"))).path("platformAuth").asText()).isEqualTo("iam");
            // No triggers.json in the folder: the bundle carries no rules, where the modules' SLUICE_TRIGGERS_RULES points.
            assertThat(io.sluice.functions.trigger.object.ObjectRules.parse(Files.readString(zip.getPath("pipelines/triggers.json"))).rules())
                    .isEmpty();
        }

        CliRun azure = CliRun.of("package", "aws", "--skip-build", "--pipelines", pipelines.toString(), "--platform-auth", "easy-auth");
        assertThat(azure.exit()).isEqualTo(SluiceCli.EXIT_INVALID);
        assertThat(azure.err()).contains("--platform-auth: expected one of [iam, lambda-authorizer] on AWS, not 'easy-auth'");
    }

    @Test
    void aPlatformMustBeNamedAndKnown() {
        CliRun none = CliRun.of("package");
        assertThat(none.exit()).isEqualTo(SluiceCli.EXIT_INVALID);
        assertThat(none.err()).contains("name the platform to package: aws or azure");

        CliRun unknown = CliRun.of("package", "gcp");
        assertThat(unknown.exit()).isEqualTo(SluiceCli.EXIT_INVALID);
        assertThat(unknown.err()).contains("gcp");
    }
}
