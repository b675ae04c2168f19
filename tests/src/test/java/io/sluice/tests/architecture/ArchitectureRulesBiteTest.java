package io.sluice.tests.architecture;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Shows that each architecture rule bites: the rules of {@link SluiceArchitecture}, built for the
 * {@code violations} package, are run on the deliberately bad classes kept there, and each must
 * report the offending class and the very dependency or call it is meant to catch. The clean
 * classes there ({@code CleanCore}, {@code CleanFunction}) must not be reported by any rule.
 *
 * <p>Types of {@code software.amazon}, {@code com.azure}, the Redis clients and the database
 * clients other than JDBC are not on this module's classpath, so no bad class can name them;
 * the rules list them in the same {@code resideInAnyPackage} clauses that are shown to bite here.
 */
class ArchitectureRulesBiteTest {

    private static final String VIOLATIONS = "io.sluice.tests.architecture.violations";
    private static final SluiceArchitecture RULES = new SluiceArchitecture(VIOLATIONS, ViolationModules.under(VIOLATIONS));

    private static JavaClasses badClasses;

    @BeforeAll
    static void importBadClasses() {
        badClasses = new ClassFileImporter().importPackages(VIOLATIONS);
    }

    @Test
    void springInTheCoreIsReported() {
        assertReports(RULES.orchestrationUsesNoSpring(), "orchestration.UsesSpring",
                "org.springframework.context.ApplicationContext");
    }

    @Test
    void cloudTypesInTheCoreAreReported() {
        assertReports(RULES.orchestrationUsesNoCloudSdk(), "orchestration.UsesPlatformTypes",
                "com.amazonaws.services.lambda.runtime.events.SQSEvent",
                "com.microsoft.azure.functions.ExecutionContext");
    }

    @Test
    void databaseClientInTheCoreIsReported() {
        assertReports(RULES.orchestrationUsesNoStorageClient(), "orchestration.UsesJdbc", "java.sql.Connection");
    }

