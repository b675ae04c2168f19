package io.sluice.functions.messaging;

import io.sluice.orchestration.port.TaskQueue;
import java.time.Duration;
import java.util.List;

/** A queue that forwards every call; decorators override the calls they change. */
public class ForwardingQueue implements TaskQueue {
    private final TaskQueue queue;

    public ForwardingQueue(TaskQueue queue) {
        this.queue = queue;
    }

    @Override
    public Duration maxDelay() {
        return queue.maxDelay();
    }

    @Override
    public int maxReceives() {
        return queue.maxReceives();
    }

    @Override
    public void send(String name, OutgoingMessage message, Duration delay) {
        queue.send(name, message, delay);
    }

    @Override
    public List<ReceivedMessage> receive(String name, int max, Duration visibility, Duration wait) {
        return queue.receive(name, max, visibility, wait);
    }

    @Override
    public void acknowledge(String name, String receipt) {
        queue.acknowledge(name, receipt);
    }

    @Override
    public void extendVisibility(String name, String receipt, Duration visibility) {
        queue.extendVisibility(name, receipt, visibility);
    }

    @Override
    public String deadLetterQueue(String name) {
        return queue.deadLetterQueue(name);
    }
}
