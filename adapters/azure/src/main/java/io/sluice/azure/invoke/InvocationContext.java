package io.sluice.azure.invoke;

import com.microsoft.azure.functions.ExecutionContext;
import java.util.UUID;
import java.util.logging.Logger;

/** The {@link ExecutionContext} of one in-process invocation: a fresh invocation id, the function's name, a JUL logger. */
record InvocationContext(String functionName, String invocationId) implements ExecutionContext {
    InvocationContext(String functionName) {
        this(functionName, UUID.randomUUID().toString());
    }

    @Override
    public Logger getLogger() {
        return Logger.getLogger("io.sluice.azure.function." + functionName);
    }

    @Override
    public String getInvocationId() {
        return invocationId;
    }

    @Override
    public String getFunctionName() {
        return functionName;
    }
}
