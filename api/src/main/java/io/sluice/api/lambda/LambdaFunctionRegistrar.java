package io.sluice.api.lambda;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.integration.lambda.LambdaMappings;
import io.sluice.functions.integration.lambda.LocalLambdas;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.beans.factory.support.BeanDefinitionRegistryPostProcessor;
import org.springframework.beans.factory.support.RootBeanDefinition;
import org.springframework.context.EnvironmentAware;
import org.springframework.core.ResolvableType;
import org.springframework.core.env.Environment;

/**
 * Makes each Lambda function of the operator's mapping file ({@code sluice.lambdas-file}) a
 * {@code Function<JsonNode, JsonNode>} bean named by its function name, so every host that takes its task functions
 * from the application's function beans (the local runtime, the AWS and Azure entry points) runs it as one of its
 * own; and registers the {@link LocalLambdas} themselves (none mapped without the setting). A mapped name that is a
 * bean's already stops the start, naming both: one never silently hides the other.
 */
public final class LambdaFunctionRegistrar implements BeanDefinitionRegistryPostProcessor, EnvironmentAware {
    /** The setting naming the mapping file. */
    public static final String FILE = "sluice.lambdas-file";
    static final String LAMBDAS_BEAN = "sluiceLocalLambdas";
    private static final ResolvableType FUNCTION = ResolvableType.forClassWithGenerics(Function.class, JsonNode.class, JsonNode.class);

    private Environment environment;

    @Override
    public void setEnvironment(Environment environment) {
        this.environment = environment;
    }

    @Override
    public void postProcessBeanDefinitionRegistry(BeanDefinitionRegistry registry) {
        String file = environment.getProperty(FILE);
        LambdaMappings mappings = file == null || file.isBlank() ? LambdaMappings.none(LambdaMappings.DEFAULT_FILE)
                : LambdaMappings.read(Path.of(file.strip()), true);
        Map<String, String> env = new HashMap<>();
        for (String name : LocalLambdas.PASSED_ON) {
            String value = environment.getProperty(name);
            if (value != null) {
                env.put(name, value);
            }
        }
        LocalLambdas lambdas = new LocalLambdas(mappings, env);
        registry.registerBeanDefinition(LAMBDAS_BEAN, new RootBeanDefinition(LocalLambdas.class, () -> lambdas));
        for (Map.Entry<String, Function<JsonNode, JsonNode>> e : lambdas.functions().entrySet()) {
            if (registry.containsBeanDefinition(e.getKey())) {
                throw new IllegalStateException(mappings.file() + ": /" + e.getKey() + ": '" + e.getKey() + "' is a function of this"
                        + " runtime already; a mapped Lambda function takes a name no function has.");
            }
            RootBeanDefinition function = new RootBeanDefinition();
            function.setTargetType(FUNCTION);
            function.setInstanceSupplier(e::getValue);
            registry.registerBeanDefinition(e.getKey(), function);
        }
    }

    @Override
    public void postProcessBeanFactory(ConfigurableListableBeanFactory beanFactory) {
        // Everything is done on the registry.
    }
}
