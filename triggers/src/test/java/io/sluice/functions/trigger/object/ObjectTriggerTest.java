package io.sluice.functions.trigger.object;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.functions.orchestrator.Boundary;
import io.sluice.functions.orchestrator.DefinitionCache;
import io.sluice.functions.orchestrator.Orchestrator;
import io.sluice.functions.orchestrator.OutboxDispatcher;
import io.sluice.functions.start.ExecutionStarter;
import io.sluice.functions.start.PipelineDefinitions;
import io.sluice.functions.start.PipelineStarter;
import io.sluice.orchestration.definition.Definition;
import io.sluice.orchestration.definition.DefinitionParser;
import io.sluice.orchestration.engine.ExecutionCodec;
import io.sluice.orchestration.json.Json;
import io.sluice.testkit.fake.InMemoryDefinitionStore;
import io.sluice.testkit.fake.InMemoryExecutionStore;
import io.sluice.testkit.fake.InMemoryTaskQueue;
import io.sluice.testkit.fake.InMemoryTimerIndex;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** The object-trigger function end to end, starting executions on the real orchestrator over in-memory ports. */
class ObjectTriggerTest {
    static final Definition LOAD = DefinitionParser.parse(Json.parse("""
            {"StartAt": "Load", "States": {"Load": {"Type": "Task", "Resource": "sluice:function:load", "End": true}}}"""));
    static final String RULES = """
            {"rules": [
              {"id": "sales", "store": "s3", "bucket": "acme-landing", "prefix": "sales/", "suffix": ".csv", "maxSize": 1000000,
               "pipeline": "sales-ingest", "partition": {"pattern": "sales/{yyyy}/{MM}/{dd}/"},
               "input": {"file": "${store}://${bucket}/${key}", "bytes": "${size}", "version": "${version}", "businessDate": "${partition}"}},
              {"id": "exports", "bucket": "acme-landing", "glob": "exports/**/*.parquet", "pipeline": "exports",
               "partition": {"regex": "dt=(?<partition>\\\\d{4}-\\\\d{2}-\\\\d{2})"}},
              {"id": "uploads", "bucket": "acme-landing", "prefix": "uploads/", "pipeline": "uploads"},
              {"id": "azure", "store": "azure-blob", "container": "landing", "glob": "sales/**", "pipeline": "sales-ingest",
               "partition": {"pattern": "{yyyy}/{MM}/{dd}"}},
              {"id": "lake", "container": "raw", "prefix": "telemetry/", "pipeline": "telemetry"},
              {"id": "local", "store": "local", "bucket": "landing", "suffix": ".csv", "pipeline": "sales-ingest"},
              {"id": "nowhere", "bucket": "acme-archive", "pipeline": "not-deployed"}]}""";

    final InMemoryExecutionStore store = new InMemoryExecutionStore();
    final Clock clock = Clock.systemUTC();
    final Orchestrator orchestrator = new Orchestrator(store, new DefinitionCache(new InMemoryDefinitionStore()),
            new OutboxDispatcher(store, new InMemoryTaskQueue(clock, 5), new InMemoryTimerIndex(), QueueNames.DEFAULT, clock),
            clock, Boundary.Probe.NONE);
    final Map<String, Definition> deployed = Map.of("sales-ingest", LOAD, "exports", LOAD, "uploads", LOAD, "telemetry", LOAD);
    final AtomicBoolean storeDown = new AtomicBoolean();
    final ExecutionStarter starter = (pipeline, name, input) -> {
        if (storeDown.get()) {
            throw new IllegalStateException("Redis is not answering");
        }
        return new PipelineStarter(orchestrator::start, PipelineDefinitions.of(p -> Optional.ofNullable(deployed.get(p)))).start(pipeline, name, input);
    };
    final InMemoryTriggerMetrics metrics = new InMemoryTriggerMetrics();
    final ObjectTrigger trigger = new ObjectTrigger(ObjectRules.parse(RULES), starter, metrics);

