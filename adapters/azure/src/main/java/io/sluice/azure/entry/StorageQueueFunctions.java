package io.sluice.azure.entry;

import com.microsoft.azure.functions.ExecutionContext;
import com.microsoft.azure.functions.annotation.BindingName;
import com.microsoft.azure.functions.annotation.FunctionName;
import com.microsoft.azure.functions.annotation.QueueTrigger;
import io.sluice.azure.host.SluiceHandlers;
import io.sluice.orchestration.port.TaskQueue.ReceivedMessage;
import java.util.function.Predicate;
import org.springframework.stereotype.Component;

/**
 * The queue functions on the Storage Queue transport ({@code sluice.queue=storage}; the one that runs on Azurite):
 * one queue trigger per Sluice queue, {@code <SLUICE_QUEUE_PREFIX>-orchestrator}, {@code -events} and
 * {@code -task-<function>}, each handing its message through {@link StorageDeliveries} (the
 * {@code StorageTaskQueue}'s groups, so one execution's orchestrator messages are applied one at a time) to
 * {@link SluiceHandlers}. The trigger connection is the app setting {@code SluiceStorage} (a connection string, or
 * {@code SluiceStorage__queueServiceUri} with the app's identity). On a Service Bus deployment these functions are
 * disabled ({@code AzureWebJobs.storage-*.Disabled}).
 */
@Component
public class StorageQueueFunctions {
    static final String PREFIX = "%SLUICE_QUEUE_PREFIX%-";
    static final String CONNECTION = "SluiceStorage";

    private final SluiceHandlers handlers;
    private final StorageDeliveries deliveries;

    public StorageQueueFunctions(SluiceHandlers handlers, StorageDeliveries deliveries) {
        this.handlers = handlers;
        this.deliveries = deliveries;
    }

    @FunctionName("storage-orchestrator")
    public void storageOrchestrator(
            @QueueTrigger(name = "message", queueName = PREFIX + "orchestrator", connection = CONNECTION) String text,
            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt, @BindingName("DequeueCount") long dequeueCount,
            ExecutionContext context) {
        deliver(handlers.names().orchestrator(), text, id, popReceipt, dequeueCount, m -> handlers.orchestrator(m.body()));
    }

    @FunctionName("storage-events")
    public void storageEvents(
            @QueueTrigger(name = "message", queueName = PREFIX + "events", connection = CONNECTION) String text,
            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt, @BindingName("DequeueCount") long dequeueCount,
            ExecutionContext context) {
        deliver(handlers.names().events(), text, id, popReceipt, dequeueCount, m -> handlers.events(m.body()));
    }

    @FunctionName("storage-task-read-config")
    public void storageTaskReadConfig(
            @QueueTrigger(name = "message", queueName = PREFIX + "task-read-config", connection = CONNECTION) String text,
            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt, @BindingName("DequeueCount") long dequeueCount,
            ExecutionContext context) {
        task("read-config", text, id, popReceipt, dequeueCount);
    }

    @FunctionName("storage-task-glue-launch")
    public void storageTaskGlueLaunch(
            @QueueTrigger(name = "message", queueName = PREFIX + "task-glue-launch", connection = CONNECTION) String text,
            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt, @BindingName("DequeueCount") long dequeueCount,
            ExecutionContext context) {
        task("glue-launch", text, id, popReceipt, dequeueCount);
    }

    @FunctionName("storage-task-copy-to-warehouse")
    public void storageTaskCopyToWarehouse(
            @QueueTrigger(name = "message", queueName = PREFIX + "task-copy-to-warehouse", connection = CONNECTION) String text,
            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt, @BindingName("DequeueCount") long dequeueCount,
            ExecutionContext context) {
        task("copy-to-warehouse", text, id, popReceipt, dequeueCount);
    }

    @FunctionName("storage-task-push-export")
    public void storageTaskPushExport(
            @QueueTrigger(name = "message", queueName = PREFIX + "task-push-export", connection = CONNECTION) String text,
            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt, @BindingName("DequeueCount") long dequeueCount,
            ExecutionContext context) {
        task("push-export", text, id, popReceipt, dequeueCount);
    }

    @FunctionName("storage-task-write-status")
    public void storageTaskWriteStatus(
            @QueueTrigger(name = "message", queueName = PREFIX + "task-write-status", connection = CONNECTION) String text,
            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt, @BindingName("DequeueCount") long dequeueCount,
            ExecutionContext context) {
        task("write-status", text, id, popReceipt, dequeueCount);
    }

    @FunctionName("storage-task-dependency-check")
    public void storageTaskDependencyCheck(
            @QueueTrigger(name = "message", queueName = PREFIX + "task-dependency-check", connection = CONNECTION) String text,
            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt, @BindingName("DequeueCount") long dequeueCount,
            ExecutionContext context) {
        task("dependency-check", text, id, popReceipt, dequeueCount);
    }

    @FunctionName("storage-task-integrations")
    public void storageTaskIntegrations(
            @QueueTrigger(name = "message", queueName = PREFIX + "task-integrations", connection = CONNECTION) String text,
            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt, @BindingName("DequeueCount") long dequeueCount,
            ExecutionContext context) {
        task("integrations", text, id, popReceipt, dequeueCount);
    }

    @FunctionName("storage-task-executions")
    public void storageTaskExecutions(
            @QueueTrigger(name = "message", queueName = PREFIX + "task-executions", connection = CONNECTION) String text,
            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt, @BindingName("DequeueCount") long dequeueCount,
            ExecutionContext context) {
        task("executions", text, id, popReceipt, dequeueCount);
    }

    @FunctionName("storage-task-map-run")
    public void storageTaskMapRun(
            @QueueTrigger(name = "message", queueName = PREFIX + "task-map-run", connection = CONNECTION) String text,
            @BindingName("Id") String id, @BindingName("PopReceipt") String popReceipt, @BindingName("DequeueCount") long dequeueCount,
            ExecutionContext context) {
        task("map-run", text, id, popReceipt, dequeueCount);
    }

    private void task(String function, String text, String id, String popReceipt, long dequeueCount) {
        deliver(handlers.names().tasks(function), text, id, popReceipt, dequeueCount, m -> handlers.task(function, m.body()));
    }

    private void deliver(String queue, String text, String id, String popReceipt, long dequeueCount, Predicate<ReceivedMessage> handler) {
        deliveries.deliver(new StorageDeliveries.Delivered(queue, id, popReceipt, text, dequeueCount), handler);
    }
}
