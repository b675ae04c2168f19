package io.sluice.orchestration.engine;

import static io.sluice.orchestration.engine.Machines.json;
import static io.sluice.orchestration.engine.Machines.parse;
import static io.sluice.orchestration.engine.Machines.run;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.definition.Definition;
import io.sluice.orchestration.express.ExpressResult;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.json.JsonSize;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * Each state's data is capped at Step Functions' payload quota, 256 KiB of UTF-8 JSON, and going over it is
 * {@code States.DataLimitExceeded}, which no Retry or Catch handles; except a task's result over it, which fails the
 * task as AWS records it, so the task's Retry and Catch see it.
 *
 * <p>The AWS documentation this follows:
 * <ul>
 * <li>"Quotas for Standard Workflows", https://docs.aws.amazon.com/step-functions/latest/dg/limits.html: "Maximum
 *     input or output size for a task, state, or execution: 262,144 bytes of data as a UTF-8 encoded string. This
 *     quota affects tasks (activity, Lambda function, or integrated service), state or execution output, and input
 *     data when scheduling a task, entering a state, or starting an execution."</li>
 * <li>"Handling errors in Step Functions workflows",
 *     https://docs.aws.amazon.com/step-functions/latest/dg/concepts-error-handling.html, on States.ALL: "The
 *     States.ALL error type must appear alone in a Catcher and can't catch the States.DataLimitExceeded terminal
 *     error or Runtime error types"; on States.DataLimitExceeded: reported when the output of a connector is larger
 *     than payload size quota, when the output of a state is larger than payload size quota, and when, after
 *     Parameters processing, the input of a state is larger than the payload size quota; "DataLimitExceeded is a
 *     terminal error that can't be caught by the States.ALL error type."</li>
 * </ul>
 */
class PayloadLimitTest {
    private static final long LIMIT = 262_144;

    /** A Pass state whose Output is a string of {@code chars} x's: {@code chars + 2} bytes of JSON. */
    private static Definition passOutputting(long chars) {
        return parse("""
                {"QueryLanguage": "JSONata", "StartAt": "Big", "States": {
                  "Big": {"Type": "Pass", "Output": "{% $pad('', %d, 'x') %}", "End": true}}}""".replace("%d", String.valueOf(chars)));
    }

    @Test
    void aStateOutputOfExactly256KiBPassesAndOneByteMoreIsDataLimitExceeded() {
        ExpressResult fits = run(passOutputting(LIMIT - 2), "{}");
        assertThat(fits.succeeded()).as(fits.cause()).isTrue();
        assertThat(Json.write(fits.output()).getBytes(StandardCharsets.UTF_8)).hasSize((int) LIMIT);

        ExpressResult over = run(passOutputting(LIMIT - 1), "{}");
        assertThat(over.error()).isEqualTo("States.DataLimitExceeded");
        assertThat(over.cause()).contains("The output of state 'Big'").contains("262144 bytes");
    }

    @Test
    void aTaskResultOverTheQuotaFailsTheTaskAndItsCatchTakesIt() {
        // Recorded on AWS, against the documentation's "terminal": a Lambda function's result over the quota is the
        // task's failure, States.DataLimitExceeded with this cause, and a Catch on States.ALL (or on the name) takes it.
        // https://github.com/localstack/localstack/blob/8b9a79f05846835cf4dff63ab7eefdde9df83783/tests/aws/services/stepfunctions/v2/error_handling/test_states_errors.snapshot.json
        // :: TestStatesErrors::test_task_lambda_catch_state_all_data_limit_exceeded_on_large_utf8_response (and ::test_service_task_lambada_*,
        // where the resource is lambda:invoke and the cause names 'lambda')
        var d = parse("""
                {"StartAt": "T", "States": {
                  "T": {"Type": "Task", "Resource": "arn:aws:lambda:us-east-1:123456789012:function:big",
                    "Catch": [{"ErrorEquals": ["States.ALL"], "Next": "Handled"}], "End": true},
                  "Handled": {"Type": "Pass", "End": true}}}""");
        ScriptedInvoker invoker = new ScriptedInvoker().returns("big", Json.NODES.textNode("y".repeat((int) LIMIT)));
        ExpressResult r = run(d, "{}", invoker);
        assertThat(r.succeeded()).as(r.cause()).isTrue();
        assertThat(r.output()).isEqualTo(json("""
                {"Error": "States.DataLimitExceeded", "Cause": "The state/task 'arn:aws:lambda:us-east-1:123456789012:function:big' \
                returned a result with a size exceeding the maximum number of bytes service limit."}"""));
    }

