package io.sluice.cli.aws;

import io.sluice.api.tenant.CloudApiAuth;
import io.sluice.cli.bundle.JarPipelines;
import io.sluice.cli.bundle.PipelineFolder;
import io.sluice.cli.bundle.PlatformAuthRecord;
import io.sluice.orchestration.integration.Platform;
import io.sluice.orchestration.substitution.DefinitionSubstitutions;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The pipelines of a Lambda deployment, put into its artifact under {@code pipelines/}, where the
 * functions read them ({@code classpath*:pipelines/*.asl.json}, the tenants at
 * {@code classpath:pipelines/tenants.json}): the folder as {@link PipelineFolder} reads it, validated for AWS;
 * a folder with any error bundles nothing.
 */
public final class AwsBundle {
    static final String HANDLER = "org/springframework/cloud/function/adapter/aws/FunctionInvoker.class";
    static final String APPLICATION = "io/sluice/aws/SluiceAwsApplication.class";

    /** What {@link #bundle} put into the artifact, or the problems that kept it from doing so. */
    public record Result(List<String> pipelines, List<String> files, List<String> problems, List<String> warnings) {}

    private AwsBundle() {}

    /**
     * Checks that {@code jar} is the Sluice AWS artifact, then replaces its {@code pipelines/} with the folder's, each
     * {@code <id>.asl.json} with its {@code ${Name}} placeholders filled. {@code auth}, the authentication in front of the API
     * ({@link CloudApiAuth.Mode#IAM} or {@link CloudApiAuth.Mode#LAMBDA_AUTHORIZER}), is recorded as
     * {@code pipelines/platform-auth.json}, which the http-api checks against the deployment's setting; without it the
     * folder must hold a {@code tenants.json}, or the http-api would refuse to start.
     */
    public static Result bundle(Path jar, Path pipelinesDir, DefinitionSubstitutions substitutions, CloudApiAuth.Mode auth) throws IOException {
        List<String> problems = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        Map<String, byte[]> files = PipelineFolder.collect(pipelinesDir, Platform.AWS, substitutions, problems, warnings);
        if (problems.isEmpty()) {
            PlatformAuthRecord.AWS.put(pipelinesDir, files, auth, problems);
        }
        if (!problems.isEmpty()) {
            return new Result(List.of(), List.of(), problems, warnings);
        }
        List<String> missing = JarPipelines.replace(jar, List.of(HANDLER, APPLICATION), files);
        if (!missing.isEmpty()) {
            return new Result(List.of(), List.of(), missing.stream().map(m -> jar + ": is not the Sluice AWS artifact: it has no " + m).toList(),
                    warnings);
        }
        return new Result(JarPipelines.ids(files.keySet()), List.copyOf(files.keySet()), List.of(), warnings);
    }
}
