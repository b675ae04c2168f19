package io.sluice.local.app;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.local.embedded.LocalBackends;
import io.sluice.local.pipeline.PipelineCatalog;
import io.sluice.local.pipeline.PipelineProblem;
import io.sluice.local.runtime.LocalRuntime;
import java.net.URI;
import java.nio.file.Files;
import java.time.Clock;
import java.util.Map;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/** Wires the local runtime: backends, the runtime over them, the pipelines and the executions the API works on. */
@Configuration(proxyBeanMethods = false)
public class RuntimeConfiguration {
    private static final Logger LOG = LoggerFactory.getLogger(RuntimeConfiguration.class);

    /** The queue and Redis; the embedded ones stop when the application does. */
    @Bean(destroyMethod = "close")
    public LocalBackends localBackends(SluiceLocalProperties properties, Environment environment) {
        SluiceLocalProperties.Sqs sqs = properties.sqs();
        SluiceLocalProperties.Redis redis = properties.redis();
        LocalBackends backends = LocalBackends.open(new LocalBackends.Settings(
                blank(sqs.url()) ? null : URI.create(sqs.url().strip()), sqs.port(), sqs.region(),
                blank(redis.url()) ? null : redis.url().strip(), redis.keyPrefix(), redis.binary(),
                environment.getProperty("PATH", ""), sqs.maxReceives()));
        LOG.info("queue: {}; Redis: {}", backends.queueDescription(), backends.redisDescription());
        return backends;
    }

    @Bean
    public TaskFunctionBeans taskFunctionBeans(Map<String, Function<JsonNode, JsonNode>> functions) {
        return new TaskFunctionBeans(functions);
    }

    @Bean
    public QueueNames queueNames(SluiceLocalProperties properties) {
        return new QueueNames(properties.queuePrefix());
    }

    @Bean(destroyMethod = "close")
    public LocalRuntime localRuntime(LocalBackends backends, TaskFunctionBeans functions, QueueNames names) {
        LocalRuntime.Settings d = LocalRuntime.Settings.defaults();
        LocalRuntime.Settings settings = new LocalRuntime.Settings(names, d.visibility(), d.lease(), d.concurrency(), d.tickEvery(),
                d.outboxGrace(), d.probe());
        return new LocalRuntime(backends.ports(), functions.taskFunctions(), functions.names(), settings, Clock.systemUTC());
    }

    @Bean(destroyMethod = "close")
    QueueHousekeeping queueHousekeeping(LocalBackends backends, QueueNames names, TaskFunctionBeans functions) {
        return new QueueHousekeeping(backends.ports().queue(), names, functions.names());
    }

    /** Problems are logged, one line each, and the pipeline is left out; they never stop the start. */
    @Bean
    public PipelineCatalog pipelineCatalog(SluiceLocalProperties properties, TaskFunctionBeans functions) {
        PipelineCatalog catalog = PipelineCatalog.load(properties.pipelinesDir(), functions.names());
        if (!Files.isDirectory(catalog.directory())) {
            LOG.warn("no pipelines directory {}; create it and put <id>.asl.json files there (they are read on first use)",
                    catalog.directory());
        }
        for (PipelineProblem p : catalog.problems()) {
            if (p.warning()) {
                LOG.warn("{}", p);
            } else {
                LOG.error("{} (pipeline not loaded)", p);
            }
        }
        LOG.info("{} pipeline(s) from {}: {}", catalog.pipelines().size(), catalog.directory(),
                catalog.pipelines().stream().map(PipelineCatalog.Pipeline::id).toList());
        return catalog;
    }

    @Bean
    public Executions executions(LocalRuntime runtime, LocalBackends backends, QueueNames names) {
        return new Executions(runtime, backends.ports().executions(), backends.ports().queue(), names);
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }
}
