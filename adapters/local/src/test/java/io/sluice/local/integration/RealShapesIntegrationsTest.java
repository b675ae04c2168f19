package io.sluice.local.integration;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.equalToJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.github.tomakehurst.wiremock.WireMockServer;
import io.sluice.functions.maprun.Buckets;
import io.sluice.functions.maprun.InProcessMapRuns;
import io.sluice.local.objects.FolderObjectStore;
import io.sluice.orchestration.definition.DefinitionParser;
import io.sluice.orchestration.engine.CommandCodec;
import io.sluice.orchestration.express.ExpressResult;
import io.sluice.orchestration.express.ExpressRunner;
import io.sluice.orchestration.express.TaskInvoker;
import io.sluice.orchestration.express.mock.MockConfig;
import io.sluice.orchestration.integration.Platform;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.path.RandomSource;
import io.sluice.orchestration.port.KeyValueTable.ItemKey;
import io.sluice.orchestration.port.Publisher.Delivered;
import io.sluice.orchestration.port.Publisher.Target;
import io.sluice.orchestration.validation.DefinitionValidator;
import io.sluice.orchestration.validation.Problem;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every definition under examples/real-shapes validates on every platform (what cannot run on one is a
 * warning naming the state and the platform, and nothing else is), runs each of its mock test cases as
 * Step Functions Local would, and — where a local backend exists — runs without mocks against it: DynamoDB
 * tables in PostgreSQL, SNS/SQS/EventBridge as Redis streams, S3 as the data folder, http:invoke against a
 * real HTTP server (WireMock), Glue .sync on the DuckDB engine.
 */
class RealShapesIntegrationsTest {
    static final Path EXAMPLES = Path.of("../../examples/real-shapes").toAbsolutePath().normalize();
    /** The states each definition cannot run on any Sluice platform (ECS and Batch .sync); every other definition runs everywhere. */
    static final Map<String, List<String>> AWS_ONLY = Map.of("fargate-report-unmapped",
            List.of("/States/Index report/Resource", "/States/Render report/Resource"));

    @TempDir
    static Path folder;
    static WireMockServer partner;
    static LocalIntegrations local;

