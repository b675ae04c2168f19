package io.sluice.tests.architecture;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Whether a module's README names each of its packages: by its full name anywhere ({@code io.sluice.functions.task.jobs}),
 * or as a code span holding its name below the module's root package, the first three segments
 * ({@code `task.jobs`}, {@code `task/jobs`}, or a class in it: {@code `task.jobs.GlueLaunch`}).
 */
final class PackageNames {
    private PackageNames() {}

    private static final Pattern CODE_SPAN = Pattern.compile("`([^`\\n]+)`");

    /** The packages the README does not name, in the given order. */
    static List<String> unnamed(Collection<String> packages, String readme) {
        List<String> spans = new ArrayList<>();
        Matcher matcher = CODE_SPAN.matcher(readme);
        while (matcher.find()) spans.add(matcher.group(1).trim());
        List<String> unnamed = new ArrayList<>();
        for (String pkg : packages) {
            if (!readme.contains(pkg) && spans.stream().noneMatch(span -> namesRelative(span, relative(pkg)))) unnamed.add(pkg);
        }
        return unnamed;
    }

    private static String relative(String pkg) {
        String[] parts = pkg.split("\\.");
        return parts.length <= 3 ? "" : String.join(".", List.of(parts).subList(3, parts.length));
    }

    private static boolean namesRelative(String span, String relative) {
        if (relative.isEmpty()) return false; // the root package itself is named by its full name
        return span.equals(relative) || span.equals(relative.replace('.', '/'))
                || span.length() > relative.length() + 1 && span.startsWith(relative + ".")
                        && Character.isUpperCase(span.charAt(relative.length() + 1));
    }
}
