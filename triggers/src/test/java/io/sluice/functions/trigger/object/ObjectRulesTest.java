package io.sluice.functions.trigger.object;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.json.Json;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Loading and validating rules, and what they match: prefix, suffix, glob, sizes, store, partition and input. */
class ObjectRulesTest {

    private static ObjectCreated object(String key, long size) {
        return new ObjectCreated(StoreKind.S3, "landing", key, size, "etag1", null, "seq1", null);
    }

    private static ObjectRule rule(String json) {
        return ObjectRules.parse("{\"rules\": [" + json + "]}").rules().getFirst();
    }

    private static List<String> problems(String json) {
        try {
            ObjectRules.parse(json);
        } catch (InvalidRulesException e) {
            return e.problems();
        }
        throw new AssertionError("expected problems in " + json);
    }

    @Test
    void prefixAndSuffix() {
        ObjectRule r = rule("{\"bucket\": \"landing\", \"prefix\": \"sales/\", \"suffix\": \".csv\", \"pipeline\": \"sales\"}");
        assertThat(r.matches(object("sales/2026/a.csv", 1))).isTrue();
        assertThat(r.matches(object("sales/2026/a.json", 1))).isFalse();
        assertThat(r.matches(object("stock/a.csv", 1))).isFalse();
        assertThat(r.matches(object("sales/.csv", 1))).isTrue();
        ObjectRule overlapping = rule("{\"bucket\": \"landing\", \"prefix\": \"ab\", \"suffix\": \"bc\", \"pipeline\": \"p\"}");
        assertThat(overlapping.matches(object("abc", 1))).as("prefix and suffix may not share characters").isFalse();
        assertThat(r.matches(new ObjectCreated(StoreKind.S3, "other", "sales/a.csv", 1, null, null, null, null))).isFalse();
    }

    @Test
    void glob() {
        ObjectRule r = rule("{\"bucket\": \"landing\", \"glob\": \"sales/*/day-??.{csv,json}\", \"pipeline\": \"sales\"}");
        assertThat(r.matches(object("sales/2026/day-01.csv", 1))).isTrue();
        assertThat(r.matches(object("sales/2026/day-01.json", 1))).isTrue();
        assertThat(r.matches(object("sales/2026/11/day-01.csv", 1))).as("* stays within a segment").isFalse();
        assertThat(r.matches(object("sales/2026/day-1.csv", 1))).isFalse();
        ObjectRule deep = rule("{\"bucket\": \"landing\", \"glob\": \"sales/**/*.csv\", \"pipeline\": \"sales\"}");
        assertThat(deep.matches(object("sales/a.csv", 1))).as("**/ matches no folder too").isTrue();
        assertThat(deep.matches(object("sales/2026/11/29/a.csv", 1))).isTrue();
        assertThat(deep.matches(object("sales/2026/a.csv.gz", 1))).isFalse();
        ObjectRule literal = rule("{\"bucket\": \"landing\", \"glob\": \"a\\\\*b.(x)+\", \"pipeline\": \"p\"}");
        assertThat(literal.matches(object("a*b.(x)+", 1))).isTrue();
        assertThat(literal.matches(object("azb.(x)+", 1))).isFalse();
    }

    @Test
    void sizeLimitsAreInclusive() {
        ObjectRule r = rule("{\"bucket\": \"landing\", \"minSize\": 10, \"maxSize\": 20, \"pipeline\": \"p\"}");
        assertThat(r.matches(object("k", 9))).isFalse();
        assertThat(r.matches(object("k", 10))).isTrue();
        assertThat(r.matches(object("k", 20))).isTrue();
        assertThat(r.mismatch(object("k", 21))).hasValue("rule rule-0 takes objects of at most 20 bytes; this one has 21");
    }

    @Test
    void storeLimitsTheRule() {
        ObjectRule r = rule("{\"store\": \"azure-blob\", \"container\": \"landing\", \"pipeline\": \"p\"}");
        assertThat(r.matches(object("k", 1))).isFalse();
        assertThat(r.matches(new ObjectCreated(StoreKind.AZURE_BLOB, "landing", "k", 1, null, null, null, null))).isTrue();
    }