    private JsonNode inputOf(TriggerReport.Started s) {
        String state = store.load(Orchestrator.executionId(s.pipeline(), s.executionName())).orElseThrow().state();
        return ExecutionCodec.decode(Json.parse(state)).input();
    }

    @Test
    void anS3PutStartsItsPipelineWithTheRenderedInput() {
        TriggerReport report = trigger.apply(Fixtures.event("s3-put.json"));
        assertThat(report.format()).isEqualTo(EventFormat.S3_NOTIFICATION);
        assertThat(report.started()).singleElement().satisfies(s -> {
            assertThat(s.rule()).isEqualTo("sales");
            assertThat(s.pipeline()).isEqualTo("sales-ingest");
            assertThat(s.executionName()).startsWith("orders.csv-").hasSize("orders.csv-".length() + 32);
            assertThat(inputOf(s)).isEqualTo(Json.parse("""
                    {"file": "s3://acme-landing/sales/2026/11/29/orders.csv", "bytes": 5120,
                     "version": "3HL4kqtJlcpXroDTDmjVBH40Nrjfkd", "businessDate": "2026-11-29"}"""));
        });
        assertThat(report.retryable()).isFalse();
        assertThat(metrics.count("started.sales-ingest")).isEqualTo(1);
    }

    @Test
    void theSameVersionNotifiedTwiceStartsOneExecution() {
        assertThat(trigger.apply(Fixtures.event("s3-put.json")).started()).hasSize(1);
        TriggerReport again = trigger.apply(Fixtures.event("s3-put.json"));
        assertThat(again.started()).isEmpty();
        assertThat(again.duplicates()).singleElement().satisfies(d -> assertThat(d.pipeline()).isEqualTo("sales-ingest"));
        assertThat(store.list("sales-ingest", null, 10)).hasSize(1);
        assertThat(metrics.snapshot()).containsEntry("started.sales-ingest", 1L).containsEntry("duplicate.sales-ingest", 1L);
    }

    @Test
    void aNewVersionOfTheSameKeyStartsAgain() {
        trigger.apply(Fixtures.event("s3-put.json"));
        TriggerReport next = trigger.apply(Fixtures.event("s3-put.json").replace("3HL4kqtJlcpXroDTDmjVBH40Nrjfkd", "Nq8wYb2cXr5tL0mK"));
        assertThat(next.started()).hasSize(1);
        assertThat(store.list("sales-ingest", null, 10)).hasSize(2);
    }

    @Test
    void withoutVersionsTheEtagAndSequencerTellWritesApart() {
        String multipart = Fixtures.event("s3-complete-multipart-upload.json");
        assertThat(trigger.apply(multipart).started()).hasSize(1);
        assertThat(trigger.apply(multipart).duplicates()).hasSize(1);
        String rewritten = multipart.replace("0067495F79E4D0B7A2", "006749A0B1C2D3E4F5");
        assertThat(trigger.apply(rewritten).started()).as("same content written again is a new write").hasSize(1);
    }

    @Test
    void theSameObjectThroughEventBridgeAndS3NotificationIsOneExecutionPerVersion() {
        String viaBridge = Fixtures.event("eventbridge-object-created-multipart.json");
        TriggerReport first = trigger.apply(viaBridge);
        assertThat(first.started()).singleElement().satisfies(s -> assertThat(inputOf(s).get("partition").asText()).isEqualTo("2026-11-29"));
        assertThat(trigger.apply(Fixtures.event("s3-complete-multipart-upload.json")).duplicates()).hasSize(1);
    }

