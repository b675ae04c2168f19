package io.sluice.aws.lean;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.serialization.events.LambdaEventSerializers;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Function;
import org.springframework.cloud.function.adapter.aws.AWSCompanionAutoConfiguration;
import org.springframework.cloud.function.adapter.aws.AWSLambdaUtils;
import org.springframework.cloud.function.context.FunctionRegistration;
import org.springframework.cloud.function.context.catalog.SimpleFunctionRegistry;
import org.springframework.cloud.function.context.catalog.SimpleFunctionRegistry.FunctionInvocationWrapper;
import org.springframework.cloud.function.context.config.JsonMessageConverter;
import org.springframework.cloud.function.context.config.SmartCompositeMessageConverter;
import org.springframework.cloud.function.json.JacksonMapper;
import org.springframework.cloud.function.json.JsonMapper;
import org.springframework.cloud.function.utils.PrimitiveTypesFromStringMessageConverter;
import org.springframework.context.support.GenericApplicationContext;
import org.springframework.core.ResolvableType;
import org.springframework.core.convert.support.DefaultConversionService;
import org.springframework.messaging.Message;
import org.springframework.messaging.converter.ByteArrayMessageConverter;
import org.springframework.messaging.converter.MessageConverter;
import org.springframework.messaging.converter.StringMessageConverter;

/**
 * One function invoked as Spring Cloud Function's {@code FunctionInvoker} invokes it, without the Spring Boot application
 * {@code FunctionInvoker} starts first: the same function registry ({@code SimpleFunctionRegistry}, its invocation
 * wrapper), the same message converters in the same order (the AWS adapter's AWS-types converter, which reads Lambda's
 * event types with Lambda's own serializers, then JSON, bytes, text, primitives), the same event-to-message and
 * result-to-bytes steps ({@code AWSLambdaUtils}), and {@code FunctionInvoker}'s JSON settings (unknown properties
 * ignored, property names case-insensitive). What is left out is what the function does not use: Spring Boot's
 * environment post-processing, logging system and listeners, and an application context's annotation processing.
 *
 * <p>The JSON mapper has none of the Joda-Time and {@code java.time} modules Spring Cloud Function's adds: the types a
 * lean function takes and returns (SQS events and batch responses) have no such fields.
 */
final class LeanFunction {
    /** The package of Lambda's event types, which Spring Cloud Function's AWS adapter reads with Lambda's serializers. */
    private static final String LAMBDA_EVENTS = "com.amazonaws.services.lambda.runtime.events";
    private final JsonMapper json;
    private final FunctionInvocationWrapper function;

    private LeanFunction(JsonMapper json, FunctionInvocationWrapper function) {
        this.json = json;
        this.function = function;
    }

    static <I, O> LeanFunction of(String name, Function<I, O> body, Class<I> input, Class<O> output) {
        ObjectMapper mapper = new ObjectMapper()
                .configure(SerializationFeature.FAIL_ON_EMPTY_BEANS, false)
                .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false)
                .configure(MapperFeature.ACCEPT_CASE_INSENSITIVE_PROPERTIES, true);
        JsonMapper json = new JacksonMapper(mapper);
        SimpleFunctionRegistry registry = new SimpleFunctionRegistry(DefaultConversionService.getSharedInstance(),
                new SmartCompositeMessageConverter(converters(json)), json);
        registry.register(new FunctionRegistration<>(body, name)
                .type(ResolvableType.forClassWithGenerics(Function.class, input, output).getType()));
        FunctionInvocationWrapper function = registry.lookup(name, "application/json");
        if (function == null) {
            throw new IllegalStateException("the function registry does not find the function it was given: " + name);
        }
        prime(input, json);
        return new LeanFunction(json, function);
    }

    /**
     * Reads an empty event as the first invocation will read its own, on a thread of its own, while the start goes on:
     * the JSON parsers, and for Lambda's event types, Lambda's own serializers (their shaded Jackson, the event's mixins),
     * are then loaded and initialised when the first event arrives. Best effort: what fails here fails that event.
     */
    private static void prime(Class<?> input, JsonMapper json) {
        Thread t = new Thread(() -> {
            try {
                byte[] empty = "{}".getBytes(StandardCharsets.UTF_8);
                json.fromJson(empty, Object.class);
                if (input.getPackageName().startsWith(LAMBDA_EVENTS)) {
                    LambdaEventSerializers.serializerFor(input, LeanFunction.class.getClassLoader()).fromJson(new ByteArrayInputStream(empty));
                }
            } catch (RuntimeException e) {
                // the first invocation reads its event the same way and reports what fails
            }
        }, "sluice-prime");
        t.setDaemon(true);
        t.start();
    }

    /** As Spring Cloud Function's catalog lists them: the context's converters (the AWS adapter's), then its own. */
    private static List<MessageConverter> converters(JsonMapper json) {
        // The AWS adapter's converter is made only by its configuration, from the JSON mapper of a context.
        try (GenericApplicationContext context = new GenericApplicationContext()) {
            context.registerBean(JsonMapper.class, () -> json);
            context.refresh();
            return List.of(new AWSCompanionAutoConfiguration().awsTypesMessageConverter(context), new JsonMessageConverter(json),
                    new ByteArrayMessageConverter(), new StringMessageConverter(),
                    new PrimitiveTypesFromStringMessageConverter(DefaultConversionService.getSharedInstance()));
        }
    }

    /** What {@code FunctionInvoker.handleRequest} does once started: the event in, the function applied, its result out. */
    void handle(InputStream input, OutputStream output, Context context) throws IOException {
        Message<byte[]> request = AWSLambdaUtils.generateMessage(input, function.getInputType(), function.isSupplier(), json, context);
        Object response = function.apply(request);
        output.write(AWSLambdaUtils.generateOutputFromObject(request, response, json, function.getOutputType()));
    }
}
