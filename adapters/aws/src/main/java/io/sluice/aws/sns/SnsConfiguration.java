package io.sluice.aws.sns;

import io.sluice.aws.client.AwsClients;
import io.sluice.aws.client.AwsServicesProperties;
import io.sluice.orchestration.port.AlertSink;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Primary;
import software.amazon.awssdk.services.sns.SnsClient;

/**
 * Alerts to SNS when {@code sluice.sns.alert-topic-arn} is set: the primary {@link AlertSink}, so it wins over the
 * log sink the housekeeping functions fall back to, whichever configuration Spring reads first.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty("sluice.sns.alert-topic-arn")
@EnableConfigurationProperties({SnsProperties.class, AwsServicesProperties.class})
public class SnsConfiguration {

    @Bean(destroyMethod = "close")
    public SnsClient sluiceSnsClient(SnsProperties sns, AwsServicesProperties aws) {
        return AwsClients.build(SnsClient.builder(), aws.settings(sns.endpoint()));
    }

    @Bean
    @Primary
    public SnsAlertSink snsAlertSink(SnsClient client, SnsProperties sns) {
        return new SnsAlertSink(client, sns.alertTopicArn());
    }
}
