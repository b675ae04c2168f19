package io.sluice.cli.chaos;

import io.sluice.runtime.Completions;
import io.sluice.runtime.RuntimePorts;
import io.sluice.functions.events.CompletionListener;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.functions.orchestrator.Orchestrator;
import io.sluice.functions.start.PipelineDefinitions;
import io.sluice.functions.start.PipelineStarter;
import io.sluice.functions.trigger.PartitionNames;
import io.sluice.functions.trigger.upstream.Dependent;
import io.sluice.functions.trigger.upstream.FixedDependencyGraph;
import io.sluice.functions.trigger.upstream.PartitionMapping;
import io.sluice.functions.trigger.upstream.UpstreamTrigger;
import io.sluice.local.runtime.QueueConsumer;
import io.sluice.orchestration.definition.Definition;
import io.sluice.orchestration.definition.DefinitionParser;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.TaskQueue;
import io.sluice.redis.RedisAdapters;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The drill's {@code events} process: the completion listener the hosts run, consuming the events queue, with the
 * dependency release of the retail export's dependency check and the upstream-completion trigger as its handlers ({@value #DOWNSTREAM} depends on {@value ChaosDrill#PIPELINE} for the
 * same partition), so every successful drill execution must start exactly one downstream run, however often this
 * process is killed between starting it and acknowledging the event. Each handled delivery of a completion is
 * recorded (execution id and the queue's message id), so the checks can tell a redelivery (the same message again) from
 * a completion emitted twice (two messages).
 */
final class ChaosEvents {
    static final String DOWNSTREAM = "chaos-after";
    static final String DOWNSTREAM_DEFINITION = """
            {"StartAt": "After", "States": {"After": {"Type": "Task", "Resource": "sluice:function:flaky",
              "Parameters": {"key.$": "States.Format('after/{}', $.partition)"},
              "Retry": [{"ErrorEquals": ["States.ALL"], "IntervalSeconds": 1, "MaxAttempts": 20, "BackoffRate": 1.5, "MaxDelaySeconds": 4}],
              "End": true}}}""";

    private ChaosEvents() {}

    static QueueConsumer start(RedisAdapters redis, RuntimePorts ports, QueueNames names, String prefix, Clock clock) {
        TaskQueue queue = ports.queue();
        Orchestrator orchestrator = ChaosNode.runtime(ports, names, clock).build().orchestrator();
        Definition downstream = DefinitionParser.parse(Json.parse(DOWNSTREAM_DEFINITION));
        PipelineStarter starter = new PipelineStarter(orchestrator::start,
                PipelineDefinitions.of(id -> id.equals(DOWNSTREAM) ? Optional.of(downstream) : Optional.empty()));
        FixedDependencyGraph graph = new FixedDependencyGraph(Map.of(DOWNSTREAM,
                List.of(new Dependent.Dependency(ChaosDrill.PIPELINE, PartitionMapping.IDENTITY))));
        CompletionListener completions = Completions.of(ports.executions(), clock).upstream(graph, redis.upstreamLedger(), starter)
                .and(RetailFunctions.release(redis.redisson(), prefix, redis.timerIndex(), queue, names, clock)).build();
        return new QueueConsumer(queue, names.events(), m -> {
            if (completions.handle(m.body()).isPresent()) {
                redis.redisson().getSet(deliveriesKey(prefix)).add(m.attributes().getOrDefault("executionId", "?") + " " + m.messageId());
            }
            return true;
        }, ChaosNode.VISIBILITY, 4);
    }

    /** Where each handled delivery of a completion event is recorded, as {@code "<executionId> <messageId>"}. */
    static String deliveriesKey(String prefix) {
        return prefix + ":chaos:completion-deliveries";
    }

    /** The downstream run drill execution {@code i} (partition {@code p-i}) must start when it succeeds. */
    static String downstreamId(int i) {
        return Orchestrator.executionId(DOWNSTREAM, PartitionNames.of(partition(i)));
    }

    static String partition(int i) {
        return "p-" + i;
    }
}
