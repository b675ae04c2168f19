package io.sluice.tests.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Keeps the dependency arrow pointing inwards (hosts and adapters → runtime and function modules → orchestration, with
 * the CLI outermost), as the poms declare it: every pom's Sluice dependencies point inward ({@link Layer}), and every
 * class uses only the modules its pom declares. Keeps the core free of Spring, cloud SDKs, storage clients, I/O, clock
 * and random reads, and every ring inside the adapters from reading the system clock. The rules are defined in
 * {@link SluiceArchitecture} over the {@link Reactor} read from the poms; {@link ArchitectureRulesBiteTest} shows that
 * each of them reports a deliberately bad class.
 *
 * <p>Every {@code io.sluice} class on this module's test classpath is checked (test classes excluded), and
 * {@link #everyModuleIsImported} fails when a module of the build is missing from it.
 *
 * <p>These are plain JUnit Jupiter tests on purpose, not {@code @ArchTest} fields: Maven
 * Surefire 3.5.3 (the version the parent pom pins) silently runs no {@code @ArchTest} field
 * (SUREFIRE-2298, TNG/ArchUnit#1442; fixed in 3.5.4), so a broken rule would pass unseen.
 */
class ArchitectureTest {

    private static final Reactor REACTOR = Reactor.ofThisRepository();
    private static final SluiceArchitecture SLUICE = new SluiceArchitecture("io.sluice", REACTOR);

    private static JavaClasses sluice;

    @BeforeAll
    static void importSluice() {
        sluice = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("io.sluice");
    }

    /**
     * Guards against a rule passing because the import missed the code it is about: every module of the build with main
     * code is on this module's classpath, but the verification modules (this one, parity, bench), which nothing uses.
     */
    @Test
    void everyModuleIsImported() {
        Set<String> imported = sluice.stream().map(JavaClass::getPackageName).collect(Collectors.toSet());
        List<String> missing = REACTOR.modules().stream()
                .filter(module -> module.layer() != Layer.VERIFICATION && !module.packages().isEmpty())
                .filter(module -> module.packages().stream().noneMatch(imported::contains))
                .map(SluiceModule::path).toList();
        assertThat(missing).as("modules whose classes the architecture rules do not see (add them to tests/pom.xml)").isEmpty();
        assertThat(imported).noneMatch(name -> name.startsWith("io.sluice.tests"));
    }

    /** The function modules split out of functions are found, and found where the protocol is. */
    @Test
    void everyModuleOfTheFunctionsPackagesIsAFunctionModule() {
        List<SluiceModule> functionPackages = REACTOR.modules().stream()
                .filter(module -> !module.packages().isEmpty())
                .filter(module -> module.packages().stream().allMatch(name -> name.startsWith("io.sluice.functions")))
                .toList();
        assertThat(functionPackages).hasSizeGreaterThan(1).allMatch(module -> module.layer() == Layer.FUNCTIONS);
    }

    @Test
    void everyPomPointsInward() {
        assertThat(REACTOR.outwardDependencies()).as("poms declaring an outward dependency").isEmpty();
    }

    @Test
    void noTestJarIsOnAMainClasspath() {
        assertThat(REACTOR.testJarsOnMainClasspaths()).as("test jars in a main scope").isEmpty();
    }

    @Test
    void classesUseOnlyTheModulesTheirPomDeclares() {
        SLUICE.classesUseOnlyTheModulesTheirPomDeclares().check(sluice);
    }

    @Test
    void orchestrationUsesNoSpring() {
        SLUICE.orchestrationUsesNoSpring().check(sluice);
    }

    @Test
    void orchestrationDoesNoIo() {
        SLUICE.orchestrationDoesNoIo().check(sluice);
    }

    @Test
    void orchestrationReadsNoClockOrRandom() {
        SLUICE.orchestrationReadsNoClockOrRandom().check(sluice);
    }

    @Test
    void coreReadsNoClock() {
        SLUICE.coreReadsNoClock().check(sluice);
    }

    @Test
    void coreReadsNoRandom() {
        SLUICE.coreReadsNoRandom().check(sluice);
    }

    @Test
    void runtimeIsComposedInOnePlace() {
        SLUICE.runtimeIsComposedInOnePlace().check(sluice);
    }

    /**
     * Every rule of {@link SluiceArchitecture#all()} holds for the real code, so a rule added there is checked without a
     * test of its own (the tenancy rules were once shown to bite on the violations but never run on Sluice itself).
     */
    @Test
    void everyRuleHolds() {
        List<String> broken = new ArrayList<>();
        for (ArchRule rule : SLUICE.all()) {
            EvaluationResult result = rule.evaluate(sluice);
            if (result.hasViolation()) {
                broken.add(rule.getDescription() + "\n  " + String.join("\n  ", result.getFailureReport().getDetails()));
            }
        }
        assertThat(broken).as("rules broken by the real code").isEmpty();
    }
}
