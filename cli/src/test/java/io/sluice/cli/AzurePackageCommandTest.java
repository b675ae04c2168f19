package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.json.Json;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code sluice package azure --skip-build}: the pipelines folder validated for Azure and bundled into the app's jar under
 * {@code pipelines/}, where the functions read it, then the app folder zipped. The app folder here is what
 * azure-functions-maven-plugin writes (host.json, one function.json per function, the app jar at the root) with a jar
 * holding only the class the command checks for; AzureFunctionJsonIT in adapters/azure checks the folder Maven builds.
 */
class AzurePackageCommandTest {
    @TempDir
    Path checkout;
    private Path app;
    private String savedHome;

    @BeforeEach
    void anAppFolderWithAStalePipeline() throws IOException {
        app = checkout.resolve(AzurePackageCommand.APP);
        Files.createDirectories(app.resolve("http-api"));
        Files.writeString(app.resolve("host.json"), "{\"version\": \"2.0\"}");
        Files.writeString(app.resolve("http-api/function.json"), """
                {"scriptFile": "../sluice-adapter-azure-0.1.0-SNAPSHOT.jar", "entryPoint": "io.sluice.azure.entry.HttpApiFunction.httpApi",
                 "bindings": [{"type": "httpTrigger", "direction": "in", "name": "request", "route": "{*path}", "authLevel": "ANONYMOUS"},
                              {"type": "http", "direction": "out", "name": "$return"}]}""");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(app.resolve("sluice-adapter-azure-0.1.0-SNAPSHOT.jar")))) {
            for (String entry : new String[] {"io/sluice/azure/entry/HttpApiFunction.class", "pipelines/stale.asl.json"}) {
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
    void thePipelinesTenantsAndTriggersGoIntoTheAppJarOfTheZip() throws IOException {
        Path bundle = CliRun.EXAMPLES.resolve("events/aws/bundle/pipelines");

        CliRun run = CliRun.of("package", "azure", "--skip-build", "--pipelines", bundle.toString());

        assertThat(run.exit()).as(run.err()).isZero();
        JsonNode summary = Json.parse(run.out().strip());
        Path zip = checkout.resolve(AzurePackageCommand.ZIP).toAbsolutePath().normalize();
        assertThat(Path.of(summary.path("artifact").asText()).toAbsolutePath().normalize()).isEqualTo(zip);
        assertThat(summary.path("pipelines").toString()).isEqualTo("[\"hello\"]");
        Map<String, byte[]> entries = unzip(Files.newInputStream(zip));
        assertThat(entries).containsKeys("host.json", "http-api/function.json", "sluice-adapter-azure-0.1.0-SNAPSHOT.jar");
        Map<String, byte[]> jar = unzip(new java.io.ByteArrayInputStream(entries.get("sluice-adapter-azure-0.1.0-SNAPSHOT.jar")));
        assertThat(new String(jar.get("pipelines/hello.asl.json"))).isEqualTo(Files.readString(bundle.resolve("hello.asl.json")));
        assertThat(jar).containsKeys("pipelines/tenants.json", "pipelines/triggers.json", "io/sluice/azure/entry/HttpApiFunction.class")
                .doesNotContainKey("pipelines/stale.asl.json");
        // The channels it ships (P2 alone by default), which the app checks against SLUICE_PRIORITY_CHANNELS (BundledChannels).
        assertThat(Json.parse(new String(jar.get("pipelines/priority-channels.json")))).isEqualTo(Json.parse("{\"priorityChannels\": [\"P2\"]}"));
        assertThat(Json.parse(new String(entries.get("http-api/function.json"))).path("bindings").get(0).path("authLevel").asText())
                .isEqualTo("ANONYMOUS");
    }

    @Test
    void withoutATenantsFileThePlatformAuthenticationMustBeNamed() throws IOException {
        Path pipelines = Files.createDirectories(checkout.resolve("pipelines"));
        Files.copy(CliRun.EXAMPLES.resolve("events/aws/bundle/pipelines/hello.asl.json"), pipelines.resolve("hello.asl.json"));

        CliRun refused = CliRun.of("package", "azure", "--skip-build", "--pipelines", pipelines.toString());

        assertThat(refused.exit()).isEqualTo(SluiceCli.EXIT_INVALID);
        assertThat(refused.err()).contains(pipelines + ": /: holds no tenants.json").contains("--platform-auth easy-auth|api-management|function-keys");
        assertThat(checkout.resolve(AzurePackageCommand.ZIP)).doesNotExist();

        CliRun keys = CliRun.of("package", "azure", "--skip-build", "--pipelines", pipelines.toString(), "--platform-auth", "function-keys");

        assertThat(keys.exit()).as(keys.err()).isZero();
        assertThat(Json.parse(keys.out().strip()).path("platformAuth").asText()).isEqualTo("function-keys");
        Map<String, byte[]> entries = unzip(Files.newInputStream(checkout.resolve(AzurePackageCommand.ZIP)));
        // authLevel "function": the Functions host asks for a function key before the app sees the request
        // (https://learn.microsoft.com/azure/azure-functions/functions-bindings-http-webhook-trigger#http-auth).
        assertThat(Json.parse(new String(entries.get("http-api/function.json"))).path("bindings").get(0).path("authLevel").asText())
                .isEqualTo("FUNCTION");
        // The mode is recorded beside the pipelines; the http-api refuses to start under another (BundledTenants).
        Map<String, byte[]> jar = unzip(new java.io.ByteArrayInputStream(entries.get("sluice-adapter-azure-0.1.0-SNAPSHOT.jar")));
        assertThat(Json.parse(new String(jar.get("pipelines/platform-auth.json"))).path("platformAuth").asText()).isEqualTo("function-keys");
    }

    @Test
    void onlyTheFunctionsTheDeploymentRunsShip() throws IOException {
        for (String f : new String[] {"orchestrator", "storage-orchestrator", "storage-dlq-task-read-config", "task-read-config",
                "task-read-config-p0", "task-read-config-p1", "task-read-config-p3", "task-push-export-p0"}) {
            Files.createDirectories(app.resolve(f));
            Files.writeString(app.resolve(f + "/function.json"), "{\"bindings\": []}");
        }
        String bundle = CliRun.example("events/aws/bundle/pipelines");

        CliRun p2 = CliRun.of("package", "azure", "--skip-build", "--pipelines", bundle);
        assertThat(p2.exit()).as(p2.err()).isZero();
        assertThat(functions()).as("by default P2 alone, as the module's priority_channels, and no Storage Queue variant")
                .containsExactlyInAnyOrder("http-api", "orchestrator", "task-read-config");

        CliRun p0 = CliRun.of("package", "azure", "--skip-build", "--pipelines", bundle, "--priority-channels", "P0,P2");
        assertThat(p0.exit()).as(p0.err()).isZero();
        assertThat(functions()).containsExactlyInAnyOrder("http-api", "orchestrator", "task-read-config", "task-read-config-p0", "task-push-export-p0");

        CliRun noP2 = CliRun.of("package", "azure", "--skip-build", "--pipelines", bundle, "--priority-channels", "P0");
        assertThat(noP2.exit()).isEqualTo(SluiceCli.EXIT_INVALID);
        assertThat(noP2.err()).contains("'--priority-channels' must hold P2");
        CliRun unknown = CliRun.of("package", "azure", "--skip-build", "--pipelines", bundle, "--priority-channels", "P2,P5");
        assertThat(unknown.exit()).isEqualTo(SluiceCli.EXIT_INVALID);
        assertThat(unknown.err()).contains("'--priority-channels' must be one of P0, P1, P2, P3 (P0 highest); got 'P5'");
    }

    /** The functions (folders with a function.json) of the package's zip. */
    private java.util.Set<String> functions() throws IOException {
        java.util.Set<String> names = new java.util.TreeSet<>();
        unzip(Files.newInputStream(checkout.resolve(AzurePackageCommand.ZIP))).keySet().stream().filter(n -> n.endsWith("/function.json"))
                .forEach(n -> names.add(n.substring(0, n.indexOf('/'))));
        return names;
    }

    @Test
    void anAwsOnlyPlatformAuthenticationIsRefusedByName() {
        CliRun run = CliRun.of("package", "azure", "--skip-build", "--pipelines", CliRun.example("events/aws/bundle/pipelines"),
                "--platform-auth", "iam");

        assertThat(run.exit()).isEqualTo(SluiceCli.EXIT_INVALID);
        assertThat(run.err()).contains("--platform-auth: expected one of [easy-auth, api-management, function-keys] on Azure, not 'iam'");
    }

    @Test
    void anInvalidDefinitionBundlesNothingAndNamesTheFileAndPointer() throws IOException {
        Path pipelines = Files.createDirectories(checkout.resolve("pipelines"));
        Files.writeString(pipelines.resolve("broken.asl.json"), "{\"StartAt\": \"Nowhere\", \"States\": {\"A\": {\"Type\": \"Succeed\"}}}");
        Files.copy(CliRun.EXAMPLES.resolve("events/aws/bundle/pipelines/tenants.json"), pipelines.resolve("tenants.json"));

        CliRun run = CliRun.of("package", "azure", "--skip-build", "--pipelines", pipelines.toString());

        assertThat(run.exit()).isEqualTo(SluiceCli.EXIT_INVALID);
        assertThat(run.err()).contains(pipelines.resolve("broken.asl.json") + ": /StartAt: ");
        assertThat(checkout.resolve(AzurePackageCommand.ZIP)).doesNotExist();
    }

    private static Map<String, byte[]> unzip(InputStream in) throws IOException {
        Map<String, byte[]> entries = new HashMap<>();
        try (ZipInputStream zip = new ZipInputStream(in)) {
            for (ZipEntry e = zip.getNextEntry(); e != null; e = zip.getNextEntry()) {
                entries.put(e.getName(), zip.readAllBytes());
            }
        }
        return entries;
    }
}
