package io.sluice.orchestration.engine;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.error.AslException;
import io.sluice.orchestration.error.ErrorNames;
import io.sluice.orchestration.json.JsonSize;

/**
 * Step Functions' payload quota on the data a state produces, checked where the engine produces it: a Task's
 * input once Parameters/Arguments are applied ({@link Tasks#dispatch}), a task's result ({@link Tasks#succeeded})
 * and every state's output ({@link Flow#exit}, which every state leaves through, a catcher's output included).
 * Over {@link JsonSize#PAYLOAD_LIMIT} bytes of UTF-8 JSON the state fails with {@code States.DataLimitExceeded},
 * which {@link ErrorNames#matches} keeps from every Retry and Catch, {@code States.ALL} included; except a task's
 * result over the quota, which fails the task as AWS records it (the task's failure, with AWS's cause text, which
 * the state's Retry and Catch see: {@link ErrorNames#isTerminal(String, boolean)}).
 *
 * <p>AWS, "Quotas for Standard Workflows" (https://docs.aws.amazon.com/step-functions/latest/dg/limits.html):
 * "Maximum input or output size for a task, state, or execution: 262,144 bytes of data as a UTF-8 encoded
 * string. This quota affects tasks (activity, Lambda function, or integrated service), state or execution
 * output, and input data when scheduling a task, entering a state, or starting an execution." And "Handling
 * errors in Step Functions workflows" (https://docs.aws.amazon.com/step-functions/latest/dg/concepts-error-handling.html)
 * reports States.DataLimitExceeded when a connector's output, a state's output, or a state's input after
 * Parameters processing is larger than the payload size quota, and calls it a terminal error that States.ALL
 * cannot catch. The size is measured without writing the text, and no more than the limit is walked.
 */
final class PayloadLimit {
    private PayloadLimit() {}

    /** Whether {@code value} is over the quota. */
    static boolean exceeds(JsonNode value) {
        return JsonSize.utf8Bytes(value, JsonSize.PAYLOAD_LIMIT) > JsonSize.PAYLOAD_LIMIT;
    }

    /** Throws {@code States.DataLimitExceeded} when {@code value} is over the quota; {@code what} names it ("the output of state 'A'"). */
    static void check(JsonNode value, java.util.function.Supplier<String> what) {
        long bytes = JsonSize.utf8Bytes(value, JsonSize.PAYLOAD_LIMIT);
        if (bytes > JsonSize.PAYLOAD_LIMIT) {
            // The name is made only for the error: building it for every state's output cost more than the measuring.
            throw new AslException(ErrorNames.DATA_LIMIT_EXCEEDED, capitalized(what.get()) + " is more than "
                    + JsonSize.PAYLOAD_LIMIT + " bytes, the payload quota of Step Functions (256 KiB of UTF-8 JSON).");
        }
    }

    private static String capitalized(String s) {
        return Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}
