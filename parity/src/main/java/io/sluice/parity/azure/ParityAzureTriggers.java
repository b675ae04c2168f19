package io.sluice.parity.azure;

import com.microsoft.azure.functions.ExecutionContext;
import com.microsoft.azure.functions.annotation.BindingName;
import com.microsoft.azure.functions.annotation.FunctionName;
import com.microsoft.azure.functions.annotation.QueueTrigger;
import io.sluice.azure.entry.StorageDeliveries;
import io.sluice.azure.host.SluiceHandlers;
import io.sluice.functions.priority.Priority;
import org.springframework.stereotype.Component;

/**
 * The queue triggers of the suite's task functions on the Storage Queue transport. On Azure Functions every queue a
 * function reads is declared by a trigger (its function.json), so an app that adds task functions declares their
 * triggers as Sluice's own {@code storage-task-*} are declared: {@code <prefix>-task-<function>}, handed through
 * {@link StorageDeliveries} to the worker harness, and one per priority channel its runs use (here {@code -p0} and
 * {@code -p1} of {@code parity-flaky}; P2's is the plain queue).
 */
@Component
public class ParityAzureTriggers {
    static final String PREFIX = "%SLUICE_QUEUE_PREFIX%-";
    static final String CONNECTION = "SluiceStorage";

    private final SluiceHandlers handlers;
    private final StorageDeliveries deliveries;

    public ParityAzureTriggers(SluiceHandlers handlers, StorageDeliveries deliveries) {
        this.handlers = handlers;
        this.deliveries = deliveries;
    }

    @FunctionName("storage-task-parity-echo")
    public void parityEcho(@QueueTrigger(name = "message", queueName = PREFIX + "task-parity-echo", connection = CONNECTION) String text,
                           @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt,
                           @BindingName("DequeueCount") long dequeueCount, ExecutionContext context) {
        task("parity-echo", text, id, popReceipt, dequeueCount);
    }

    @FunctionName("storage-task-parity-flaky")
    public void parityFlaky(@QueueTrigger(name = "message", queueName = PREFIX + "task-parity-flaky", connection = CONNECTION) String text,
                            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt,
                            @BindingName("DequeueCount") long dequeueCount, ExecutionContext context) {
        task("parity-flaky", text, id, popReceipt, dequeueCount);
    }

    /** The P0 channel of {@code parity-flaky}: a run started with {@code "priority": "P0"} sends its tasks there (case {@code priority}). */
    @FunctionName("storage-task-parity-flaky-p0")
    public void parityFlakyP0(@QueueTrigger(name = "message", queueName = PREFIX + "task-parity-flaky-p0", connection = CONNECTION) String text,
                              @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt,
                              @BindingName("DequeueCount") long dequeueCount, ExecutionContext context) {
        channel("parity-flaky", Priority.P0, text, id, popReceipt, dequeueCount);
    }

    /** The P1 channel of {@code parity-flaky} (case {@code acknowledge}). */
    @FunctionName("storage-task-parity-flaky-p1")
    public void parityFlakyP1(@QueueTrigger(name = "message", queueName = PREFIX + "task-parity-flaky-p1", connection = CONNECTION) String text,
                              @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt,
                              @BindingName("DequeueCount") long dequeueCount, ExecutionContext context) {
        channel("parity-flaky", Priority.P1, text, id, popReceipt, dequeueCount);
    }

    @FunctionName("storage-task-parity-callback")
    public void parityCallback(@QueueTrigger(name = "message", queueName = PREFIX + "task-parity-callback", connection = CONNECTION) String text,
                               @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt,
                               @BindingName("DequeueCount") long dequeueCount, ExecutionContext context) {
        task("parity-callback", text, id, popReceipt, dequeueCount);
    }

    private void channel(String function, Priority priority, String text, String id, String popReceipt, long dequeueCount) {
        deliveries.deliver(new StorageDeliveries.Delivered(handlers.names().tasks(function, priority), id, popReceipt, text, dequeueCount),
                m -> handlers.task(function, priority, m.body()));
    }

    private void task(String function, String text, String id, String popReceipt, long dequeueCount) {
        deliveries.deliver(new StorageDeliveries.Delivered(handlers.names().tasks(function), id, popReceipt, text, dequeueCount),
                m -> handlers.task(function, m.body()));
    }
}
