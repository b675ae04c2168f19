package io.sluice.local.app;

import io.sluice.functions.integration.lambda.LocalLambdas;
import io.sluice.local.pipeline.PipelineCatalog;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.substitution.DefinitionSubstitutions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * What the pipeline files are read with: the placeholder values filled into them, and the Lambda mapping file (whose
 * functions {@code io.sluice.api.lambda.LambdaFunctionRegistrar} makes task functions of this runtime) an unmapped
 * Lambda function's problem tells the operator to write. A file that is named but missing or wrong stops the start
 * with its problems, one line each.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(SluiceLambdaProperties.class)
public class LambdaConfiguration {
    @Bean
    public PipelineCatalog.Sources pipelineSources(SluiceLambdaProperties properties, LocalLambdas lambdas) {
        return new PipelineCatalog.Sources(substitutions(properties.substitutionsFile()), lambdas.mappings());
    }

    /** The placeholder values of {@code file}; none when it is unset. */
    static DefinitionSubstitutions substitutions(Path file) {
        if (file == null) {
            return DefinitionSubstitutions.none();
        }
        try {
            return DefinitionSubstitutions.parse(Json.parse(Files.readString(file)), file.toString());
        } catch (IOException e) {
            throw new IllegalArgumentException(file + ": /: cannot read the substitutions file (sluice.substitutions-file): " + e);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(e.getMessage().startsWith(file.toString()) ? e.getMessage() : file + ": /: " + e.getMessage(), e);
        }
    }
}
