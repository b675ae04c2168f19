package io.sluice.api.sfn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ArnsTest {
    private final Arns arns = new Arns("us-east-1", "123456789012");

    @Test
    void machineAndExecutionArnsReadBackToWhatTheyName() {
        assertThat(arns.stateMachine("orders")).isEqualTo("arn:aws:states:us-east-1:123456789012:stateMachine:orders");
        assertThat(arns.parseMachine(arns.stateMachine("orders", "3"), "f")).satisfies(r -> {
            assertThat(r.name()).isEqualTo("orders");
            assertThat(r.version()).isTrue();
        });
        assertThat(arns.parseMachine(arns.stateMachine("orders", "live"), "f").version()).isFalse();
        Arns.ExecutionRef e = arns.parseExecution(arns.execution("orders", "2026-11-29-ab12"), "f");
        assertThat(e.executionId()).isEqualTo("orders:2026-11-29-ab12");
        assertThat(arns.executionOfId(e.executionId())).isEqualTo(arns.execution("orders", "2026-11-29-ab12"));
    }

    @Test
    void anythingElseIsInvalidArnNamingTheField() {
        for (String bad : new String[] {"orders", "arn:aws:states:us-east-1:123456789012:stateMachine:", "arn:aws:s3:::bucket",
                "arn:aws:states:us-east-1:123456789012:stateMachine:has space"}) {
            assertThatThrownBy(() -> arns.parseMachine(bad, "stateMachineArn")).isInstanceOfSatisfying(SfnException.class, e -> {
                assertThat(e.error()).isEqualTo(SfnError.INVALID_ARN);
                assertThat(e.getMessage()).contains("stateMachineArn");
            });
        }
        assertThatThrownBy(() -> arns.parseExecution(arns.stateMachine("orders"), "executionArn"))
                .isInstanceOfSatisfying(SfnException.class, e -> assertThat(e.error()).isEqualTo(SfnError.INVALID_ARN));
        assertThatThrownBy(() -> arns.parseExecution("arn:aws:states:us-east-1:123456789012:execution:orders", "executionArn"))
                .isInstanceOfSatisfying(SfnException.class, e -> assertThat(e.getMessage()).contains("<machine>:<name>"));
        assertThatThrownBy(() -> arns.parseMachine("arn:aws:states:eu-west-1:999999999999:stateMachine:orders", "stateMachineArn"))
                .isInstanceOfSatisfying(SfnException.class, e -> assertThat(e.getMessage()).contains("us-east-1", "123456789012"));
    }
}
