package io.sluice.tests.architecture.violations.orchestration;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.util.random.RandomGenerator;

/**
 * Good (a negative control): what the core may do. Jackson with its IOException-based
 * exceptions, the three allowed java.io types, time read from a Clock it is given, randomness
 * from a generator it is given. No rule may report this class.
 */
public class CleanCore implements Serializable {
    private static final long serialVersionUID = 1L;
    private static final ObjectMapper MAPPER = new ObjectMapper();

    public JsonNode parse(String json) {
        try {
            return MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    public byte[] bytes(String text) throws IOException {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    public Instant deadline(Clock clock, long seconds) {
        return Instant.now(clock).plusSeconds(seconds);
    }

    public LocalDate partition(Clock clock) {
        return LocalDate.now(clock);
    }

    public double jitter(RandomGenerator random) {
        return random.nextDouble();
    }
}
