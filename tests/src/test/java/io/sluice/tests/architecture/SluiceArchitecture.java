package io.sluice.tests.architecture;

import static com.tngtech.archunit.base.DescribedPredicate.describe;
import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.belongToAnyOf;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.lang.ArchRule;
import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The architecture of Sluice as ArchUnit rules, built for a root package and the reactor the poms declare.
 *
 * <p>{@code new SluiceArchitecture("io.sluice", Reactor.ofThisRepository())} gives the rules for the real code: which
 * module a class belongs to, which ring ({@link Layer}) that module is in and which modules it may use all come from
 * the poms, so a module added to the root pom is covered without being named here. The same rules built for
 * {@code io.sluice.tests.architecture.violations} and {@link ViolationModules} are run on deliberately bad classes to
 * show that every rule reports what it is meant to report.
 */
final class SluiceArchitecture {

    private final String rootPackage;
    private final Reactor reactor;
    private final String runtime;
    private final String api;
    private final String systemTime;
    private final String[] systemTimeUsers;
    private final String systemRandom;
    private final String[] systemRandomUsers;
    /** Classes of the engine's ring: no Spring, no SDK, no storage client, no I/O, no clock or random reads. */
    private final DescribedPredicate<JavaClass> core;
    /** Classes of the runtime protocol and the function modules (tasks, triggers, integrations, operations, ...). */
    private final DescribedPredicate<JavaClass> functionModules;
    /** Classes of every ring that reads no clock: the engine, the function modules, the composition and the API. */
    private final DescribedPredicate<JavaClass> clockFree;

