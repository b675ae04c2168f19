package io.sluice.azure.host;

import io.sluice.orchestration.pattern.PatternResources;
import io.sluice.orchestration.pattern.Patterns;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** The pattern templates and schemas that ship in the orchestration jar, read here because the core does no I/O. */
final class ClasspathPatterns implements PatternResources {
    private ClasspathPatterns() {}

    static Patterns patterns() {
        return new Patterns(new ClasspathPatterns());
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
