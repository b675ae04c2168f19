package io.sluice.tests.architecture;

import static com.tngtech.archunit.base.DescribedPredicate.describe;
import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.belongToAnyOf;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.lang.ArchRule;
import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The architecture of Sluice as ArchUnit rules, built for a root package.
 *
 * <p>{@code new SluiceArchitecture("io.sluice")} gives the rules for the real code. The same
 * rules built for {@code io.sluice.tests.architecture.violations}, whose sub-packages mirror the
 * real layout ({@code .orchestration}, {@code .functions}, {@code .aws}, ...), are run on
 * deliberately bad classes to show that every rule reports what it is meant to report.
 */
final class SluiceArchitecture {

    private final String rootPackage;
    private final String root;
    private final String orchestration;
    private final String functions;
    private final String aws;
    private final String azure;
    private final String local;
    private final String api;
    private final String cli;
    private final String redis;
    private final String runtime;
    private final String[] shared;
    private final String systemTime;
    private final String[] systemTimeUsers;

    SluiceArchitecture(String rootPackage) {
        this.rootPackage = rootPackage;
        this.root = rootPackage + "..";
        this.orchestration = rootPackage + ".orchestration..";
        this.functions = rootPackage + ".functions..";
        this.aws = rootPackage + ".aws..";
        this.azure = rootPackage + ".azure..";
        this.local = rootPackage + ".local..";
        this.api = rootPackage + ".api..";
        this.cli = rootPackage + ".cli..";
        this.redis = rootPackage + ".redis..";
        this.runtime = rootPackage + ".runtime..";
        this.shared = new String[] {rootPackage + ".postgres..", rootPackage + ".duckdb..", rootPackage + ".transfer.."};
        this.systemTime = rootPackage + "." + SYSTEM_TIME;
        this.systemTimeUsers = SYSTEM_TIME_USERS.stream().map(name -> rootPackage + "." + name).toArray(String[]::new);
    }

    List<ArchRule> all() {
        return List.of(
                orchestrationUsesNoSpring(),
                orchestrationUsesNoCloudSdk(),
                orchestrationUsesNoStorageClient(),
                orchestrationDoesNoIo(),
                orchestrationReadsNoClockOrRandom(),
                coreReadsNoClock(),
                onlyCompositionRootsDefaultToSystemTime(),
                orchestrationDependsOnNoOtherSluiceCode(),
                functionsDependOnlyOnOrchestration(),
                functionsUseNoPlatformTypes(),
                functionsUseNoSpring(),
                functionsResolveSecretsOnlyAsTheirOwner(),
                functionsFixNoOwner(),
                functionsHoldNoUnscopedData(),
                runtimeDependsOnlyOnFunctionsAndOrchestration(),
                runtimeIsComposedInOnePlace(),
                coreDoesNotDependOnAdapters(),
                awsAdapterDoesNotDependOnOtherAdapters(),
                azureAdapterDoesNotDependOnOtherAdapters(),
                sharedAdaptersDependOnNoHost(),
                apiDependsOnlyOnFunctionsAndOrchestration(),
                apiUsesNoServletContainer(),
                cliIsOutermost(),
                modulesAreFreeOfCycles(),
                packagesAreFreeOfCycles());
    }

    // ---- the pure core -------------------------------------------------------------------

    ArchRule orchestrationUsesNoSpring() {
        return noClasses().that().resideInAPackage(orchestration)
                .should().dependOnClassesThat().resideInAnyPackage("org.springframework..")
                .because("the core is a plain library that every host embeds; Spring stays in the adapters");
    }

    ArchRule orchestrationUsesNoCloudSdk() {
        return noClasses().that().resideInAPackage(orchestration)
                .should().dependOnClassesThat().resideInAnyPackage(
                        "software.amazon..", "com.amazonaws..", "com.azure..", "com.microsoft..")
                .because("the core runs unchanged on every cloud; cloud SDKs and platform types stay in the adapters");
    }

    ArchRule orchestrationUsesNoStorageClient() {
        return noClasses().that().resideInAPackage(orchestration)
                .should().dependOnClassesThat().resideInAnyPackage(
                        "org.redisson..", "redis.clients..", "io.lettuce..",
                        "java.sql..", "javax.sql..", "org.postgresql..", "com.zaxxer.hikari..",
                        "org.duckdb..", "org.jdbi..", "org.jooq..", "io.r2dbc..")
                .because("state lives behind ports (ExecutionStore, IdempotencyStore, TimerIndex) implemented by adapters");
    }

