package io.sluice.api.lambda;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.integration.lambda.LocalLambdas;
import io.sluice.orchestration.json.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.ResolvableType;

/**
 * The mapped Lambda functions become function beans of any Spring host: found both ways the hosts collect their task
 * functions, by generic type (the AWS entry points) and as the {@code Map<String, Function<JsonNode, JsonNode>>} of
 * beans (the local runtime, Azure).
 */
class LambdaFunctionRegistrarTest {
    @TempDir
    Path dir;

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(LambdaFunctionsAutoConfiguration.class));

    @Configuration(proxyBeanMethods = false)
    static class HostFunctions {
        @Bean
        Function<JsonNode, JsonNode> echo() {
            return input -> input;
        }

        @Bean
        Collected collected(Map<String, Function<JsonNode, JsonNode>> functions) {
            return new Collected(functions);
        }
    }

    private static Throwable innermost(Throwable t) {
        assertThat(t).as("the start failed").isNotNull();
        return t.getCause() == null ? t : innermost(t.getCause());
    }

    record Collected(Map<String, Function<JsonNode, JsonNode>> functions) {}

    private String mapping(String json) throws Exception {
        return Files.writeString(dir.resolve("lambdas.json"), json).toString();
    }

    @Test
    void eachMappedFunctionIsAFunctionBeanBesideTheHostSOwn() throws Exception {
        String file = mapping("{\"arn:aws:lambda:us-east-1:123456789012:function:score\": {\"response\": {\"ok\": true}}}");
        runner.withUserConfiguration(HostFunctions.class).withPropertyValues("sluice.lambdas-file=" + file).run(context -> {
            ResolvableType type = ResolvableType.forClassWithGenerics(Function.class, JsonNode.class, JsonNode.class);
            assertThat(context.getBeanNamesForType(type)).containsExactlyInAnyOrder("echo", "score");
            assertThat(context.getBean(Collected.class).functions()).containsOnlyKeys("echo", "score");
            assertThat(context.getBean(Collected.class).functions().get("score").apply(Json.object())).isEqualTo(Json.parse("{\"ok\": true}"));
            assertThat(context.getBean(LocalLambdas.class).mappings().file()).isEqualTo(file);
        });
    }

    @Test
    void withoutTheSettingNothingIsMapped() {
        runner.withUserConfiguration(HostFunctions.class).run(context -> {
            assertThat(context.getBean(Collected.class).functions()).containsOnlyKeys("echo");
            assertThat(context.getBean(LocalLambdas.class).mappings().names()).isEmpty();
        });
    }

    @Test
    void aMappedNameThatIsAFunctionAlreadyOrABadFileStopsTheStartSayingWhy() throws Exception {
        String clash = mapping("{\"echo\": {\"response\": 1}}");
        runner.withUserConfiguration(HostFunctions.class).withPropertyValues("sluice.lambdas-file=" + clash).run(context ->
                assertThat(innermost(context.getStartupFailure())).hasMessage(clash + ": /echo: 'echo' is a function of this runtime already;"
                        + " a mapped Lambda function takes a name no function has."));
        runner.withPropertyValues("sluice.lambdas-file=" + dir.resolve("missing.json")).run(context ->
                assertThat(innermost(context.getStartupFailure())).hasMessage(dir.resolve("missing.json") + ": /: no such file"));
    }
}
