package io.sluice.local.app;

import java.nio.file.Path;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Where the runtime's Lambda functions and the definitions' placeholders come from ({@code --lambdas FILE} and
 * {@code --substitutions FILE} of {@code sluice serve}).
 *
 * @param lambdasFile       the Lambda mapping file ({@code sluice.lambdas-file}; {@code sluice serve} passes ./lambdas.json when
 *                          there is one); unset: none mapped
 * @param substitutionsFile a JSON object of {@code ${Name}} placeholder values, filled into every ASL pipeline file
 *                          ({@code sluice.substitutions-file}, as CloudFormation's DefinitionSubstitutions); unset: none
 */
@ConfigurationProperties("sluice")
public record SluiceLambdaProperties(Path lambdasFile, Path substitutionsFile) {}
