package io.sluice.tests.architecture;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * The modules of the build as the poms declare them: the root pom's {@code <modules>}, and for each its artifactId, its
 * ring ({@code <sluice.layer>}), the Sluice modules it depends on in a main scope and the packages of its main code.
 * The architecture rules read the module structure from here, so a module added to the root pom is covered without
 * naming it anywhere else; a module whose pom names no ring fails the build until it does.
 */
final class Reactor {

    private static final Set<String> MAIN_SCOPES = Set.of("compile", "runtime", "provided");

    private final Map<String, SluiceModule> byArtifact = new LinkedHashMap<>();
    private final Map<String, SluiceModule> byPackage = new HashMap<>();
    private final List<String> mainTestJars;

    private Reactor(List<SluiceModule> modules) {
        this(modules, List.of());
    }

    private Reactor(List<SluiceModule> modules, List<String> mainTestJars) {
        this.mainTestJars = List.copyOf(mainTestJars);
        for (SluiceModule module : modules) {
            if (byArtifact.put(module.artifact(), module) != null) {
                throw new IllegalStateException("two modules are called " + module.artifact());
            }
            for (String pkg : module.packages()) {
                SluiceModule other = byPackage.put(pkg, module);
                if (other != null) {
                    throw new IllegalStateException("package " + pkg + " is split between " + other.path() + " and " + module.path()
                            + ": a package lives in one module");
                }
            }
        }
    }

    /** A reactor given as values, for the rules' own tests. */
    static Reactor of(List<SluiceModule> modules) {
        return new Reactor(modules);
    }

    /** The reactor of the repository whose root pom is {@code root/pom.xml}. */
    static Reactor read(Path root) {
        List<SluiceModule> modules = new ArrayList<>();
        List<String> mainTestJars = new ArrayList<>();
        for (String path : children(document(root.resolve("pom.xml")), "modules", "module")) {
            modules.add(module(root, path));
            mainTestJars.addAll(mainTestJars(root, path));
        }
        return new Reactor(modules, mainTestJars);
    }

    /** The reactor of the repository this module is built in ({@link #repositoryRoot()}). */
    static Reactor ofThisRepository() {
        return read(repositoryRoot());
    }