    @Test
    void datePatternPartition() {
        PartitionSpec p = PartitionSpec.datePattern("sales/{yyyy}/{MM}/{dd}/");
        assertThat(p.extract("sales/2026/11/29/orders.csv")).hasValueSatisfying(x -> {
            assertThat(x.value()).isEqualTo("2026-11-29");
            assertThat(x.groups()).isEqualTo(Map.of("yyyy", "2026", "MM", "11", "dd", "29"));
        });
        assertThat(p.extract("sales/2026/13/29/orders.csv")).as("no month 13").isEmpty();
        assertThat(p.extract("sales/2026/02/30/orders.csv")).as("no 30 February").isEmpty();
        assertThat(p.extract("stock/2026/11/29/x.csv")).isEmpty();
        assertThat(PartitionSpec.datePattern("dt={yyyy}-{MM}-{dd}").extract("exports/dt=2026-11-29/part-0.parquet"))
                .hasValueSatisfying(x -> assertThat(x.value()).isEqualTo("2026-11-29"));
        assertThat(PartitionSpec.datePattern("{yyyy}{MM}{dd}_{HH}").extract("dump_20261129_05.csv"))
                .hasValueSatisfying(x -> assertThat(x.value()).isEqualTo("2026-11-29T05"));
        assertThat(PartitionSpec.datePattern("month={yyyy}-{MM}").extract("m/month=2026-11/x"))
                .hasValueSatisfying(x -> assertThat(x.value()).isEqualTo("2026-11"));
    }

    @Test
    void regexPartitionWithNamedGroups() {
        PartitionSpec p = PartitionSpec.regex("^(?<region>[a-z]+)/(?<partition>\\d{4}-\\d{2}-\\d{2})/");
        assertThat(p.extract("emea/2026-11-29/x.csv")).hasValueSatisfying(x -> {
            assertThat(x.value()).isEqualTo("2026-11-29");
            assertThat(x.groups()).containsEntry("region", "emea");
        });
        assertThat(p.extract("x/emea/2026-11-29/x.csv")).isEmpty();
    }

    @Test
    void inputTemplateRendersTypedValuesAndSplicesText() {
        ObjectRule r = rule("""
                {"bucket": "landing", "pipeline": "p", "partition": {"regex": "(?<region>[a-z]+)/(?<partition>\\\\d{8})"},
                 "input": {"file": "s3://${bucket}/${key}", "bytes": "${size}", "version": "${version}",
                           "date": "${partition}", "region": "${group.region}", "fixed": [1, true, "v=${version}"]}}""");
        ObjectCreated o = object("emea/20261129/a.csv", 42);
        JsonNode input = r.input().render(Map.of("bucket", Json.NODES.textNode("landing"), "key", Json.NODES.textNode(o.key()),
                "size", Json.NODES.numberNode(42L), "version", Json.NODES.nullNode(), "partition", Json.NODES.textNode("20261129"),
                "group.region", Json.NODES.textNode("emea")));
        assertThat(Json.parse(Json.write(input))).isEqualTo(Json.parse("""
                {"file": "s3://landing/emea/20261129/a.csv", "bytes": 42, "version": null, "date": "20261129",
                 "region": "emea", "fixed": [1, true, "v="]}"""));
    }

    @Test
    void standardInputWhenNoneIsGiven() {
        ObjectRule r = rule("{\"bucket\": \"landing\", \"pipeline\": \"p\"}");
        JsonNode input = r.input().render(Map.of("key", Json.NODES.textNode("k"), "size", Json.NODES.numberNode(1)));
        assertThat(input.fieldNames()).toIterable().containsExactly("store", "bucket", "key", "size", "etag", "version", "sequencer", "eventTime");
        assertThat(input.get("size").asInt()).isEqualTo(1);
    }

