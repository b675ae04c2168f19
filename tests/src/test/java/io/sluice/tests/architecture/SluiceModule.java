package io.sluice.tests.architecture;

import java.util.Set;

/**
 * One module of the reactor as its pom and its sources declare it.
 *
 * @param path      its folder under the repository root ({@code functions}, {@code adapters/sqs})
 * @param artifact  its artifactId
 * @param layer     the ring its pom names ({@code <sluice.layer>})
 * @param dependsOn the artifactIds of the Sluice modules its pom declares in a main scope (compile, runtime, provided)
 * @param packages  the packages of its main code ({@code src/main/java})
 */
record SluiceModule(String path, String artifact, Layer layer, Set<String> dependsOn, Set<String> packages) {
    SluiceModule {
        dependsOn = Set.copyOf(dependsOn);
        packages = Set.copyOf(packages);
    }
}
