package io.sluice.aws.entry;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.aws.SluiceAwsApplication;
import io.sluice.orchestration.json.Json;
import io.sluice.redis.RedisAdapters;
import io.sluice.redis.SluiceRedisProperties;
import io.sluice.testkit.redis.RedisTestServer;
import io.sluice.testkit.sqs.ElasticMqServer;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.cloud.function.adapter.aws.FunctionInvoker;

/**
 * The http-api's authentication as a deployment sets it ({@code sluice.api.platform-auth}, which the Terraform module passes
 * from {@code api_auth.mode}), through the real Lambda handler on real Redis and ElasticMQ:
 * <ul>
 *   <li>behind API Gateway's IAM authorization, with a tenants file bundled, the request API Gateway hands on carries the
 *       caller's SigV4 signature in {@code Authorization}; it is not a bearer key, and the caller is the platform's
 *       operator (before, every such request was answered 401);</li>
 *   <li>the event is the payload format 2.0 example of the API Gateway documentation
 *       (https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-develop-integrations-lambda.html, see
 *       {@code events/apigateway/README.md}), which has no {@code host} header: the Host check reads
 *       {@code requestContext.domainName} (before, 421);</li>
 *   <li>with neither a tenants file nor a platform authentication the http-api does not start: a cloud host never serves
 *       the API in the local mode.</li>
 * </ul>
 */
class HttpApiPlatformAuthTest {
    static final Path EVENTS = Path.of("../../examples/events/aws").toAbsolutePath().normalize();
    static final String DOCS_SAMPLE = "/events/apigateway/http-api-v2-docs-sample-iam.json";
    static final String DOCS_DOMAIN = "id.execute-api.us-east-1.amazonaws.com";

    private final LambdaEnvironment environment = new LambdaEnvironment();
    private final String keyPrefix = "sluice-auth-" + UUID.randomUUID().toString().substring(0, 8);
    private ElasticMqServer sqs;
    private RedisAdapters redis;

    @BeforeEach
    void aDeployment() {
        sqs = ElasticMqServer.start();
        String redisUrl = RedisTestServer.shared().url();
        redis = RedisAdapters.open(SluiceRedisProperties.of(redisUrl).withKeyPrefix(keyPrefix));
        environment.set("sluice.redis-url", redisUrl);
        environment.set("sluice.redis-key-prefix", keyPrefix);
        environment.set("sluice.sqs-endpoint", sqs.endpoint().toString());
        environment.set("sluice.queue-prefix", keyPrefix);
        environment.set("sluice.region", ElasticMqServer.REGION);
        environment.set("sluice.triggers.pipelines", "file:" + EVENTS.resolve("bundle/pipelines") + "/*.asl.json");
        environment.set("MAIN_CLASS", SluiceAwsApplication.class.getName());
        environment.set("spring.cloud.function.definition", "http-api");
        environment.set("spring.main.banner-mode", "off");
    }

    @AfterEach
    void cleanUp() {
        environment.restore(redis, keyPrefix);
        if (sqs != null) sqs.close();
    }

    @Test
    void behindIamTheSigV4HeaderIsNoBearerKeyAndTheDocumentationsEventWithoutAHostHeaderIsServed() throws Exception {
        environment.set("sluice.api.tenants", "file:" + EVENTS.resolve("bundle/pipelines/tenants.json"));
        environment.set("sluice.api.platform-auth", "iam");
        environment.set("sluice.api.allowed-hosts", DOCS_DOMAIN);
        FunctionInvoker handler = new FunctionInvoker();

        JsonNode response = invoke(handler, docsSample());

        assertThat(response.path("statusCode").asInt()).as(response.toString()).isEqualTo(200);
        assertThat(Json.parse(response.path("body").asText()).path("executions").isArray()).isTrue();
    }

    @Test
    void theDocumentationsEventForAnotherDomainIsStillMisdirected() throws Exception {
        environment.set("sluice.api.tenants", "file:" + EVENTS.resolve("bundle/pipelines/tenants.json"));
        environment.set("sluice.api.platform-auth", "iam");
        environment.set("sluice.api.allowed-hosts", "abc123def4.execute-api.eu-west-1.amazonaws.com");
        FunctionInvoker handler = new FunctionInvoker();

        JsonNode response = invoke(handler, docsSample());

        assertThat(response.path("statusCode").asInt()).as(response.toString()).isEqualTo(421);
        assertThat(response.path("body").asText()).contains(DOCS_DOMAIN);
    }

    @Test
    void withNeitherTenantsNorAPlatformAuthenticationTheHttpApiDoesNotStart() {
        environment.set("sluice.api.tenants", "file:" + EVENTS.resolve("bundle/pipelines/no-such-tenants.json"));
        environment.clear("sluice.api.platform-auth");
        environment.set("sluice.api.allowed-hosts", DOCS_DOMAIN);

        Throwable refused = null;
        try {
            invoke(new FunctionInvoker(), docsSample());
        } catch (Throwable t) {
            refused = t;
        }

        assertThat(refused).as("the http-api served without authentication").isNotNull();
        assertThat(messages(refused)).contains("sluice.api.platform-auth").contains("no-such-tenants.json");
    }

