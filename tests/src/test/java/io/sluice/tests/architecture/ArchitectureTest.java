package io.sluice.tests.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Keeps the dependency arrow pointing inwards (cli → adapters → api → functions → orchestration), keeps
 * the core free of Spring, cloud SDKs, storage clients, I/O, clock and random reads, keeps every core module
 * (orchestration, functions, the API) from reading the system clock, and keeps
 * one cloud's adapter out of another's. The rules are defined in {@link SluiceArchitecture};
 * {@link ArchitectureRulesBiteTest} shows that each of them reports a deliberately bad class.
 *
 * <p>Every {@code io.sluice} class on this module's test classpath is checked (test classes
 * excluded): orchestration, functions, the API, the adapters (local, AWS, Azure, Redis, PostgreSQL,
 * DuckDB, transfer) and the CLI, and later modules once this module depends on them.
 *
 * <p>These are plain JUnit Jupiter tests on purpose, not {@code @ArchTest} fields: Maven
 * Surefire 3.5.3 (the version the parent pom pins) silently runs no {@code @ArchTest} field
 * (SUREFIRE-2298, TNG/ArchUnit#1442; fixed in 3.5.4), so a broken rule would pass unseen.
 */
class ArchitectureTest {

    private static final SluiceArchitecture SLUICE = new SluiceArchitecture("io.sluice");

    private static JavaClasses sluice;

    @BeforeAll
    static void importSluice() {
        sluice = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("io.sluice");
    }

    /** Guards against a rule passing because the import missed the code it is about. */
    @Test
    void importHoldsEveryModuleButNoTests() {
        assertThat(sluice.containPackage("io.sluice.orchestration")).as("orchestration imported").isTrue();
        assertThat(sluice.containPackage("io.sluice.aws")).as("AWS adapter imported").isTrue();
        assertThat(sluice.containPackage("io.sluice.azure")).as("Azure adapter imported").isTrue();
        assertThat(sluice.containPackage("io.sluice.functions")).as("functions imported").isTrue();
        for (String outer : new String[] {"io.sluice.api", "io.sluice.api.port", "io.sluice.local", "io.sluice.cli", "io.sluice.runtime"}) {
            assertThat(sluice.containPackage(outer)).as(outer + " imported").isTrue();
        }
        for (String shared : new String[] {"io.sluice.postgres", "io.sluice.duckdb", "io.sluice.transfer"}) {
            assertThat(sluice.containPackage(shared)).as(shared + " imported").isTrue();
        }
        assertThat(sluice.stream().map(JavaClass::getPackageName)).noneMatch(name -> name.startsWith("io.sluice.tests"));
    }

    @Test
    void orchestrationUsesNoSpring() {
        SLUICE.orchestrationUsesNoSpring().check(sluice);
    }

    @Test
    void orchestrationUsesNoCloudSdk() {
        SLUICE.orchestrationUsesNoCloudSdk().check(sluice);
    }

    @Test
    void orchestrationUsesNoStorageClient() {
        SLUICE.orchestrationUsesNoStorageClient().check(sluice);
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
    void onlyCompositionRootsDefaultToSystemTime() {
        SLUICE.onlyCompositionRootsDefaultToSystemTime().check(sluice);
    }

    @Test
    void orchestrationDependsOnNoOtherSluiceCode() {
        SLUICE.orchestrationDependsOnNoOtherSluiceCode().check(sluice);
    }

    @Test
    void functionsDependOnlyOnOrchestration() {
        SLUICE.functionsDependOnlyOnOrchestration().check(sluice);
    }

    @Test
    void functionsUseNoPlatformTypes() {
        SLUICE.functionsUseNoPlatformTypes().check(sluice);
    }

    @Test
    void functionsUseNoSpring() {
        SLUICE.functionsUseNoSpring().check(sluice);
    }

    @Test
    void noModuleCycles() {
        SLUICE.modulesAreFreeOfCycles().check(sluice);
    }

    @Test
    void noPackageCycles() {
        SLUICE.packagesAreFreeOfCycles().check(sluice);
    }

    @Test
    void coreDoesNotDependOnAdapters() {
        SLUICE.coreDoesNotDependOnAdapters().check(sluice);
    }

    @Test
    void sharedAdaptersDependOnNoHost() {
        SLUICE.sharedAdaptersDependOnNoHost().check(sluice);
    }

    @Test
    void apiDependsOnlyOnFunctionsAndOrchestration() {
        SLUICE.apiDependsOnlyOnFunctionsAndOrchestration().check(sluice);
    }

    @Test
    void apiUsesNoServletContainer() {
        SLUICE.apiUsesNoServletContainer().check(sluice);
    }

    @Test
    void cliIsOutermost() {
        SLUICE.cliIsOutermost().check(sluice);
    }

    @Test
    void awsAdapterDoesNotDependOnOtherAdapters() {
        SLUICE.awsAdapterDoesNotDependOnOtherAdapters().check(sluice);
    }

    @Test
    void azureAdapterDoesNotDependOnOtherAdapters() {
        SLUICE.azureAdapterDoesNotDependOnOtherAdapters().check(sluice);
    }

    /**
     * Every rule of {@link SluiceArchitecture#all()} holds for the real code, so a rule added there is checked without a
     * test of its own (the tenancy rules were once shown to bite on the violations but never run on Sluice itself).
     */
    @Test
    void everyRuleHolds() {
        java.util.List<String> broken = new java.util.ArrayList<>();
        for (com.tngtech.archunit.lang.ArchRule rule : SLUICE.all()) {
            com.tngtech.archunit.lang.EvaluationResult result = rule.evaluate(sluice);
            if (result.hasViolation()) {
                broken.add(rule.getDescription() + "\n  " + String.join("\n  ", result.getFailureReport().getDetails()));
            }
        }
        assertThat(broken).as("rules broken by the real code").isEmpty();
    }
}
