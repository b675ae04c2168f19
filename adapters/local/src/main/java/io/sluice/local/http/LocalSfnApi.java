package io.sluice.local.http;

import io.sluice.api.http.SluiceApiProperties;
import io.sluice.api.port.ExecutionControl;
import io.sluice.api.port.InProcessTasks;
import io.sluice.api.sfn.DirectTasks;
import io.sluice.api.sfn.SfnApi;
import io.sluice.api.sfn.SfnService;
import io.sluice.api.tenant.Tenants;
import io.sluice.local.app.SluiceLocalProperties;
import io.sluice.local.app.TaskFunctionBeans;
import io.sluice.local.config.EnvOrFileSecretResolver;
import io.sluice.local.embedded.LocalBackends;
import io.sluice.local.pipeline.PipelineCatalog;
import io.sluice.local.runtime.LocalRuntime;
import io.sluice.local.sfn.FolderStateMachines;
import io.sluice.local.sfn.SfnApiProperties;
import io.sluice.local.sfn.SfnAuthentication;
import io.sluice.local.sfn.SfnListener;
import io.sluice.functions.maprun.ChildRuns;
import io.sluice.orchestration.port.MapRunStore;
import io.sluice.redis.RedisMapRunStore;
import java.net.BindException;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/**
 * The Step Functions API ({@code io.sluice.api.sfn}) on the local host: state machines are the pipelines folder's,
 * executions the runtime's, and it listens on a port of its own ({@code sluice.sfn-api.port}, 8083 by default).
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(SfnApiProperties.class)
public class LocalSfnApi {
    private static final Logger LOG = LoggerFactory.getLogger(LocalSfnApi.class);

    /** Where the Step Functions API listens, if it does: what {@code sluice serve} prints. */
    public record Endpoint(Optional<SfnListener> listener) implements AutoCloseable {
        public Optional<String> url() {
            return listener.map(SfnListener::endpoint);
        }

        @Override
        public void close() {
            listener.ifPresent(SfnListener::close);
        }
    }

    @Bean
    FolderStateMachines stateMachines(PipelineCatalog catalog, SfnApiProperties properties, LocalRuntime runtime, LocalBackends backends) {
        return new FolderStateMachines(catalog, properties.account(), runtime::start, backends.ports().definitions());
    }

    @Bean
    InProcessTasks inProcessTasks(TaskFunctionBeans functions) {
        return new DirectTasks(functions.taskFunctions());
    }

    @Bean(destroyMethod = "close")
    @ConditionalOnProperty(name = "sluice.sfn-api.enabled", havingValue = "true", matchIfMissing = true)
    Endpoint sfnEndpoint(SfnApiProperties properties, SluiceApiProperties api, FolderStateMachines machines, ExecutionControl executions,
                         InProcessTasks tasks, Tenants tenants, SluiceLocalProperties local, Clock clock, Environment environment,
                         LocalBackends backends, ObjectProvider<MapRunStore> mapRuns, ObjectProvider<ChildRuns> childRuns,
                         ObjectProvider<io.micrometer.core.instrument.MeterRegistry> meters) {
        // Activities' tasks wait in Redis (the runtime's ports), so a restart loses none.
        SfnApi sfn = SfnService.builder().arns(properties.region(), properties.account()).machines(machines).executions(executions)
                .tasks(tasks).activities(backends.ports().activities(), properties.activityPoll())
                // the map-run function's records (ChildRunConfiguration's) and its coordinator
                .mapRuns(mapRuns.getIfAvailable(() -> new RedisMapRunStore(backends.redisson(), backends.redisKeyPrefix())), childRuns::getIfAvailable)
                .authenticatedBy(SfnAuthentication.of(tenants, new EnvOrFileSecretResolver(Map.of(), local.secretsDir()), clock))
                .clock(clock).maxBodyBytes(api.maxBodyBytes()).timedBy(meters.getIfAvailable()) // sluice.api.requests
                .build();
        try {
            SfnListener listener = SfnListener.start(sfn, properties.address(), properties.port(), sfn.maxBodyBytes());
            LOG.debug("Step Functions API on {}", listener.endpoint()); // serve prints it; the log stays quiet
            return new Endpoint(Optional.of(listener));
        } catch (BindException e) {
            if (environment.containsProperty("sluice.sfn-api.port")) {
                throw new IllegalStateException("The Step Functions API cannot listen on " + properties.address() + ":" + properties.port()
                        + ": the port is taken; choose another with --sluice.sfn-api.port (0 for any free port).");
            }
            LOG.warn("The Step Functions API is not served: {}:{} is taken (by Step Functions Local, or another runtime?);"
                    + " give --sluice.sfn-api.port=PORT to serve it elsewhere.", properties.address(), properties.port());
            return new Endpoint(Optional.empty());
        }
    }
}
