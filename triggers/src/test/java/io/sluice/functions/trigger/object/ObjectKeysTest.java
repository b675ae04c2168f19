package io.sluice.functions.trigger.object;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ObjectKeysTest {

    @Test
    void ordinaryKeysPass() {
        for (String key : new String[] {"a", "sales/2026/11/29/orders.csv", "uploads/Q4 résumé + 東京 (2).csv", "a..b/c..", "./x", "dir//x"}) {
            assertThat(ObjectKeys.problemWithKey(key)).as(key).isEmpty();
        }
    }

    @Test
    void traversalIsRejected() {
        for (String key : new String[] {"..", "../etc/passwd", "sales/../../secret", "a/..", "a\\..\\b"}) {
            assertThat(ObjectKeys.problemWithKey(key)).as(key).hasValueSatisfying(p -> assertThat(p).contains("'..'"));
        }
    }

    @Test
    void absoluteKeysAreRejected() {
        assertThat(ObjectKeys.problemWithKey("/etc/passwd")).hasValueSatisfying(p -> assertThat(p).contains("starts with '/'"));
        assertThat(ObjectKeys.problemWithKey("\\\\server\\share")).isPresent();
    }

    @Test
    void controlCharactersAreRejectedWithTheirPosition() {
        assertThat(ObjectKeys.problemWithKey("a\u0000b")).hasValue("the key has a control character U+0000 at position 1");
        assertThat(ObjectKeys.problemWithKey("line\nbreak")).isPresent();
        assertThat(ObjectKeys.problemWithKey("del\u007f")).isPresent();
    }

    @Test
    void lengthIsCountedInUtf8Bytes() {
        assertThat(ObjectKeys.problemWithKey("k".repeat(1024))).isEmpty();
        assertThat(ObjectKeys.problemWithKey("k".repeat(1025))).hasValue("the key is 1025 bytes of UTF-8; at most 1024 are allowed");
        assertThat(ObjectKeys.problemWithKey("é".repeat(513))).hasValue("the key is 1026 bytes of UTF-8; at most 1024 are allowed");
        assertThat(ObjectKeys.problemWithKey("")).hasValue("the key is empty");
    }

    @Test
    void bucketNames() {
        assertThat(ObjectKeys.problemWithBucket("acme-landing")).isEmpty();
        assertThat(ObjectKeys.problemWithBucket("")).isPresent();
        assertThat(ObjectKeys.problemWithBucket("..")).isPresent();
        assertThat(ObjectKeys.problemWithBucket("a/b")).isPresent();
        assertThat(ObjectKeys.problemWithBucket("x\ty")).isPresent();
    }
}
