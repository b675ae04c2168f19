package io.sluice.local.pattern;

import io.sluice.orchestration.pattern.PatternResources;
import io.sluice.orchestration.pattern.Patterns;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * Reads the pattern templates and schemas that ship in the orchestration jar. This is the one place
 * that reads them ({@link Class#getResourceAsStream}): the core does no I/O, so it is handed the text.
 */
public final class ClasspathPatternResources implements PatternResources {
    public static final ClasspathPatternResources INSTANCE = new ClasspathPatternResources();

    private ClasspathPatternResources() {}

    /** The four patterns, loaded from the classpath. */
    public static Patterns patterns() {
        return new Patterns(INSTANCE);
    }

    @Override
    public String read(String name) {
        try (InputStream in = PatternResources.class.getResourceAsStream("/" + ROOT + name)) {
            return in == null ? null : new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read pattern resource " + ROOT + name, e);
        }
    }
}
