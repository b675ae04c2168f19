package io.sluice.tests.architecture;

import java.util.List;
import java.util.Set;

/**
 * The reactor the {@code violations} classes pretend to be built in: the real rings and arrows in miniature (an engine, one
 * function module, the composition and the API, two shared adapters, three hosts and the CLI), each module holding the
 * {@code violations} packages of its name. The bad classes there break it; the rules must say where.
 */
final class ViolationModules {
    private ViolationModules() {}

    static Reactor under(String root) {
        return Reactor.of(List.of(
                module(root, "orchestration", Layer.CORE, Set.of(), ""),
                module(root, "functions", Layer.FUNCTIONS, Set.of("orchestration"),
                        "", ".channel", ".orchestrator", ".task", ".tenancy", ".time", ".trigger"),
                module(root, "runtime", Layer.COMPOSITION, Set.of("functions"), ""),
                module(root, "api", Layer.COMPOSITION, Set.of("functions"), ""),
                module(root, "redis", Layer.ADAPTER, Set.of("orchestration"), ""),
                module(root, "postgres", Layer.ADAPTER, Set.of("orchestration"), ""),
                module(root, "aws", Layer.HOST, Set.of("runtime", "api", "redis"), ""),
                module(root, "azure", Layer.HOST, Set.of("runtime", "api", "redis"), ""),
                module(root, "local", Layer.HOST, Set.of("runtime", "api", "redis", "postgres"), ""),
                module(root, "cli", Layer.OUTERMOST, Set.of("local"), "")));
    }

    private static SluiceModule module(String root, String name, Layer layer, Set<String> dependsOn, String... subPackages) {
        Set<String> packages = new java.util.TreeSet<>();
        for (String sub : subPackages) packages.add(root + "." + name + sub);
        return new SluiceModule(name, name, layer, dependsOn, packages);
    }
}