    @Test
    void everyRecordedFormatStartsItsPipeline() {
        Map<String, String> pipelineByFixture = Map.of(
                "s3-put.json", "sales-ingest",
                "s3-complete-multipart-upload.json", "exports",
                "s3-put-key-with-spaces-and-unicode.json", "uploads",
                "sns-s3-put.json", "sales-ingest",
                "eventbridge-object-created.json", "sales-ingest",
                "eventgrid-blob-created.json", "sales-ingest",
                "eventgrid-blob-created-cloudevents.json", "sales-ingest",
                "eventgrid-adls-create-and-flush-cloudevents.json", "telemetry",
                "local-folder-event.json", "sales-ingest");
        pipelineByFixture.forEach((fixture, pipeline) -> {
            TriggerReport report = trigger.apply(Fixtures.event(fixture));
            assertThat(report.started()).as(fixture).singleElement().satisfies(s -> assertThat(s.pipeline()).isEqualTo(pipeline));
            assertThat(report.rejected()).as(fixture).isEmpty();
        });
        assertThat(trigger.apply(Fixtures.event("eventgrid-adls-create-and-flush-cloudevents.json")).ignored()).hasSize(1);
        assertThat(trigger.apply(Fixtures.event("s3-test-event.json")).outcomes()).singleElement().isInstanceOf(TriggerReport.Ignored.class);
    }

    @Test
    void anUnmatchedObjectIsReportedCountedAndStartsNothing() {
        TriggerReport report = trigger.apply(Fixtures.event("s3-put.json").replace("sales/2026/11/29/orders.csv", "stock/2026/levels.csv"));
        assertThat(report.unmatched()).singleElement().satisfies(u ->
                assertThat(u.reason()).isEqualTo("rule sales takes keys by prefix 'sales/' and suffix '.csv'"));
        assertThat(metrics.count("unmatched.acme-landing")).isEqualTo(1);
        assertThat(store.list("sales-ingest", null, 10)).isEmpty();
    }

    @Test
    void anObjectAboveTheSizeLimitIsUnmatched() {
        TriggerReport report = trigger.apply(Fixtures.event("s3-put.json").replace("\"size\": 5120", "\"size\": 1000001"));
        assertThat(report.unmatched()).singleElement().satisfies(u -> assertThat(u.reason()).contains("at most 1000000 bytes"));
    }

    @Test
    void malformedJsonIsARejectionNotACrash() {
        TriggerReport report = trigger.apply("{\"Records\": [{\"s3\": ");
        assertThat(report.format()).isEqualTo(EventFormat.UNKNOWN);
        assertThat(report.rejected()).singleElement().satisfies(r -> assertThat(r.reason()).isEqualTo(RejectionReason.MALFORMED_JSON));
        assertThat(metrics.rejections(RejectionReason.MALFORMED_JSON)).isEqualTo(1);
        assertThat(trigger.apply(null).rejected()).hasSize(1);
        assertThat(trigger.apply("{\"what\": 1}").rejected()).singleElement()
                .satisfies(r -> assertThat(r.reason()).isEqualTo(RejectionReason.UNKNOWN_FORMAT));
    }

    @Test
    void traversalAndControlCharacterKeysAreRejected() {
        String traversal = Fixtures.event("s3-put.json").replace("sales/2026/11/29/orders.csv", "sales/2026/11/29/..%2F..%2F..%2Fetc%2Fpasswd.csv");
        assertThat(trigger.apply(traversal).rejected()).singleElement().satisfies(r -> {
            assertThat(r.reason()).isEqualTo(RejectionReason.INVALID_KEY);
            assertThat(r.detail()).contains("'..'");
        });
        String nul = Fixtures.event("eventbridge-object-created.json").replace("orders 10:00.csv", "orders\\u0000.csv");
        assertThat(trigger.apply(nul).rejected()).singleElement().satisfies(r -> assertThat(r.reason()).isEqualTo(RejectionReason.INVALID_KEY));
        assertThat(metrics.rejections(RejectionReason.INVALID_KEY)).isEqualTo(2);
        assertThat(store.list("sales-ingest", null, 10)).isEmpty();
    }

