package io.sluice.local.app;

import io.sluice.functions.integration.lambda.LambdaMappings;
import io.sluice.functions.integration.lambda.LocalLambdas;
import io.sluice.local.pipeline.PipelineCatalog;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.substitution.DefinitionSubstitutions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/**
 * The operator's Lambda functions (a mapping file: each to an Invoke API endpoint, a command or a fixed response) as
 * task functions of this runtime, and the placeholder values filled into its pipeline files. A file that is named but
 * missing or wrong stops the start with its problems, one line each.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(SluiceLambdaProperties.class)
public class LambdaConfiguration {
    private static final Logger LOG = LoggerFactory.getLogger(LambdaConfiguration.class);

    @Bean
    public LocalLambdas localLambdas(SluiceLambdaProperties properties, Environment environment) {
        Path file = properties.lambdasFile() == null ? Path.of(LambdaMappings.DEFAULT_FILE) : properties.lambdasFile();
        LambdaMappings mappings = LambdaMappings.read(file, properties.lambdasFile() != null);
        if (!mappings.names().isEmpty()) {
            LOG.info("Lambda functions mapped by {}: {}", file, mappings.names());
        }
        Map<String, String> env = new HashMap<>();
        for (String name : LocalLambdas.PASSED_ON) {
            String value = environment.getProperty(name);
            if (value != null) {
                env.put(name, value);
            }
        }
        return new LocalLambdas(mappings, env);
    }

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