    @Test
    void everyProblemIsReportedWithItsField() {
        List<String> problems = problems("""
                {"rules": [
                  {"bucket": "landing", "pipeline": "p", "sufix": ".csv"},
                  {"pipeline": "has spaces", "minSize": -1},
                  {"bucket": "b", "pipeline": "p", "glob": "a/*", "prefix": "a/"},
                  {"bucket": "b", "pipeline": "p", "minSize": 10, "maxSize": 5, "store": "gcs"},
                  {"bucket": "b", "pipeline": "p", "input": {"k": "${nope}", "d": ["${partition}"]}},
                  {"bucket": "b", "pipeline": "p", "partition": {"pattern": "{yyyy}/{M}"}},
                  {"bucket": "b", "pipeline": "p", "partition": {"regex": "(?<date>\\\\d+)"}},
                  {"bucket": "b", "pipeline": "p", "partition": {"regex": "(?<partition>[0-9"}},
                  {"id": "same", "bucket": "b", "pipeline": "p"},
                  {"id": "same", "bucket": "../b", "pipeline": "p", "glob": "{a"},
                  "not a rule"
                ], "extra": 1}""");
        assertThat(problems).containsExactlyInAnyOrder(
                "/extra: unknown field; the document has only \"rules\"",
                "/rules/0/sufix: unknown field; a rule has [bucket, container, glob, id, input, maxSize, minSize, partition, pipeline, prefix, store, suffix]",
                "/rules/1/bucket: missing",
                "/rules/1/minSize: should be a whole number of bytes ≥ 0 but is -1",
                "/rules/1/pipeline: \"has spaces\" should be 1-80 letters, digits and _ . : @ -",
                "/rules/2/glob: give a glob or a prefix and suffix, not both",
                "/rules/3/maxSize: 5 is below minSize 10",
                "/rules/3/store: \"gcs\" should be one of s3, azure-blob, local",
                "/rules/4/input/k: unknown placeholder ${nope}; use one of [${store}, ${bucket}, ${key}, ${size}, ${etag}, ${version}, "
                        + "${sequencer}, ${eventTime}, ${partition}] or ${group.<name>}",
                "/rules/4/input/d/0: ${partition} needs a partition; give the rule a \"partition\"",
                "/rules/5/partition/pattern: the pattern \"{yyyy}/{M}\" has an unknown token {M}; use {yyyy}, {MM}, {dd} or {HH}",
                "/rules/6/partition/regex: the regex \"(?<date>\\d+)\" has no group named partition, such as (?<partition>\\d{4}-\\d{2}-\\d{2})",
                "/rules/7/partition/regex: not a valid regular expression: Unclosed character class near position 16",
                "/rules/9/bucket: the bucket name '../b' is a path, not a name",
                "/rules/9/glob: the glob \"{a\" opens '{' but never closes it",
                "/rules/10: a rule should be an object but is string");
    }

    @Test
    void duplicateIdsAreAProblem() {
        assertThat(problems("{\"rules\": [{\"id\": \"x\", \"bucket\": \"b\", \"pipeline\": \"p\"}, {\"id\": \"x\", \"bucket\": \"c\", \"pipeline\": \"p\"}]}"))
                .containsExactly("/rules/1/id: \"x\" is the id of an earlier rule too");
    }

    @Test
    void notJsonOrNoRulesArray() {
        assertThatThrownBy(() -> ObjectRules.parse("{")).isInstanceOf(InvalidRulesException.class).hasMessageContaining("not valid JSON");
        assertThat(problems("{\"rule\": []}")).containsExactly("/rules: should be an array of rules");
        assertThat(ObjectRules.parse("{\"rules\": []}").rules()).isEmpty();
    }

    @Test
    void everyMatchingRuleFiresAndUnmatchedSaysWhy() {
        ObjectRules rules = ObjectRules.parse("""
                {"rules": [
                  {"id": "csv", "bucket": "landing", "suffix": ".csv", "pipeline": "a"},
                  {"id": "sales", "bucket": "landing", "prefix": "sales/", "pipeline": "b"}]}""");
        assertThat(rules.matching(object("sales/x.csv", 1))).extracting(ObjectRule::id).containsExactly("csv", "sales");
        assertThat(rules.matching(object("stock/x.json", 1))).isEmpty();
        assertThat(rules.whyUnmatched(object("stock/x.json", 1))).isEqualTo("rule csv takes keys by prefix '' and suffix '.csv'");
        assertThat(rules.whyUnmatched(new ObjectCreated(StoreKind.S3, "elsewhere", "k", 1, null, null, null, null)))
                .isEqualTo("no rule takes bucket elsewhere");
    }
}
