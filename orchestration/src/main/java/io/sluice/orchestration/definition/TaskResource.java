package io.sluice.orchestration.definition;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a Task calls: every Resource form Step Functions accepts, and Sluice's own.
 *
 * <p>{@code sluice:function:<name>} and the AWS Lambda forms name a function of the bundle
 * ({@link Kind#FUNCTION}); {@code arn:aws:states:::lambda:invoke} takes its function name from
 * {@code Parameters.FunctionName} and wraps the result as Step Functions does
 * ({@link Kind#LAMBDA_INVOKE}). Other service integrations ({@code arn:aws:states:::glue:startJobRun.sync},
 * {@code arn:aws:states:::aws-sdk:s3:getObject}) and activities are valid ASL that Sluice
 * recognises but does not run yet: they have no function, and only a mock answers them; except
 * {@code arn:aws:states:::states:startExecution} in all its patterns, which the {@value #EXECUTIONS_FUNCTION}
 * function runs as a child execution.
 *
 * @param function the function name, or {@code null} when it is taken from the parameters or there is none
 */
public record TaskResource(String raw, Kind kind, String function, IntegrationPattern pattern) {

    /** What kind of thing the Resource names. */
    public enum Kind {
        /** A function of the bundle, named in the Resource. */
        FUNCTION,
        /** {@code arn:aws:states:::lambda:invoke}: the function is named by {@code Parameters.FunctionName}. */
        LAMBDA_INVOKE,
        /** Another Step Functions service integration, {@code arn:aws:states:::<service>:<action>}. */
        SERVICE_INTEGRATION,
        /** A Step Functions activity, {@code arn:aws:states:<region>:<account>:activity:<name>}. */
        ACTIVITY
    }

    /** How the state waits for the task. */
    public enum IntegrationPattern {
        /** The function's return value is the result. */
        REQUEST_RESPONSE,
        /** The function starts a job; the state waits for the job's completion, reported later. */
        SYNC,
        /** The state waits for send-task-success/failure with its task token. */
        WAIT_FOR_TASK_TOKEN
    }

    /** The task function every service integration other than Lambda is dispatched to. */
    public static final String INTEGRATIONS_FUNCTION = "integrations";

    /**
     * The service and action a service integration names: {@code arn:aws:states:::aws-sdk:s3:getObject} is
     * ({@code s3}, {@code getObject}, sdk); {@code arn:aws:states:::sns:publish.waitForTaskToken} is ({@code sns},
     * {@code publish}, not sdk).
     *
     * @param sdk whether the resource is the AWS SDK form ({@code aws-sdk:<service>:<action>})
     */
    public record ServiceAction(String service, String action, boolean sdk) {
        /** {@code aws-sdk:s3:getObject} or {@code sns:publish}: the key the registry and the catalog use. */
        public String key() {
            return (sdk ? "aws-sdk:" : "") + service + ":" + action;
        }

        @Override
        public String toString() {
            return key();
        }
    }

    /** The forms a user can write, for messages. */
    public static final String ACCEPTED_FORMS = "sluice:function:<name>[.sync|.waitForTaskToken], "
            + "arn:aws:lambda:<region>:<account>:function:<name>[:<alias>], "
            + "arn:aws:states:::lambda:invoke[.waitForTaskToken] with Parameters.FunctionName, "
            + "arn:aws:states:::<service>:<action>[.sync|.sync:2|.waitForTaskToken], "
            + "arn:aws:states:::aws-sdk:<service>:<action>[.waitForTaskToken] "
            + "or arn:aws:states:<region>:<account>:activity:<name>";

    private static final String SLUICE_PREFIX = "sluice:function:";
    private static final String NAME = "[A-Za-z0-9_-]+";
    /** {@link #NAME} compiled once: a worker reads its task's resource on every task ({@code LambdaInvoke.wrapsResult}). */
    private static final Pattern FUNCTION_NAME = Pattern.compile(NAME);
    private static final String PARTITION = "aws(?:-[a-z]+)*";
    private static final Pattern SERVICE = Pattern.compile(
            "arn:" + PARTITION + ":states:::(aws-sdk:)?([a-z0-9-]+):([A-Za-z][A-Za-z0-9]*)(\\.sync(?::2)?|\\.waitForTaskToken)?");
    private static final Pattern ACTIVITY_ARN = Pattern.compile(
            "arn:" + PARTITION + ":states:[a-z0-9-]+:\\d{12}:activity:[A-Za-z0-9_.-]+");
    private static final Pattern LAMBDA_ARN = Pattern.compile(
            "arn:" + PARTITION + ":lambda:[a-z0-9-]+:\\d{12}:function:(" + NAME + ")(:[A-Za-z0-9_$-]+)?");

    /** The function that runs {@code arn:aws:states:::states:startExecution[.sync|.sync:2|.waitForTaskToken]}: a child execution. */
    public static final String EXECUTIONS_FUNCTION = "executions";

    /** Whether this resource names a function of the bundle (directly, through lambda:invoke, or as {@value #EXECUTIONS_FUNCTION}). */
    public boolean runnable() {
        return kind == Kind.FUNCTION || kind == Kind.LAMBDA_INVOKE || function != null;
    }

    /** Whether the Resource ends in {@code .sync:2}: the integration returns JSON rather than JSON text (startExecution's Output). */
    public boolean syncVersion2() {
        return raw.endsWith(".sync:2");
    }

    /** The service and action of a service integration (Lambda's {@code lambda:invoke} too); empty for functions and activities. */
    public Optional<ServiceAction> serviceAction() {
        if (kind != Kind.SERVICE_INTEGRATION && kind != Kind.LAMBDA_INVOKE) {
            return Optional.empty();
        }
        Matcher m = SERVICE.matcher(raw);
        return m.matches() ? Optional.of(new ServiceAction(m.group(2), m.group(3), m.group(1) != null)) : Optional.empty();
    }

    /** Whether this is {@code arn:aws:states:::lambda:invoke}, whose result Step Functions wraps. */
    public boolean lambdaInvoke() {
        return kind == Kind.LAMBDA_INVOKE;
    }

    /** Parses a Resource; throws {@link IllegalArgumentException} listing the accepted forms. */
    public static TaskResource parse(String raw) {
        return read(raw).orElseThrow(() -> new IllegalArgumentException("Resource '" + raw
                + "' is not a Resource form Step Functions or Sluice accepts; expected " + ACCEPTED_FORMS + "."));
    }

    /** The resource {@code raw} names, or empty when it is no form Step Functions or Sluice accepts. */
    public static Optional<TaskResource> read(String raw) {
        if (raw == null) {
            return Optional.empty();
        }
        if (raw.startsWith(SLUICE_PREFIX)) {
            return sluiceFunction(raw);
        }
        Matcher lambda = LAMBDA_ARN.matcher(raw);
        if (lambda.matches()) {
            return Optional.of(new TaskResource(raw, Kind.FUNCTION, lambda.group(1), IntegrationPattern.REQUEST_RESPONSE));
        }
        if (ACTIVITY_ARN.matcher(raw).matches()) {
            return Optional.of(new TaskResource(raw, Kind.ACTIVITY, null, IntegrationPattern.REQUEST_RESPONSE));
        }
        Matcher service = SERVICE.matcher(raw);
        if (!service.matches()) {
            return Optional.empty();
        }
        IntegrationPattern pattern = pattern(service.group(4));
        boolean lambdaInvoke = service.group(1) == null && service.group(2).equals("lambda")
                && service.group(3).equals("invoke");
        if (lambdaInvoke) {
            // lambda:invoke has no .sync form in Step Functions
            return pattern == IntegrationPattern.SYNC ? Optional.empty()
                    : Optional.of(new TaskResource(raw, Kind.LAMBDA_INVOKE, null, pattern));
        }
        if (service.group(1) != null && pattern == IntegrationPattern.SYNC) {
            return Optional.empty(); // AWS SDK integrations have no .sync form
        }
        return Optional.of(new TaskResource(raw, Kind.SERVICE_INTEGRATION, serviceFunction(service), pattern));
    }

    /** The function of a service integration Sluice runs itself, or {@code null}. */
    private static String serviceFunction(Matcher service) {
        boolean startExecution = service.group(1) == null && service.group(2).equals("states") && service.group(3).equals("startExecution");
        return startExecution ? EXECUTIONS_FUNCTION : null;
    }

    private static Optional<TaskResource> sluiceFunction(String raw) {
        String body = raw.substring(SLUICE_PREFIX.length());
        IntegrationPattern pattern = IntegrationPattern.REQUEST_RESPONSE;
        if (body.endsWith(".waitForTaskToken")) {
            pattern = IntegrationPattern.WAIT_FOR_TASK_TOKEN;
            body = body.substring(0, body.length() - ".waitForTaskToken".length());
        } else if (body.endsWith(".sync")) {
            pattern = IntegrationPattern.SYNC;
            body = body.substring(0, body.length() - ".sync".length());
        }
        return FUNCTION_NAME.matcher(body).matches() ? Optional.of(new TaskResource(raw, Kind.FUNCTION, body, pattern)) : Optional.empty();
    }

    private static IntegrationPattern pattern(String suffix) {
        if (suffix == null) return IntegrationPattern.REQUEST_RESPONSE;
        return suffix.equals(".waitForTaskToken") ? IntegrationPattern.WAIT_FOR_TASK_TOKEN : IntegrationPattern.SYNC;
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
