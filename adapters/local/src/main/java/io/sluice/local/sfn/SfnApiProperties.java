package io.sluice.local.sfn;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The Step Functions API of the local runtime ({@code sluice.sfn-api.*}).
 *
 * @param enabled whether it is served at all
 * @param port    its own port, 8083 as Step Functions Local's; {@code 0} for any free one. When the default port is taken
 *                the runtime starts without it and says so; a port set on purpose that is taken stops the start
 * @param address where it listens: loopback unless told otherwise
 * @param region  the region every ARN names
 * @param account the account every ARN names (Step Functions Local's {@code 123456789012} by default)
 * @param activityPoll how long GetActivityTask waits for a task before it answers without one (60 s, as Step Functions)
 */
@ConfigurationProperties("sluice.sfn-api")
public record SfnApiProperties(@DefaultValue("true") boolean enabled, @DefaultValue("8083") int port,
                               @DefaultValue("127.0.0.1") String address, @DefaultValue("us-east-1") String region,
                               @DefaultValue("123456789012") String account, @DefaultValue("60s") Duration activityPoll) {}