    SluiceArchitecture(String rootPackage, Reactor reactor) {
        this.rootPackage = rootPackage;
        this.reactor = reactor;
        this.runtime = rootPackage + ".runtime..";
        this.api = rootPackage + ".api..";
        this.systemTime = rootPackage + "." + SYSTEM_TIME;
        this.systemTimeUsers = SYSTEM_TIME_USERS.stream().map(name -> rootPackage + "." + name).toArray(String[]::new);
        this.systemRandom = rootPackage + "." + SYSTEM_RANDOM;
        this.systemRandomUsers = SYSTEM_RANDOM_USERS.stream().map(name -> rootPackage + "." + name).toArray(String[]::new);
        this.core = inLayers(Layer.CORE);
        this.functionModules = inLayers(Layer.FUNCTIONS);
        this.clockFree = inLayers(Layer.CORE, Layer.FUNCTIONS, Layer.COMPOSITION);
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
                coreReadsNoRandom(),
                onlyCompositionRootsDefaultToSystemRandom(),
                classesUseOnlyTheModulesTheirPomDeclares(),
                functionsUseNoPlatformTypes(),
                functionsUseNoSpring(),
                functionsResolveSecretsOnlyAsTheirOwner(),
                functionsFixNoOwner(),
                functionsHoldNoUnscopedData(),
                runtimeUsesNoSpringOrCloudSdk(),
                runtimeIsComposedInOnePlace(),
                apiUsesNoServletContainer(),
                modulesAreFreeOfCycles(),
                packagesAreFreeOfCycles());
    }

    /** Classes of the modules whose poms name one of these rings. */
    DescribedPredicate<JavaClass> inLayers(Layer... layers) {
        Set<Layer> wanted = EnumSet.copyOf(List.of(layers));
        return describe("in a module of ring " + wanted, (JavaClass c) -> reactor.moduleOfPackage(c.getPackageName())
                .map(module -> wanted.contains(module.layer())).orElse(false));
    }

    // ---- the pure core -------------------------------------------------------------------

    ArchRule orchestrationUsesNoSpring() {
        return noClasses().that(core)
                .should().dependOnClassesThat().resideInAnyPackage("org.springframework..")
                .because("the core is a plain library that every host embeds; Spring stays in the adapters");
    }

    ArchRule orchestrationUsesNoCloudSdk() {
        return noClasses().that(core)
                .should().dependOnClassesThat().resideInAnyPackage(
                        "software.amazon..", "com.amazonaws..", "com.azure..", "com.microsoft..")
                .because("the core runs unchanged on every cloud; cloud SDKs and platform types stay in the adapters");
    }

    ArchRule orchestrationUsesNoStorageClient() {
        return noClasses().that(core)
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
        return noClasses().that(core)
                .should().dependOnClassesThat(ioClass)
                .because("the core does no I/O: hosts move the bytes, the core decides");
    }

    /**
     * Time and randomness are handed to the core (a {@code now} value or a {@code Clock}, a
     * {@code RandomSource}); it never reads the system clock or an unseeded random source, so a
     * transition can be replayed. Method references ({@code Instant::now}) count as reads.
     */
    ArchRule orchestrationReadsNoClockOrRandom() {
        return noClasses().that(core)
                .should().accessTargetWhere(TimeReads.READS_CLOCK_OR_RANDOM)
                .orShould().dependOnClassesThat().belongToAnyOf(ThreadLocalRandom.class)
                .because("transitions must be deterministic and replayable: time and randomness are passed in");
    }

    /** The one class of the core modules that reads the system's time. */
    private static final String SYSTEM_TIME = "functions.time.SystemTime";

    /**
     * The classes of the core modules that may default to {@code SystemTime}: the composition roots inside them
     * ({@code ChildRuns.wire}, {@code SfnService.builder}) and the constructors kept for hosts that hand in no ticker
     * ({@code ChannelTaker}, {@code DefinitionCache}, {@code InProcessMapRuns}; each has an overload that takes one).
     */
    private static final List<String> SYSTEM_TIME_USERS = List.of(
            "functions.channel.ChannelTaker",
            "functions.orchestrator.DefinitionCache",
            "functions.maprun.ChildRuns",
            "functions.maprun.InProcessMapRuns",
            "functions.harness.LeaseKeeper", // the JVM's one LeaseBeats thread, which sleeps in the machine's time as any timer
            "api.sfn.SfnService",
            "api.page.PageTokens"); // page tokens expire a day after they were handed out; the listings hand in no clock yet

    /**
     * The rule of {@link #orchestrationReadsNoClockOrRandom} for time, over every ring inside the adapters: the engine,
     * the function modules, the composition and the API read no clock but the {@code Clock} or {@code Ticker} they are
     * handed, so pacing, leases and timeouts run on a test's manual clock. The system's time is read in one named
     * place, {@code SystemTime}.
     */
    ArchRule coreReadsNoClock() {
        return noClasses().that(clockFree).and().doNotHaveFullyQualifiedName(systemTime)
                .should().accessTargetWhere(TimeReads.READS_CLOCK)
                .because("time is handed in (a Clock, a Ticker), so a test drives it; only " + SYSTEM_TIME + " reads the system's")
                .allowEmptyShould(false);
    }

    /** A default to the real time is a decision made in a few named places ({@link #SYSTEM_TIME_USERS}), not anywhere. */
    ArchRule onlyCompositionRootsDefaultToSystemTime() {
        return noClasses().that(clockFree)
                .and().doNotHaveFullyQualifiedName(systemTime)
                .and(not(describe("one of " + SYSTEM_TIME_USERS, (JavaClass c) -> List.of(systemTimeUsers).contains(c.getName()))))
                .should().dependOnClassesThat().haveFullyQualifiedName(systemTime)
                .because("a class takes its Clock or Ticker; only the composition roots and the constructors kept for hosts "
                        + "that hand in none default to SystemTime")
                .allowEmptyShould(false);
    }

    /** The one class of the core modules that creates a random source. */
    private static final String SYSTEM_RANDOM = "functions.time.SystemRandom";

    /**
     * The classes of the core modules that may default to {@code SystemRandom}: the composition roots inside them
     * ({@code RuntimeBuilder}, {@code Control} and {@code Alerting}; {@code ChildRuns.wire}; {@code SfnService.builder}; the
     * API's {@code ApiConfiguration}), the constructors kept for hosts and tests that hand in no source
     * ({@code Orchestrator}, {@code WorkerHarness}, {@code PublishHandler}; each has a way to take one) and
     * {@code ApiKeys.generate()}, whose keys must be unpredictable.
     */
    private static final List<String> SYSTEM_RANDOM_USERS = List.of(
            "runtime.RuntimeBuilder",
            "runtime.Control",
            "runtime.Alerting",
            "functions.orchestrator.Orchestrator",
            "functions.harness.WorkerHarness",
            "functions.integration.publish.PublishHandler",
            "functions.maprun.ChildRuns",
            "api.sfn.SfnService",
            "api.http.ApiConfiguration",
            "api.tenant.ApiKeys");

    /**
     * The rule of {@link #orchestrationReadsNoClockOrRandom} for randomness, over every ring inside the adapters: the
     * engine, the function modules, the composition and the API draw from the {@code RandomSource} they are handed, so a
     * test's seeded source repeats a run. The one unpredictable source is made in one named place, {@code SystemRandom}.
     */
    ArchRule coreReadsNoRandom() {
        return noClasses().that(clockFree).and().doNotHaveFullyQualifiedName(systemRandom)
                .should().accessTargetWhere(TimeReads.READS_RANDOM)
                .orShould().dependOnClassesThat().belongToAnyOf(ThreadLocalRandom.class)
                .because("randomness is handed in (a RandomSource), so a test seeds it; only " + SYSTEM_RANDOM + " makes the unpredictable one")
                .allowEmptyShould(false);
    }

    /** A default to the unpredictable source is a decision made in a few named places ({@link #SYSTEM_RANDOM_USERS}), not anywhere. */
    ArchRule onlyCompositionRootsDefaultToSystemRandom() {
        return noClasses().that(clockFree)
                .and().doNotHaveFullyQualifiedName(systemRandom)
                .and(not(describe("one of " + SYSTEM_RANDOM_USERS, (JavaClass c) -> List.of(systemRandomUsers).contains(c.getName()))))
                .should().dependOnClassesThat().haveFullyQualifiedName(systemRandom)
                .because("a class takes its RandomSource; only the composition roots and the constructors kept for hosts "
                        + "that hand in none default to SystemRandom")
                .allowEmptyShould(false);
    }

    // ---- the dependency arrow, from the poms: hosts and adapters -> runtime and function modules -> orchestration ----

    /**
     * Every class of every module uses Sluice classes of its own module and of the modules its pom declares only; the
     * poms themselves point inward ({@link Reactor#outwardDependencies()}, checked beside these rules). Together they
     * keep the engine free of Sluice code outside it, the function modules off the API, the composition and the hosts,
     * one host out of another, the shared adapters off every host, and the CLI outermost.
     */
    ArchRule classesUseOnlyTheModulesTheirPomDeclares() {
        return classes().that(describe("belong to a module of the build",
                        (JavaClass c) -> reactor.moduleOfPackage(c.getPackageName()).isPresent()))
                .should(new DeclaredModules(reactor))
                .because("the dependency arrow points inward, and the poms say where it points")
                .allowEmptyShould(false);
    }

    ArchRule functionsUseNoPlatformTypes() {
        return noClasses().that(functionModules)
                .should().dependOnClassesThat().resideInAnyPackage(
                        "software.amazon..", "com.amazonaws..", "com.azure..", "com.microsoft..")
                .because("platform types (SQSEvent, Context, ExecutionContext, SDK clients) stop at the adapters")
                .allowEmptyShould(false);
    }

    ArchRule functionsUseNoSpring() {
        return noClasses().that(functionModules)
                .should().dependOnClassesThat().resideInAnyPackage("org.springframework..")
                .because("every host wires the same functions, with Spring or without; Spring stays in the adapters")
                .allowEmptyShould(false);
    }

    // ---- the runtime, composed once ------------------------------------------------------------

    /** The parts of the runtime a host gets from {@code io.sluice.runtime} and never builds itself. */
    static final Set<String> RUNTIME_PARTS = Set.of("io.sluice.functions.orchestrator.Orchestrator",
            "io.sluice.functions.orchestrator.OutboxDispatcher", "io.sluice.functions.orchestrator.ScheduleTick",
            "io.sluice.functions.orchestrator.DeadLetterHandler", "io.sluice.functions.harness.WorkerHarness",
            "io.sluice.functions.events.CompletionListener", "io.sluice.functions.alert.OncePerIncident",
            "io.sluice.functions.control.RuleGate", "io.sluice.functions.control.RuleBook", "io.sluice.functions.alert.TieredAlerts",
            "io.sluice.functions.control.recover.Blocks", "io.sluice.functions.control.recover.Backfills",
            "io.sluice.functions.trigger.schedule.ScheduleFirer", "io.sluice.functions.retention.ExecutionReaper");

    ArchRule runtimeUsesNoSpringOrCloudSdk() {
        return noClasses().that().resideInAPackage(runtime)
                .should().dependOnClassesThat().resideInAnyPackage("org.springframework..", "software.amazon..", "com.azure..")
                .because("the composition is the same on every host: hosts call it, it knows none of them");
    }

    /**
     * The orchestrator, its outbox, the schedule tick, the worker harness, the completion listener, the dead-letter handler
     * and the once-per-incident alerts, the rule book, the rules' task gate, the failure alerts by priority, the schedule firer
     * and the retention reaper are composed in one place, {@code io.sluice.runtime}: a host that builds one itself is a
     * fifth copy that will disagree (Azure's once dropped a start's priority, queued what the others applied, and ran
     * without the rules gate).
     */
    ArchRule runtimeIsComposedInOnePlace() {
        // A benchmark (cli/…/bench) measures one part alone, the schedule firer or the reaper: it is no host.
        return noClasses().that(not(functionModules)).and().resideOutsideOfPackage(runtime)
                .and().resideOutsideOfPackage(rootPackage + ".cli.bench..")
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
        return noClasses().that(functionModules).and().resideOutsideOfPackage(rootPackage + ".functions.tenancy..")
                .should().callMethod(SECRET_RESOLVER, "resolve", String.class.getName())
                .because("a function resolves secrets only as its run's owner (ScopedSecrets), never by a name as written");
    }

    /**
     * A tenant's or the platform's owner is fixed by the host (the worker harness through the deployment's tenancy, the
     * API from the authenticated caller), never made by a function, which could otherwise raise its own run's rights.
     */
    ArchRule functionsFixNoOwner() {
        return noClasses().that(functionModules).and().resideOutsideOfPackage(rootPackage + ".functions.tenancy..")
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
                .because("the dependency arrow points one way: hosts and adapters -> runtime and function modules -> orchestration")
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

    ArchRule apiUsesNoServletContainer() {
        return noClasses().that().resideInAPackage(api)
                .should().dependOnClassesThat().resideInAnyPackage("org.apache.catalina..", "org.apache.coyote..", "org.apache.tomcat..")
                .because("the servlet container is the host's: Tomcat locally, a Lambda or Azure Functions bridge later")
                .allowEmptyShould(false);
    }

}