    /** The nearest folder up from the working directory whose pom lists modules. */
    static Path repositoryRoot() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path pom = dir.resolve("pom.xml");
            if (Files.isRegularFile(pom) && !children(document(pom), "modules", "module").isEmpty()) {
                return dir;
            }
        }
        throw new IllegalStateException("no root pom with <modules> above " + Path.of("").toAbsolutePath());
    }

    List<SluiceModule> modules() {
        return List.copyOf(byArtifact.values());
    }

    Optional<SluiceModule> moduleOfPackage(String packageName) {
        return Optional.ofNullable(byPackage.get(packageName));
    }

    /** Whether {@code from} has {@code to} on its main classpath: declared by its pom, directly or through another module. */
    boolean reaches(SluiceModule from, SluiceModule to) {
        Set<String> seen = new HashSet<>();
        Deque<String> next = new ArrayDeque<>(from.dependsOn());
        while (!next.isEmpty()) {
            String artifact = next.pop();
            if (artifact.equals(to.artifact())) return true;
            SluiceModule module = byArtifact.get(artifact);
            if (seen.add(artifact) && module != null) next.addAll(module.dependsOn());
        }
        return false;
    }

    /** Every declared dependency that points outward (or at a module the build does not have), one sentence each. */
    List<String> outwardDependencies() {
        List<String> problems = new ArrayList<>();
        for (SluiceModule module : byArtifact.values()) {
            for (String artifact : new TreeSet<>(module.dependsOn())) {
                SluiceModule target = byArtifact.get(artifact);
                if (target == null) {
                    problems.add(module.path() + " depends on " + artifact + ", which is no module of this build");
                } else if (!module.layer().mayDependOn(target.layer())) {
                    problems.add(module.path() + " (" + module.layer() + ") depends on " + target.path() + " (" + target.layer()
                            + "), but " + module.layer() + " may depend on " + module.layer().allowed() + " only");
                }
            }
        }
        return problems;
    }

    /**
     * Every test jar a pom puts on its module's main classpath (a dependency of type {@code test-jar} or classifier
     * {@code tests} in a main scope), one sentence each: test code is no module's API, so what a main classpath needs from
     * another module's tests belongs in a main-scope module (the stubs, the testkit).
     */
    List<String> testJarsOnMainClasspaths() {
        return mainTestJars;
    }

    // ---- reading the poms ------------------------------------------------------------------------

    private static List<String> mainTestJars(Path root, String path) {
        List<String> found = new ArrayList<>();
        for (Element dependency : elements(document(root.resolve(path).resolve("pom.xml")), "dependencies", "dependency")) {
            String scope = text(dependency, "scope").orElse("compile");
            boolean testJar = text(dependency, "type").orElse("jar").equals("test-jar")
                    || text(dependency, "classifier").orElse("").equals("tests");
            if (testJar && MAIN_SCOPES.contains(scope)) {
                found.add(path + "/pom.xml puts the test jar of " + text(dependency, "artifactId").orElse("?") + " on its main classpath"
                        + " (scope " + scope + "): move what it uses into a main-scope module (stubs, testkit)");
            }
        }
        return found;
    }

    private static SluiceModule module(Path root, String path) {
        Path pom = root.resolve(path).resolve("pom.xml");
        Element project = document(pom);
        String artifact = text(project, "artifactId")
                .orElseThrow(() -> new IllegalStateException(pom + " has no artifactId"));
        String layer = child(project, "properties").flatMap(properties -> text(properties, "sluice.layer"))
                .orElseThrow(() -> new IllegalStateException(path + "/pom.xml names no ring: add <sluice.layer> to its "
                        + "<properties>, one of " + Arrays.toString(Layer.values()) + " (ARCHITECTURE.md)"));
        Set<String> dependsOn = new TreeSet<>();
        for (Element dependency : elements(project, "dependencies", "dependency")) {
            String group = text(dependency, "groupId").orElse("");
            String scope = text(dependency, "scope").orElse("compile");
            if ((group.equals("io.sluice") || group.equals("${project.groupId}")) && MAIN_SCOPES.contains(scope)) {
                dependsOn.add(text(dependency, "artifactId").orElseThrow());
            }
        }
        return new SluiceModule(path, artifact, Layer.valueOf(layer.trim().toUpperCase(java.util.Locale.ROOT)), dependsOn,
                packages(root.resolve(path).resolve("src/main/java")));
    }

    private static Set<String> packages(Path sources) {
        if (!Files.isDirectory(sources)) return Set.of();
        try (Stream<Path> files = Files.walk(sources)) {
            return files.filter(file -> file.toString().endsWith(".java"))
                    .map(file -> sources.relativize(file.getParent()).toString().replace(java.io.File.separatorChar, '.'))
                    .collect(java.util.stream.Collectors.toCollection(TreeSet::new));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Element document(Path pom) {
        try {
            return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(pom.toFile()).getDocumentElement();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (Exception e) {
            throw new IllegalStateException("cannot read " + pom + ": " + e.getMessage(), e);
        }
    }

    private static List<String> children(Element parent, String list, String item) {
        return elements(parent, list, item).stream().map(Node::getTextContent).map(String::trim).toList();
    }

    private static List<Element> elements(Element parent, String list, String item) {
        return child(parent, list).map(container -> directChildren(container, item)).orElse(List.of());
    }

    private static Optional<Element> child(Element parent, String name) {
        return directChildren(parent, name).stream().findFirst();
    }

    private static Optional<String> text(Element parent, String name) {
        return child(parent, name).map(Node::getTextContent).map(String::trim);
    }

    private static List<Element> directChildren(Element parent, String name) {
        List<Element> found = new ArrayList<>();
        for (Node node = parent.getFirstChild(); node != null; node = node.getNextSibling()) {
            if (node instanceof Element element && element.getTagName().equals(name)) found.add(element);
        }
        return found;
    }
}