    @BeforeAll
    static void start() throws IOException {
        partner = new WireMockServer(options().bindAddress("127.0.0.1").dynamicPort());
        partner.start();
        local = new LocalIntegrations(folder, List.of("127.0.0.1:" + partner.port()));
        mapData = folder.resolve("map-data");
        Path from = EXAMPLES.resolve("data");
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : files.toList()) {
                Path to = mapData.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(f, to);
                }
            }
        }
    }

    /** A copy of the examples' data folder (a folder per bucket): what the distributed Maps read and write. */
    static Path mapData;

    @AfterAll
    static void stop() {
        local.close();
        partner.stop();
    }

    static Stream<String> definitions() throws IOException {
        try (Stream<Path> files = Files.list(EXAMPLES)) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".asl.json"))
                    .map(n -> n.substring(0, n.length() - ".asl.json".length())).sorted().toList().stream();
        }
    }

    static JsonNode read(String file) {
        try {
            return Json.parse(Files.readString(EXAMPLES.resolve(file)));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    static String partnerUrl() {
        return "http://127.0.0.1:" + partner.port();
    }

    /** An input each definition's paths resolve in. */
    static JsonNode input(String name) {
        return Json.parse(switch (name) {
            case "approval-mixed-languages" -> "{\"upload\": \"u-7\"}";
            case "nightly-load-variables" -> "{\"pipeline\": \"orders\", \"partition\": \"2026-11-29\"}";
            case "order-fulfilment" -> "{\"orderId\": \"o-1\", \"lines\": [{\"sku\": \"A\", \"qty\": 1}]}";
            case "ticket-dedupe-dynamodb" -> "{\"customer\": \"c-1\", \"ticket\": \"t-2\", \"stale\": \"t-0\"}";
            case "order-events-publish" -> "{\"orderId\": \"o-1\", \"total\": 49.5, \"lines\": [{\"sku\": \"A\", \"qty\": 2}]}";
            case "report-archive-s3" -> "{\"day\": \"2026-11-29\", \"yesterday\": \"2026-11-28\", \"summary\": {\"orders\": 12}}";
            case "partner-http-invoke" -> "{\"partnerUrl\": \"" + partnerUrl() + "\", \"orderId\": \"o-1\", \"parcels\": 2}";
            case "nightly-glue-sync" -> "{\"day\": \"2026-11-29\"}";
            case "distributed-map-s3-listing" -> "{\"bucket\": \"landing\", \"partition\": \"2026-11-29\"}";
            case "distributed-map-csv" -> "{\"file\": \"customers/2026-11-29.csv\"}";
            case "nested-executions" -> "{\"partition\": \"2026-11-29\"}";
            default -> "{}";
        });
    }

    /** The error each mock test case ends with ({@code null}: it succeeds). */
    static final Map<String, String> MOCK_OUTCOMES = Map.ofEntries(Map.entry("approval-mixed-languages/Later", "Upload.NotDecided"),
            Map.entry("order-fulfilment/Declined", "Order.PaymentDeclined"), Map.entry("order-events-publish/TopicMissing", "SNS.NotFoundException"),
            Map.entry("partner-http-invoke/PartnerDoesNotKnowIt", "Shipment.UnknownOrder"), Map.entry("nightly-glue-sync/JobFails", "Load.Failed"),
            Map.entry("nested-executions/ChildFailed", "Orders.LoadFailed"));

    record Run(ExpressResult result, List<String> history) {}

    static Run run(String name, TaskInvoker invoker, JsonNode input) {
        List<String> history = new ArrayList<>();
        // A distributed Map's children run in process, their tasks answered by the same invoker (as sluice exec runs them).
        TaskInvoker tasks = new InProcessMapRuns(invoker, Buckets.folders(new FolderObjectStore(mapData)), RandomSource.seeded(7));
        ExpressRunner runner = new ExpressRunner(DefinitionParser.parse(read(name + ".asl.json")), tasks,
                e -> history.add(Json.write(CommandCodec.encode(e))), ExpressRunner.DEFAULT_MAX_TRANSITIONS);
        String execution = UUID.randomUUID().toString();
        ExpressResult r = runner.run(name, name + ":" + execution, execution, input, Instant.now().truncatedTo(ChronoUnit.MILLIS),
                RandomSource.seeded(7));
        return new Run(r, history);
    }

    @ParameterizedTest
    @MethodSource("definitions")
    void validatesOnEveryPlatformWarningOfExactlyTheStatesThatCannotRunThere(String name) {
        JsonNode definition = read(name + ".asl.json");
        for (Platform platform : Platform.values()) {
            List<Problem> problems = DefinitionValidator.validate(definition, platform);
            assertThat(problems).as(name + " on " + platform).noneMatch(Problem::isError);
            List<String> unrunnable = problems.stream().filter(p -> p.pointer().endsWith("/Resource")).map(Problem::pointer).toList();
            // ECS's and Batch's .sync run nowhere Sluice runs: not locally or on Azure, and the AWS host carries neither SDK
            // (IntegrationCatalog.AWS_SDK_SERVICES) nor offers .sync through its generic integration.
            List<String> expected = AWS_ONLY.getOrDefault(name, List.of());
            assertThat(unrunnable).as(name + " on " + platform).containsExactlyInAnyOrderElementsOf(expected);
            problems.stream().filter(p -> p.pointer().endsWith("/Resource"))
                    .forEach(p -> assertThat(p.message()).contains("cannot run on platform " + platform.id()));
        }
    }

    @ParameterizedTest
    @MethodSource("definitions")
    void everyMockTestCaseRunsAsStepFunctionsLocalWould(String name) {
        MockConfig mocks = MockConfig.parse(read(name + ".mocks.json"));
        List<String> cases = new ArrayList<>();
        read(name + ".mocks.json").at("/StateMachines/" + name + "/TestCases").fieldNames().forEachRemaining(cases::add);
        assertThat(cases).as(name + " has test cases").isNotEmpty();
        for (String testCase : cases) {
            ExpressResult r = run(name, mocks.invoker(name, testCase), input(name)).result();
            assertThat(r.error()).as(name + "/" + testCase + ": " + r.cause()).isEqualTo(MOCK_OUTCOMES.get(name + "/" + testCase));
        }
    }

    @Test
    void ticketsOnPostgresqlClaimOnceCountAndQuery() {
        JsonNode first = run("ticket-dedupe-dynamodb", local.invoker(), input("ticket-dedupe-dynamodb")).result().output();
        assertThat(first.at("/counted/tickets").asText()).isEqualTo("1");
        assertThat(first.at("/open/count").asInt()).isEqualTo(1);
        assertThat(first.get("closed")).isEqualTo(Json.object());
        JsonNode second = run("ticket-dedupe-dynamodb", local.invoker(),
                Json.parse("{\"customer\": \"c-1\", \"ticket\": \"t-3\", \"stale\": \"t-2\"}")).result().output();
        assertThat(second.at("/counted/tickets").asText()).isEqualTo("2");
        assertThat(second.at("/open/count").asInt()).isEqualTo(2);
        assertThat(second.at("/open/newest").asText()).as("ScanIndexForward false: the highest ticket first").isEqualTo("t-3");
        assertThat(second.at("/closed/Attributes/ticket/S").asText()).isEqualTo("t-2");
        JsonNode duplicate = run("ticket-dedupe-dynamodb", local.invoker(),
                Json.parse("{\"customer\": \"c-1\", \"ticket\": \"t-3\", \"stale\": \"t-0\"}")).result().output();
        assertThat(duplicate).isEqualTo(Json.parse("{\"ticket\": \"t-3\", \"outcome\": \"duplicate\","
                + " \"error\": \"DynamoDB.ConditionalCheckFailedException\"}"));
        assertThat(local.tables.get("", "customers", new ItemKey("S:c-1", "")).orElseThrow().item()).contains("\"lastTicket\"");
        assertThat(local.tables.get("", "tickets", new ItemKey("S:c-1", "S:t-2")).orElseThrow().live()).as("closed").isFalse();
    }

    @Test
    void orderEventsReachTheRedisTopicQueueAndBus() {
        ExpressResult r = run("order-events-publish", local.invoker(), input("order-events-publish")).result();
        assertThat(r.error()).as(r.cause()).isNull();
        List<Delivered> sns = local.topics.read("", new Target(Target.Kind.TOPIC, "order-updates"), null, 10);
        assertThat(sns).singleElement().satisfies(d -> {
            assertThat(d.message().body()).isEqualTo("Order o-1 placed for 49.5 EUR");
            assertThat(d.message().id()).isEqualTo(r.output().at("/sns/messageId").asText());
            assertThat(d.message().attributes()).containsEntry("Subject", "Order placed");
        });
        Delivered sqs = local.topics.read("", new Target(Target.Kind.QUEUE, "warehouse-picks"), null, 10).getFirst();
        assertThat(Json.parse(sqs.message().body())).isEqualTo(Json.parse("{\"orderId\": \"o-1\", \"lines\": [{\"sku\": \"A\", \"qty\": 2}]}"));
        Delivered event = local.topics.read("", new Target(Target.Kind.BUS, "orders"), null, 10).getFirst();
        assertThat(Json.parse(event.message().body()).get("detail")).isEqualTo(Json.parse("{\"orderId\": \"o-1\", \"total\": 49.5}"));
        assertThat(r.output().at("/events/failed").asInt()).isZero();
    }

    @Test
    void theDailyReportLivesInTheDataFolder() throws IOException {
        Path draft = Files.createDirectories(local.data.resolve("reports/daily/2026-11-29")).resolve("draft.txt");
        Files.writeString(draft, "draft");
        ExpressResult r = run("report-archive-s3", local.invoker(), input("report-archive-s3")).result();
        assertThat(r.error()).as(r.cause()).isNull();
        assertThat(r.output().at("/listing/count").asInt()).isEqualTo(2);
        assertThat(r.output().at("/readBack/report")).isEqualTo(Json.parse("{\"orders\": 12}"));
        assertThat(r.output().at("/previous/Error").asText()).isEqualTo("S3.NoSuchKeyException");
        assertThat(Files.readString(local.data.resolve("archive/2026-11-29/summary.json"))).isEqualTo("{\"orders\":12}");
        assertThat(draft).doesNotExist();
    }

    @Test
    void theHttpTaskCallsThePartnerWithTheConnectionSecretWhichNoOutputOrHistoryHolds() {
        partner.stubFor(post(urlPathEqualTo("/shipments")).withQueryParam("notify", equalTo("true"))
                .withHeader("Authorization", equalTo(LocalIntegrations.SECRET))
                .withRequestBody(equalToJson("{\"order\": \"o-1\", \"parcels\": 2}"))
                .willReturn(aResponse().withStatus(201).withHeader("Content-Type", "application/json").withBody("{\"shipmentId\": \"sh-1\"}")));
        Run booked = run("partner-http-invoke", local.invoker(), input("partner-http-invoke"));
        assertThat(booked.result().error()).as(booked.result().cause()).isNull();
        assertThat(booked.result().output()).isEqualTo(Json.parse("{\"orderId\": \"o-1\", \"shipment\": \"sh-1\", \"status\": 201}"));
        assertThat(String.join("\n", booked.history())).doesNotContain("s3cr3t");

        Map<String, Object> unknown = new HashMap<>();
        unknown.put("orderId", "o-404");
        partner.stubFor(post(urlPathEqualTo("/shipments")).withRequestBody(equalToJson("{\"order\": \"o-404\", \"parcels\": 1}"))
                .willReturn(aResponse().withStatus(404).withBody("no such order")));
        Run missing = run("partner-http-invoke", local.invoker(),
                Json.parse("{\"partnerUrl\": \"" + partnerUrl() + "\", \"orderId\": \"o-404\", \"parcels\": 1}"));
        assertThat(missing.result().error()).isEqualTo("Shipment.UnknownOrder");
        assertThat(missing.result().cause()).isEqualTo("the partner answered 404 for order o-404");
        assertThat(String.join("\n", missing.history())).doesNotContain("s3cr3t");
    }

    @Test
    void theGlueJobRunsOnDuckDbAndTheTeamHearsOfIt() throws IOException {
        ExpressResult r = run("nightly-glue-sync", local.invoker(), input("nightly-glue-sync")).result();
        assertThat(r.error()).as(r.cause()).isNull();
        assertThat(r.output().at("/load/state").asText()).isEqualTo("SUCCEEDED");
        assertThat(Files.readString(local.data.resolve("raw/orders-2026-11-29.csv"))).contains("2026-11-29");
        assertThat(local.topics.read("", new Target(Target.Kind.TOPIC, "data-team"), null, 10)).singleElement()
                .satisfies(d -> assertThat(d.message().body()).isEqualTo("Load of 2026-11-29 finished: SUCCEEDED"));
    }
}
