package io.sluice.functions.task.jobs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.sluice.functions.harness.TaskContext;
import io.sluice.functions.harness.TaskError;
import io.sluice.functions.task.Backoff;
import io.sluice.functions.tenancy.Owner;
import io.sluice.orchestration.definition.TaskResource.IntegrationPattern;
import io.sluice.orchestration.json.Json;
import io.sluice.testkit.fake.InMemoryConfigStore;
import io.sluice.testkit.fake.InMemoryJobLauncher;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * A job is the platform's code with access to every tenant's objects, and its arguments name keys and prefixes: a
 * tenant's own machine calling glue-launch with {@code "--source": "tenants/b/landing/"} made a platform job read
 * tenant b's objects for tenant a. Now a tenant's run launches only the jobs its pipeline's config names, with the
 * arguments the config gives them.
 */
class TenantJobsTest {
    static final Owner A = new Owner.Tenant("a", "a-export", "a-export:run");

    final List<Map<String, String>> started = new CopyOnWriteArrayList<>();
    final InMemoryJobLauncher launcher = new InMemoryJobLauncher(Map.of("unload", args -> {
        started.add(args);
        return null;
    }, "copy-anything", args -> {
        started.add(args);
        return null;
    }), run -> { }, Clock.systemUTC());
    final InMemoryConfigStore configs = new InMemoryConfigStore().put("a-export.json", """
            {"pipeline": "a-export", "unload": {"job": "unload", "arguments": {"--target": "exports/a/"}}}""");
    final GlueLaunch glue = new GlueLaunch(launcher, new JobCompletions(), new Backoff(Duration.ofMillis(10), 2.0, Duration.ofMillis(50), 0),
            Clock.systemUTC(), configs);

    static TaskContext run(Owner owner, String token) {
        return new TaskContext(token, "a-export:run", "Unload", IntegrationPattern.REQUEST_RESPONSE, null, owner);
    }

    @Test
    void aTenantLaunchesTheJobItsConfigNamesWithItsArguments() {
        glue.apply(Json.parse("""
                {"JobName": "unload", "Arguments": {"--target": "exports/a/"}, "pipeline": "a-export", "partition": "2026-11-29",
                 "step": "unload"}"""), run(A, "a-export:run.0.1.0"));
        assertThat(launcher.runsStarted()).isEqualTo(1);
    }

    @Test
    void otherJobsOtherArgumentsAndOtherContextAreRefusedBeforeAnythingStarts() {
        for (String input : List.of("{\"JobName\": \"copy-anything\", \"Arguments\": {\"--source\": \"tenants/b/landing/\"}}",
                "{\"JobName\": \"unload\", \"Arguments\": {\"--target\": \"tenants/b/\"}}",
                "{\"JobName\": \"unload\", \"Arguments\": {\"--target\": \"exports/a/\"}, \"object\": \"tenants/b/x.csv\"}",
                "{\"JobName\": \"unload\", \"Arguments\": {\"--target\": \"exports/a/\"}, \"partition\": \"../../b\"}")) {
            TaskError e = catchThrowableOfType(TaskError.class, () -> glue.apply(Json.parse(input), run(A, "a-export:run.0.2.0")));
            assertThat(e).as(input).isNotNull();
            assertThat(e.errorName()).as(input).isEqualTo(GlueLaunch.INVALID_INPUT);
        }
        assertThat(launcher.runsStarted()).isZero();
    }

    @Test
    void thePlatformsOwnRunsLaunchWhatTheyName() {
        glue.apply(Json.parse("{\"JobName\": \"copy-anything\", \"Arguments\": {\"--source\": \"landing/\"}}"),
                run(new Owner.Platform("a-export", "a-export:run"), "a-export:run.0.3.0"));
        assertThat(launcher.runsStarted()).isEqualTo(1);
    }
}