    @Test
    void aBatchWithBadRecordsStartsTheGoodOnes() {
        String good = Json.parse(Fixtures.event("s3-put.json")).get("Records").get(0).toString();
        String body = "{\"Records\": [" + good + ","
                + good.replace("sales/2026/11/29/orders.csv", "sales/../../x.csv") + ","
                + good.replace("\"size\":5120,", "") + ","
                + "42,"
                + good.replace("orders.csv", "returns.csv") + "]}";
        TriggerReport report = trigger.apply(body);
        assertThat(report.outcomes()).extracting(TriggerReport.Outcome::where)
                .containsExactly("Records[0]", "Records[1]", "Records[2]", "Records[3]", "Records[4]");
        assertThat(report.started()).extracting(TriggerReport.Started::where).containsExactly("Records[0]", "Records[4]");
        assertThat(report.rejected()).extracting(TriggerReport.Rejected::reason)
                .containsExactly(RejectionReason.INVALID_KEY, RejectionReason.MALFORMED_RECORD, RejectionReason.MALFORMED_RECORD);
        assertThat(store.list("sales-ingest", null, 10)).hasSize(2);
    }

    @Test
    void aKeyWithoutTheExpectedPartitionIsRejected() {
        TriggerReport report = trigger.apply(Fixtures.event("s3-put.json").replace("sales/2026/11/29/orders.csv", "sales/latest/orders.csv"));
        assertThat(report.rejected()).singleElement().satisfies(r -> {
            assertThat(r.reason()).isEqualTo(RejectionReason.NO_PARTITION);
            assertThat(r.detail()).isEqualTo("rule sales reads the partition by pattern sales/{yyyy}/{MM}/{dd}/, which the key does not match");
        });
    }

    @Test
    void aPartitionThatIsAPathStartsNothing() {
        ObjectTrigger drops = new ObjectTrigger(ObjectRules.parse("""
                {"rules": [
                  {"id": "drops", "bucket": "acme-landing", "prefix": "sales/", "pipeline": "sales-ingest",
                   "partition": {"regex": "^sales/(?<partition>.+)/orders[.]csv$"}},
                  {"id": "keyed", "bucket": "acme-landing", "prefix": "sales/", "pipeline": "uploads", "input": {"partition": "${key}"}}]}"""),
                starter, metrics);
        TriggerReport report = drops.apply(Fixtures.event("s3-put.json"));
        assertThat(report.started()).isEmpty();
        assertThat(report.rejected()).extracting(TriggerReport.Rejected::reason)
                .containsExactly(RejectionReason.INVALID_PARTITION, RejectionReason.INVALID_PARTITION);
        assertThat(report.rejected().get(0).detail()).startsWith("rule drops: the partition '2026/11/29' is not one: expected a date");
        assertThat(report.rejected().get(1).detail()).startsWith("rule keyed: the partition 'sales/2026/11/29/orders.csv' is not one");
        assertThat(store.list("sales-ingest", null, 10)).isEmpty();
        assertThat(store.list("uploads", null, 10)).isEmpty();
        assertThat(metrics.count("rejected.invalid-partition")).isEqualTo(2);
    }

