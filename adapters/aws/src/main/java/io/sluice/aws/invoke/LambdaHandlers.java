package io.sluice.aws.invoke;

import com.amazonaws.services.lambda.runtime.RequestStreamHandler;
import io.sluice.aws.SluiceAwsApplication;
import java.lang.reflect.InvocationTargetException;

/** A function's Lambda handler made outside Lambda as Lambda's Java runtime makes it: its class's constructor without arguments. */
public final class LambdaHandlers {
    private LambdaHandlers() {}

    /** The handler a deployment gives {@code function} ({@link SluiceAwsApplication#handlerOf}), made fresh. */
    public static RequestStreamHandler of(String function) {
        return make(SluiceAwsApplication.handlerOf(function));
    }

    /**
     * A fresh instance of the handler class {@code handler}, a {@link RequestStreamHandler}. A class that is not one is
     * refused before anything of it runs (neither its static initialiser nor its constructor).
     */
    public static RequestStreamHandler make(String handler) {
        Class<?> type;
        try {
            type = Class.forName(handler, false, LambdaHandlers.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalArgumentException("handler " + handler + ": no such class", e);
        }
        if (!RequestStreamHandler.class.isAssignableFrom(type)) {
            throw new IllegalArgumentException("handler " + handler + ": expected a " + RequestStreamHandler.class.getName());
        }
        try {
            return (RequestStreamHandler) type.getConstructor().newInstance();
        } catch (NoSuchMethodException e) {
            throw new IllegalArgumentException("handler " + handler + ": expected a public constructor without arguments", e);
        } catch (InvocationTargetException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException("handler " + handler + " failed to start", e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("handler " + handler + " cannot be made", e);
        }
    }
}
