package io.sluice.orchestration.pattern;

/**
 * Hands the pattern templates and config schemas to the core as text. The files live in this
 * module under {@value #ROOT}; reading them is I/O, so a host supplies the reader (the local
 * adapter reads them from the classpath) and the core stays free of it.
 */
@FunctionalInterface
public interface PatternResources {
    /** The classpath folder of the templates and schemas. */
    String ROOT = "io/sluice/patterns/";

    /** The text of the resource {@code ROOT + name}, or {@code null} when there is none. */
    String read(String name);
}
