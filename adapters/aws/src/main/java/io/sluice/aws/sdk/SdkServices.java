package io.sluice.aws.sdk;

import io.sluice.aws.client.AwsClientSettings;
import io.sluice.aws.client.AwsClients;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import software.amazon.awssdk.awscore.client.builder.AwsClientBuilder;
import software.amazon.awssdk.awscore.client.builder.AwsSyncClientBuilder;
import software.amazon.awssdk.core.SdkClient;
import software.amazon.awssdk.core.SdkPojo;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.SdkResponse;

/**
 * The AWS SDK v2 services this host can call by name: for {@code aws-sdk:<service>:<action>}, the service's client
 * (built once, on first use, with {@link AwsClients} and the settings the host gives for that service: the
 * function's role and region on Lambda, an endpoint override in tests) and the operation, a method
 * {@code <action>(<Action>Request)} of its client interface. Streaming operations (S3's {@code getObject} body, ...)
 * take more than one argument and are not offered.
 */
public final class SdkServices implements AutoCloseable {
    private final Function<String, AwsClientSettings> settings;
    private final ClassLoader loader;
    private final Map<String, Optional<Service>> services = new ConcurrentHashMap<>();

    /** @param settings the client settings of each service, by its Step Functions name ({@code dynamodb}) */
    public SdkServices(Function<String, AwsClientSettings> settings) {
        this.settings = settings;
        this.loader = SdkServices.class.getClassLoader();
    }

    /** One service: its name as Step Functions spells it in error names ({@code DynamoDb}), and its client. */
    public record Service(String name, String errorPrefix, Class<?> type, SdkClient client) {
        /** The operation named {@code action}, or empty when the client has none that takes one request. */
        public Optional<Operation> operation(String action) {
            for (Method m : type.getMethods()) {
                if (m.getName().equals(action) && m.getParameterCount() == 1 && !Modifier.isStatic(m.getModifiers())
                        && SdkRequest.class.isAssignableFrom(m.getParameterTypes()[0])
                        && SdkResponse.class.isAssignableFrom(m.getReturnType())) {
                    return Optional.of(new Operation(this, m));
                }
            }
            return Optional.empty();
        }
    }

    /** One operation of a service's client. */
    public record Operation(Service service, Method method) {
        /** A fresh builder of the operation's request. */
        public SdkPojo requestBuilder() {
            try {
                return (SdkPojo) method.getParameterTypes()[0].getMethod("builder").invoke(null);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("the SDK request " + method.getParameterTypes()[0].getName() + " has no builder", e);
            }
        }

        /** The operation called with {@code request}; a service's or the SDK's exception is thrown as it is. */
        public SdkResponse call(Object request) {
            try {
                return (SdkResponse) method.invoke(service.client(), request);
            } catch (InvocationTargetException e) {
                if (e.getCause() instanceof RuntimeException r) throw r;
                throw new IllegalStateException(e.getCause());
            } catch (IllegalAccessException e) {
                throw new IllegalStateException("cannot call " + method, e);
            }
        }

        /** The request type's simple name without {@code Request}: {@code DescribeTable}. */
        public String name() {
            String simple = method.getParameterTypes()[0].getSimpleName();
            return simple.endsWith("Request") ? simple.substring(0, simple.length() - "Request".length()) : simple;
        }
    }

    /** The service of that Step Functions name, or empty when its SDK module is not on this host's classpath. */
    public Optional<Service> service(String name) {
        return services.computeIfAbsent(name, n -> SdkClientClasses.of(n, loader).map(type -> build(n, type)));
    }

    /** Whether the SDK module of {@code name} is on this host's classpath (without building its client). */
    public boolean carries(String name) {
        return SdkClientClasses.of(name, loader).isPresent();
    }

    private Service build(String name, Class<?> type) {
        String simple = type.getSimpleName();
        String prefix = simple.substring(0, simple.length() - "Client".length());
        try {
            Method builder = type.getMethod("builder");
            AwsClientSettings s = settings.apply(name);
            return new Service(name, prefix, type, build(builder.invoke(null), builder.getReturnType(), s));
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("the SDK client " + type.getName() + " cannot be built", e);
        }
    }

    @SuppressWarnings("unchecked")
    private static <B extends AwsClientBuilder<B, C> & AwsSyncClientBuilder<B, C>, C> SdkClient build(Object builder, Class<?> builderType,
                                                                                                          AwsClientSettings s)
            throws ReflectiveOperationException {
        B b = AwsClients.configure((B) builder, s);
        if (s.overridden()) {
            for (Method m : builderType.getMethods()) {
                if (m.getName().equals("forcePathStyle") && m.getParameterCount() == 1) { // S3 at an endpoint override
                    m.invoke(b, Boolean.TRUE);
                }
            }
        }
        return (SdkClient) b.build();
    }

    @Override
    public void close() {
        services.values().forEach(s -> s.ifPresent(service -> service.client().close()));
    }
}
