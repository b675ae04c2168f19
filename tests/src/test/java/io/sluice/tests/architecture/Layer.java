package io.sluice.tests.architecture;

import java.util.EnumSet;
import java.util.Set;

/**
 * The rings of Sluice, inside out, as each module's pom names its own ({@code <sluice.layer>} in its properties). The
 * dependency arrow points inward: hosts and adapters use the composition and the function modules, which use the
 * engine. {@link #mayDependOn} is the whole table; {@link Reactor#outwardDependencies()} checks every pom against it.
 */
enum Layer {
    /** The pure engine ({@code orchestration}): ASL, the interpreter, the ports. */
    CORE,
    /** Libraries with no behaviour of Sluice's own that any ring may use: the Redis launcher, the console's files, the testkit. */
    SUPPORT,
    /** The runtime protocol ({@code functions}) and the function modules built on it (tasks, triggers, integrations, ...). */
    FUNCTIONS,
    /** The one composition ({@code runtime}) and the HTTP API every host serves ({@code api}). */
    COMPOSITION,
    /** A port over a real server (Redis, PostgreSQL, DuckDB, SQS, the exporters): it serves every host and uses no other adapter. */
    ADAPTER,
    /** A host (local, AWS, Azure): entry points and ports; no host uses another. */
    HOST,
    /** The CLI: it runs the hosts, and nothing but the verification modules may use it. */
    OUTERMOST,
    /** Cross-module tests, the parity suite and the benchmarks: they may use anything, and nothing uses them. */
    VERIFICATION;

    /** The rings a module of this ring may declare a dependency on (main scopes: compile, runtime, provided). */
    Set<Layer> allowed() {
        return switch (this) {
            case CORE -> EnumSet.of(CORE);
            case SUPPORT -> EnumSet.of(CORE, SUPPORT);
            case FUNCTIONS -> EnumSet.of(CORE, FUNCTIONS);
            case COMPOSITION -> EnumSet.of(CORE, SUPPORT, FUNCTIONS, COMPOSITION);
            case ADAPTER -> EnumSet.of(CORE, SUPPORT, FUNCTIONS);
            case HOST -> EnumSet.of(CORE, SUPPORT, FUNCTIONS, COMPOSITION, ADAPTER);
            case OUTERMOST -> EnumSet.of(CORE, SUPPORT, FUNCTIONS, COMPOSITION, ADAPTER, HOST);
            case VERIFICATION -> EnumSet.allOf(Layer.class);
        };
    }

    boolean mayDependOn(Layer inner) {
        return allowed().contains(inner);
    }
}
