package io.sluice.functions.integration;

import static io.sluice.functions.integration.Calls.call;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.harness.TaskError;
import io.sluice.functions.integration.objects.ObjectStoreHandler;
import io.sluice.testkit.fake.InMemoryObjectStore;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** S3's shapes and error names on the in-memory store (adapters/local runs them on the data folder). */
class ObjectStoreHandlerTest {
    final InMemoryObjectStore store = new InMemoryObjectStore();
    final ObjectStoreHandler s3 = new ObjectStoreHandler(store);

    JsonNode run(String action, String params) {
        return s3.call(call("arn:aws:states:::aws-sdk:s3:" + action, params));
    }

    @Test
    void putGetCopyAndDeleteWithS3sShapes() {
        JsonNode put = run("putObject", "{\"Bucket\": \"landing\", \"Key\": \"in/a.json\", \"Body\": {\"n\": 1}}");
        assertThat(put.get("ETag").asText()).startsWith("\"").endsWith("\"");
        assertThat(new String(store.get("landing/in/a.json").orElseThrow(), StandardCharsets.UTF_8)).isEqualTo("{\"n\":1}");
        JsonNode got = run("getObject", "{\"Bucket\": \"landing\", \"Key\": \"in/a.json\"}");
        assertThat(got.get("Body").asText()).isEqualTo("{\"n\":1}");
        assertThat(got.get("ContentLength").asInt()).isEqualTo(7);
        assertThat(got.get("ETag")).isEqualTo(put.get("ETag"));
        JsonNode copied = run("copyObject", "{\"Bucket\": \"raw\", \"Key\": \"a.json\", \"CopySource\": \"landing/in%2Fa.json\"}");
        assertThat(copied.at("/CopyObjectResult/ETag")).isEqualTo(put.get("ETag"));
        assertThat(store.get("raw/a.json")).isPresent();
        assertThat(run("deleteObject", "{\"Bucket\": \"landing\", \"Key\": \"in/a.json\"}").isEmpty()).isTrue();
        TaskError missing = catchThrowableOfType(TaskError.class, () -> run("getObject", "{\"Bucket\": \"landing\", \"Key\": \"in/a.json\"}"));
        assertThat(missing.errorName()).isEqualTo("S3.NoSuchKeyException");
    }

    @Test
    void listObjectsV2PagesWithContinuationTokens() {
        for (String k : new String[] {"p/1", "p/2", "p/3", "q/1"}) {
            run("putObject", "{\"Bucket\": \"b-1\", \"Key\": \"" + k + "\", \"Body\": \"x\"}");
        }
        JsonNode first = run("listObjectsV2", "{\"Bucket\": \"b-1\", \"Prefix\": \"p/\", \"MaxKeys\": 2}");
        assertThat(first.get("Contents").findValuesAsText("Key")).containsExactly("p/1", "p/2");
        assertThat(first.get("IsTruncated").asBoolean()).isTrue();
        assertThat(first.get("KeyCount").asInt()).isEqualTo(2);
        assertThat(first.get("Name").asText()).isEqualTo("b-1");
        JsonNode second = run("listObjectsV2", "{\"Bucket\": \"b-1\", \"Prefix\": \"p/\", \"MaxKeys\": 2, \"ContinuationToken\": \""
                + first.get("NextContinuationToken").asText() + "\"}");
        assertThat(second.get("Contents").findValuesAsText("Key")).containsExactly("p/3");
        assertThat(second.get("IsTruncated").asBoolean()).isFalse();
        assertThat(second.has("NextContinuationToken")).isFalse();
        JsonNode after = run("listObjectsV2", "{\"Bucket\": \"b-1\", \"StartAfter\": \"p/3\"}");
        assertThat(after.get("Contents").findValuesAsText("Key")).containsExactly("q/1");
        assertThat(after.at("/Contents/0/Size").asInt()).isEqualTo(1);
    }

    @Test
    void tenantsHaveBucketsOfTheirOwnAndBadNamesAreRefused() {
        s3.call(call("arn:aws:states:::aws-sdk:s3:putObject", "{\"Bucket\": \"data\", \"Key\": \"k\", \"Body\": \"a\"}", "t:r.0.1.0", "acme"));
        assertThat(store.get("tenants/acme/data/k")).isPresent();
        assertThat(store.get("data/k")).isEmpty();
        assertThat(catchThrowableOfType(TaskError.class, () -> run("getObject", "{\"Bucket\": \"tenants\", \"Key\": \"acme/data/k\"}"))
                .errorName()).isEqualTo("S3.AccessDeniedException");
        assertThat(catchThrowableOfType(TaskError.class, () -> run("getObject", "{\"Bucket\": \"../etc\", \"Key\": \"k\"}"))
                .errorName()).isEqualTo("S3.InvalidRequestException");
    }
}
