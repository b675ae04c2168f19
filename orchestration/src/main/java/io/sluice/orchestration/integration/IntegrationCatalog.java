package io.sluice.orchestration.integration;

import io.sluice.orchestration.definition.TaskResource;
import io.sluice.orchestration.definition.TaskResource.IntegrationPattern;
import io.sluice.orchestration.definition.TaskResource.ServiceAction;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which Task resources run on which platform, and on what: the one table the validator
 * ({@code validate --platform}), the pipeline catalog and the integration registry of the functions
 * agree on (a test in {@code functions} checks the registry against it).
 *
 * <p>Functions of the bundle (and Lambda's forms) run everywhere. The service integrations below map to
 * ports Sluice has, so they run on every platform through that platform's adapter. Any other service
 * integration runs on AWS only, as the AWS SDK call Step Functions would make (the AWS host's generic
 * integration); elsewhere it is a validation warning and, at run time, {@value #UNAVAILABLE}.
 * Activities run on no Sluice platform yet.
 */
public final class IntegrationCatalog {
    /** The error of a Task whose resource has no meaning on the platform it runs on. */
    public static final String UNAVAILABLE = "Sluice.IntegrationUnavailable";

    private static final Set<IntegrationPattern> REQUEST = EnumSet.of(IntegrationPattern.REQUEST_RESPONSE);
    private static final String CHILD_EXECUTION = "a child execution of a pipeline of the same tenant";
    private static final Set<IntegrationPattern> CALLBACK = EnumSet.of(IntegrationPattern.REQUEST_RESPONSE,
            IntegrationPattern.WAIT_FOR_TASK_TOKEN);
    private static final Set<IntegrationPattern> JOB = EnumSet.of(IntegrationPattern.REQUEST_RESPONSE, IntegrationPattern.SYNC);

    private static final Map<Platform, String> KEY_VALUE = Map.of(
            Platform.LOCAL, "an emulation of DynamoDB over the key-value table (PostgreSQL)",
            Platform.AWS, "the DynamoDB table the Task names, with the function's role (a tenant's run: its own emulated tables)",
            Platform.AZURE, "an emulation of DynamoDB over the key-value table (Table storage)");
    private static final Map<Platform, String> PUBLISH = Map.of(
            Platform.LOCAL, "an emulation over a local topic (a Redis stream)",
            Platform.AWS, "the topic, queue or event bus the Task names (SNS, SQS, EventBridge)",
            Platform.AZURE, "an emulation over the publish port (Service Bus, Event Grid)");
    private static final Map<Platform, String> OBJECTS = Map.of(
            Platform.LOCAL, "an emulation of S3 over the object store (the data folder)",
            Platform.AWS, "the S3 bucket the Task names (a tenant's run: its folder of the deployment's bucket)",
            Platform.AZURE, "an emulation of S3 over the object store (Blob storage)");
    private static final Map<Platform, String> JOBS = Map.of(
            Platform.LOCAL, "an emulation of Glue: the job launcher (DuckDB jobs)",
            Platform.AWS, "the AWS Glue job the Task names",
            Platform.AZURE, "an emulation of Glue: the job launcher (Data Factory or Synapse pipeline runs)");
    private static final Map<Platform, String> HTTP = Map.of(Platform.LOCAL, "an HTTP call",
            Platform.AWS, "an HTTP call", Platform.AZURE, "an HTTP call");

    /**
     * The AWS services whose SDK v2 module the AWS host carries, by the name Step Functions gives them in
     * {@code aws-sdk:<service>:<action>}: the generic integration calls any action of these by name, and no other
     * service (a test of the AWS host checks each is on its classpath). Add a module to {@code adapters/aws} and its
     * name here to offer another.
     */
    public static final Set<String> AWS_SDK_SERVICES = Set.of("dynamodb", "eventbridge", "glue", "lambda", "redshiftdata", "s3",
            "scheduler", "secretsmanager", "sns", "sqs");

    /** Step Functions' optimised service names that are another SDK module's. */
    private static final Map<String, String> OPTIMISED_SDK = Map.of("events", "eventbridge", "states", "sfn");

    /** Whether a platform's host runs actions no handler names through a generic integration: AWS's SDK calls. */
    public static boolean hasGeneric(Platform platform) {
        return platform == Platform.AWS;
    }

    /** The SDK module's name of a service as a Task names it ({@code events} is {@code eventbridge}'s). */
    public static String sdkService(ServiceAction action) {
        return action.sdk() ? action.service() : OPTIMISED_SDK.getOrDefault(action.service(), action.service());
    }

    /** One mapped action: its resource keys, the patterns Step Functions offers for it, and what runs it where. */
    public record Entry(String key, Set<IntegrationPattern> patterns, Map<Platform, String> backends) {}

    private static final Map<String, Entry> ENTRIES = entries();

    private IntegrationCatalog() {}

    private static Map<String, Entry> entries() {
        Map<String, Entry> out = new LinkedHashMap<>();
        for (String action : List.of("getItem", "putItem", "updateItem", "deleteItem", "query")) {
            add(out, "dynamodb:" + action, REQUEST, KEY_VALUE);
            add(out, "aws-sdk:dynamodb:" + action, CALLBACK, KEY_VALUE);
        }
        add(out, "sns:publish", CALLBACK, PUBLISH);
        add(out, "aws-sdk:sns:publish", CALLBACK, PUBLISH);
        add(out, "sqs:sendMessage", CALLBACK, PUBLISH);
        add(out, "aws-sdk:sqs:sendMessage", CALLBACK, PUBLISH);
        add(out, "events:putEvents", CALLBACK, PUBLISH);
        add(out, "aws-sdk:eventbridge:putEvents", CALLBACK, PUBLISH);
        for (String action : List.of("getObject", "putObject", "listObjectsV2", "copyObject", "deleteObject")) {
            add(out, "aws-sdk:s3:" + action, CALLBACK, OBJECTS);
        }
        add(out, "glue:startJobRun", JOB, JOBS);
        add(out, "aws-sdk:glue:startJobRun", REQUEST, JOBS);
        add(out, "http:invoke", REQUEST, HTTP);
        return out;
    }

    private static void add(Map<String, Entry> out, String key, Set<IntegrationPattern> patterns, Map<Platform, String> backends) {
        out.put(key, new Entry(key, Set.copyOf(patterns), Map.copyOf(backends)));
    }

    /** Every mapped action, by key ({@code sns:publish}, {@code aws-sdk:s3:getObject}). */
    public static Map<String, Entry> mapped() {
        return ENTRIES;
    }

    /** Whether a resource runs on a platform, and on what. */
    public sealed interface Support {
        /** It runs there; {@code on} says on what ("the object store (the data folder)"). */
        record Runs(String on) implements Support {}

        /** It cannot run there; {@code reason} is a sentence saying why and where it does run. */
        record Unavailable(String reason) implements Support {}
    }

    public static Support support(TaskResource resource, Platform platform) {
        return switch (resource.kind()) {
            case FUNCTION, LAMBDA_INVOKE -> new Support.Runs(platform == Platform.AWS && resource.raw().startsWith("arn:")
                    ? "a function of the bundle, else the Lambda function it names, invoked with the function's role"
                    : "a function of the bundle");
            // Workers poll the Step Functions API: the local runtime's port, the http-api function on AWS and Azure.
            case ACTIVITY -> new Support.Runs("an activity worker polling the host's Step Functions API (GetActivityTask)");
            case SERVICE_INTEGRATION -> integration(resource, platform);
        };
    }

    private static Support integration(TaskResource resource, Platform platform) {
        ServiceAction action = resource.serviceAction().orElseThrow();
        Entry entry = ENTRIES.get(action.key());
        if (entry != null) {
            if (!entry.patterns().contains(resource.pattern())) {
                return new Support.Unavailable("Step Functions offers " + action.key() + " as " + patterns(entry.patterns())
                        + ", not " + describe(resource.pattern()) + ".");
            }
            return new Support.Runs(entry.backends().get(platform));
        }
        if (resource.function() != null) {
            return new Support.Runs(CHILD_EXECUTION); // states:startExecution, in every pattern: the executions function
        }
        if (action.service().equals("states") && !action.sdk()) {
            return new Support.Unavailable("Of the Step Functions actions, Sluice runs states:startExecution (a child execution);"
                    + " states:" + action.action() + " it does not.");
        }
        if (hasGeneric(platform)) {
            String service = sdkService(action);
            if (!AWS_SDK_SERVICES.contains(service)) {
                return new Support.Unavailable("The AWS host calls by name the services whose SDK it carries ("
                        + String.join(", ", new java.util.TreeSet<>(AWS_SDK_SERVICES)) + "); " + service + " is none of them"
                        + " (add software.amazon.awssdk:" + service + " to adapters/aws and the service to IntegrationCatalog).");
            }
            if (resource.pattern() == IntegrationPattern.SYNC) {
                return new Support.Unavailable("The AWS host's generic integration makes " + action.key() + "'s request and returns"
                        + " its response; it does not wait for the job as .sync does.");
            }
            return new Support.Runs("the AWS SDK call Step Functions makes, on the resources the Task names, with the function's"
                    + " role (the AWS host's generic integration)");
        }
        Support onAws = integration(resource, Platform.AWS);
        return new Support.Unavailable("Sluice maps " + action.key() + " to nothing on platform " + platform.id() + "; "
                + (onAws instanceof Support.Runs ? "it runs on AWS (the AWS host's generic integration) and under exec --mocks everywhere."
                        : "the AWS host does not run it either (" + ((Support.Unavailable) onAws).reason() + "), so it runs only under exec --mocks."));
    }

    /** The cause of {@value #UNAVAILABLE} for a Task state, naming the platform and the resource. */
    public static String unavailableCause(String stateName, TaskResource resource, Platform platform) {
        String reason = support(resource, platform) instanceof Support.Unavailable u ? u.reason() : "";
        return "Task state '" + stateName + "' calls '" + resource.raw() + "', which cannot run on platform "
                + platform.id() + ": " + reason;
    }

    private static String patterns(Set<IntegrationPattern> patterns) {
        List<String> names = new ArrayList<>();
        for (IntegrationPattern p : IntegrationPattern.values()) {
            if (patterns.contains(p)) {
                names.add(describe(p));
            }
        }
        return String.join(" and ", names);
    }

    private static String describe(IntegrationPattern pattern) {
        return switch (pattern) {
            case REQUEST_RESPONSE -> "request-response";
            case SYNC -> ".sync";
            case WAIT_FOR_TASK_TOKEN -> ".waitForTaskToken";
        };
    }
}
