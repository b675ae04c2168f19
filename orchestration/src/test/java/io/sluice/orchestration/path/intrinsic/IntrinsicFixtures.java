package io.sluice.orchestration.path.intrinsic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.error.AslException;
import io.sluice.orchestration.error.ErrorNames;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.path.PathSyntaxException;
import io.sluice.orchestration.path.RandomSource;
import io.sluice.orchestration.path.Scope;

/** Shared input, context object and helpers for the intrinsic function tests. */
final class IntrinsicFixtures {
    static final JsonNode INPUT = Json.parse("""
            {
              "name": "Arnav",
              "template": "Hello, my name is {}.",
              "numbers": [1, 2, 3, 4, 5, 6, 7, 8, 9],
              "dupes": [1, 2, 3, 3, 3, 3, 3, 3, 4],
              "index": 5,
              "escapedJsonString": "{\\"foo\\": \\"bar\\"}",
              "unescapedJson": {"foo": "bar"},
              "json1": {"a": {"a1": 1, "a2": 2}, "b": 2},
              "json2": {"a": {"a3": 1, "a4": 2}, "c": 3},
              "inputString": "This.is+a,test=string",
              "splitter": ".+,=",
              "items": [{"id": "x,y", "n": 1}, {"id": "z", "n": 5}],
              "x,y": "comma key",
              "flag": true,
              "nothing": null,
              "decimal": 2.5
            }
            """);
    static final JsonNode CONTEXT = Json.parse("""
            {
              "Execution": {"Id": "arn:aws:states:eu-west-1:123456789012:execution:etl:run-7", "Name": "run-7"},
              "State": {"Name": "Prepare"},
              "Map": {"Item": {"Index": 2, "Value": {"id": 7}}}
            }
            """);

    private IntrinsicFixtures() {}

    static Scope scope() {
        return new Scope(INPUT, CONTEXT, RandomSource.seeded(42));
    }

    static JsonNode eval(String call) {
        return Intrinsics.parse(call).evaluate(scope());
    }

    static JsonNode json(String text) {
        return Json.parse(text);
    }

    /** The {@code States.IntrinsicFailure} that evaluating {@code call} raises. */
    static AslException intrinsicFailure(String call) {
        AslException failure = failureOf(call);
        assertThat(failure.error()).as("error of %s", call).isEqualTo(ErrorNames.INTRINSIC_FAILURE);
        return failure;
    }

    static AslException failureOf(String call) {
        IntrinsicCall parsed = Intrinsics.parse(call);
        try {
            JsonNode result = parsed.evaluate(scope());
            return fail("expected %s to fail but it gave %s", call, result);
        } catch (AslException e) {
            return e;
        }
    }

    /** The reason a text does not parse (the message of its {@link PathSyntaxException}). */
    static String parseError(String text) {
        try {
            IntrinsicCall call = Intrinsics.parse(text);
            return fail("expected %s not to parse but it gave %s", text, call);
        } catch (PathSyntaxException e) {
            assertThat(e.text()).isEqualTo(text);
            return e.getMessage();
        }
    }
}
