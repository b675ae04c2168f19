package io.sluice.orchestration.definition;

/**
 * What a Task calls. {@code sluice:function:<name>} and the AWS Lambda forms all name a function
 * of the bundle; {@code lambdaInvoke} marks {@code arn:aws:states:::lambda:invoke}, whose function
 * name comes from {@code Parameters.FunctionName} and whose result is wrapped as Step Functions wraps it.
 *
 * @param function the function name, or {@code null} when it is taken from the parameters
 */
public record TaskResource(String raw, String function, IntegrationPattern pattern, boolean lambdaInvoke) {

    /** How the state waits for the task. */
    public enum IntegrationPattern {
        /** The function's return value is the result. */
        REQUEST_RESPONSE,
        /** The function starts a job; the state waits for the job's completion, reported later. */
        SYNC,
        /** The state waits for send-task-success/failure with its task token. */
        WAIT_FOR_TASK_TOKEN
    }

    private static final String SLUICE_PREFIX = "sluice:function:";
    private static final String LAMBDA_INVOKE = "arn:aws:states:::lambda:invoke";

    /** Parses a Resource; throws {@link IllegalArgumentException} listing the accepted forms. */
    public static TaskResource parse(String raw) {
        IntegrationPattern pattern = IntegrationPattern.REQUEST_RESPONSE;
        String body = raw;
        if (body.endsWith(".waitForTaskToken")) {
            pattern = IntegrationPattern.WAIT_FOR_TASK_TOKEN;
            body = body.substring(0, body.length() - ".waitForTaskToken".length());
        } else if (body.endsWith(".sync")) {
            pattern = IntegrationPattern.SYNC;
            body = body.substring(0, body.length() - ".sync".length());
        }
        if (body.startsWith(SLUICE_PREFIX) && body.length() > SLUICE_PREFIX.length()) {
            return new TaskResource(raw, body.substring(SLUICE_PREFIX.length()), pattern, false);
        }
        if (body.equals(LAMBDA_INVOKE)) {
            return new TaskResource(raw, null, pattern, true);
        }
        String lambda = lambdaFunctionName(body);
        if (lambda != null && pattern == IntegrationPattern.REQUEST_RESPONSE) {
            return new TaskResource(raw, lambda, pattern, false);
        }
        throw new IllegalArgumentException("Resource '" + raw + "' is not one Sluice can run; expected "
                + "sluice:function:<name>[.sync|.waitForTaskToken], arn:aws:lambda:<region>:<account>:function:<name>[:alias], "
                + "or arn:aws:states:::lambda:invoke[.waitForTaskToken] with Parameters.FunctionName.");
    }

    /**
     * The function name in a Lambda ARN ({@code arn:aws:lambda:r:a:function:name[:alias]}), a partial
     * ARN ({@code account:function:name}) or a bare name; {@code null} when the text is none of these.
     */
    public static String lambdaFunctionName(String text) {
        if (text == null || text.isEmpty()) {
            return null;
        }
        String[] parts = text.split(":", -1);
        if (text.startsWith("arn:")) {
            boolean ok = parts.length >= 7 && parts.length <= 8 && "lambda".equals(parts[2]) && "function".equals(parts[5]);
            return ok && !parts[6].isEmpty() ? parts[6] : null;
        }
        if (parts.length >= 3 && "function".equals(parts[1])) {
            return parts[2].isEmpty() ? null : parts[2];
        }
        return parts.length <= 2 && text.matches("[A-Za-z0-9_-]+(:[A-Za-z0-9_$-]+)?") ? parts[0] : null;
    }
}
