package io.sluice.functions.trigger.object;

import java.time.DateTimeException;
import java.time.LocalDate;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How a rule reads the partition (usually a business date) from a key. Either a date pattern such as
 * {@code sales/{yyyy}/{MM}/{dd}/} or {@code dt={yyyy}-{MM}-{dd}}, whose tokens ({@code {yyyy}},
 * {@code {MM}}, {@code {dd}}, {@code {HH}}) match digits and whose other text matches itself; the
 * partition is then {@code 2026-11-29} (or {@code 2026-11}, {@code 2026-11-29T05}) and must be a real
 * date. Or a regular expression with a group named {@code partition}, whose text is the partition.
 * Both are searched for anywhere in the key ({@code ^} anchors a regex). Named groups are available to
 * the input template as {@code ${group.<name>}}; the pattern tokens are groups too.
 */
public final class PartitionSpec {
    private static final List<String> TOKENS = List.of("yyyy", "MM", "dd", "HH");
    private static final Map<String, String> TOKEN_REGEX = Map.of("yyyy", "\\d{4}", "MM", "\\d{2}", "dd", "\\d{2}", "HH", "\\d{2}");
    private static final Pattern TOKEN = Pattern.compile("\\{([^}]*)}");

    private final String text;
    private final Pattern pattern;
    private final boolean dateTokens;

    private PartitionSpec(String text, Pattern pattern, boolean dateTokens) {
        this.text = text;
        this.pattern = pattern;
        this.dateTokens = dateTokens;
    }

    /** The partition a key yields, and its named groups. */
    public record Partition(String value, Map<String, String> groups) {}

    /** A date pattern; {@link IllegalArgumentException} with a sentence when it is malformed. */
    public static PartitionSpec datePattern(String text) {
        StringBuilder re = new StringBuilder();
        Matcher m = TOKEN.matcher(text);
        int last = 0;
        Set<String> seen = new HashSet<>();
        while (m.find()) {
            String token = m.group(1);
            if (!TOKEN_REGEX.containsKey(token)) {
                throw new IllegalArgumentException("the pattern \"" + text + "\" has an unknown token {" + token + "}; use {yyyy}, {MM}, {dd} or {HH}");
            }
            if (!seen.add(token)) {
                throw new IllegalArgumentException("the pattern \"" + text + "\" has {" + token + "} twice");
            }
            re.append(Pattern.quote(text.substring(last, m.start()))).append("(?<").append(token).append('>')
                    .append(TOKEN_REGEX.get(token)).append(')');
            last = m.end();
        }
        re.append(Pattern.quote(text.substring(last)));
        for (int i = 0; i < TOKENS.size(); i++) {
            if (seen.contains(TOKENS.get(i)) && i > 0 && !seen.contains(TOKENS.get(i - 1))) {
                throw new IllegalArgumentException("the pattern \"" + text + "\" has {" + TOKENS.get(i) + "} without {" + TOKENS.get(i - 1) + "}");
            }
        }
        if (!seen.contains("yyyy")) {
            throw new IllegalArgumentException("the pattern \"" + text + "\" needs at least {yyyy}");
        }
        return new PartitionSpec(text, Pattern.compile(re.toString()), true);
    }

    /** A regular expression with a named group {@code partition}. */
    public static PartitionSpec regex(String text) {
        Pattern p = Pattern.compile(text);
        if (!p.namedGroups().containsKey("partition")) {
            throw new IllegalArgumentException("the regex \"" + text + "\" has no group named partition, such as (?<partition>\\d{4}-\\d{2}-\\d{2})");
        }
        return new PartitionSpec(text, p, false);
    }

    public Set<String> groupNames() {
        return pattern.namedGroups().keySet();
    }

    public Optional<Partition> extract(String key) {
        Matcher m = pattern.matcher(key);
        if (!m.find()) {
            return Optional.empty();
        }
        Map<String, String> groups = new LinkedHashMap<>();
        pattern.namedGroups().keySet().stream().sorted().forEach(g -> {
            if (m.group(g) != null) {
                groups.put(g, m.group(g));
            }
        });
        if (!dateTokens) {
            String value = m.group("partition");
            return value == null || value.isEmpty() ? Optional.empty() : Optional.of(new Partition(value, groups));
        }
        return dateValue(groups).map(v -> new Partition(v, groups));
    }

    private static Optional<String> dateValue(Map<String, String> g) {
        int year = Integer.parseInt(g.get("yyyy"));
        int month = g.containsKey("MM") ? Integer.parseInt(g.get("MM")) : 1;
        int day = g.containsKey("dd") ? Integer.parseInt(g.get("dd")) : 1;
        try {
            LocalDate.of(year, month, day);
        } catch (DateTimeException e) {
            return Optional.empty();
        }
        if (g.containsKey("HH") && Integer.parseInt(g.get("HH")) > 23) {
            return Optional.empty();
        }
        StringBuilder v = new StringBuilder(g.get("yyyy"));
        if (g.containsKey("MM")) {
            v.append('-').append(g.get("MM"));
        }
        if (g.containsKey("dd")) {
            v.append('-').append(g.get("dd"));
        }
        if (g.containsKey("HH")) {
            v.append('T').append(g.get("HH"));
        }
        return Optional.of(v.toString());
    }

    @Override
    public String toString() {
        return (dateTokens ? "pattern " : "regex ") + text;
    }
}
