package io.sluice.aws.http;

import io.sluice.api.http.SluiceApiProperties;
import io.sluice.api.port.ExecutionControl;
import io.sluice.api.sfn.SfnApi;
import io.sluice.api.sfn.SfnService;
import io.sluice.api.sfn.StoredStateMachines;
import io.sluice.api.sfn.TenantSigning;
import io.sluice.api.tenant.CloudApiAuth;
import io.sluice.api.tenant.Tenants;
import io.sluice.aws.AwsFunctions;
import io.sluice.aws.SluiceAwsProperties;
import io.sluice.orchestration.port.SecretResolver;
import io.sluice.redis.RedisAdapters;
import io.sluice.orchestration.port.MapRunStore;
import java.time.Clock;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;

/**
 * The Step Functions API in the {@code http-api} function: {@code POST /} with {@code X-Amz-Target:
 * AWSStepFunctions.<Operation>} reaches it instead of the HTTP API's controllers ({@link HttpApiFunction}). Its
 * authentication is the HTTP API's: behind API Gateway's IAM authorization ({@code sluice.api.platform-auth=iam}, the
 * module's default) API Gateway has checked the SigV4 signature, made with the caller's AWS credentials, and every caller
 * it let through (the event's {@code requestContext.authorizer.iam}) is the platform's operator; behind a Lambda authorizer
 * ({@code lambda-authorizer}) without a tenants file, so is every caller the authorizer let through with a context
 * ({@code requestContext.authorizer.lambda}). Otherwise every request
 * must be signed with a key of the bundled tenants file, whose signing secret is the Secrets Manager
 * secret {@code <sluice.secrets.prefix><tenant>/sigv4-<id>}; without tenants or without Secrets Manager
 * ({@code sluice.secrets.enabled}) every request is refused. State machines are {@link AwsSfnApi}'s; activities' tasks
 * wait in Redis; GetActivityTask waits at most {@code sluice.sfn-api.activity-poll} (20 s, under API Gateway's 30 s).
 */
// Not a @Configuration: its beans belong to the web context only (HttpApiWebConfiguration imports it).
class HttpApiSfn {
    private static final Logger LOG = LoggerFactory.getLogger(HttpApiSfn.class);

    @Bean
    SfnApi stepFunctionsApi(StoredStateMachines machines, ExecutionControl executions, Tenants tenants, RedisAdapters redis, MapRunStore mapRuns,
                            ObjectProvider<SecretResolver> secrets, Clock clock, SluiceApiProperties api, SluiceAwsProperties aws,
                            ApplicationContext web, @Value(AwsSfnApi.ACCOUNT) String account,
                            @Value("${sluice.sfn-api.activity-poll:20s}") String activityPollText,
                            @Value("${" + CloudApiAuth.SETTING + ":}") String platformAuth,
                            ObjectProvider<io.micrometer.core.instrument.MeterRegistry> meters,
                            ObjectProvider<io.sluice.functions.maprun.ChildRuns> children) {
        // Read here: the web context has no conversion service for @Value durations.
        Duration activityPoll = org.springframework.boot.convert.DurationStyle.detectAndParse(activityPollText);
        SecretResolver resolver = secrets.getIfAvailable();
        CloudApiAuth.Mode mode = CloudApiAuth.parse(platformAuth);
        // Behind IAM the platform checked the signature; behind a Lambda authorizer without tenants, the authorizer is all
        // the authentication there is (with tenants, requests are signed with their keys, as without a platform in front).
        boolean behindPlatform = mode == CloudApiAuth.Mode.IAM || mode == CloudApiAuth.Mode.LAMBDA_AUTHORIZER && !tenants.configured();
        if (!behindPlatform && (resolver == null || !tenants.configured())) {
            LOG.warn("the Step Functions API refuses every request: it needs a bundled tenants.json and Secrets Manager"
                    + " (sluice.secrets.enabled=true) holding each key's signing secret <tenant>/sigv4-<id>");
        }
        ApplicationContext application = web.getParent() == null ? web : web.getParent();
        return SfnService.builder().arns(aws.region(), account).machines(machines).executions(executions)
                .directTasks(AwsFunctions.taskFunctions(application)).activities(redis.activityTasks(), activityPoll)
                .mapRuns(mapRuns, children::getIfAvailable) // the map-run function's records (AwsPorts) and its coordinator
                .authenticatedBy(behindPlatform ? TenantSigning.behindPlatform() : TenantSigning.cloud(tenants, resolver, clock))
                .clock(clock).maxBodyBytes(api.maxBodyBytes()).timedBy(meters.getIfAvailable()) // sluice.api.requests (EMF)
                .build();
    }
}