    /**
     * No network, file or stream I/O. {@code java.io} is allowed only for {@link Serializable},
     * {@link IOException} (Jackson's exceptions extend it) and {@link UncheckedIOException}.
     */
    ArchRule orchestrationDoesNoIo() {
        DescribedPredicate<JavaClass> ioClass = resideInAnyPackage("java.net..", "java.nio.file..", "java.nio.channels..")
                .or(resideInAPackage("java.io")
                        .and(not(belongToAnyOf(Serializable.class, IOException.class, UncheckedIOException.class))))
                .as("network, file or stream I/O types (java.net, java.nio.file, java.nio.channels, "
                        + "java.io other than Serializable, IOException, UncheckedIOException)");
        return noClasses().that().resideInAPackage(orchestration)
                .should().dependOnClassesThat(ioClass)
                .because("the core does no I/O: hosts move the bytes, the core decides");
    }

    /**
     * Time and randomness are handed to the core (a {@code now} value or a {@code Clock}, a
     * {@code RandomSource}); it never reads the system clock or an unseeded random source, so a
     * transition can be replayed. Method references ({@code Instant::now}) count as reads.
     */
    ArchRule orchestrationReadsNoClockOrRandom() {
        return noClasses().that().resideInAPackage(orchestration)
                .should().accessTargetWhere(TimeReads.READS_CLOCK_OR_RANDOM)
                .orShould().dependOnClassesThat().belongToAnyOf(ThreadLocalRandom.class)
                .because("transitions must be deterministic and replayable: time and randomness are passed in");
    }

    /** The one class of the core modules that reads the system's time. */
    private static final String SYSTEM_TIME = "functions.time.SystemTime";

    /**
     * The classes of the core modules that may default to {@code SystemTime}: the composition roots inside them
     * ({@code ChildRuns.wire}, {@code SfnService.api}) and the constructors kept for hosts that hand in no ticker
     * ({@code ChannelTaker}, {@code DefinitionCache}, {@code InProcessMapRuns}; each has an overload that takes one).
     */
    private static final List<String> SYSTEM_TIME_USERS = List.of(
            "functions.channel.ChannelTaker",
            "functions.orchestrator.DefinitionCache",
            "functions.maprun.ChildRuns",
            "functions.maprun.InProcessMapRuns",
            "api.sfn.SfnService");

    /**
     * The rule of {@link #orchestrationReadsNoClockOrRandom} for time, over every core module: orchestration, the
     * functions and the API read no clock but the {@code Clock} or {@code Ticker} they are handed, so pacing, leases and
     * timeouts run on a test's manual clock. The system's time is read in one named place, {@code SystemTime}.
     */
    ArchRule coreReadsNoClock() {
        return noClasses().that().resideInAnyPackage(orchestration, functions, runtime, api).and().doNotHaveFullyQualifiedName(systemTime)
                .should().accessTargetWhere(TimeReads.READS_CLOCK)
                .because("time is handed in (a Clock, a Ticker), so a test drives it; only " + SYSTEM_TIME + " reads the system's")
                .allowEmptyShould(false);
    }

    /** A default to the real time is a decision made in a few named places ({@link #SYSTEM_TIME_USERS}), not anywhere. */
    ArchRule onlyCompositionRootsDefaultToSystemTime() {
        return noClasses().that().resideInAnyPackage(orchestration, functions, runtime, api)
                .and().doNotHaveFullyQualifiedName(systemTime)
                .and(not(describe("one of " + SYSTEM_TIME_USERS, (JavaClass c) -> List.of(systemTimeUsers).contains(c.getName()))))
                .should().dependOnClassesThat().haveFullyQualifiedName(systemTime)
                .because("a class takes its Clock or Ticker; only the composition roots and the constructors kept for hosts "
                        + "that hand in none default to SystemTime")
                .allowEmptyShould(false);
    }

    // ---- the dependency arrow: cli -> adapters -> api -> functions -> orchestration -----------

    ArchRule orchestrationDependsOnNoOtherSluiceCode() {
        return noClasses().that().resideInAPackage(orchestration)
                .should().dependOnClassesThat(resideInAPackage(root).and(not(resideInAPackage(orchestration)))
                        .as("Sluice classes outside " + orchestration))
                .because("the dependency arrow points inwards only");
    }

    ArchRule functionsDependOnlyOnOrchestration() {
        return noClasses().that().resideInAPackage(functions)
                .should().dependOnClassesThat(resideInAPackage(root).and(not(resideInAnyPackage(functions, orchestration)))
                        .as("Sluice classes outside " + functions + " and " + orchestration))
                .because("functions are written against the core's ports only")
                .allowEmptyShould(false); // a rule over no classes proves nothing
    }

