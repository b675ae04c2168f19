package io.sluice.cli.chaos;

import io.sluice.functions.messaging.QueueNames;
import io.sluice.functions.orchestrator.Orchestrator;
import io.sluice.functions.start.PipelineDefinitions;
import io.sluice.functions.start.PipelineStarter;
import io.sluice.functions.trigger.object.ExecutionNames;
import io.sluice.functions.trigger.object.ObjectEvents;
import io.sluice.functions.trigger.object.ObjectRules;
import io.sluice.functions.trigger.object.ObjectTrigger;
import io.sluice.functions.trigger.object.ParsedRecord;
import io.sluice.functions.trigger.object.TriggerMetrics;
import io.sluice.local.runtime.QueueConsumer;
import io.sluice.orchestration.definition.Definition;
import io.sluice.orchestration.definition.DefinitionParser;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.TaskQueue;
import io.sluice.runtime.RuntimePorts;
import java.time.Clock;
import java.util.Optional;

/**
 * The drill's {@code triggers} process: the object trigger the hosts run, consuming S3 object-created
 * notifications from a queue of its own and starting {@value #PIPELINE} for each object version. The drill sends
 * every notification twice (stores deliver at least once), the copy later, while this process is SIGKILLed
 * like the others: each object must have started exactly one run, and it must succeed.
 */
final class ChaosTriggers {
    static final String PIPELINE = "chaos-object";
    static final String BUCKET = "chaos-landing";
    static final String RULES = """
            {"rules": [{"id": "drops", "store": "s3", "bucket": "chaos-landing", "prefix": "drops/", "suffix": ".csv",
              "pipeline": "chaos-object", "input": {"key": "${key}"}}]}""";
    static final String DEFINITION = """
            {"StartAt": "Take", "States": {"Take": {"Type": "Task", "Resource": "sluice:function:flaky",
              "Parameters": {"key.$": "States.Format('object/{}', $.key)"},
              "Retry": [{"ErrorEquals": ["States.ALL"], "IntervalSeconds": 1, "MaxAttempts": 20, "BackoffRate": 1.5, "MaxDelaySeconds": 4}],
              "End": true}}}""";

    private ChaosTriggers() {}

    static QueueConsumer start(RuntimePorts ports, QueueNames names, Clock clock) {
        TaskQueue queue = ports.queue();
        Orchestrator orchestrator = ChaosNode.runtime(ports, names, clock).build().orchestrator();
        Definition definition = DefinitionParser.parse(Json.parse(DEFINITION));
        ObjectTrigger trigger = new ObjectTrigger(ObjectRules.parse(RULES), new PipelineStarter(orchestrator::start,
                PipelineDefinitions.of(id -> id.equals(PIPELINE) ? Optional.of(definition) : Optional.empty())), TriggerMetrics.NONE);
        return new QueueConsumer(queue, queue(names), m -> !trigger.apply(m.body()).retryable(), ChaosNode.VISIBILITY, 4);
    }

    /** The queue the store's notifications arrive on. */
    static String queue(QueueNames names) {
        return names.prefix() + "-object-events";
    }

    /** The S3 notification of object {@code j}: one version of {@code drops/file-j.csv}. */
    static String notification(int j) {
        return Json.write(Json.parse("""
                {"Records": [{"eventVersion": "2.1", "eventSource": "aws:s3", "awsRegion": "eu-west-1", "eventTime": "2026-12-01T00:00:00.000Z",
                  "eventName": "ObjectCreated:Put", "s3": {"s3SchemaVersion": "1.0", "bucket": {"name": "%s", "arn": "arn:aws:s3:::%s"},
                  "object": {"key": "drops/file-%d.csv", "size": 42, "eTag": "etag-%d", "versionId": "v%d", "sequencer": "%016X"}}}]}"""
                .formatted(BUCKET, BUCKET, j, j, j, j + 1)));
    }

    /** The execution object {@code j}'s notification must start: the name the trigger gives its version. */
    static String executionId(int j) {
        ParsedRecord record = ObjectEvents.parse(notification(j)).records().get(0);
        return Orchestrator.executionId(PIPELINE, ExecutionNames.of(((ParsedRecord.Found) record).object()));
    }
}
