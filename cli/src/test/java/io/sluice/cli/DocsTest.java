package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * The README stays a first page (at most 10 KiB) and the pages it leads to stay reachable: every relative link of
 * README.md and docs/*.md names a file of the checkout, and an anchor names a heading of that file; every
 * {@code ./sluice COMMAND} in their code blocks is a command the CLI has (its picocli declarations, the ones that
 * print {@code --help}).
 */
class DocsTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Path README = ROOT.resolve("README.md");
    private static final Pattern LINK = Pattern.compile("!?\\[[^\\]]*]\\(([^)\\s]+)\\)");
    private static final Pattern FENCE = Pattern.compile("(?ms)^```(\\w*)\\n(.*?)^```");
    /** A command starts a line or follows {@code ; & | (}; a {@code ./sluice} in prose inside a block is none. */
    private static final Pattern SLUICE = Pattern.compile("(?:^\\s*|[;&|(]\\s*)\\./sluice((?:\\s+[a-z][a-z0-9-]*)*)");

    @Test
    void theReadmeIsAFirstPage() throws IOException {
        assertThat(Files.size(README)).as("README.md's size in bytes").isLessThanOrEqualTo(10_240);
        String readme = Files.readString(README);
        // The first screen: the two commands a newcomer needs, as .ci/run runs them.
        List<String> first = blocks(readme).getFirst().lines().toList();
        assertThat(first).hasSize(2);
        assertThat(first.get(0)).startsWith("./sluice demo ");
        assertThat(first.get(1)).startsWith("./sluice test ");
        assertThat(Files.readString(ROOT.resolve(".ci/run"))).contains("\n./sluice test ", "\n./sluice demo\n");
        // Where to go next names every page of docs/.
        for (Path page : docs()) {
            assertThat(readme).as("README.md links " + ROOT.relativize(page)).contains("](docs/" + page.getFileName() + ")");
        }
        assertThat(readme).contains("](ARCHITECTURE.md)", "](CONTRIBUTING.md)", "](SECURITY.md)", "](bench/README.md)");
    }

    @Test
    void everyRelativeLinkResolves() throws IOException {
        List<String> broken = new ArrayList<>();
        for (Path page : pages()) {
            String text = withoutCode(Files.readString(page));
            Matcher m = LINK.matcher(text);
            while (m.find()) {
                String target = m.group(1);
                if (target.matches("^[a-z][a-z0-9+.-]*:.*")) {
                    continue; // https:, mailto:
                }
                int hash = target.indexOf('#');
                String file = hash < 0 ? target : target.substring(0, hash);
                String anchor = hash < 0 ? null : target.substring(hash + 1);
                Path resolved = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
                String where = ROOT.relativize(page) + ": " + target;
                if (!resolved.startsWith(ROOT)) {
                    broken.add(where + " (outside the repository)");
                } else if (!Files.exists(resolved)) {
                    broken.add(where + " (no such file)");
                } else if (anchor != null && resolved.toString().endsWith(".md") && !anchors(resolved).contains(anchor)) {
                    broken.add(where + " (no such heading; there are " + anchors(resolved) + ")");
                }
            }
        }
        assertThat(broken).as("broken links").isEmpty();
    }

    @Test
    void everySluiceCommandInACodeBlockExists() throws IOException {
        CommandLine cli = SluiceCli.commandLine(new CliContext(quiet(), quiet(), Map.of()));
        List<String> unknown = new ArrayList<>();
        int seen = 0;
        for (Path page : pages()) {
            for (String block : blocks(Files.readString(page))) {
                for (String line : block.lines().toList()) {
                    Matcher m = SLUICE.matcher(line.replaceFirst("\\s+#.*$", ""));
                    while (m.find()) {
                        seen++;
                        String[] words = m.group(1).strip().split("\\s+");
                        CommandLine command = cli;
                        for (String word : words) {
                            if (word.isEmpty() || command.getSubcommands().isEmpty()) {
                                break;
                            }
                            CommandLine sub = command.getSubcommands().get(word);
                            if (sub == null) {
                                unknown.add(ROOT.relativize(page) + ": " + line.strip() + " ('" + word + "' is not a command of '"
                                        + command.getCommandSpec().qualifiedName() + "')");
                                break;
                            }
                            command = sub;
                        }
                    }
                }
            }
        }
        assertThat(seen).as("./sluice commands in code blocks").isGreaterThan(10);
        assertThat(unknown).as("commands the CLI does not have").isEmpty();
    }

    /** README.md and every page of docs/. */
    private static List<Path> pages() throws IOException {
        List<Path> pages = new ArrayList<>(List.of(README));
        pages.addAll(docs());
        return pages;
    }

    private static List<Path> docs() throws IOException {
        try (Stream<Path> files = Files.list(ROOT.resolve("docs"))) {
            List<Path> docs = files.filter(p -> p.toString().endsWith(".md")).sorted().toList();
            assertThat(docs).as("docs/*.md").isNotEmpty();
            return docs;
        }
    }

    /** The fenced code blocks' contents, in order. */
    private static List<String> blocks(String markdown) {
        List<String> blocks = new ArrayList<>();
        Matcher m = FENCE.matcher(markdown);
        while (m.find()) {
            blocks.add(m.group(2));
        }
        return blocks;
    }

    /** The text outside fenced blocks and inline code, where links are links. */
    private static String withoutCode(String markdown) {
        return FENCE.matcher(markdown).replaceAll("").replaceAll("`[^`\n]*`", "``");
    }

    /** The anchors GitHub gives a Markdown file's headings: lower case, punctuation dropped, spaces as dashes. */
    static Set<String> anchors(Path file) {
        try {
            Set<String> anchors = new HashSet<>();
            Map<String, Integer> seen = new HashMap<>();
            for (String line : withoutHeadingFreeBlocks(Files.readString(file)).lines().toList()) {
                Matcher h = Pattern.compile("^#{1,6}\\s+(.*?)\\s*#*\\s*$").matcher(line);
                if (h.matches()) {
                    String slug = slug(h.group(1));
                    int n = seen.merge(slug, 1, Integer::sum) - 1;
                    anchors.add(n == 0 ? slug : slug + "-" + n);
                }
            }
            return anchors;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String withoutHeadingFreeBlocks(String markdown) {
        return FENCE.matcher(markdown).replaceAll("");
    }

    static String slug(String heading) {
        String text = heading.replaceAll("!?\\[([^\\]]*)]\\([^)]*\\)", "$1").toLowerCase(Locale.ROOT);
        return text.replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
    }

    @Test
    void slugsAreGitHubs() {
        assertThat(slug("Failure drill (`sluice chaos`) and fuzzing")).isEqualTo("failure-drill-sluice-chaos-and-fuzzing");
        assertThat(slug("Durable execution (STANDARD pipelines)")).isEqualTo("durable-execution-standard-pipelines");
        assertThat(slug("`./sluice serve`")).isEqualTo("sluice-serve");
        assertThat(slug("Tenants: signed requests")).isEqualTo("tenants-signed-requests");
    }

    private static PrintStream quiet() {
        return new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
    }
}
