package io.sluice.aws.snapstart;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.function.Supplier;
import org.redisson.api.RedissonClient;

/**
 * A {@link RedissonClient} whose real client can be shut down before a SnapStart snapshot and opened anew after a
 * restore, while everything built over it (the Redis adapters, which keep the client and the {@code RScript}, {@code RKeys}
 * ... handles it gave them) stays as it is. A snapshot's sockets are dead on restore
 * (https://docs.aws.amazon.com/lambda/latest/dg/snapstart-best-practices.html#snapstart-networking), and the server, its
 * address or its password may have changed since (the AUTH secret is read again by {@code open}).
 *
 * <p>How: calls on the client go to the current real client; a named-object handle it returns ({@code getX(..)} of an
 * {@code org.redisson.api} interface: scripts, maps, keys, locks...) is a view that asks the current client for the same
 * handle on every call, so a handle taken before the snapshot works after the restore. Handles are light: Redisson builds
 * them per call anyway. Anything else (batches, transactions, futures, values) comes from the current client as it is;
 * those live for one operation.
 */
public final class RestorableRedisson implements InvocationHandler {
    private final Supplier<RedissonClient> open;
    private volatile RedissonClient current;

    private RestorableRedisson(Supplier<RedissonClient> open) {
        this.open = open;
        this.current = open.get();
    }

    /** A client opened by {@code open} now, and again on every {@link #reopen()}. */
    public static RestorableRedisson open(Supplier<RedissonClient> open) {
        return new RestorableRedisson(open);
    }

    /** The client to hand to the adapters: always the current real one. */
    public RedissonClient client() {
        return (RedissonClient) Proxy.newProxyInstance(RedissonClient.class.getClassLoader(), new Class<?>[] {RedissonClient.class}, this);
    }

    /** Shuts the real client down (before a checkpoint); calls fail until {@link #reopen()}. */
    public synchronized void close() {
        RedissonClient c = current;
        current = null;
        if (c != null) {
            c.shutdown();
        }
    }

    /** Opens a real client again (after a restore), shutting down one still open. */
    public synchronized void reopen() {
        close();
        current = open.get();
    }

    private RedissonClient current() {
        RedissonClient c = current;
        if (c == null) {
            throw new IllegalStateException("the Redis client is closed: the function is between a SnapStart checkpoint and its restore");
        }
        return c;
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
        switch (method.getName()) {
            case "shutdown" -> {
                if (method.getParameterCount() == 0) {
                    close();
                    return null;
                }
            }
            case "isShutdown", "isShuttingDown" -> {
                RedissonClient c = current;
                if (c == null) {
                    return method.getName().equals("isShutdown");
                }
            }
            case "toString" -> {
                if (method.getParameterCount() == 0) {
                    return "RestorableRedisson[" + current + "]";
                }
            }
            case "equals" -> {
                if (method.getParameterCount() == 1) {
                    return proxy == args[0];
                }
            }
            case "hashCode" -> {
                if (method.getParameterCount() == 0) {
                    return System.identityHashCode(proxy);
                }
            }
            default -> {
                if (isHandle(method)) {
                    return handle(method, args);
                }
            }
        }
        return call(method, current(), args);
    }

    private static boolean isHandle(Method method) {
        Class<?> type = method.getReturnType();
        return method.getName().startsWith("get") && type.isInterface() && type.getPackageName().equals("org.redisson.api");
    }

    /** A view of the handle {@code getter(args)} that asks the current client for it on every call. */
    private Object handle(Method getter, Object[] getterArgs) {
        Class<?> type = getter.getReturnType();
        return Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, (view, method, args) -> {
            if (method.getDeclaringClass() == Object.class) {
                return switch (method.getName()) {
                    case "equals" -> view == args[0];
                    case "hashCode" -> System.identityHashCode(view);
                    default -> "restorable " + type.getSimpleName();
                };
            }
            return call(method, call(getter, current(), getterArgs), args);
        });
    }

    private static Object call(Method method, Object target, Object[] args) throws Throwable {
        try {
            return method.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
