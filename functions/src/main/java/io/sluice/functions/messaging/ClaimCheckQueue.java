package io.sluice.functions.messaging;

import io.sluice.orchestration.port.ObjectStore;
import io.sluice.orchestration.port.TaskQueue;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import io.sluice.orchestration.definition.ContentHash;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * A queue that sends bodies over {@code limitBytes} (200 KB by default, under SQS's 256 KB and
 * Service Bus standard's 256 KB) by reference: the body goes to the object store under its content
 * hash and the message carries only the key. Receivers get the body back transparently.
 */
public final class ClaimCheckQueue extends ForwardingQueue {
    public static final int DEFAULT_LIMIT_BYTES = 200 * 1024;
    static final String CLAIM_ATTRIBUTE = "sluice-claim";

    private final ObjectStore objects;
    private final int limitBytes;

    public ClaimCheckQueue(TaskQueue queue, ObjectStore objects, int limitBytes) {
        super(queue);
        this.objects = objects;
        this.limitBytes = limitBytes;
    }

    @Override
    public void send(String name, OutgoingMessage message, Duration delay) {
        byte[] body = message.body().getBytes(StandardCharsets.UTF_8);
        if (body.length <= limitBytes) {
            super.send(name, message, delay);
            return;
        }
        String key = "claims/" + sha256(body);
        objects.put(key, body);
        Map<String, String> attributes = new HashMap<>(message.attributes());
        attributes.put(CLAIM_ATTRIBUTE, key);
        super.send(name, message.with("{\"claim\":\"" + key + "\"}", attributes), delay);
    }

    @Override
    public List<ReceivedMessage> receive(String name, int max, Duration visibility, Duration wait) {
        List<ReceivedMessage> out = new ArrayList<>();
        for (ReceivedMessage m : super.receive(name, max, visibility, wait)) {
            String key = m.attributes().get(CLAIM_ATTRIBUTE);
            if (key == null) {
                out.add(m);
                continue;
            }
            byte[] body = objects.get(key).orElseThrow(() -> new IllegalStateException(
                    "message " + m.messageId() + " refers to claim " + key + ", which is not in the object store"));
            out.add(m.with(new String(body, StandardCharsets.UTF_8), m.attributes()));
        }
        return out;
    }

    private static String sha256(byte[] body) {
        return HexFormat.of().formatHex(ContentHash.sha256(body));
    }
}
