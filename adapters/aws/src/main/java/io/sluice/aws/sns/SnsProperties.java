package io.sluice.aws.sns;

import java.net.URI;
import org.springframework.boot.context.properties.ConfigurationProperties;

/** {@code sluice.sns.*}: {@code alert-topic-arn}, the topic alerts go to; {@code endpoint}, an override for SNS alone. */
@ConfigurationProperties("sluice.sns")
public record SnsProperties(String alertTopicArn, URI endpoint) {}
