package io.sluice.aws;

import static org.assertj.core.api.Assertions.assertThat;

import com.amazonaws.services.lambda.runtime.ClientContext;
import com.amazonaws.services.lambda.runtime.CognitoIdentity;
import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.LambdaLogger;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.cloud.function.adapter.aws.FunctionInvoker;

/**
 * Drives Spring Cloud Function's Lambda handler as the Lambda Java runtime does: the handler
 * class is instantiated with its no-argument constructor (which starts the Spring context), the
 * application is found through {@code MAIN_CLASS}, the function is chosen by
 * {@code spring.cloud.function.definition}, and each invocation is
 * {@code handleRequest(InputStream, OutputStream, Context)}.
 *
 * <p>On Lambda both settings are environment variables; FunctionInvoker also reads them as
 * system properties, which a test can set.
 *
 * <p>Each test starts its own handler, as each Lambda function does; the second start in the
 * same JVM is much faster than the first, so the printed times are not cold starts.
 */
class AwsFunctionInvokerStartupTest {

    private final Map<String, String> saved = new HashMap<>();

    @AfterEach
    void restoreSystemProperties() {
        saved.forEach((key, value) -> {
            if (value == null) System.clearProperty(key);
            else System.setProperty(key, value);
        });
    }

    @Test
    void stringFunctionAnswersThroughFunctionInvoker() throws Exception {
        FunctionInvoker handler = startHandler("probe");

        String response = invoke(handler, new ByteArrayInputStream(
                "\"hello\"".getBytes(StandardCharsets.UTF_8)));

        // A Lambda response payload is JSON: a String result comes back as a JSON string.
        assertThat(response).isEqualTo("\"sluice-aws probe: hello\"");
    }

    @Test
    void sqsEventIsDeserializedOutsideLambda() throws Exception {
        FunctionInvoker handler = startHandler("sqsProbe");

        String response;
        try (InputStream event = getClass().getResourceAsStream("/events/sqs-receive-message.json")) {
            assertThat(event).as("SQS event fixture").isNotNull();
            response = invoke(handler, event);
        }

        assertThat(response).isEqualTo("\"first,second\"");
    }

    private FunctionInvoker startHandler(String definition) {
        setProperty("MAIN_CLASS", io.sluice.aws.probe.ProbeApplication.class.getName());
        setProperty("spring.cloud.function.definition", definition);
        setProperty("spring.main.banner-mode", "off");
        long start = System.nanoTime();
        FunctionInvoker handler = new FunctionInvoker();
        System.out.printf("FunctionInvoker(%s) started in %d ms%n", definition, (System.nanoTime() - start) / 1_000_000);
        return handler;
    }

    private static String invoke(FunctionInvoker handler, InputStream input) throws Exception {
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        handler.handleRequest(input, output, new TestContext());
        return output.toString(StandardCharsets.UTF_8);
    }

    private void setProperty(String key, String value) {
        saved.putIfAbsent(key, System.getProperty(key));
        System.setProperty(key, value);
    }

    /** The few fields a Lambda Context carries, with fixed test values. */
    private static final class TestContext implements Context {
        @Override public String getAwsRequestId() { return "c6af9ac6-7b61-11e6-9a41-93e812345678"; }
        @Override public String getLogGroupName() { return "/aws/lambda/sluice-probe"; }
        @Override public String getLogStreamName() { return "2026/01/01/[$LATEST]0123456789abcdef"; }
        @Override public String getFunctionName() { return "sluice-probe"; }
        @Override public String getFunctionVersion() { return "$LATEST"; }
        @Override public String getInvokedFunctionArn() { return "arn:aws:lambda:eu-west-1:123456789012:function:sluice-probe"; }
        @Override public CognitoIdentity getIdentity() { return null; }
        @Override public ClientContext getClientContext() { return null; }
        @Override public int getRemainingTimeInMillis() { return 30_000; }
        @Override public int getMemoryLimitInMB() { return 512; }
        @Override public LambdaLogger getLogger() {
            return new LambdaLogger() {
                @Override public void log(String message) { System.out.println(message); }
                @Override public void log(byte[] message) { System.out.println(new String(message, StandardCharsets.UTF_8)); }
            };
        }
    }
}
