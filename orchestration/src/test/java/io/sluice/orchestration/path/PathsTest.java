package io.sluice.orchestration.path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.orchestration.error.AslException;
import io.sluice.orchestration.json.Json;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** Reference paths, full JSONPath, and ResultPath writes. */
class PathsTest {
    private static final String DOC = """
            {"a": {"b": [10, 20, {"c": "deep"}], "x y": 1}, "items": [{"n": 1, "k": "p"}, {"n": 5, "k": "q"}, {"n": 9, "k": "p"}]}""";

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', textBlock = """
            $                         | REF   | {"a":{"b":[10,20,{"c":"deep"}],"x y":1},"items":[{"n":1,"k":"p"},{"n":5,"k":"q"},{"n":9,"k":"p"}]}
            $.a.b[1]                  | REF   | 20
            $.a.b[2].c                | REF   | "deep"
            $['a']['x y']             | REF   | 1
            $.a["b"][0]               | REF   | 10
            $.items[*].n              | QUERY | [1,5,9]
            $.items[?(@.n > 2)].k     | QUERY | ["q","p"]
            $.items[0:2].n            | QUERY | [1,5]
            $..c                      | QUERY | ["deep"]
            $.items[-1:].n            | QUERY | [9]
            """)
    void selectsWithReferenceAndQueryPaths(String path, String kind, String expected) {
        Path compiled = Paths.compile(path);
        assertThat(compiled).isInstanceOf(kind.equals("REF") ? ReferencePath.class : QueryPath.class);
        assertThat(compiled.select(Json.parse(DOC))).isEqualTo(Json.parse(expected));
    }

    @Test
    void definitePathsThatNameNothingSelectNull() {
        assertThat(Paths.compile("$.a.nope").select(Json.parse(DOC))).isNull();
        assertThat(Paths.compile("$.a.b[7]").select(Json.parse(DOC))).isNull();
        assertThat(Paths.compile("$.items[?(@.n > 100)]").select(Json.parse(DOC))).isEqualTo(Json.parse("[]"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"a.b", "$.a[", "$.a]", "$.a[?(@.n > 1]", "$['a", "", "$.", "$$.x"})
    void malformedPathsAreRefused(String text) {
        assertThatThrownBy(() -> Paths.compile(text)).isInstanceOf(PathSyntaxException.class).hasMessageContaining("not a valid path");
    }

    @Test
    void contextPathsReadTheContextObject() {
        DataPath p = DataPath.parse("$$.Execution.Id");
        assertThat(p.context()).isTrue();
        Scope scope = new Scope(Json.parse("{}"), Json.parse("{\"Execution\": {\"Id\": \"e\"}}"), RandomSource.seeded(1));
        assertThat(p.select(scope).asText()).isEqualTo("e");
    }

    @Test
    void setCopiesOnlyAlongThePathAndLeavesTheOriginalAlone() {
        var doc = Json.parse(DOC);
        var out = ReferencePath.parse("$.a.new.deeper").set(doc, Json.parse("true"));
        assertThat(out.at("/a/new/deeper").asBoolean()).isTrue();
        assertThat(doc.at("/a/new").isMissingNode()).isTrue();
        assertThat(out.get("items")).isSameAs(doc.get("items"));
        assertThat(ReferencePath.parse("$.a.b[1]").set(doc, Json.parse("0")).at("/a/b")).isEqualTo(Json.parse("[10, 0, {\"c\": \"deep\"}]"));
        assertThat(ReferencePath.parse("$").set(doc, Json.parse("7")).asInt()).isEqualTo(7);
    }

    @Test
    void setThroughAScalarOrPastAnArrayFailsWithResultPathMatchFailure() {
        var doc = Json.parse(DOC);
        assertThatThrownBy(() -> ReferencePath.parse("$.a.b.c").set(doc, Json.parse("1")))
                .isInstanceOfSatisfying(AslException.class, e -> assertThat(e.error()).isEqualTo("States.ResultPathMatchFailure"));
        assertThatThrownBy(() -> ReferencePath.parse("$.a.b[9]").set(doc, Json.parse("1")))
                .isInstanceOf(AslException.class).hasMessageContaining("index 9");
    }
}
