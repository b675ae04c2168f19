package io.sluice.aws;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarFile;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The Lambda artifact Maven builds before the integration tests (target/sluice-aws.jar, the shade plugin): the
 * handler and the application are in it, Spring's factory lists of every merged jar are merged rather than one
 * hiding another, and nothing the bundle must not carry (a servlet container, the local job engine) came along.
 */
class SluiceAwsArtifactIT {
    private static final Path JAR = Path.of("target/sluice-aws.jar");

    @Test
    void theArtifactHoldsTheHandlerTheApplicationAndMergedSpringLists() throws IOException {
        assertThat(JAR).as("built by the shade plugin at pre-integration-test").isRegularFile();
        try (JarFile jar = new JarFile(JAR.toFile())) {
            for (String c : List.of("org/springframework/cloud/function/adapter/aws/FunctionInvoker.class",
                    "io/sluice/aws/SluiceAwsApplication.class", "io/sluice/aws/http/AwsHttpApi.class",
                    "io/sluice/api/http/ExecutionsController.class", "com/amazonaws/services/lambda/runtime/serialization/PojoSerializer.class")) {
                assertThat(jar.getEntry(c)).as(c).isNotNull();
            }
            String factories = read(jar, "META-INF/spring.factories");
            assertThat(factories).contains("org.springframework.cloud.function.adapter.aws.CustomRuntimeInitializer")
                    .contains("org.springframework.boot.context.config.ConfigDataEnvironmentPostProcessor");
            String imports = read(jar, "META-INF/spring/org.springframework.boot.autoconfigure.AutoConfiguration.imports");
            assertThat(imports).contains("org.springframework.cloud.function.adapter.aws.AWSCompanionAutoConfiguration")
                    .contains("org.springframework.boot.autoconfigure.web.servlet.WebMvcAutoConfiguration");
            assertThat(jar.getManifest().getMainAttributes().getValue("Start-Class")).isEqualTo(SluiceAwsApplication.class.getName());
            assertThat(jar.stream().map(e -> e.getName()).filter(n -> n.startsWith("org/apache/catalina/") || n.startsWith("org/duckdb/"))
                    .collect(Collectors.toList())).isEmpty();
        }
    }

    private static String read(JarFile jar, String name) throws IOException {
        assertThat(jar.getEntry(name)).as(name).isNotNull();
        return new String(jar.getInputStream(jar.getEntry(name)).readAllBytes(), StandardCharsets.UTF_8);
    }
}
