package io.sluice.cli;

import io.sluice.api.tenant.CloudApiAuth;
import io.sluice.cli.aws.AwsArtifact;
import io.sluice.cli.aws.AwsBundle;
import io.sluice.cli.bundle.PlatformAuthRecord;
import io.sluice.orchestration.json.Json;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code sluice package aws [--pipelines DIR] [--platform-auth MODE]}: the one deployment artifact every Lambda of a Sluice deployment runs,
 * {@code adapters/aws/target/sluice-aws.jar} (what {@code infra-terraform/modules/aws} takes as {@code artifact_path}):
 * Maven builds the flat jar, then the pipelines folder is validated for AWS and bundled into it under {@code pipelines/},
 * with the platform authentication in front of the API recorded (or a {@code tenants.json} required).
 * Prints one JSON line: the artifact, its size, the pipelines bundled.
 */
@Command(name = "aws", mixinStandardHelpOptions = true,
        description = {"Build the Lambda artifact with the pipelines bundled: adapters/aws/target/sluice-aws.jar,",
                "a flat jar for Lambda's java21 runtime (handler FunctionInvoker)."})
final class AwsPackageCommand implements Callable<Integer> {
    @Option(names = "--pipelines", paramLabel = "DIR", defaultValue = "pipelines",
            description = "the folder of <id>.asl.json, <id>.config.json, <id>.pipeline.json and tenants.json (default ./pipelines)")
    private Path pipelines;
    @Option(names = "--substitutions", paramLabel = "FILE",
            description = "${Name} placeholder values filled into each bundled <id>.asl.json (DefinitionSubstitutions)")
    private String substitutions;
    @Option(names = "--platform-auth", paramLabel = "MODE",
            description = {"the authentication in front of the HTTP API, as the Terraform module's api_auth.mode says:",
                    "iam or lambda-authorizer (recorded in the bundle, which the http-api checks at start);",
                    "without it the bundle needs a tenants.json"})
    private String platformAuth;
    @Option(names = "--skip-build", description = "bundle into the artifact already built instead of building it first")
    private boolean skipBuild;

    private final CliContext context;

    AwsPackageCommand(CliContext context) {
        this.context = context;
    }

    @Override
    public Integer call() throws IOException, InterruptedException {
        CloudApiAuth.Mode auth = platformAuth();
        var filled = SubstitutionsFile.load(substitutions, context.err());
        if (filled == null) {
            return SluiceCli.EXIT_INVALID;
        }
        AwsArtifact artifact = AwsArtifact.inCheckout(Path.of(System.getProperty("sluice.home", ".")));
        if (!skipBuild && !artifact.build(context.err())) {
            context.err().println("sluice package: the build failed (see above)");
            return 1;
        }
        if (!Files.isRegularFile(artifact.jar())) {
            context.err().println("sluice package: " + artifact.jar() + " does not exist; run without --skip-build to build it");
            return 1;
        }
        AwsBundle.Result result = AwsBundle.bundle(artifact.jar(), pipelines, filled, auth);
        result.warnings().forEach(w -> context.err().println(w.replaceFirst(": ", ": warning: ")));
        if (!result.problems().isEmpty()) {
            result.problems().forEach(context.err()::println);
            return SluiceCli.EXIT_INVALID;
        }
        ObjectNode summary = Json.object().put("artifact", artifact.jar().toString()).put("bytes", Files.size(artifact.jar()));
        result.pipelines().forEach(summary.putArray("pipelines")::add);
        if (auth != null) {
            summary.put("platformAuth", auth.value());
        }
        context.out().println(Json.write(summary));
        return 0;
    }

    private CloudApiAuth.Mode platformAuth() {
        try {
            return PlatformAuthRecord.AWS.option(platformAuth);
        } catch (IllegalArgumentException e) {
            throw new SluiceCli.UsageException(e.getMessage());
        }
    }
}