    ArchRule functionsUseNoPlatformTypes() {
        return noClasses().that().resideInAPackage(functions)
                .should().dependOnClassesThat().resideInAnyPackage(
                        "software.amazon..", "com.amazonaws..", "com.azure..", "com.microsoft..")
                .because("platform types (SQSEvent, Context, ExecutionContext, SDK clients) stop at the adapters")
                .allowEmptyShould(false);
    }

    ArchRule functionsUseNoSpring() {
        return noClasses().that().resideInAPackage(functions)
                .should().dependOnClassesThat().resideInAnyPackage("org.springframework..")
                .because("every host wires the same functions, with Spring or without; Spring stays in the adapters")
                .allowEmptyShould(false);
    }

    // ---- the runtime, composed once ------------------------------------------------------------

    /** The parts of the runtime a host gets from {@code io.sluice.runtime} and never builds itself. */
    static final Set<String> RUNTIME_PARTS = Set.of("io.sluice.functions.orchestrator.Orchestrator",
            "io.sluice.functions.orchestrator.OutboxDispatcher", "io.sluice.functions.orchestrator.ScheduleTick",
            "io.sluice.functions.orchestrator.DeadLetterHandler", "io.sluice.functions.harness.WorkerHarness",
            "io.sluice.functions.events.CompletionListener", "io.sluice.functions.alert.OncePerIncident");

    ArchRule runtimeDependsOnlyOnFunctionsAndOrchestration() {
        return noClasses().that().resideInAPackage(runtime)
                .should().dependOnClassesThat(resideInAPackage(root).and(not(resideInAnyPackage(runtime, functions, orchestration)))
                        .as("Sluice classes outside " + runtime + ", " + functions + " and " + orchestration))
                .orShould().dependOnClassesThat().resideInAnyPackage("org.springframework..", "software.amazon..", "com.azure..")
                .because("the composition is the same on every host: hosts call it, it knows none of them");
    }

    /**
     * The orchestrator, its outbox, the schedule tick, the worker harness, the completion listener, the dead-letter handler
     * and the once-per-incident alerts are composed in one place, {@code io.sluice.runtime}: a host that builds one itself
     * is a fifth copy that will disagree (Azure's once dropped a start's priority, and queued what the others applied).
     */
    ArchRule runtimeIsComposedInOnePlace() {
        return noClasses().that().resideOutsideOfPackages(runtime, functions)
                .should().callConstructorWhere(describe("a constructor of a runtime part " + RUNTIME_PARTS,
                        call -> RUNTIME_PARTS.contains(call.getTargetOwner().getName())))
                .because("every host gets the runtime from RuntimeBuilder, Completions and Alerting");
    }

    // ---- who a run belongs to -----------------------------------------------------------------

    private static final String SECRET_RESOLVER = "io.sluice.orchestration.port.SecretResolver";
    private static final String OWNER = "io.sluice.functions.tenancy.Owner";

    /**
     * Only {@code functions.tenancy} ({@code ScopedSecrets}) asks the secret store for a value: every other function
     * resolves a secret name through its run's owner, so no name can reach another tenant's secrets.
     */
    ArchRule functionsResolveSecretsOnlyAsTheirOwner() {
        return noClasses().that().resideInAPackage(functions).and().resideOutsideOfPackage(rootPackage + ".functions.tenancy..")
                .should().callMethod(SECRET_RESOLVER, "resolve", String.class.getName())
                .because("a function resolves secrets only as its run's owner (ScopedSecrets), never by a name as written");
    }

    /**
     * A tenant's or the platform's owner is fixed by the host (the worker harness through the deployment's tenancy, the
     * API from the authenticated caller), never made by a function, which could otherwise raise its own run's rights.
     */
    ArchRule functionsFixNoOwner() {
        return noClasses().that().resideInAPackage(functions).and().resideOutsideOfPackage(rootPackage + ".functions.tenancy..")
                .should().callConstructor(OWNER + "$Tenant", String.class.getName(), String.class.getName(), String.class.getName())
                .orShould().callConstructor(OWNER + "$Platform", String.class.getName(), String.class.getName())
                .because("who a run belongs to is the host's word: a function receives its owner in the TaskContext");
    }