    @Test
    void behindIamAStepFunctionsCallApiGatewayAuthenticatedIsServedAndOneWithoutItsIamCallerIsRefused() throws Exception {
        // The http-api's auth mode holds for the Step Functions API too: API Gateway checked the SigV4 signature (made with the
        // caller's AWS credentials, not a tenant's key, and no Secrets Manager here), so it is not checked again.
        environment.set("sluice.api.tenants", "file:" + EVENTS.resolve("bundle/pipelines/tenants.json"));
        environment.set("sluice.api.platform-auth", "iam");
        environment.set("sluice.api.allowed-hosts", DOCS_DOMAIN);
        FunctionInvoker handler = new FunctionInvoker();
        com.fasterxml.jackson.databind.node.ObjectNode sfn = listStateMachinesCall();

        servedWithItsAuthorizerRefusedWithout(handler, sfn);
    }

    @Test
    void behindALambdaAuthorizerWithoutTenantsAStepFunctionsCallItLetThroughIsServedAndOneWithoutItsContextIsRefused() throws Exception {
        // api_auth.mode = lambda: API Gateway ran the deployment's REQUEST authorizer, whose context reaches the integration as
        // requestContext.authorizer.lambda (the payload 2.0 shape aws-lambda-java-events models as Authorizer.getLambda();
        // https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-lambda-authorizer.html). Without a tenants
        // file there is no key to sign with: the authorizer is the authentication, and its callers are the operator.
        environment.set("sluice.api.tenants", "file:" + EVENTS.resolve("bundle/pipelines/no-such-tenants.json"));
        environment.set("sluice.api.platform-auth", "lambda-authorizer");
        environment.set("sluice.api.allowed-hosts", DOCS_DOMAIN);
        FunctionInvoker handler = new FunctionInvoker();
        com.fasterxml.jackson.databind.node.ObjectNode sfn = listStateMachinesCall();
        ((com.fasterxml.jackson.databind.node.ObjectNode) sfn.get("requestContext")).set("authorizer",
                Json.parse("{\"lambda\": {\"principalId\": \"ops-team\"}}"));

        servedWithItsAuthorizerRefusedWithout(handler, sfn);
    }

    @Test
    void aBundlePackagedForIamDoesNotStartWhereTheDeploymentNamesNoPlatformAuthentication(@TempDir Path bundle) throws Exception {
        // ./sluice package aws --platform-auth iam recorded it; the module deployed it with api_auth.mode = tenant_keys (no setting).
        Path record = Files.writeString(bundle.resolve("platform-auth.json"), "{\"platformAuth\": \"iam\"}");
        environment.set("sluice.api.bundled-platform-auth", "file:" + record);
        environment.set("sluice.api.tenants", "file:" + EVENTS.resolve("bundle/pipelines/tenants.json"));
        environment.clear("sluice.api.platform-auth");
        environment.set("sluice.api.allowed-hosts", DOCS_DOMAIN);

        Throwable refused = null;
        try {
            invoke(new FunctionInvoker(), docsSample());
        } catch (Throwable t) {
            refused = t;
        }

        assertThat(refused).as("the http-api trusted a platform authentication the deployment does not have").isNotNull();
        assertThat(messages(refused)).contains("packaged for the platform authentication 'iam'").contains("the deployment names none");
    }

    /** The documentation's event as a Step Functions API call: POST / with X-Amz-Target ListStateMachines, its authorizer kept. */
    private static com.fasterxml.jackson.databind.node.ObjectNode listStateMachinesCall() throws Exception {
        com.fasterxml.jackson.databind.node.ObjectNode sfn = (com.fasterxml.jackson.databind.node.ObjectNode) Json.parse(new String(docsSample(),
                StandardCharsets.UTF_8));
        sfn.put("rawPath", "/").put("rawQueryString", "").put("body", "{}");
        ((com.fasterxml.jackson.databind.node.ObjectNode) sfn.get("headers")).put("x-amz-target", "AWSStepFunctions.ListStateMachines")
                .put("content-type", "application/x-amz-json-1.0");
        ((com.fasterxml.jackson.databind.node.ObjectNode) sfn.get("requestContext").get("http")).put("method", "POST").put("path", "/");
        return sfn;
    }

    /** {@code call} is served as the platform's operator; the same call without its authorizer context is refused. */
    private static void servedWithItsAuthorizerRefusedWithout(FunctionInvoker handler, com.fasterxml.jackson.databind.node.ObjectNode call)
            throws Exception {
        JsonNode served = invoke(handler, Json.write(call).getBytes(StandardCharsets.UTF_8));
        assertThat(served.path("statusCode").asInt()).as(served.toString()).isEqualTo(200);
        assertThat(Json.parse(served.path("body").asText()).path("stateMachines").isArray()).isTrue();

        ((com.fasterxml.jackson.databind.node.ObjectNode) call.get("requestContext")).remove("authorizer");
        JsonNode refused = invoke(handler, Json.write(call).getBytes(StandardCharsets.UTF_8));
        assertThat(refused.path("statusCode").asInt()).isEqualTo(400);
        assertThat(Json.parse(refused.path("body").asText()).path("__type").asText()).isEqualTo("MissingAuthenticationTokenException");
    }

    private static byte[] docsSample() throws Exception {
        try (InputStream in = HttpApiPlatformAuthTest.class.getResourceAsStream(DOCS_SAMPLE)) {
            return in.readAllBytes();
        }
    }

    private static JsonNode invoke(FunctionInvoker handler, byte[] event) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (InputStream in = new ByteArrayInputStream(event)) {
            handler.handleRequest(in, out, null);
        }
        return Json.parse(out.toString(StandardCharsets.UTF_8));
    }

    private static String messages(Throwable t) {
        StringBuilder all = new StringBuilder();
        for (Throwable c = t; c != null; c = c.getCause()) {
            all.append(c).append('\n');
        }
        return all.toString();
    }
}
