package io.sluice.orchestration.integration;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.definition.TaskResource;
import io.sluice.orchestration.definition.TaskResource.ServiceAction;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The IAM permissions a definition's service integrations need on AWS, where Sluice's {@code task-worker} makes the
 * calls with its own role ({@code validate --platform aws} lists them): for each Task state (and each distributed Map's
 * {@code ItemReader} / {@code ResultWriter}), the IAM action and the resource ARN its parameters name. A resource
 * named from the input at run time ({@code "TableName.$"}, a JSONata {@code {% ... %}}) is {@code *} there, and the
 * region and account are {@code *} where the parameters do not give them; the Terraform module takes the result as
 * {@code integrations.statements}. What runs inside Sluice needs no IAM action of its own: functions of the bundle,
 * child executions ({@code states:startExecution}), activities and {@code http:invoke}. A Lambda function outside the
 * bundle ({@code lambda:invoke}'s {@code FunctionName}, a Lambda ARN as the Resource) is invoked with the role:
 * {@code lambda:InvokeFunction} on its ARN, and on every version and alias of an unqualified one ({@code function:name:*}),
 * as the policies Step Functions generates for {@code lambda:invoke} grant; the module takes them as
 * {@code integrations.functions}.
 */
public final class IamNeeds {
    /** One permission: the IAM action on the resource, for the state that needs it. */
    public record Need(String state, String action, String resource) {
        @Override
        public String toString() {
            return action + " on " + resource + " (state '" + state + "')";
        }
    }

    /** The IAM prefix of a service where it is not the service's own name. */
    private static final Map<String, String> IAM_PREFIX = Map.of("eventbridge", "events", "sfn", "states",
            "redshiftdata", "redshift-data", "cloudwatchlogs", "logs");
    /** API actions whose IAM action has another name. */
    private static final Map<String, String> IAM_ACTION = Map.of("s3:listObjectsV2", "s3:ListBucket", "s3:listObjects", "s3:ListBucket",
            "s3:headObject", "s3:GetObject", "s3:copyObject", "s3:PutObject", "s3:headBucket", "s3:ListBucket");
    private static final String ANY = "*";

    private IamNeeds() {}

    /**
     * The task functions of every Sluice bundle (the Terraform module's default {@code task_functions}): a Lambda call of
     * one of these runs in the bundle, not through Lambda's Invoke API.
     */
    public static final Set<String> BUNDLE_FUNCTIONS = Set.of("read-config", "glue-launch", "copy-to-warehouse", "push-export",
            "write-status", "dependency-check", TaskResource.INTEGRATIONS_FUNCTION, TaskResource.EXECUTIONS_FUNCTION, "map-run");

    /** What {@code definition} needs on AWS, its Lambda calls of functions other than {@link #BUNDLE_FUNCTIONS} included. */
    public static List<Need> of(JsonNode definition) {
        return of(definition, BUNDLE_FUNCTIONS);
    }

    /**
     * What {@code definition} needs on AWS, state by state in the order they are written; an action on a resource once, for
     * its first state. A Lambda call of a function in {@code bundle} needs nothing.
     */
    public static List<Need> of(JsonNode definition, Set<String> bundle) {
        Set<Need> all = new LinkedHashSet<>();
        states(definition, all, bundle);
        Map<String, Need> once = new java.util.LinkedHashMap<>();
        all.forEach(n -> once.putIfAbsent(n.action() + " " + n.resource(), n));
        return new ArrayList<>(once.values());
    }

    private static void states(JsonNode machine, Set<Need> out, Set<String> bundle) {
        JsonNode states = machine == null ? null : machine.get("States");
        if (states == null || !states.isObject()) {
            return;
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = states.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode state = e.getValue();
            String type = state.path("Type").asText();
            if (type.equals("Task")) {
                task(e.getKey(), state.path("Resource").asText(null), parameters(state), out, bundle);
            } else if (type.equals("Parallel")) {
                state.path("Branches").forEach(b -> states(b, out, bundle));
            } else if (type.equals("Map")) {
                states(state.has("ItemProcessor") ? state.get("ItemProcessor") : state.get("Iterator"), out, bundle);
                for (String part : List.of("ItemReader", "ResultWriter")) {
                    JsonNode p = state.get(part);
                    if (p != null && p.isObject()) {
                        task(e.getKey(), p.path("Resource").asText(null), parameters(p), out, bundle);
                    }
                }
            }
        }
    }

    private static JsonNode parameters(JsonNode state) {
        JsonNode p = state.has("Arguments") ? state.get("Arguments") : state.get("Parameters");
        return p == null || !p.isObject() ? com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode() : p;
    }

    private static void task(String state, String raw, JsonNode p, Set<Need> out, Set<String> bundle) {
        TaskResource resource = raw == null ? null : TaskResource.read(raw).orElse(null);
        if (resource != null && LambdaCall.callsLambda(raw)) {
            String function = resource.lambdaInvoke() ? text(p, "FunctionName") : raw;
            String name = function == null || function.equals(ANY) ? null : TaskResource.lambdaFunctionName(function);
            if (name == null || !bundle.contains(name)) {
                lambda(state, function, resource.lambdaInvoke() ? text(p, "Qualifier") : null, out);
            }
            return;
        }
        if (resource == null || resource.kind() != TaskResource.Kind.SERVICE_INTEGRATION || resource.function() != null) {
            return; // a function of the bundle, a child execution, an activity: inside Sluice
        }
        ServiceAction action = resource.serviceAction().orElseThrow();
        String service = IntegrationCatalog.sdkService(action);
        if (service.equals("http")) {
            return;
        }
        String key = service + ":" + action.action();
        String iam = IAM_ACTION.getOrDefault(key, IAM_PREFIX.getOrDefault(service, service) + ":"
                + Character.toUpperCase(action.action().charAt(0)) + action.action().substring(1));
        for (String arn : resources(service, action.action(), p)) {
            out.add(new Need(state, iam, arn));
        }
        if (service.equals("s3") && action.action().equals("copyObject")) {
            out.add(new Need(state, "s3:GetObject", copySource(p)));
        }
        if (service.equals("sqs") && action.action().equals("sendMessage")) {
            // The AWS host sends by the queue's name: it asks for the queue's URL first.
            for (String arn : resources(service, action.action(), p)) {
                out.add(new Need(state, "sqs:GetQueueUrl", arn));
            }
        }
        if (service.equals("glue") && resource.pattern() == TaskResource.IntegrationPattern.SYNC) {
            for (String arn : resources(service, action.action(), p)) {
                out.add(new Need(state, "glue:GetJobRun", arn));
            }
        }
    }

    /** {@code lambda:InvokeFunction} on the function {@code function} names (a name, a partial or whole ARN; {@code *}: any). */
    private static void lambda(String state, String function, String qualifier, Set<Need> out) {
        String arn;
        if (function == null || function.equals(ANY)) {
            arn = "arn:aws:lambda:*:*:function:*";
        } else if (function.startsWith("arn:")) {
            arn = function;
        } else {
            String[] parts = function.split(":");
            arn = parts.length >= 3 && parts[1].equals("function") ? "arn:aws:lambda:*:" + String.join(":", parts)
                    : "arn:aws:lambda:*:*:function:" + function;
        }
        if (qualifier != null && !qualifier.equals(ANY) && arn.split(":").length == 7) {
            arn = arn + ":" + qualifier;
        }
        out.add(new Need(state, "lambda:InvokeFunction", arn));
        if (arn.split(":").length == 7 && !arn.endsWith(":*")) {
            out.add(new Need(state, "lambda:InvokeFunction", arn + ":*"));
        }
    }

    private static List<String> resources(String service, String action, JsonNode p) {
        return switch (service) {
            case "dynamodb" -> tables(p);
            case "sns" -> List.of(arnOr(text(p, "TopicArn") != null ? text(p, "TopicArn") : text(p, "TargetArn"),
                    name -> "arn:aws:sns:*:*:" + name));
            case "sqs" -> List.of(queue(text(p, "QueueUrl")));
            case "eventbridge" -> buses(p);
            case "s3" -> List.of(s3(p, action));
            case "glue" -> List.of(arnOr(text(p, "JobName"), name -> "arn:aws:glue:*:*:job/" + name));
            case "secretsmanager" -> List.of(arnOr(text(p, "SecretId"), name -> "arn:aws:secretsmanager:*:*:secret:" + name + "-*"));
            case "lambda" -> List.of(arnOr(text(p, "FunctionName"), name -> "arn:aws:lambda:*:*:function:" + name));
            default -> List.of(ANY);
        };
    }

    /** The tables (and index) a DynamoDB call names: TableName, with IndexName; or the keys of RequestItems; or TransactItems'. */
    private static List<String> tables(JsonNode p) {
        List<String> out = new ArrayList<>();
        JsonNode request = p.get("RequestItems");
        if (request != null && request.isObject()) {
            request.fieldNames().forEachRemaining(t -> out.add(arnOr(t, name -> "arn:aws:dynamodb:*:*:table/" + name)));
        } else if (p.has("RequestItems.$")) {
            out.add("arn:aws:dynamodb:*:*:table/*");
        }
        JsonNode transact = p.get("TransactItems");
        if (transact != null && transact.isArray()) {
            for (JsonNode item : transact) {
                item.fields().forEachRemaining(e -> out.add(arnOr(e.getValue().isObject() ? text(e.getValue(), "TableName") : ANY,
                        name -> "arn:aws:dynamodb:*:*:table/" + name)));
            }
        }
        if (out.isEmpty()) {
            String table = arnOr(text(p, "TableName"), name -> "arn:aws:dynamodb:*:*:table/" + name);
            String index = text(p, "IndexName");
            out.add(index == null ? table : table + "/index/" + index);
        }
        return out;
    }

    /** A parameter's value as written, or {@code *} when the input gives it at run time, or {@code null} when absent. */
    private static String text(JsonNode p, String field) {
        if (p.has(field + ".$")) {
            return ANY;
        }
        JsonNode v = p.get(field);
        if (v == null || v.isNull()) {
            return null;
        }
        String s = v.asText();
        return s.strip().startsWith("{%") ? ANY : s;
    }

    private static String arnOr(String value, java.util.function.UnaryOperator<String> arn) {
        if (value == null || value.equals(ANY)) {
            return arn.apply(ANY);
        }
        return value.startsWith("arn:") ? value : arn.apply(value);
    }

    /** {@code https://sqs.<region>.amazonaws.com/<account>/<name>} as the queue's ARN. */
    private static String queue(String url) {
        if (url == null || url.equals(ANY)) {
            return "arn:aws:sqs:*:*:*";
        }
        String[] parts = url.replaceAll("/+$", "").split("/");
        String name = parts[parts.length - 1];
        String account = parts.length >= 2 && parts[parts.length - 2].matches("[0-9]{12}") ? parts[parts.length - 2] : ANY;
        java.util.regex.Matcher region = java.util.regex.Pattern.compile("sqs\\.([a-z0-9-]+)\\.amazonaws").matcher(url);
        return "arn:aws:sqs:" + (region.find() ? region.group(1) : ANY) + ":" + account + ":" + name;
    }

    private static List<String> buses(JsonNode p) {
        List<String> out = new ArrayList<>();
        JsonNode entries = p.get("Entries");
        if (entries == null || !entries.isArray()) {
            return List.of("arn:aws:events:*:*:event-bus/*");
        }
        for (JsonNode e : entries) {
            String bus = e.isObject() ? text(e, "EventBusName") : ANY;
            out.add(arnOr(bus == null ? "default" : bus, name -> "arn:aws:events:*:*:event-bus/" + name));
        }
        return out;
    }

    private static String s3(JsonNode p, String action) {
        String bucket = text(p, "Bucket");
        bucket = bucket == null ? ANY : bucket;
        if (action.startsWith("list") || action.equals("headBucket")) {
            return "arn:aws:s3:::" + bucket;
        }
        String key = text(p, "Key");
        return "arn:aws:s3:::" + bucket + "/" + (key == null || key.equals(ANY) ? ANY : key);
    }

    private static String copySource(JsonNode p) {
        String source = text(p, "CopySource");
        return "arn:aws:s3:::" + (source == null || source.equals(ANY) ? ANY : source.replaceFirst("^/", ""));
    }
}
