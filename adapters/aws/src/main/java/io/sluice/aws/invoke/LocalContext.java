package io.sluice.aws.invoke;

import com.amazonaws.services.lambda.runtime.ClientContext;
import com.amazonaws.services.lambda.runtime.CognitoIdentity;
import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.LambdaLogger;
import java.nio.charset.StandardCharsets;
import java.util.UUID;

/** The {@link Context} of a local invocation: a fresh request id, the function's name, five minutes to run. */
final class LocalContext implements Context {
    private static final long TIMEOUT_MILLIS = 300_000;
    private final String function;
    private final String requestId = UUID.randomUUID().toString();
    private final long deadline = System.currentTimeMillis() + TIMEOUT_MILLIS;

    LocalContext(String function) {
        this.function = function;
    }

    @Override
    public String getAwsRequestId() {
        return requestId;
    }

    @Override
    public String getLogGroupName() {
        return "/aws/lambda/" + function;
    }

    @Override
    public String getLogStreamName() {
        return "local";
    }

    @Override
    public String getFunctionName() {
        return function;
    }

    @Override
    public String getFunctionVersion() {
        return "$LATEST";
    }

    @Override
    public String getInvokedFunctionArn() {
        return "arn:aws:lambda:local:000000000000:function:" + function;
    }

    @Override
    public CognitoIdentity getIdentity() {
        return null;
    }

    @Override
    public ClientContext getClientContext() {
        return null;
    }

    @Override
    public int getRemainingTimeInMillis() {
        return (int) Math.max(0, deadline - System.currentTimeMillis());
    }

    @Override
    public int getMemoryLimitInMB() {
        return 1024;
    }

    @Override
    public LambdaLogger getLogger() {
        return new LambdaLogger() {
            @Override
            public void log(String message) {
                System.err.print(message);
            }

            @Override
            public void log(byte[] message) {
                System.err.print(new String(message, StandardCharsets.UTF_8));
            }
        };
    }
}
