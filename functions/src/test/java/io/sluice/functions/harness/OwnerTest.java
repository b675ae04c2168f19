package io.sluice.functions.harness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.sluice.functions.tenancy.Owner;
import io.sluice.functions.tenancy.OwnerRefused;
import io.sluice.orchestration.definition.TaskResource.IntegrationPattern;
import io.sluice.orchestration.json.Json;
import org.junit.jupiter.api.Test;

/** Who a run belongs to is the host's word: a payload's token makes nobody's run, and nobody's run touches nothing. */
class OwnerTest {

    @Test
    void aContextFromAPayloadAloneBelongsToNobodyWhateverTokenItCarries() {
        TaskContext context = TaskContext.fromPayload(Json.parse("{\"TaskToken\": \"b-export:run.0.1.0\"}"), IntegrationPattern.REQUEST_RESPONSE);
        assertThat(context.executionId()).as("the token still keys the function's effect").isEqualTo("b-export:run");
        assertThat(context.owner()).isInstanceOf(Owner.Nobody.class);
        assertThat(context.pipeline()).isNull();
        OwnerRefused refused = catchThrowableOfType(OwnerRefused.class, () -> context.pipelineFor("write-status", Json.object(), "pipeline"));
        assertThat(refused.errorName()).isEqualTo(Owner.NO_OWNER);
        assertThat(refused.getMessage()).contains("no owner").contains("outside the worker harness");
    }

    @Test
    void aTenantsRunOfNoPipelineActsForNoneAndThePlatformsTakesTheNamedOne() {
        TaskContext tenant = TaskContext.outside(IntegrationPattern.REQUEST_RESPONSE, new Owner.Tenant("finance", null, "TestState:test"));
        OwnerRefused none = catchThrowableOfType(OwnerRefused.class, () -> tenant.pipelineFor("read-config", Json.parse("{\"pipeline\": \"ops-a\"}"),
                "pipeline"));
        assertThat(none.errorName()).isEqualTo(Owner.NO_PIPELINE);
        assertThat(none.getMessage()).contains("tenant 'finance'");
        TaskContext platform = TaskContext.outside(IntegrationPattern.REQUEST_RESPONSE, new Owner.Platform(null, null));
        assertThat(platform.pipelineFor("read-config", Json.parse("{\"pipeline\": \"ops-a\"}"), "pipeline")).isEqualTo("ops-a");
    }

    @Test
    void aRunActsAsItsOwnPipelineOnly() {
        TaskContext run = new TaskContext("fin-a:r.0.1.0", "fin-a:r", "S", IntegrationPattern.REQUEST_RESPONSE, null,
                new Owner.Tenant("finance", "fin-a", "fin-a:r"));
        assertThat(run.pipelineFor("f", Json.object(), "pipeline")).isEqualTo("fin-a");
        assertThat(catchThrowableOfType(TaskError.class, () -> run.pipelineFor("f", Json.parse("{\"pipeline\": \"ops-a\"}"), "pipeline"))
                .errorName()).isEqualTo(TaskContext.WRONG_PIPELINE);
    }

    @Test
    void aContextWithoutAnOwnerCannotBeMade() {
        IllegalArgumentException e = catchThrowableOfType(IllegalArgumentException.class, () -> new TaskContext("t", "p:e", "S",
                IntegrationPattern.REQUEST_RESPONSE, null, null));
        assertThat(e.getMessage()).contains("owner");
    }
}
