package io.sluice.functions.task.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import io.sluice.functions.tenancy.Owner;
import io.sluice.functions.harness.TaskContext;
import io.sluice.functions.harness.TaskError;
import io.sluice.orchestration.definition.TaskResource.IntegrationPattern;
import io.sluice.orchestration.definition.ContentHash;
import io.sluice.orchestration.json.Json;
import io.sluice.testkit.fake.InMemoryConfigStore;
import io.sluice.testkit.fake.InMemorySecretResolver;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class ReadConfigTest {
    /** The platform's own call outside any execution (the local function emulator's): trusted to name the config. */
    static final TaskContext PLATFORM = TaskContext.outside(IntegrationPattern.REQUEST_RESPONSE, new Owner.Platform(null, null));

    static final String SCHEMA = """
            {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object",
             "required": ["source", "target", "warehouse"], "additionalProperties": false,
             "properties": {
               "source": {"type": "string"}, "target": {"type": "string", "pattern": "^[a-z_]+$"},
               "batchSize": {"type": "integer", "minimum": 1},
               "warehouse": {"type": "object", "required": ["user", "password"], "properties": {
                  "user": {"type": "string"}, "password": {"type": "string", "minLength": 12, "pattern": "^[A-Za-z0-9]+$"}}},
               "exports": {"type": "array", "items": {"type": "object", "properties": {"token": {"type": "string", "format": "email"}}}}}}""";
    static final String CONFIG = """
            {"source": "landing/orders/", "target": "orders", "batchSize": 500,
             "warehouse": {"user": "loader", "password": {"secret": "warehouse-password"}},
             "exports": [{"token": {"secret": "partner-token"}}]}""";

    final InMemoryConfigStore store = new InMemoryConfigStore().put("orders.json", CONFIG).put("orders.schema.json", SCHEMA);
    final InMemorySecretResolver secrets = new InMemorySecretResolver()
            .put("warehouse-password", "Correct4Horse9Battery").put("partner-token", "ops@example.com");
    final ReadConfig readConfig = new ReadConfig(store, secrets);

    private TaskError failure(JsonNode input) {
        return catchThrowableOfType(TaskError.class, () -> readConfig.apply(input, PLATFORM));
    }

    @Test
    void theConfigComesBackValidWithItsSecretReferencesNotTheirValuesAndTheHashOfItsWrittenForm() {
        JsonNode out = readConfig.apply(Json.parse("{\"name\": \"orders\"}"), PLATFORM);
        assertThat(out.get("name").asText()).isEqualTo("orders");
        // Validated with the values, returned with the references: the values never enter state or history.
        assertThat(out.at("/config/warehouse/password")).isEqualTo(Json.parse("{\"secret\": \"warehouse-password\"}"));
        assertThat(out.at("/config/exports/0/token")).isEqualTo(Json.parse("{\"secret\": \"partner-token\"}"));
        assertThat(Json.write(out)).doesNotContain("Correct4Horse9Battery").doesNotContain("ops@example.com");
        assertThat(out.at("/config/batchSize").asInt()).isEqualTo(500);
        assertThat(out.get("configHash").asText()).isEqualTo(ContentHash.of(Json.parse(CONFIG))).startsWith("sha256:");
    }

    @Test
    void rotatingASecretKeepsTheHashAndChangingTheConfigChangesIt() {
        String hash = readConfig.apply(Json.NODES.textNode("orders"), PLATFORM).get("configHash").asText();
        secrets.put("warehouse-password", "Another7Password8Here");
        assertThat(readConfig.apply(Json.NODES.textNode("orders"), PLATFORM).get("configHash").asText()).isEqualTo(hash);
        store.put("orders.json", CONFIG.replace("500", "600"));
        assertThat(readConfig.apply(Json.NODES.textNode("orders"), PLATFORM).get("configHash").asText()).isNotEqualTo(hash);
    }

    @Test
    void everySchemaViolationIsListedWithItsPointer() {
        store.put("orders.json", """
                {"source": 7, "target": "Orders!", "batchSize": 0, "colour": "red",
                 "warehouse": {"user": "loader", "password": {"secret": "warehouse-password"}}}""");
        TaskError e = failure(Json.NODES.textNode("orders"));
        assertThat(e.errorName()).isEqualTo("Config.Invalid");
        assertThat(e.retryable()).isFalse();
        assertThat(e.getMessage()).startsWith("Config 'orders' does not match its schema orders.schema.json (4 problems): ")
                .contains("/source: ").contains("/target: ").contains("/batchSize: ").contains("(root): ").contains("colour");
    }

    @Test
    void aSecretValueThatBreaksTheSchemaIsNamedButNeverShown() {
        secrets.put("warehouse-password", "short!").put("partner-token", "not-an-address-XYZZY");
        TaskError e = failure(Json.NODES.textNode("orders"));
        assertThat(e.errorName()).isEqualTo("Config.Invalid");
        assertThat(e.getMessage()).contains("/warehouse/password: ").contains("secret 'warehouse-password'")
                .contains("/exports/0/token: ").contains("secret 'partner-token'")
                .doesNotContain("short!").doesNotContain("XYZZY");
        assertThat(e.toString()).doesNotContain("short!").doesNotContain("XYZZY");
    }

    @Test
    void missingSecretsAreAllNamedByPointerAndName() {
        store.put("orders.json", CONFIG.replace("\"loader\"", "{\"secret\": \"warehouse-user\"}")
                .replace("partner-token", "absent-token"));
        TaskError e = failure(Json.NODES.textNode("orders"));
        assertThat(e.errorName()).isEqualTo("Config.SecretNotFound");
        assertThat(e.getMessage()).contains("2 secrets").contains("/warehouse/user names secret 'warehouse-user'")
                .contains("/exports/0/token names secret 'absent-token'").doesNotContain("Correct4Horse9Battery");
    }

    @Test
    void aMissingConfigOrSchemaOrABadNameIsNotFound() {
        assertThat(failure(Json.NODES.textNode("absent"))).satisfies(e -> {
            assertThat(e.errorName()).isEqualTo("Config.NotFound");
            assertThat(e.getMessage()).contains("absent.json");
        });
        store.put("bare.json", "{}");
        assertThat(failure(Json.NODES.textNode("bare")).getMessage()).contains("no schema").contains("bare.schema.json");
        assertThat(failure(Json.NODES.textNode("../etc/passwd")).errorName()).isEqualTo("Config.NotFound");
        assertThat(failure(Json.parse("{\"config\": \"orders\"}")).getMessage()).contains("{\"name\": \"orders\"}");
    }

    @Test
    void aRelativeSchemaReferenceAndRefsResolveInsideTheStoreAndUrlsAreNotFetched() {
        store.put("team/daily.json", "{\"$schema\": \"../schemas/daily.schema.json\", \"id\": \"x\"}")
                .put("schemas/daily.schema.json", "{\"$ref\": \"common.schema.json\"}")
                .put("schemas/common.schema.json", "{\"type\": \"object\", \"required\": [\"id\", \"owner\"]}");
        assertThat(failure(Json.NODES.textNode("team/daily")).getMessage())
                .contains("schemas/daily.schema.json").contains("required property 'owner'");
        store.put("team/daily.json", "{\"$schema\": \"../schemas/daily.schema.json\", \"id\": \"x\", \"owner\": \"ann\"}");
        assertThat(readConfig.apply(Json.NODES.textNode("team/daily"), PLATFORM).get("config")).isEqualTo(Json.parse("{\"id\": \"x\", \"owner\": \"ann\"}"));

        store.put("web.json", "{\"$schema\": \"https://schemas.example.invalid/web.json\", \"a\": 1}")
                .put("web.schema.json", "{\"properties\": {\"a\": {\"type\": \"integer\"}}}");
        assertThat(readConfig.apply(Json.NODES.textNode("web"), PLATFORM).get("config")).isEqualTo(Json.parse("{\"a\": 1}"));
        store.put("escape.json", "{\"$schema\": \"../../x.schema.json\"}");
        assertThat(failure(Json.NODES.textNode("escape")).getMessage()).contains("not a document of the config store");
    }

    @Test
    void aRemoteRefIsNeverFetched() throws IOException {
        AtomicInteger requests = new AtomicInteger();
        HttpServer http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        http.createContext("/", exchange -> {
            requests.incrementAndGet();
            byte[] body = "{\"type\": \"object\"}".getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        http.start();
        try {
            String url = "http://127.0.0.1:" + http.getAddress().getPort() + "/common.json";
            store.put("remote.json", "{}").put("remote.schema.json", "{\"$ref\": \"" + url + "\"}");
            TaskError e = failure(Json.NODES.textNode("remote"));
            assertThat(e.errorName()).isEqualTo("Config.Invalid");
            assertThat(e.getMessage()).contains("cannot be used");
            assertThat(requests).hasValue(0);
        } finally {
            http.stop(0);
        }
    }

    @Test
    void malformedJsonIsInvalidWithItsPosition() {
        store.put("broken.json", "{\"a\": 1,\n \"b\": }");
        TaskError e = failure(Json.NODES.textNode("broken"));
        assertThat(e.errorName()).isEqualTo("Config.Invalid");
        assertThat(e.getMessage()).startsWith("broken.json is not valid JSON").contains("line 2");
    }

    @Test
    void anUnreadableStoreOrSecretIsRetryable() {
        ReadConfig failingStore = new ReadConfig(name -> {
            throw new IllegalStateException("bucket unreachable");
        }, secrets);
        TaskError e = catchThrowableOfType(TaskError.class, () -> failingStore.apply(Json.NODES.textNode("orders"), PLATFORM));
        assertThat(e.errorName()).isEqualTo("Config.Unavailable");
        assertThat(e.retryable()).isTrue();
        ReadConfig failingSecrets = new ReadConfig(store, name -> {
            throw new IllegalStateException("vault sealed");
        });
        assertThat(catchThrowableOfType(TaskError.class, () -> failingSecrets.apply(Json.NODES.textNode("orders"), PLATFORM)).retryable()).isTrue();
    }
}