    @Test
    void ioInTheCoreIsReportedButAllowedIoTypesAreNot() {
        ArchRule rule = RULES.orchestrationDoesNoIo();
        assertReports(rule, "orchestration.DoesIo",
                "java.nio.file.Files", "java.nio.file.Path", "java.io.FileInputStream", "java.net.URI");
        assertDoesNotReport(rule, "orchestration.CleanCore"); // IOException, UncheckedIOException, Serializable, Jackson
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "calls method <java.lang.System.currentTimeMillis()>",
        "calls method <java.lang.System.nanoTime()>",
        "calls method <java.time.Instant.now()>",
        "calls method <java.time.LocalDateTime.now()>",
        "calls method <java.time.LocalDate.now()>",
        "calls method <java.time.ZonedDateTime.now()>",
        "calls method <java.time.OffsetDateTime.now()>",
        "calls method <java.time.Clock.systemUTC()>",
        "calls method <java.time.Clock.systemDefaultZone()>",
        "calls method <java.lang.Math.random()>",
        "calls method <java.util.UUID.randomUUID()>",
        "calls constructor <java.util.Random.<init>()>",
        "calls constructor <java.security.SecureRandom.<init>()>",
        "calls method <java.util.concurrent.ThreadLocalRandom.current()>",
        "references method <java.time.Instant.now()>",
    })
    void eachClockOrRandomReadIsReported(String read) {
        assertReports(RULES.orchestrationReadsNoClockOrRandom(), "orchestration.ReadsClockAndRandom", read);
    }

    @Test
    void clockAndRandomPassedInAreAllowed() {
        assertDoesNotReport(RULES.orchestrationReadsNoClockOrRandom(), "orchestration.CleanCore"); // Instant.now(clock)
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "functions.ReadsTheClock:calls method <java.lang.System.nanoTime()>",
        "functions.ReadsTheClock:calls method <java.time.Instant.now()>",
        "functions.ReadsTheClock:calls method <java.time.Clock.systemUTC()>",
        "api.ReadsTheClock:references method <java.time.Clock.systemUTC()>",
        "orchestration.ReadsClockAndRandom:calls method <java.lang.System.currentTimeMillis()>",
    })
    void aClockReadInAnyCoreModuleIsReported(String classAndRead) {
        String[] parts = classAndRead.split(":", 2);
        assertReports(RULES.coreReadsNoClock(), parts[0], parts[1]);
    }

    @Test
    void theSystemTimeClassAloneMayReadTheClockAndRandomnessIsLeftToTheOrchestrationRule() {
        ArchRule rule = RULES.coreReadsNoClock();
        assertDoesNotReport(rule, "functions.time.SystemTime");
        assertDoesNotReport(rule, "orchestration.CleanCore"); // Instant.now(clock)
        assertThat(details(rule)).noneMatch(line -> line.contains("UUID.randomUUID") || line.contains("SecureRandom"));
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "functions.DrawsRandomness:calls method <java.util.UUID.randomUUID()>",
        "functions.DrawsRandomness:calls constructor <java.security.SecureRandom.<init>()>",
        "functions.DrawsRandomness:calls method <java.util.concurrent.ThreadLocalRandom.current()>",
        "orchestration.ReadsClockAndRandom:calls method <java.lang.Math.random()>",
    })
    void aRandomSourceMadeInAnyCoreModuleIsReported(String classAndRead) {
        String[] parts = classAndRead.split(":", 2);
        assertReports(RULES.coreReadsNoRandom(), parts[0], parts[1]);
    }

    @Test
    void theSystemRandomClassAloneMayMakeARandomSource() {
        ArchRule rule = RULES.coreReadsNoRandom();
        assertDoesNotReport(rule, "functions.time.SystemRandom");
        assertDoesNotReport(rule, "orchestration.CleanCore"); // draws from the RandomSource it is given
        assertThat(details(rule)).noneMatch(line -> line.contains("nanoTime") || line.contains("Instant.now"));
    }

    @Test
    void aClassOutsideTheNamedCompositionRootsDefaultingToSystemRandomIsReported() {
        assertReports(RULES.onlyCompositionRootsDefaultToSystemRandom(), "functions.DrawsRandomness",
                VIOLATIONS + ".functions.time.SystemRandom");
    }

    @Test
    void aClassOutsideTheNamedCompositionRootsDefaultingToSystemTimeIsReported() {
        ArchRule rule = RULES.onlyCompositionRootsDefaultToSystemTime();
        assertReports(rule, "functions.ReadsTheClock", VIOLATIONS + ".functions.time.SystemTime");
        assertDoesNotReport(rule, "functions.channel.ChannelTaker"); // named in SYSTEM_TIME_USERS
    }

    @Test
    void coreReachingOutwardsIsReported() {
        assertReports(RULES.classesUseOnlyTheModulesTheirPomDeclares(), "orchestration.UsesAdapters",
                VIOLATIONS + ".local.LocalThing", VIOLATIONS + ".redis.RedisThing", VIOLATIONS + ".functions.CleanFunction");
    }

    @Test
    void functionUsingAnAdapterIsReported() {
        ArchRule rule = RULES.classesUseOnlyTheModulesTheirPomDeclares();
        assertReports(rule, "functions.UsesAwsAdapter", VIOLATIONS + ".aws.AwsThing", "functions (FUNCTIONS) does not declare aws (HOST)");
        assertDoesNotReport(rule, "functions.CleanFunction"); // uses the core only
    }

    @Test
    void platformTypeInAFunctionIsReported() {
        assertReports(RULES.functionsUseNoPlatformTypes(), "functions.UsesLambdaEvent",
                "com.amazonaws.services.lambda.runtime.events.SQSEvent");
    }

    @Test
    void aSharedAdapterUsingTheApiOrTheCliIsReported() {
        assertReports(RULES.classesUseOnlyTheModulesTheirPomDeclares(), "postgres.UsesApiAndCli", VIOLATIONS + ".api.CleanApi",
                VIOLATIONS + ".cli.CliThing");
    }

    @Test
    void aFunctionUsingTheApiIsReported() {
        assertReports(RULES.classesUseOnlyTheModulesTheirPomDeclares(), "functions.UsesApi", VIOLATIONS + ".api.CleanApi");
    }

    @Test
    void awsAdapterUsingAzureOrLocalIsReportedButRedisIsAllowed() {
        ArchRule rule = RULES.classesUseOnlyTheModulesTheirPomDeclares();
        assertReports(rule, "aws.AwsThing", VIOLATIONS + ".azure.AzureThing", VIOLATIONS + ".local.LocalThing");
        assertDoesNotReportDependency(rule, "aws.AwsThing", VIOLATIONS + ".redis.RedisThing");
    }

    @Test
    void azureAdapterUsingAwsOrLocalIsReportedButRedisIsAllowed() {
        ArchRule rule = RULES.classesUseOnlyTheModulesTheirPomDeclares();
        assertReports(rule, "azure.AzureThing", VIOLATIONS + ".aws.AwsThing", VIOLATIONS + ".local.LocalThing");
        assertDoesNotReportDependency(rule, "azure.AzureThing", VIOLATIONS + ".redis.RedisThing");
    }

    @Test
    void aSharedAdapterUsingTheLocalHostIsReported() {
        assertReports(RULES.classesUseOnlyTheModulesTheirPomDeclares(), "postgres.PostgresThing", VIOLATIONS + ".local.LocalThing");
    }

    @Test
    void theApiReachingIntoAHostAnAdapterOrTheCliIsReported() {
        ArchRule rule = RULES.classesUseOnlyTheModulesTheirPomDeclares();
        assertReports(rule, "api.ApiThing", VIOLATIONS + ".local.LocalThing", VIOLATIONS + ".redis.RedisThing",
                VIOLATIONS + ".cli.CliThing");
        assertDoesNotReport(rule, "api.CleanApi"); // Spring MVC, functions and the core
    }

    @Test
    void theServletContainerInTheApiIsReported() {
        ArchRule rule = RULES.apiUsesNoServletContainer();
        assertReports(rule, "api.ApiThing", "org.apache.catalina.connector.Request");
        assertDoesNotReport(rule, "api.CleanApi");
    }

    @Test
    void anythingButTheCliUsingTheCliIsReported() {
        ArchRule rule = RULES.classesUseOnlyTheModulesTheirPomDeclares();
        assertReports(rule, "local.UsesCli", VIOLATIONS + ".cli.CliThing");
        assertReports(rule, "api.ApiThing", VIOLATIONS + ".cli.CliThing");
        assertDoesNotReport(rule, "local.LocalThing");
    }

    @Test
    void aFunctionResolvingASecretByItsNameAsWrittenIsReported() {
        ArchRule rule = RULES.functionsResolveSecretsOnlyAsTheirOwner();
        assertReports(rule, "functions.ResolvesSecretAsWritten", "io.sluice.orchestration.port.SecretResolver.resolve");
        assertDoesNotReport(rule, "functions.tenancy.ResolvesForItsOwner");
    }

    @Test
    void aFunctionMakingItsOwnOwnerIsReported() {
        ArchRule rule = RULES.functionsFixNoOwner();
        assertReports(rule, "functions.ForgesOwner", "io.sluice.functions.tenancy.Owner$Tenant", "io.sluice.functions.tenancy.Owner$Platform");
        assertDoesNotReport(rule, "functions.CleanFunction");
    }

    @Test
    void aCompositionThatKnowsAHostIsReported() {
        assertReports(RULES.classesUseOnlyTheModulesTheirPomDeclares(), "runtime.KnowsAHost", "violations.aws.AwsThing");
    }

    @Test
    void springInTheCompositionIsReported() {
        assertReports(RULES.runtimeUsesNoSpringOrCloudSdk(), "runtime.UsesSpring", "org.springframework.context.ApplicationContext");
    }

    @Test
    void aHostBuildingItsOwnRuntimePartIsReported() {
        ArchRule rule = RULES.runtimeIsComposedInOnePlace();
        assertReports(rule, "aws.ComposesItsOwnRuntime", "io.sluice.functions.orchestrator.OutboxDispatcher.<init>");
        assertDoesNotReport(rule, "aws.AwsThing");
    }

    @Test
    void aTaskFunctionHoldingTheUnscopedStoresIsReported() {
        ArchRule rule = RULES.functionsHoldNoUnscopedData();
        assertReports(rule, "functions.task.HoldsTheWholeStore", "io.sluice.orchestration.port.ObjectStore",
                "io.sluice.orchestration.port.SecretResolver");
        assertDoesNotReport(rule, "functions.CleanFunction");
    }

    @Test
    void springInAFunctionIsReported() {
        ArchRule rule = RULES.functionsUseNoSpring();
        assertReports(rule, "functions.UsesSpring", "org.springframework.context.ApplicationContext");
        assertDoesNotReport(rule, "functions.CleanFunction");
    }

    @Test
    void aCycleBetweenTwoPackagesOfAModuleIsReported() {
        List<String> details = details(RULES.packagesAreFreeOfCycles());
        assertThat(details).as("cycles reported").anyMatch(d -> d.startsWith("Cycle detected: functions.orchestrator -> ")
                && d.contains("functions.trigger -> ") && d.contains(VIOLATIONS + ".functions.orchestrator.Tick.firer")
                && d.contains(VIOLATIONS + ".functions.trigger.Firer.tick"));
    }

    @Test
    void aCycleBetweenModulesIsReported() {
        // orchestration.UsesAdapters reaches functions.CleanFunction, which uses orchestration.CleanCore
        assertThat(details(RULES.modulesAreFreeOfCycles())).as("cycles reported")
                .anyMatch(d -> d.contains("functions -> ") && d.contains("orchestration -> ")
                        && d.contains(VIOLATIONS + ".orchestration.UsesAdapters"));
    }

    /** A rule that checks no class proves nothing: the rules for functions, the API and the CLI fail on an import without them. */
    @ParameterizedTest
    @ValueSource(strings = {"classesUseOnlyTheModulesTheirPomDeclares", "functionsUseNoPlatformTypes", "functionsUseNoSpring",
        "coreReadsNoClock", "onlyCompositionRootsDefaultToSystemTime", "coreReadsNoRandom", "onlyCompositionRootsDefaultToSystemRandom",
        "apiUsesNoServletContainer",
        "modulesAreFreeOfCycles", "packagesAreFreeOfCycles"})
    void aRuleOverNoClassesFails(String name) throws Exception {
        SluiceArchitecture nowhere = new SluiceArchitecture(VIOLATIONS + ".nothing", ViolationModules.under(VIOLATIONS + ".nothing"));
        ArchRule rule = (ArchRule) SluiceArchitecture.class.getDeclaredMethod(name).invoke(nowhere);
        assertThatThrownBy(() -> rule.evaluate(badClasses)).as("%s over no classes", name)
                .hasMessageContaining("failed to check any classes");
    }

    /**
     * No rule reports a clean class as the origin of a violation. The cycle rules are left out: a
     * cycle has no single offending class (the one above runs through CleanFunction because of
     * UsesAdapters); they are shown to bite above.
     */
    @Test
    void noRuleReportsTheCleanClasses() {
        for (ArchRule rule : RULES.all()) {
            if (rule.getDescription().startsWith("slices ")) {
                continue;
            }
            assertDoesNotReport(rule, "orchestration.CleanCore");
            assertDoesNotReport(rule, "functions.CleanFunction"); // as an origin; it is a target of UsesAdapters
            assertDoesNotReport(rule, "api.CleanApi");
        }
    }

    /** The rule fails, with a line naming the bad class and each expected fragment. */
    private static void assertReports(ArchRule rule, String badClass, String... fragments) {
        List<String> details = details(rule);
        assertThat(details).as("violations reported by: %s", rule.getDescription()).isNotEmpty();
        String origin = VIOLATIONS + "." + badClass;
        for (String fragment : fragments) {
            assertThat(details)
                    .as("%s should report %s in %s; it reported:%n%s", rule.getDescription(), fragment, origin,
                            String.join("\n", details))
                    .anyMatch(line -> line.contains(origin) && line.contains(fragment));
        }
    }

    /** No reported line has this class as its origin (the first {@code <...>} of the line). */
    private static void assertDoesNotReport(ArchRule rule, String className) {
        String name = className.startsWith(VIOLATIONS) ? className : VIOLATIONS + "." + className;
        assertThat(details(rule))
                .as("%s must not report %s", rule.getDescription(), name)
                .noneMatch(line -> originIs(line, name));
    }

    /** No reported line from this class names that one as its target. */
    private static void assertDoesNotReportDependency(ArchRule rule, String origin, String target) {
        String name = VIOLATIONS + "." + origin;
        assertThat(details(rule))
                .as("%s must not report %s using %s", rule.getDescription(), name, target)
                .noneMatch(line -> originIs(line, name) && (line.contains("<" + target + ">") || line.contains("<" + target + ".")));
    }

    private static boolean originIs(String line, String className) {
        int start = line.indexOf('<') + 1;
        if (start == 0 || !line.startsWith(className, start)) return false;
        int end = start + className.length();
        return end < line.length() && ".>$(".indexOf(line.charAt(end)) >= 0;
    }

    private static List<String> details(ArchRule rule) {
        return rule.evaluate(badClasses).getFailureReport().getDetails();
    }
}
