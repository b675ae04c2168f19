package io.sluice.aws.secrets;

import io.sluice.aws.client.AwsClients;
import io.sluice.aws.client.AwsServicesProperties;
import io.sluice.orchestration.port.SecretResolver;
import java.time.Clock;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import software.amazon.awssdk.services.secretsmanager.SecretsManagerClient;

/** The {@link SecretResolver} on Secrets Manager when {@code sluice.secrets.enabled=true}. */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(prefix = "sluice.secrets", name = "enabled", havingValue = "true")
@EnableConfigurationProperties({SecretsProperties.class, AwsServicesProperties.class})
public class SecretsConfiguration {

    @Bean(destroyMethod = "close")
    public SecretsManagerClient sluiceSecretsManagerClient(SecretsProperties secrets, AwsServicesProperties aws) {
        return AwsClients.build(SecretsManagerClient.builder(), aws.settings(secrets.endpoint()));
    }

    @Bean
    public SecretsManagerSecretResolver secretResolver(SecretsManagerClient client, SecretsProperties secrets, Clock clock) {
        return new SecretsManagerSecretResolver(client, secrets.prefix(), secrets.ttl(), clock);
    }
}