    /**
     * The task functions and the service integrations keep no unscoped object store or secret store: they hold the
     * owner-scoped views ({@code OwnedObjects}, {@code ScopedSecrets}) and reach data only as their run's owner.
     */
    ArchRule functionsHoldNoUnscopedData() {
        return com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noFields().that().areDeclaredInClassesThat()
                .resideInAnyPackage(rootPackage + ".functions.task..", rootPackage + ".functions.integration..")
                .should().haveRawType("io.sluice.orchestration.port.ObjectStore")
                .orShould().haveRawType("io.sluice.orchestration.port.SecretResolver")
                .because("a function reaches objects and secrets only through its run's owner (OwnedObjects, ScopedSecrets)")
                .allowEmptyShould(true);
    }

    // ---- no package cycles -------------------------------------------------------------------

    /** The modules ({@code io.sluice.orchestration..}, {@code io.sluice.functions..}, {@code io.sluice.aws..}, ...) form no cycle. */
    ArchRule modulesAreFreeOfCycles() {
        return slices().matching(rootPackage + ".(*)..").namingSlices("$1")
                .should().beFreeOfCycles()
                .because("the dependency arrow points one way: adapters -> functions -> orchestration")
                .allowEmptyShould(false);
    }

    /**
     * Inside a module, the packages one level down ({@code functions.orchestrator}, {@code functions.trigger},
     * {@code orchestration.definition}, ...) form no cycle. A package's own sub-packages count as part of it
     * ({@code orchestration.path.intrinsic} is how {@code orchestration.path} evaluates intrinsics), so this
     * is the depth at which a cycle means two concepts that cannot be understood or moved apart.
     */
    ArchRule packagesAreFreeOfCycles() {
        return slices().matching(rootPackage + ".(*).(*)..").namingSlices("$1.$2")
                .should().beFreeOfCycles()
                .because("a package cycle means neither package can be understood, tested or moved without the other")
                .allowEmptyShould(false);
    }

    ArchRule coreDoesNotDependOnAdapters() {
        return noClasses().that().resideInAnyPackage(orchestration, functions, runtime)
                .should().dependOnClassesThat().resideInAnyPackage(aws, azure, local, redis, api, cli)
                .because("adapters, the API and the CLI depend on the core, never the other way round");
    }

    ArchRule awsAdapterDoesNotDependOnOtherAdapters() {
        return noClasses().that().resideInAPackage(aws)
                .should().dependOnClassesThat().resideInAnyPackage(azure, local, cli)
                .because("one cloud's adapter stays out of another's, and out of the local runtime");
    }

    ArchRule azureAdapterDoesNotDependOnOtherAdapters() {
        return noClasses().that().resideInAPackage(azure)
                .should().dependOnClassesThat().resideInAnyPackage(aws, local, cli)
                .because("one cloud's adapter stays out of another's, and out of the local runtime");
    }

    /** PostgreSQL, DuckDB and the exporters serve every host: none of them may lean on one. */
    ArchRule sharedAdaptersDependOnNoHost() {
        return noClasses().that().resideInAnyPackage(shared)
                .should().dependOnClassesThat().resideInAnyPackage(aws, azure, local, api, cli)
                .because("the warehouse, the job engine and the exporters run on every host, so they use none of the hosts' code");
    }

    /**
     * The HTTP API runs on every host (Tomcat locally, API Gateway and an Azure HTTP trigger later), so it
     * uses the core and the functions only, and asks the host for the rest through its ports.
     */
    ArchRule apiDependsOnlyOnFunctionsAndOrchestration() {
        return noClasses().that().resideInAPackage(api)
                .should().dependOnClassesThat(resideInAPackage(root).and(not(resideInAnyPackage(api, functions, orchestration)))
                        .as("Sluice classes outside " + api + ", " + functions + " and " + orchestration))
                .because("the API is platform-neutral: a host implements its ports (io.sluice.api.port), never the other way round")
                .allowEmptyShould(false);
    }

    ArchRule apiUsesNoServletContainer() {
        return noClasses().that().resideInAPackage(api)
                .should().dependOnClassesThat().resideInAnyPackage("org.apache.catalina..", "org.apache.coyote..", "org.apache.tomcat..")
                .because("the servlet container is the host's: Tomcat locally, a Lambda or Azure Functions bridge later")
                .allowEmptyShould(false);
    }

    /** The CLI starts the local host, the demo and the benches; nothing else may depend on it. */
    ArchRule cliIsOutermost() {
        return noClasses().that(resideInAPackage(root).and(not(resideInAPackage(cli))).as("Sluice classes outside " + cli))
                .should().dependOnClassesThat().resideInAPackage(cli)
                .because("the CLI is the outermost module: it depends on the hosts, no host or library on it")
                .allowEmptyShould(false);
    }
}
