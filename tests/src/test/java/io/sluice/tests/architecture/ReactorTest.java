package io.sluice.tests.architecture;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The module structure the architecture rules read from the poms: how a pom is read, and that the rule on the poms
 * ({@link Reactor#outwardDependencies()}) reports every kind of outward arrow and nothing else.
 */
class ReactorTest {

    @TempDir
    Path root;

    @Test
    void readsEachModulesRingMainDependenciesAndPackagesFromItsPom() throws IOException {
        pom(root, "<modules><module>engine</module><module>group/fn</module></modules>");
        pom(root.resolve("engine"), "<artifactId>x-engine</artifactId><properties><sluice.layer>core</sluice.layer></properties>");
        pom(root.resolve("group/fn"), """
                <artifactId>x-fn</artifactId>
                <properties><sluice.layer>functions</sluice.layer></properties>
                <dependencies>
                  <dependency><groupId>io.sluice</groupId><artifactId>x-engine</artifactId></dependency>
                  <dependency><groupId>io.sluice</groupId><artifactId>x-kit</artifactId><scope>test</scope></dependency>
                  <dependency><groupId>org.example</groupId><artifactId>lib</artifactId></dependency>
                </dependencies>
                <dependencyManagement><dependencies>
                  <dependency><groupId>io.sluice</groupId><artifactId>x-managed</artifactId></dependency>
                </dependencies></dependencyManagement>""");
        source(root.resolve("group/fn/src/main/java/io/x/fn/task/A.java"));
        source(root.resolve("group/fn/src/main/java/io/x/fn/B.java"));
        source(root.resolve("group/fn/src/test/java/io/x/fn/tests/T.java"));

        List<SluiceModule> modules = Reactor.read(root).modules();

        assertThat(modules).containsExactly(
                new SluiceModule("engine", "x-engine", Layer.CORE, Set.of(), Set.of()),
                new SluiceModule("group/fn", "x-fn", Layer.FUNCTIONS, Set.of("x-engine"), Set.of("io.x.fn", "io.x.fn.task")));
    }

    @Test
    void aTestJarInAMainScopeIsReportedAndOneInTestScopeIsNot() throws IOException {
        pom(root, "<modules><module>kit</module><module>suite</module></modules>");
        pom(root.resolve("kit"), "<artifactId>x-kit</artifactId><properties><sluice.layer>support</sluice.layer></properties>");
        pom(root.resolve("suite"), """
                <artifactId>x-suite</artifactId>
                <properties><sluice.layer>verification</sluice.layer></properties>
                <dependencies>
                  <dependency><groupId>io.sluice</groupId><artifactId>x-kit</artifactId><type>test-jar</type></dependency>
                  <dependency><groupId>org.example</groupId><artifactId>lib</artifactId><classifier>tests</classifier><scope>runtime</scope></dependency>
                  <dependency><groupId>io.sluice</groupId><artifactId>x-kit</artifactId><type>test-jar</type><scope>test</scope></dependency>
                </dependencies>""");

        assertThat(Reactor.read(root).testJarsOnMainClasspaths()).containsExactly(
                "suite/pom.xml puts the test jar of x-kit on its main classpath (scope compile): move what it uses into a main-scope "
                        + "module (stubs, testkit)",
                "suite/pom.xml puts the test jar of lib on its main classpath (scope runtime): move what it uses into a main-scope "
                        + "module (stubs, testkit)");
    }

    @Test
    void aModuleWhosePomNamesNoRingIsRefusedByName() throws IOException {
        pom(root, "<modules><module>adapters/new</module></modules>");
        pom(root.resolve("adapters/new"), "<artifactId>x-new</artifactId>");

        assertThatThrownBy(() -> Reactor.read(root)).hasMessageContaining("adapters/new/pom.xml names no ring")
                .hasMessageContaining("<sluice.layer>");
    }

    @Test
    void aPackageSplitBetweenTwoModulesIsRefused() {
        assertThatThrownBy(() -> Reactor.of(List.of(
                new SluiceModule("a", "a", Layer.FUNCTIONS, Set.of(), Set.of("io.x.shared")),
                new SluiceModule("b", "b", Layer.FUNCTIONS, Set.of(), Set.of("io.x.shared")))))
                .hasMessageContaining("package io.x.shared is split between a and b");
    }

    @Test
    void everyOutwardArrowOfAPomIsReportedAndNoInwardOne() {
        Reactor reactor = Reactor.of(List.of(
                module("engine", Layer.CORE, "fn"),
                module("fn", Layer.FUNCTIONS, "engine", "host-a"),
                module("api", Layer.COMPOSITION, "fn", "redis"),
                module("redis", Layer.ADAPTER, "engine", "pg"),
                module("pg", Layer.ADAPTER, "engine"),
                module("host-a", Layer.HOST, "api", "redis", "host-b"),
                module("host-b", Layer.HOST, "api", "cli"),
                module("cli", Layer.OUTERMOST, "host-a", "gone"),
                module("tests", Layer.VERIFICATION, "cli", "host-a")));

        assertThat(reactor.outwardDependencies()).containsExactlyInAnyOrder(
                "engine (CORE) depends on fn (FUNCTIONS), but CORE may depend on [CORE] only",
                "fn (FUNCTIONS) depends on host-a (HOST), but FUNCTIONS may depend on [CORE, FUNCTIONS] only",
                "api (COMPOSITION) depends on redis (ADAPTER), but COMPOSITION may depend on "
                        + "[CORE, SUPPORT, FUNCTIONS, COMPOSITION] only",
                "redis (ADAPTER) depends on pg (ADAPTER), but ADAPTER may depend on [CORE, SUPPORT, FUNCTIONS] only",
                "host-a (HOST) depends on host-b (HOST), but HOST may depend on "
                        + "[CORE, SUPPORT, FUNCTIONS, COMPOSITION, ADAPTER] only",
                "host-b (HOST) depends on cli (OUTERMOST), but HOST may depend on "
                        + "[CORE, SUPPORT, FUNCTIONS, COMPOSITION, ADAPTER] only",
                "cli depends on gone, which is no module of this build");
    }

    @Test
    void aModuleReachesWhatItsPomDeclaresDirectlyOrThroughAnother() {
        SluiceModule engine = module("engine", Layer.CORE);
        SluiceModule fn = module("fn", Layer.FUNCTIONS, "engine");
        SluiceModule tasks = module("tasks", Layer.FUNCTIONS, "fn");
        Reactor reactor = Reactor.of(List.of(engine, fn, tasks));

        assertThat(reactor.reaches(tasks, engine)).isTrue();
        assertThat(reactor.reaches(tasks, fn)).isTrue();
        assertThat(reactor.reaches(fn, tasks)).isFalse();
        assertThat(reactor.reaches(engine, engine)).isFalse();
    }

    private static SluiceModule module(String name, Layer layer, String... dependsOn) {
        return new SluiceModule(name, name, layer, Set.of(dependsOn), Set.of());
    }

    private static void pom(Path dir, String body) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("pom.xml"), "<?xml version=\"1.0\"?>\n"
                + "<project xmlns=\"http://maven.apache.org/POM/4.0.0\"><modelVersion>4.0.0</modelVersion>" + body + "</project>\n");
    }

    private static void source(Path file) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, "class X {}\n");
    }
}
