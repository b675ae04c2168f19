package io.sluice.aws.sdk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.aws.client.AwsClientSettings;
import io.sluice.aws.s3.S3TestBuckets;
import io.sluice.functions.harness.TaskContext;
import io.sluice.functions.harness.TaskError;
import io.sluice.functions.integration.IntegrationRegistry;
import io.sluice.functions.integration.Integrations;
import io.sluice.functions.tenancy.Owner;
import io.sluice.orchestration.definition.TaskResource.IntegrationPattern;
import io.sluice.orchestration.integration.Platform;
import io.sluice.orchestration.json.Json;
import io.sluice.testkit.aws.S3MockServer;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * The generic integration on S3's REST-XML protocol, on S3Mock: parameters in the URI, headers and an XML body
 * ({@code putObjectTagging}'s nested {@code Tagging.TagSet}) and results read back from each, and S3's error names
 * with {@code Exception} appended ("S3.BucketAlreadyExistsException", as
 * https://docs.aws.amazon.com/step-functions/latest/dg/supported-services-awssdk.html spells S3's).
 */
class AwsSdkS3Test {
    private static S3Client s3;
    private static String bucket;
    private static SdkServices services;
    private static Integrations integrations;

    @BeforeAll
    static void start() {
        s3 = S3TestBuckets.s3Mock();
        bucket = S3TestBuckets.create(s3, "sdk");
        s3.putObject(b -> b.bucket(bucket).key("in/a.csv").contentType("text/csv"), RequestBody.fromString("id\n1\n"));
        services = new SdkServices(service -> AwsClientSettings.local(S3MockServer.shared().endpoint(), "us-east-1"));
        integrations = new Integrations(new IntegrationRegistry(Platform.AWS, List.of(), AwsSdkHandler.generic(services)));
    }

    @AfterAll
    static void stop() {
        services.close();
        s3.close();
    }

    static JsonNode run(String resource, String parameters) {
        return integrations.apply(Json.parse(parameters), new TaskContext("files:run-1.0.1.0", "files:run-1", "Call",
                IntegrationPattern.REQUEST_RESPONSE, null, resource, null, new Owner.Platform("files", "files:run-1")));
    }

    @Test
    void restXmlActionsTakeAndGiveStepFunctionsShapes() {
        JsonNode head = run("arn:aws:states:::aws-sdk:s3:headObject", "{\"Bucket\": \"" + bucket + "\", \"Key\": \"in/a.csv\"}");
        assertThat(head.get("ContentLength").asLong()).isEqualTo(5);
        assertThat(head.get("ContentType").asText()).isEqualTo("text/csv");
        assertThat(head.get("ETag").asText()).isNotBlank();

        run("arn:aws:states:::aws-sdk:s3:putObjectTagging", "{\"Bucket\": \"" + bucket + "\", \"Key\": \"in/a.csv\","
                + " \"Tagging\": {\"TagSet\": [{\"Key\": \"stage\", \"Value\": \"raw\"}, {\"Key\": \"owner\", \"Value\": \"ops\"}]}}");
        JsonNode tags = run("arn:aws:states:::aws-sdk:s3:getObjectTagging", "{\"Bucket\": \"" + bucket + "\", \"Key\": \"in/a.csv\"}");
        assertThat(tags.get("TagSet").findValuesAsText("Value")).containsExactlyInAnyOrder("raw", "ops");

        JsonNode buckets = run("arn:aws:states:::aws-sdk:s3:listBuckets", "{}");
        assertThat(buckets.get("Buckets").findValuesAsText("Name")).contains(bucket);
    }

    @Test
    void s3ErrorsAreNamedWithExceptionAppended() {
        TaskError missing = catchThrowableOfType(TaskError.class, () -> run("arn:aws:states:::aws-sdk:s3:getObjectTagging",
                "{\"Bucket\": \"" + bucket + "\", \"Key\": \"in/none.csv\"}"));
        assertThat(missing.errorName()).isEqualTo("S3.NoSuchKeyException");
        TaskError noBucket = catchThrowableOfType(TaskError.class, () -> run("arn:aws:states:::aws-sdk:s3:getBucketTagging",
                "{\"Bucket\": \"no-such-bucket-h34c\"}"));
        assertThat(noBucket.errorName()).isEqualTo("S3.NoSuchBucketException");
    }
}
