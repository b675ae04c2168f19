package io.sluice.azure.host;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.env.Environment;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.io.ResourceLoader;

/** When the Function App keeps metrics for Application Insights ({@link AzureRuntime#azureMonitorMetrics}): the app settings decide. */
class ApplicationInsightsConditionTest {

    static boolean matches(Map<String, Object> settings) {
        StandardEnvironment env = new StandardEnvironment();
        env.getPropertySources().addFirst(new MapPropertySource("app settings", settings));
        ConditionContext context = new ConditionContext() {
            @Override
            public BeanDefinitionRegistry getRegistry() {
                throw new UnsupportedOperationException();
            }

            @Override
            public ConfigurableListableBeanFactory getBeanFactory() {
                return null;
            }

            @Override
            public Environment getEnvironment() {
                return env;
            }

            @Override
            public ResourceLoader getResourceLoader() {
                return null;
            }

            @Override
            public ClassLoader getClassLoader() {
                return ApplicationInsightsConditionTest.class.getClassLoader();
            }
        };
        return new AzureRuntime.ApplicationInsights().matches(context, null);
    }

    @Test
    void aConnectionStringTurnsMetricsOnUnlessTheyAreTurnedOff() {
        String cs = "InstrumentationKey=00000000-0000-0000-0000-0000000000a1;IngestionEndpoint=https://westeurope-5.in.applicationinsights.azure.com/";
        assertThat(matches(Map.of("APPLICATIONINSIGHTS_CONNECTION_STRING", cs))).isTrue();
        assertThat(matches(Map.of("APPLICATIONINSIGHTS_CONNECTION_STRING", cs, "sluice.metrics.enabled", "false"))).isFalse();
        assertThat(matches(Map.of("APPLICATIONINSIGHTS_CONNECTION_STRING", " "))).isFalse();
        assertThat(matches(Map.of())).isFalse();
    }
}
