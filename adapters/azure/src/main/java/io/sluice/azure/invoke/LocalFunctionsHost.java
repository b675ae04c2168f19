package io.sluice.azure.invoke;

import com.azure.core.util.Context;
import com.azure.storage.queue.QueueClient;
import com.azure.storage.queue.QueueServiceClient;
import com.azure.storage.queue.models.QueueMessageItem;
import com.azure.storage.queue.models.QueueStorageException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.microsoft.azure.functions.ExecutionContext;
import com.microsoft.azure.functions.HttpMethod;
import com.microsoft.azure.functions.HttpResponseMessage;
import com.microsoft.azure.functions.annotation.BindingName;
import com.microsoft.azure.functions.annotation.EventGridTrigger;
import com.microsoft.azure.functions.annotation.FunctionName;
import com.microsoft.azure.functions.annotation.HttpTrigger;
import com.microsoft.azure.functions.annotation.QueueTrigger;
import com.microsoft.azure.functions.annotation.ServiceBusQueueTrigger;
import com.microsoft.azure.functions.annotation.TimerTrigger;
import io.sluice.azure.entry.HttpApiFunction;
import io.sluice.azure.entry.ServiceBusFunctions;
import io.sluice.azure.entry.ServiceBusChannelFunctions;
import io.sluice.azure.entry.ServiceBusHousekeeping;
import io.sluice.azure.entry.StorageChannelDeadLetterFunctions;
import io.sluice.azure.entry.StorageChannelFunctions;
import io.sluice.azure.entry.StorageDeadLetterFunctions;
import io.sluice.azure.entry.StorageQueueFunctions;
import io.sluice.azure.entry.TriggerFunctions;
import io.sluice.orchestration.json.Json;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.net.URI;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs the Sluice Azure functions in this JVM as the Functions host would, for {@code sluice invoke} and the
 * end-to-end tests (no Functions host or Core Tools can run here): finds each {@code @FunctionName} method of the
 * entry-point classes, binds its parameters from a recorded event (the trigger's payload, the binding data by
 * {@link BindingName}, an {@link ExecutionContext}, an HTTP request), and calls it on the instance the worker
 * would get (Spring's {@code AzureFunctionInstanceInjector}). A Storage Queue trigger's message really goes through
 * its queue: it is enqueued, received (so {@code Id}, {@code PopReceipt} and {@code DequeueCount} are the
 * server's), handed over, and deleted after the function returns, as the host does; {@link #pumpStorageQueues}
 * does the same for whatever the functions have put on their queues.
 *
 * <p>A recorded event is {@code {"data": <payload>, "metadata": {<binding data>}}} (a payload that is not a string
 * is passed as its JSON text), or for an HTTP trigger {@code {"method", "url", "headers", "body"}}.
 */
public final class LocalFunctionsHost {
    /** The classes that declare Sluice's functions. */
    public static final List<Class<?>> ENTRY_POINTS = List.of(StorageQueueFunctions.class, StorageDeadLetterFunctions.class,
            StorageChannelFunctions.class, StorageChannelDeadLetterFunctions.class, ServiceBusFunctions.class, ServiceBusChannelFunctions.class, ServiceBusHousekeeping.class, TriggerFunctions.class, HttpApiFunction.class);
    private static final Pattern SETTING = Pattern.compile("%([A-Za-z0-9_.]+)%");

    private final Map<String, Method> functions;
    private final Function<Class<?>, Object> instances;
    private final UnaryOperator<String> settings;
    private final QueueServiceClient queues;

    /**
     * @param instances how the worker gets a class's instance (the injector)
     * @param settings  app settings by name, for {@code %NAME%} in trigger attributes
     * @param queues    the account of the {@code SluiceStorage} connection, for Storage Queue triggers ({@code null}: none)
     */
    public LocalFunctionsHost(Function<Class<?>, Object> instances, UnaryOperator<String> settings, QueueServiceClient queues) {
        this(ENTRY_POINTS, instances, settings, queues);
    }

    /** As above, with the functions of {@code entryPoints} (an app that declares functions of its own lists its classes too). */
    public LocalFunctionsHost(List<Class<?>> entryPoints, Function<Class<?>, Object> instances, UnaryOperator<String> settings,
                              QueueServiceClient queues) {
        this.functions = scan(entryPoints);
        this.instances = instances;
        this.settings = settings;
        this.queues = queues;
    }

    /** Every {@code @FunctionName} method of {@code classes}, by function name; a name declared twice is refused. */
    public static Map<String, Method> scan(List<Class<?>> classes) {
        Map<String, Method> out = new TreeMap<>();
        for (Class<?> type : classes) {
            for (Method m : type.getMethods()) {
                FunctionName name = m.getAnnotation(FunctionName.class);
                if (name != null && out.put(name.value(), m) != null) {
                    throw new IllegalStateException("function '" + name.value() + "' is declared twice");
                }
            }
        }
        return out;
    }

    public Map<String, Method> functions() {
        return functions;
    }

    /** The app's instance of {@code type}, as the worker's injector gives it (for a bean type: the app's bean). */
    public <T> T instance(Class<T> type) {
        return type.cast(instances.apply(type));
    }

    /** The queue a Storage Queue triggered function reads, with its settings resolved; empty for other triggers. */
    public Optional<String> storageQueue(String function) {
        Method m = method(function);
        for (Parameter p : m.getParameters()) {
            QueueTrigger q = p.getAnnotation(QueueTrigger.class);
            if (q != null) {
                return Optional.of(resolve(q.queueName()));
            }
        }
        return Optional.empty();
    }

    /**
     * Invokes {@code function} with a recorded event and answers what it returned as JSON: {@code {"status", "headers",
     * "body"}} for an HTTP response, {@code {"result": ...}} otherwise ({@code null} for a void function).
     *
     * @throws InvocationFailed when the function threw (the host would retry the message, or answer 500)
     */
    public JsonNode invoke(String function, JsonNode event) {
        Method m = method(function);
        Optional<String> queue = storageQueue(function);
        if (queue.isPresent()) {
            QueueClient q = queue(queue.get());
            String sent = q.sendMessage(text(event.get("data"))).getMessageId();
            return deliver(function, m, q, receiveBack(q, sent));
        }
        return answer(call(function, m, event, Map.of()));
    }

    /**
     * One round over every Storage Queue triggered function (those whose name starts with {@code prefix}): receives
     * what is visible on its queue and invokes it, as the host's queue listener does; returns how many messages were
     * delivered. A function that throws leaves its message to come back after {@code visibility}.
     */
    public int pumpStorageQueues(String prefix, Duration visibility) {
        int delivered = 0;
        for (String function : functions.keySet()) {
            if (!function.startsWith(prefix)) {
                continue;
            }
            Optional<String> queue = storageQueue(function);
            if (queue.isEmpty()) {
                continue;
            }
            QueueClient q = queue(queue.get());
            for (QueueMessageItem item : q.receiveMessages(16, visibility, null, Context.NONE)) {
                delivered++;
                try {
                    deliver(function, method(function), q, item);
                } catch (InvocationFailed e) {
                    // As the host: the message stays, and comes back when its visibility passes.
                }
            }
        }
        return delivered;
    }

    /** The message {@code id} just sent, received; others received on the way are made visible again at once. */
    private static QueueMessageItem receiveBack(QueueClient q, String id) {
        for (int round = 0; round < 100; round++) {
            QueueMessageItem mine = null;
            for (QueueMessageItem item : q.receiveMessages(32, Duration.ofSeconds(30), null, Context.NONE)) {
                if (item.getMessageId().equals(id)) {
                    mine = item;
                } else {
                    q.updateMessage(item.getMessageId(), item.getPopReceipt(), null, Duration.ZERO);
                }
            }
            if (mine != null) {
                return mine;
            }
        }
        throw new IllegalStateException("the message sent to queue " + q.getQueueName() + " could not be received back");
    }

    private JsonNode deliver(String function, Method m, QueueClient q, QueueMessageItem item) {
        Map<String, Object> metadata = Map.of("Id", item.getMessageId(), "PopReceipt", item.getPopReceipt(),
                "DequeueCount", item.getDequeueCount());
        ObjectNode event = Json.object().put("data", item.getBody().toString());
        Object result = call(function, m, event, metadata);
        try {
            q.deleteMessage(item.getMessageId(), item.getPopReceipt());
        } catch (QueueStorageException e) {
            // The function acknowledged it itself (deleted, or a newer pop receipt): the host ignores these too.
            if (e.getStatusCode() != 404 && e.getStatusCode() != 400) {
                throw e;
            }
        }
        return answer(result);
    }

    private Object call(String function, Method m, JsonNode event, Map<String, Object> received) {
        Object[] args = new Object[m.getParameterCount()];
        JsonNode metadata = event.path("metadata");
        Parameter[] parameters = m.getParameters();
        for (int i = 0; i < parameters.length; i++) {
            Parameter p = parameters[i];
            if (ExecutionContext.class.isAssignableFrom(p.getType())) {
                args[i] = new InvocationContext(function);
            } else if (p.isAnnotationPresent(HttpTrigger.class)) {
                args[i] = request(event);
            } else if (p.isAnnotationPresent(QueueTrigger.class) || p.isAnnotationPresent(ServiceBusQueueTrigger.class)
                    || p.isAnnotationPresent(EventGridTrigger.class) || p.isAnnotationPresent(TimerTrigger.class)) {
                args[i] = text(event.get("data"));
            } else if (p.isAnnotationPresent(BindingName.class)) {
                String name = p.getAnnotation(BindingName.class).value();
                Object value = received.containsKey(name) ? received.get(name) : metadata.has(name) ? text(metadata.get(name)) : null;
                args[i] = convert(value, p.getType());
            }
        }
        try {
            return m.invoke(instances.apply(m.getDeclaringClass()), args);
        } catch (InvocationTargetException e) {
            throw new InvocationFailed(function, e.getCause());
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    private static RecordedHttpRequest request(JsonNode event) {
        Map<String, String> headers = new LinkedHashMap<>();
        event.path("headers").properties().forEach(e -> headers.put(e.getKey(), e.getValue().asText()));
        JsonNode body = event.get("body");
        String method = event.path("method").asText("GET").toUpperCase(java.util.Locale.ROOT);
        return new RecordedHttpRequest(HttpMethod.value(method), URI.create(event.path("url").asText("http://localhost:7071/api/")),
                headers, body == null || body.isNull() ? Optional.empty() : Optional.of(text(body)));
    }

    private static JsonNode answer(Object result) {
        if (result instanceof HttpResponseMessage r) {
            ObjectNode out = Json.object().put("status", r.getStatusCode());
            if (r instanceof RecordedHttpRequest.Response response) {
                ObjectNode h = out.putObject("headers");
                new TreeMap<>(response.headers()).forEach(h::put);
            }
            Object body = r.getBody();
            if (body != null) {
                String text = body.toString();
                try {
                    out.set("body", Json.parse(text));
                } catch (IllegalArgumentException e) {
                    out.put("body", text);
                }
            }
            return out;
        }
        ObjectNode out = Json.object();
        if (result == null) {
            out.putNull("result");
        } else {
            try {
                out.set("result", Json.parse(result.toString()));
            } catch (IllegalArgumentException e) {
                out.put("result", result.toString());
            }
        }
        return out;
    }

    private static Object convert(Object value, Class<?> type) {
        if (value == null) {
            return type == int.class ? 0 : type == long.class ? 0L : null;
        }
        if (type == int.class || type == Integer.class) {
            return Integer.parseInt(value.toString());
        }
        if (type == long.class || type == Long.class) {
            return Long.parseLong(value.toString());
        }
        return value.toString();
    }

    private static String text(JsonNode node) {
        return node == null || node.isNull() ? null : node.isTextual() ? node.asText() : Json.write(node);
    }

    private Method method(String function) {
        Method m = functions.get(function);
        if (m == null) {
            throw new IllegalArgumentException("--function: there is no function '" + function + "'; expected one of " + functions.keySet());
        }
        return m;
    }

    private QueueClient queue(String name) {
        if (queues == null) {
            throw new IllegalStateException("queue " + name + " is a Storage Queue, but no storage account is configured (SluiceStorage)");
        }
        QueueClient q = queues.getQueueClient(name);
        q.createIfNotExists();
        return q;
    }

    private String resolve(String value) {
        Matcher m = SETTING.matcher(value);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String setting = settings.apply(m.group(1));
            if (setting == null) {
                throw new IllegalStateException("app setting " + m.group(1) + " (in '" + value + "') is not set");
            }
            m.appendReplacement(out, Matcher.quoteReplacement(setting));
        }
        m.appendTail(out);
        return out.toString();
    }

    /** The function threw: the host would retry its message (or answer 500 for HTTP). */
    public static final class InvocationFailed extends RuntimeException {
        InvocationFailed(String function, Throwable cause) {
            super("function " + function + " failed: " + cause, cause);
        }
    }
}
