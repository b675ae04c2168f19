package io.sluice.cli.bundle;

import io.sluice.orchestration.integration.Platform;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The pipelines of an Azure Functions deployment, put under {@code pipelines/} into the app's own jar (the
 * {@code scriptFile} of every function.json, at the app folder's root), where the functions read them:
 * {@code classpath*:pipelines/*.asl.json} ({@code sluice.pipelines}), {@code classpath:pipelines/tenants.json}
 * ({@code sluice.api.tenants}) and {@code classpath:pipelines/triggers.json} ({@code sluice.triggers.rules}), as the
 * Terraform module sets them, and {@code classpath:pipelines/platform-auth.json} ({@link PlatformAuthRecord}). The folder is read and validated for Azure as {@link PipelineFolder} reads it; a
 * folder with any error bundles nothing.
 */
public final class AzureBundle {
    static final String ENTRY = "io/sluice/azure/entry/HttpApiFunction.class";
    static final String JAR_PREFIX = "sluice-adapter-azure-";
    /** The record of the priority channels the package ships ({@link AzureFunctionSet#record}), beside the pipelines. */
    public static final String CHANNELS = "priority-channels.json";

    /** What {@link #bundle} put into the app, or the problems that kept it from doing so. */
    public record Result(Path jar, List<String> pipelines, List<String> files, List<String> problems, List<String> warnings) {}

    private AzureBundle() {}

    /**
     * Validates {@code pipelinesDir} for Azure, then replaces the {@code pipelines/} of the app jar in {@code app}, with the
     * platform authentication {@code auth} recorded ({@link PlatformAuthRecord}; without one the folder needs a
     * {@code tenants.json}) and the channels whose task functions {@code functions} ships ({@link #CHANNELS}).
     */
    public static Result bundle(Path app, Path pipelinesDir, io.sluice.api.tenant.CloudApiAuth.Mode auth, AzureFunctionSet functions)
            throws IOException {
        List<String> problems = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        Map<String, byte[]> files = PipelineFolder.collect(pipelinesDir, Platform.AZURE, problems, warnings);
        if (problems.isEmpty()) {
            PlatformAuthRecord.AZURE.put(pipelinesDir, files, auth, problems);
            files.put(CHANNELS, functions.record());
        }
        if (!problems.isEmpty()) {
            return new Result(null, List.of(), List.of(), problems, warnings);
        }
        List<Path> jars;
        try (Stream<Path> list = Files.isDirectory(app) ? Files.list(app) : Stream.empty()) {
            jars = list.filter(p -> p.getFileName().toString().startsWith(JAR_PREFIX) && p.toString().endsWith(".jar")).sorted().toList();
        }
        if (jars.size() != 1) {
            return new Result(null, List.of(), List.of(), List.of(app + ": is not the Sluice Azure Functions app: expected one "
                    + JAR_PREFIX + "<version>.jar at its root, found " + jars.size()), warnings);
        }
        Path jar = jars.get(0);
        List<String> missing = JarPipelines.replace(jar, List.of(ENTRY), files);
        if (!missing.isEmpty()) {
            return new Result(jar, List.of(), List.of(), missing.stream().map(m -> jar + ": is not the Sluice Azure app jar: it has no " + m).toList(),
                    warnings);
        }
        return new Result(jar, JarPipelines.ids(files.keySet()), List.copyOf(files.keySet()), List.of(), warnings);
    }
}
