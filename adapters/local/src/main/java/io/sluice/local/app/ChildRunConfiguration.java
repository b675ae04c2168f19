package io.sluice.local.app;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.events.FinishedExecution;
import io.sluice.functions.harness.TaskFunctions;
import io.sluice.functions.maprun.Buckets;
import io.sluice.functions.maprun.ChildRuns;
import io.sluice.functions.maprun.MapRunCoordinator;
import io.sluice.functions.maprun.MapRunFunction;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.functions.nested.StartExecution;
import io.sluice.functions.start.PipelineDefinitions;
import io.sluice.functions.tenancy.Tenancy;
import io.sluice.local.embedded.LocalBackends;
import io.sluice.local.objects.FolderObjectStore;
import io.sluice.local.pipeline.PipelineCatalog;
import io.sluice.local.runtime.LocalRuntime;
import io.sluice.orchestration.port.MapRunStore;
import io.sluice.redis.RedisExecutionLinks;
import io.sluice.redis.RedisMapRunStore;
import java.time.Clock;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Child executions ({@code states:startExecution}) and distributed Maps on the local runtime: the
 * {@code executions} and {@code map-run} task functions and the completion handler that carries a child's end
 * to its parent, wired as every host wires them ({@link ChildRuns}) over the runtime's Redis, the pipelines
 * folder (a StateMachineArn's name is a pipeline of it) and the data folder (a Bucket is a folder of it).
 * The runtime, the pipelines and the bundle's functions are looked up when first used: they include these.
 */
@Configuration(proxyBeanMethods = false)
public class ChildRunConfiguration {

    /** The map runs' records and counts, on the runtime's Redis; the API's map-run view reads its counts here too. */
    @Bean
    public MapRunStore mapRunStore(LocalBackends backends) {
        return new RedisMapRunStore(backends.redisson(), backends.redisKeyPrefix());
    }

    @Bean
    public ChildRuns childRuns(LocalBackends backends, MapRunStore mapRuns, QueueNames names, SluiceLocalProperties properties, Clock clock,
                               ObjectProvider<LocalRuntime> runtime, ObjectProvider<PipelineCatalog> catalog,
                               ObjectProvider<TaskFunctionBeans> functions, ObjectProvider<Tenancy> tenancy,
                               ObjectProvider<FolderObjectStore> objects) {
        PipelineDefinitions pipelines = id -> switch (catalog.getObject().find(id)) {
            case PipelineCatalog.Lookup.Found f -> new PipelineDefinitions.Lookup.Found(f.pipeline().definition());
            case PipelineCatalog.Lookup.Invalid i -> new PipelineDefinitions.Lookup.Unavailable("pipeline '" + id + "' is invalid");
            case PipelineCatalog.Lookup.Missing m -> new PipelineDefinitions.Lookup.Unavailable("there is no pipeline '" + id + "'");
        };
        TaskFunctions bundle = name -> Optional.ofNullable(functions.getObject().byName().get(name));
        FolderObjectStore data = objects.getIfAvailable(() -> new FolderObjectStore(properties.dataDir()));
        return ChildRuns.wire(new ChildRuns.Wiring(mapRuns,
                new RedisExecutionLinks(backends.redisson(), backends.redisKeyPrefix()), backends.ports().executions(),
                backends.ports().queue(), names, Buckets.folders(data), pipelines,
                (pipeline, name, definition, input) -> runtime.getObject().start(pipeline, name, definition, input),
                tenancy.getIfAvailable(() -> Tenancy.SINGLE), bundle, clock, MapRunCoordinator.Settings.defaults()));
    }

    @Bean(StartExecution.NAME)
    public Function<JsonNode, JsonNode> executions(ChildRuns children) {
        return children.executions();
    }

    @Bean(MapRunFunction.NAME)
    public Function<JsonNode, JsonNode> mapRun(ChildRuns children) {
        return children.mapRun();
    }

    /** A child's end reaches its parent (the events function calls it with every completion). */
    @Bean
    public Consumer<FinishedExecution> childCompletions(ChildRuns children) {
        return e -> children.handlers().forEach(h -> h.accept(e));
    }
}