    /**
     * Issue 37: a sleeping execution's object (and the archive's, a history payload's) is created in the data store, and its
     * notification reaches this function; a rule that takes every key of that bucket or container still starts nothing.
     */
    @Test
    void sluicesOwnObjectsStartNoPipelineWhateverTheRules() {
        ObjectTrigger all = new ObjectTrigger(ObjectRules.parse("""
                {"rules": [{"id": "everything", "bucket": "acme-landing", "pipeline": "uploads"},
                           {"id": "blobs", "container": "landing", "glob": "**", "pipeline": "uploads"}]}"""), starter, metrics);
        for (String key : List.of("hibernated/executions/pipeline=orders/name=n-1/v3.jsonl.gz",
                "archive/executions/pipeline=orders/dt=2026-11-29/n-1.jsonl.gz", "history/executions/orders/n-1/7.json")) {
            TriggerReport s3 = all.apply(Fixtures.event("s3-put.json").replace("sales/2026/11/29/orders.csv", key));
            TriggerReport blob = all.apply(Fixtures.event("eventgrid-blob-created.json").replace("sales/2026/11/29/orders.csv", key));
            for (TriggerReport report : List.of(s3, blob)) {
                assertThat(report.started()).as(key).isEmpty();
                assertThat(report.ignored()).as(key).singleElement().satisfies(i -> assertThat(i.detail())
                        .isEqualTo("Sluice's own object (under " + SluiceObjects.prefixOf(key).orElseThrow() + "); no rule is asked"));
            }
        }
        assertThat(store.list("uploads", null, 10)).isEmpty();
        assertThat(metrics.count("ignored")).isEqualTo(6);
        assertThat(all.apply(Fixtures.event("s3-put.json").replace("sales/2026/11/29/orders.csv", "hibernated-not/x.csv")).started())
                .as("only Sluice's prefixes, not a pipeline's key that looks like one").hasSize(1);
    }

    @Test
    void aPipelineThatIsNotDeployedIsRefused() {
        TriggerReport report = trigger.apply(Fixtures.event("s3-put.json").replace("\"acme-landing\"", "\"acme-archive\""));
        assertThat(report.rejected()).singleElement().satisfies(r -> {
            assertThat(r.reason()).isEqualTo(RejectionReason.REFUSED);
            assertThat(r.detail()).isEqualTo("pipeline not-deployed refused the start: no pipeline 'not-deployed' is deployed");
        });
        assertThat(report.retryable()).isFalse();
    }

    @Test
    void aFailedStartIsRetryableAndRedeliveryStartsOnce() {
        storeDown.set(true);
        TriggerReport failed = trigger.apply(Fixtures.event("s3-put.json"));
        assertThat(failed.failed()).singleElement().satisfies(f -> assertThat(f.error()).contains("Redis is not answering"));
        assertThat(failed.retryable()).isTrue();
        assertThat(metrics.count("failed.sales-ingest")).isEqualTo(1);
        storeDown.set(false);
        assertThat(trigger.apply(Fixtures.event("s3-put.json")).started()).hasSize(1);
        assertThat(trigger.apply(Fixtures.event("s3-put.json")).duplicates()).hasSize(1);
    }

    @Test
    void executionNamesAreShortDeterministicAndAcceptedByTheOrchestrator() {
        ObjectCreated o = new ObjectCreated(StoreKind.S3, "b", "uploads/" + "ü".repeat(300) + " very long name (final) v2.csv", 1,
                "e", null, "s", null);
        String name = ExecutionNames.of(o);
        assertThat(name).matches("[A-Za-z0-9_.:@-]{1,80}").isEqualTo(ExecutionNames.of(o));
        assertThat(ExecutionNames.of(new ObjectCreated(StoreKind.S3, "b", o.key(), 1, "e", null, "s2", null))).isNotEqualTo(name);
        assertThat(ExecutionNames.of(new ObjectCreated(StoreKind.S3, "b", "dir/", 0, "e", null, null, null))).startsWith("obj-");
        List<String> distinctPerField = List.of(
                ExecutionNames.of(new ObjectCreated(StoreKind.S3, "b", "k", 1, "e", "v1", "s", null)),
                ExecutionNames.of(new ObjectCreated(StoreKind.S3, "b", "k", 1, "e", "v2", "s", null)),
                ExecutionNames.of(new ObjectCreated(StoreKind.AZURE_BLOB, "b", "k", 1, "e", "v1", "s", null)),
                ExecutionNames.of(new ObjectCreated(StoreKind.S3, "c", "k", 1, "e", "v1", "s", null)));
        assertThat(distinctPerField).doesNotHaveDuplicates();
    }
}
