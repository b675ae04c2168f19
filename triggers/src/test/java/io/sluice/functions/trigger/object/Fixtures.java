package io.sluice.functions.trigger.object;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** Recorded event bodies from {@code src/test/resources/events}. */
final class Fixtures {
    private Fixtures() {}

    static String event(String name) {
        try (InputStream in = Fixtures.class.getResourceAsStream("/events/" + name)) {
            if (in == null) {
                throw new IllegalArgumentException("no fixture events/" + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