    @Test
    void aStateOutputOverTheQuotaIsTerminalNeitherRetriedNorCaught() {
        // "DataLimitExceeded is a terminal error that can't be caught by the States.ALL error type." (concepts-error-handling)
        var d = parse("""
                {"QueryLanguage": "JSONata", "StartAt": "T", "States": {
                  "T": {"Type": "Task", "Resource": "sluice:function:big", "Output": "{% $pad('', 300000, 'z') %}",
                    "Retry": [{"ErrorEquals": ["States.ALL"], "MaxAttempts": 3}],
                    "Catch": [{"ErrorEquals": ["States.ALL"], "Next": "Handled"},
                              {"ErrorEquals": ["States.DataLimitExceeded"], "Next": "Handled"}],
                    "End": true},
                  "Handled": {"Type": "Succeed"}}}""");
        ScriptedInvoker invoker = new ScriptedInvoker().returns("big", Json.NODES.textNode("small"));
        ExpressResult r = run(d, "{}", invoker);
        assertThat(r.error()).isEqualTo("States.DataLimitExceeded");
        assertThat(r.cause()).contains("The output of state 'T'");
        assertThat(invoker.calls).hasSize(1); // no retry
    }

    @Test
    void aTaskInputOverTheQuotaAfterArgumentsFailsBeforeTheTaskIsDispatched() {
        var d = parse("""
                {"QueryLanguage": "JSONata", "StartAt": "T", "States": {
                  "T": {"Type": "Task", "Resource": "sluice:function:f",
                    "Arguments": {"blob": "{% $pad('', 300000, 'z') %}"},
                    "Catch": [{"ErrorEquals": ["States.ALL"], "Next": "Handled"}], "End": true},
                  "Handled": {"Type": "Succeed"}}}""");
        ScriptedInvoker invoker = new ScriptedInvoker().echo("f");
        ExpressResult r = run(d, "{}", invoker);
        assertThat(r.error()).isEqualTo("States.DataLimitExceeded");
        assertThat(r.cause()).contains("The input of Task state 'T' after Arguments");
        assertThat(invoker.calls).isEmpty();
    }

    @Test
    void aMapOutputOverTheQuotaFailsAlthoughEachItemFits() {
        var d = parse("""
                {"QueryLanguage": "JSONata", "StartAt": "M", "States": {
                  "M": {"Type": "Map", "Items": "{% [1..40] %}",
                    "ItemProcessor": {"StartAt": "Each", "States": {
                      "Each": {"Type": "Pass", "Output": "{% $pad('', 10000, 'm') %}", "End": true}}},
                    "End": true}}}""");
        ExpressResult r = run(d, "{}");
        assertThat(r.error()).isEqualTo("States.DataLimitExceeded");
        assertThat(r.cause()).contains("The output of state 'M'");
    }

    @Test
    void theSizeIsTheUtf8BytesOfTheCompactJsonText() {
        for (String text : new String[] {"{}", "[]", "null", "\"\"", "{\"a\": [1, 2.5, -3e40, true, null, \"x\"]}",
                "{\"é\": \"naïve ☃ \\ud83d\\ude00 \\\"q\\\" \\\\ \\n\\t\\u0001 /\"}", "[[[]], {\"k\": {}}, 12345678901234567890]"}) {
            JsonNode node = json(text);
            assertThat(JsonSize.utf8Bytes(node, Long.MAX_VALUE)).as(text)
                    .isEqualTo(Json.write(node).getBytes(StandardCharsets.UTF_8).length);
        }
        JsonNode big = Json.NODES.textNode("w".repeat(1_000_000));
        assertThat(JsonSize.utf8Bytes(big, LIMIT)).isGreaterThan(LIMIT);
    }
}
